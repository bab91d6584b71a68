/**
 * A scope's tally: one small record per scope (a guild, or a user's DMs) with what the ledger
 * needs without reading its history: the highest entry folded into the stored day totals
 * (`appliedThrough`, what crash reconciliation starts after), the first day with spend (for "all
 * time"), and the totals of every month (budgets, the operator's cap and report). It is written
 * in the same all-or-nothing store write as the day totals it sums (ledgerBook.ts), so the two
 * always agree. A scope stored before tallies existed has none: its days are read once, and the
 * tally built from them is written with its next change.
 */
import type { DayAggregate, LedgerEntry } from './aggregate.js';

export interface MonthTotals {
  requests: number;
  costMicros: number;
  /**
   * Of those, the ones paid with a server's own service key (records.ts `paidBy`); absent when
   * none were (older tallies have none). The operator's cap counts the rest only.
   */
  serverKey?: { requests: number; costMicros: number };
  /**
   * Of the operator-paid spend, what members' subscriptions and the server's purchased credit paid
   * (records.ts `planDraw`); the rest came from the month's plan allowance. Absent when none did.
   */
  plan?: { memberMicros: number; creditMicros: number };
}

/** What the operator paid of a month's totals: all but what a server's own key paid. */
export const operatorPaidMicros = (totals: MonthTotals | undefined): number =>
  totals === undefined ? 0 : totals.costMicros - (totals.serverKey?.costMicros ?? 0);

/** A copy that shares nothing with `totals` (the running totals are changed in place). */
export const copyMonth = (totals: MonthTotals): MonthTotals => ({
  ...totals,
  ...(totals.serverKey && { serverKey: { ...totals.serverKey } }),
  ...(totals.plan && { plan: { ...totals.plan } }),
});

/** What a server's month allowance paid this month: operator-paid spend less members' and credit's. */
export const allowanceUsedMicros = (totals: MonthTotals | undefined): number =>
  totals === undefined
    ? 0
    : operatorPaidMicros(totals) - (totals.plan?.memberMicros ?? 0) - (totals.plan?.creditMicros ?? 0);

export interface Tally {
  readonly version: 1;
  readonly appliedThrough: number;
  readonly firstDay: string | null;
  readonly months: Record<string, MonthTotals>;
}

export const tallyKey = (scope: string) => `ledger:${scope}:tally`;

export const monthOf = (day: string) => day.slice(0, 7);

export function isTally(value: unknown): value is Tally {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Tally).version === 1 &&
    typeof (value as Tally).appliedThrough === 'number' &&
    typeof (value as Tally).months === 'object'
  );
}

/** Month totals summed from day aggregates (a scope stored before tallies). */
export function monthsFromDays(aggregates: Iterable<DayAggregate>): Map<string, MonthTotals> {
  const months = new Map<string, MonthTotals>();
  for (const aggregate of aggregates)
    addToMonths(months, aggregate.day, aggregate.requests, aggregate.costMicros, aggregate.serverKey);
  return months;
}

export function addToMonths(
  months: Map<string, MonthTotals>,
  day: string,
  requests: number,
  costMicros: number,
  serverKey?: { readonly requests: number; readonly costMicros: number },
): MonthTotals {
  const month = monthOf(day);
  const totals = months.get(month) ?? { requests: 0, costMicros: 0 };
  totals.requests += requests;
  totals.costMicros += costMicros;
  if (serverKey && serverKey.requests > 0)
    totals.serverKey = {
      requests: (totals.serverKey?.requests ?? 0) + serverKey.requests,
      costMicros: (totals.serverKey?.costMicros ?? 0) + serverKey.costMicros,
    };
  months.set(month, totals);
  return totals;
}

export function addEntryToMonths(
  months: Map<string, MonthTotals>,
  day: string,
  entry: LedgerEntry,
): MonthTotals {
  const keyPaid = entry.paidBy === 'serverKey' ? { requests: 1, costMicros: entry.costMicros } : undefined;
  const totals = addToMonths(months, day, 1, entry.costMicros, keyPaid);
  const draw = entry.planDraw;
  if (draw && ((draw.memberMicros ?? 0) > 0 || (draw.creditMicros ?? 0) > 0)) {
    const plan = totals.plan ?? { memberMicros: 0, creditMicros: 0 };
    plan.memberMicros += draw.memberMicros ?? 0;
    plan.creditMicros += draw.creditMicros ?? 0;
    totals.plan = plan;
  }
  return totals;
}

export function tallyOf(
  appliedThrough: number,
  firstDay: string | undefined,
  months: Map<string, MonthTotals>,
): Tally {
  return { version: 1, appliedThrough, firstDay: firstDay ?? null, months: Object.fromEntries(months) };
}
