/**
 * The paid plans in the operator's report (`npm run usage`, src/cli/usage.ts): the plan file's
 * SKUs (PLANS_FILE), each server's credit packs (the store's `credits:` records), and what
 * members' subscriptions and servers' credit paid in the month (the scopes' tallies: the stored
 * month totals, which a running bot brings up to date as it writes its day totals). Read only.
 */
import type { Store } from '../lib/store.js';
import { CREDITS_PREFIX, type CreditRecord } from '../plans/creditBook.js';
import { formatMoney } from '../spend/cost.js';
import type { PlanSku, Plans } from '../spend/plans.js';
import { scopeKind } from '../spend/records.js';
import { isTally, tallyKey } from '../spend/tally.js';

/** One server's credit packs, as its record holds them. */
export interface ServerCredits {
  readonly guildId: string;
  /** Packs listed (older consumed ones may be folded into `earlierMicros`). */
  readonly packs: number;
  readonly creditedMicros: number;
  readonly refundedMicros: number;
  /** Packs not refunded that Discord has not been told are consumed yet. */
  readonly unconsumed: number;
  /** Net credit of packs folded out of the list. */
  readonly earlierMicros: number;
}

/** What plans paid of a scope's month: members' subscriptions, the server's credit. */
export interface PlanDraws {
  readonly scope: string;
  readonly memberMicros: number;
  readonly creditMicros: number;
}

const isCreditRecord = (value: unknown): value is CreditRecord =>
  typeof value === 'object' && value !== null && Array.isArray((value as CreditRecord).packs);

/** Every server with a credit record, in key order. */
export async function readCredits(store: Store): Promise<ServerCredits[]> {
  const servers: ServerCredits[] = [];
  for await (const page of store.keys(CREDITS_PREFIX))
    for (const key of page) {
      const record: unknown = await store.get(key);
      if (!isCreditRecord(record)) continue;
      let creditedMicros = 0;
      let refundedMicros = 0;
      let unconsumed = 0;
      for (const pack of record.packs) {
        creditedMicros += pack.micros;
        if (pack.refundedAt !== undefined) refundedMicros += pack.micros;
        else if (pack.consumedAt === undefined) unconsumed += 1;
      }
      servers.push({
        guildId: key.slice(CREDITS_PREFIX.length),
        packs: record.packs.length,
        creditedMicros,
        refundedMicros,
        unconsumed,
        earlierMicros: record.earlierMicros ?? 0,
      });
    }
  return servers;
}

/** The month's plan draws of the servers among `scopes` that had any (stored tallies). */
export async function readPlanDraws(
  store: Store,
  scopes: readonly string[],
  month: string,
): Promise<PlanDraws[]> {
  const draws: PlanDraws[] = [];
  for (const scope of scopes) {
    if (scopeKind(scope) !== 'guild') continue;
    const tally: unknown = await store.get(tallyKey(scope));
    const plan = isTally(tally) ? tally.months[month]?.plan : undefined;
    if (plan && (plan.memberMicros > 0 || plan.creditMicros > 0))
      draws.push({ scope, memberMicros: plan.memberMicros, creditMicros: plan.creditMicros });
  }
  return draws;
}

const skuAmount = (sku: PlanSku, currency: string) => {
  if (sku.kind === 'server') return `${formatMoney(sku.monthlyMicros, currency)} a month`;
  if (sku.kind === 'member') return `${formatMoney(sku.dailyMicros, currency)} a day`;
  return `${formatMoney(sku.micros, currency)} a pack`;
};

export interface PlansSection {
  /** The plan file and its path, when PLANS_FILE is set. */
  readonly plans: { readonly file: string; readonly plans: Plans } | undefined;
  readonly credits: readonly ServerCredits[];
  readonly draws: readonly PlanDraws[];
  readonly month: string;
  readonly currency: string;
}

/** The section's lines (none without a plan file, credit records or draws), a blank line ending it. */
export function plansText(section: PlansSection): string {
  const { plans, credits, draws, currency } = section;
  const money = (micros: number) => formatMoney(micros, currency);
  const lines: string[] = [];
  if (plans) {
    lines.push(
      `Plans (${plans.file}): free allowance ${money(plans.plans.freeMonthlyMicros)} a month per server`,
    );
    for (const [id, sku] of plans.plans.skus)
      lines.push(`  sku ${id}  ${sku.kind.padEnd(6)}  ${skuAmount(sku, currency)}`);
    lines.push('');
  }
  if (credits.length > 0) {
    lines.push('Credit packs');
    for (const server of credits) {
      const earlier = server.earlierMicros !== 0 ? `, earlier ones ${money(server.earlierMicros)}` : '';
      lines.push(
        `  server ${server.guildId}  ${server.packs} ${server.packs === 1 ? 'pack' : 'packs'}, credited ${money(server.creditedMicros)}, refunded ${money(server.refundedMicros)}, ${server.unconsumed} not consumed yet${earlier}`,
      );
    }
    lines.push('');
  }
  if (draws.length > 0) {
    lines.push(`Paid by plans in ${section.month} (stored month totals)`);
    for (const draw of draws)
      lines.push(
        `  server ${draw.scope}  member subscriptions ${money(draw.memberMicros)}, credit ${money(draw.creditMicros)}`,
      );
    lines.push('');
  }
  return lines.join('\n');
}
