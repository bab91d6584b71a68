/**
 * "Plan and who paid" on a server's page: with a plan file (PLANS_FILE), the server's plan (the
 * free allowance or its server subscriptions), the allowance left this month, its credit balance
 * and the credit packs bought (plans/planAccount.ts PlanStatus); always, this month's spend split
 * between what the bot's operator paid and what the server's own service key paid (the ledger's
 * month totals, spend/tally.ts). Money as the rest of the page writes it.
 */
import type { PaidPlans } from '../plans/paidPlans.js';
import type { PlanStatus } from '../plans/planAccount.js';
import type { Ledger } from '../spend/ledger.js';
import { utcDay } from '../spend/records.js';
import { type MonthTotals, monthOf, operatorPaidMicros } from '../spend/tally.js';
import { esc } from './html.js';
import { type Words, wordsIn } from './language.js';

export interface PlanView {
  /** Undefined without a plan file: no plan shown. */
  readonly status: PlanStatus | undefined;
  /** This month's totals (undefined: nothing spent yet). */
  readonly month: MonthTotals | undefined;
  readonly currency: string;
}

export interface PlanDeps {
  /** Without a plan file (`plans` undefined) no plan is shown. */
  readonly paidPlans?: Pick<PaidPlans, 'plans' | 'status'> | undefined;
  readonly ledger: Pick<Ledger, 'monthTotals'>;
  readonly currency: string;
}

/** What the section shows of `guildId` at `now`. */
export async function planView(deps: PlanDeps, guildId: string, now: number): Promise<PlanView> {
  const plans = deps.paidPlans?.plans ? deps.paidPlans : undefined;
  const [status, months] = await Promise.all([plans?.status(guildId, now), deps.ledger.monthTotals(guildId)]);
  return { status, month: months.get(monthOf(utcDay(now))), currency: deps.currency };
}

export function planSection(view: PlanView, words: Words = wordsIn('en')): string {
  const money = (micros: number) => words.formats.money(micros, view.currency);
  const w = (key: Parameters<Words['t']>[0], values?: Record<string, string | number>) =>
    esc(words.t(key, values));
  const keyPaid = view.month?.serverKey ?? { requests: 0, costMicros: 0 };
  const split = `<p id="who-paid">${w('whoPaid', {
    operator: money(operatorPaidMicros(view.month)),
    serverKey: money(keyPaid.costMicros),
    count: keyPaid.requests,
  })}</p>`;
  return `<section id="plan"><h2>${w('planAndPayers')}</h2>${planLines(view, words)}${split}</section>`;
}

function planLines(view: PlanView, words: Words): string {
  const { status } = view;
  if (!status) return '';
  const money = (micros: number) => words.formats.money(micros, view.currency);
  const w = (key: Parameters<Words['t']>[0], values?: Record<string, string | number>) =>
    esc(words.t(key, values));
  const plan =
    status.serverSkus.length > 0
      ? words.t('planSubscribed', { count: status.serverSkus.length })
      : words.t('planFree');
  const line = `<p id="plan-line">${w('planLine', {
    plan,
    left: money(Math.max(0, status.allowanceMicros - status.allowanceUsedMicros)),
    allowance: money(status.allowanceMicros),
    credit: money(status.creditBalanceMicros),
  })}</p>`;
  if (status.packs.length === 0) return `${line}<p id="credit-packs">${w('noPacks')}</p>`;
  const rows = [...status.packs]
    .sort((a, b) => b.at - a.at)
    .map(
      (pack) =>
        `<tr><td>${esc(words.formats.day(utcDay(pack.at)))}</td><td class="n">${esc(money(pack.micros))}</td><td>${pack.refundedAt === undefined ? '' : w('packRefunded')}</td></tr>`,
    )
    .join('');
  const head = [w('packCredited'), w('packAmount'), ''].map((cell) => `<th>${cell}</th>`).join('');
  return `${line}<h3>${w('creditPacks')}</h3><table id="credit-packs"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}
