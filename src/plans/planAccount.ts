/**
 * Where a server stands under its plan this month: its allowance (the free one plus its active
 * server subscriptions), what the allowance paid so far, and its credit balance (packs credited,
 * less refunds, less every draw the ledger recorded). Read by the plan gate before each request
 * and by the reports (/usage show, the dashboard, the CSV's credit rows).
 */
import type { Ledger } from '../spend/ledger.js';
import { serverMonthlyAllowance } from '../spend/planAllowance.js';
import type { Plans } from '../spend/plans.js';
import { usageScope, utcDay } from '../spend/records.js';
import { allowanceUsedMicros, monthOf } from '../spend/tally.js';
import { type CreditBook, type CreditPack, netCreditedMicros } from './creditBook.js';
import type { EntitlementCache } from './entitlementCache.js';

export interface PlanStatus {
  /** The server's active subscriptions the plan file prices (SKU ids). */
  readonly serverSkus: readonly string[];
  readonly allowanceMicros: number;
  /** What the month's allowance paid so far (charges not stored yet counted in full). */
  readonly allowanceUsedMicros: number;
  /** Credited less refunds less drawn; below zero after a refund of credit already spent. */
  readonly creditBalanceMicros: number;
  readonly packs: readonly CreditPack[];
}

export interface PlanAccountDeps {
  readonly plans: Plans;
  readonly entitlements: Pick<EntitlementCache, 'serverSkus'>;
  readonly ledger: Pick<Ledger, 'monthTotals' | 'pending'>;
  readonly credits: Pick<CreditBook, 'read'>;
}

export async function planStatus(deps: PlanAccountDeps, guildId: string, now: number): Promise<PlanStatus> {
  const month = monthOf(utcDay(now));
  const serverSkus = deps.entitlements.serverSkus(guildId);
  const [months, record] = await Promise.all([deps.ledger.monthTotals(guildId), deps.credits.read(guildId)]);
  let drawn = 0;
  for (const totals of months.values()) drawn += totals.plan?.creditMicros ?? 0;
  // A charge the store has not taken yet: counted against the allowance, as budgets count it.
  let unstored = 0;
  for (const charge of deps.ledger.pending())
    if (usageScope(charge) === guildId && !charge.paidBy && monthOf(utcDay(charge.time)) === month)
      unstored += charge.costMicros;
  return {
    serverSkus,
    allowanceMicros: serverMonthlyAllowance(deps.plans, serverSkus),
    allowanceUsedMicros: allowanceUsedMicros(months.get(month)) + unstored,
    creditBalanceMicros: netCreditedMicros(record) - drawn,
    packs: record.packs,
  };
}
