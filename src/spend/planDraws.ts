/**
 * What each charge under a plan draws (records.ts `PlanCharge` → `planDraw`), worked out where
 * the ledger numbers its entries, in the scope's queue: so two requests settling together draw
 * on the allowance one after the other, and the draw is stored in the entry itself and replayed
 * with it after a crash (tally.ts sums it). A member-paid request draws its whole cost on the
 * member's subscription; a server-paid one on the month's allowance as far as it has room, the
 * rest on purchased credit (planAllowance.ts `settleDraw`).
 */
import type { PricedRecord } from './aggregate.js';
import { settleDraw } from './planAllowance.js';
import { utcDay } from './records.js';
import { allowanceUsedMicros, type MonthTotals, monthOf } from './tally.js';

export function withPlanDraws(
  months: ReadonlyMap<string, MonthTotals>,
  charges: readonly PricedRecord[],
): PricedRecord[] {
  const used = new Map<string, number>();
  return charges.map((charge) => {
    const plan = charge.plan;
    if (!plan || charge.paidBy === 'serverKey' || charge.planDraw) return charge;
    if (plan.payer === 'member') return { ...charge, planDraw: { memberMicros: charge.costMicros } };
    const month = monthOf(utcDay(charge.time));
    const spent = used.get(month) ?? allowanceUsedMicros(months.get(month));
    const { fromAllowance, fromCredit } = settleDraw({
      allowanceMicros: plan.allowanceMicros,
      spentThisMonthMicros: spent,
      actualMicros: charge.costMicros,
    });
    used.set(month, spent + fromAllowance);
    return fromCredit > 0 ? { ...charge, planDraw: { creditMicros: fromCredit } } : charge;
  });
}
