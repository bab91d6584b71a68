/**
 * The running month spend the operator paid (all but what a server's own service key paid) of
 * every scope this process owns, for the operator's monthly cap and the per-shard totals
 * (shardSpend.ts): a number per scope and recent month, set from each scope's
 * tally (read for every owned scope at open, then kept current by its charges). Only the current
 * and the previous month are held; an earlier month is read from the store when asked (ledger.ts).
 */
import { utcDay } from './records.js';
import { type MonthTotals, monthOf, operatorPaidMicros } from './tally.js';

export interface MonthSpend {
  /** A scope's month totals (every month it has; those held are kept). */
  setScope(scope: string, months: ReadonlyMap<string, MonthTotals> | Record<string, MonthTotals>): void;
  /** Operator-paid spend of a held month across the owned scopes; undefined for a month not held. */
  total(month: string): number | undefined;
  byScope(month: string): ReadonlyMap<string, number>;
  /** The first day of the current month: day totals before it leave memory when idle. */
  keepFrom(): string;
  /** Forgets months no longer held (the month turned). */
  prune(): void;
}

/** The first month held: the previous one, so the turn of a month loses nothing a report wants. */
function firstHeldMonth(now: number): string {
  const date = new Date(now);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

export function createMonthSpend(now: () => number): MonthSpend {
  const byMonth = new Map<string, Map<string, number>>();
  const sums = new Map<string, number>();

  function set(month: string, scope: string, micros: number): void {
    let scopes = byMonth.get(month);
    if (!scopes) {
      scopes = new Map();
      byMonth.set(month, scopes);
    }
    sums.set(month, (sums.get(month) ?? 0) + micros - (scopes.get(scope) ?? 0));
    if (micros === 0) scopes.delete(scope);
    else scopes.set(scope, micros);
  }

  return {
    setScope(scope, months) {
      const from = firstHeldMonth(now());
      const entries = months instanceof Map ? [...months] : Object.entries(months);
      for (const [month, totals] of entries) if (month >= from) set(month, scope, operatorPaidMicros(totals));
    },
    total(month) {
      return month >= firstHeldMonth(now()) ? (sums.get(month) ?? 0) : undefined;
    },
    byScope: (month) => byMonth.get(month) ?? new Map(),
    keepFrom: () => `${monthOf(utcDay(now()))}-01`,
    prune() {
      const from = firstHeldMonth(now());
      for (const month of [...byMonth.keys()])
        if (month < from) {
          byMonth.delete(month);
          sums.delete(month);
        }
    },
  };
}
