/**
 * Per-day spend aggregates of one scope (a guild, or a user's DMs), and the pure arithmetic on
 * them. /usage and budget checks read these, never the raw entries.
 */
import type { UsageRecord } from './records.js';

/** A billed request with its cost. */
export type PricedRecord = UsageRecord & { readonly costMicros: number };

/** A billed request as the ledger keeps it. */
export type LedgerEntry = PricedRecord & {
  /** Position in the scope's ledger, 1, 2, 3, … */
  readonly seq: number;
  readonly scope: string;
};

export interface ModelTotals {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  images: number;
  costMicros: number;
}

export interface UserTotals {
  requests: number;
  costMicros: number;
  /** Of the cost, what the member's own subscription paid (records.ts `planDraw`), in `byUser` only. */
  memberPlanMicros?: number;
}

export interface DayAggregate {
  readonly day: string;
  /** The highest entry seq folded in: what makes reconciliation apply an entry exactly once. */
  appliedThrough: number;
  /** Seq range of the day's entries, for exports. */
  firstSeq: number;
  lastSeq: number;
  requests: number;
  costMicros: number;
  estimatedRequests: number;
  byModel: Record<string, ModelTotals>;
  byUser: Record<string, UserTotals>;
  /**
   * Entries whose member held rule-bearing roles (/budget role): per role (an entry counts under
   * each of its roles), and all of them once. Absent until a day has one (older days have none).
   */
  byRole?: Record<string, UserTotals>;
  withRole?: UserTotals;
  /**
   * Entries paid with the server's own service key (records.ts `paidBy`), also counted in the
   * totals above. Absent until a day has one (older days have none).
   */
  serverKey?: UserTotals;
}

export function emptyDay(day: string): DayAggregate {
  return {
    day,
    appliedThrough: 0,
    firstSeq: 0,
    lastSeq: 0,
    requests: 0,
    costMicros: 0,
    estimatedRequests: 0,
    byModel: {},
    byUser: {},
  };
}

/** The totals under `key`, created empty on first use. */
function slot<T>(record: Record<string, T>, key: string, make: () => T): T {
  const existing = record[key];
  if (existing !== undefined) return existing;
  const created = make();
  record[key] = created;
  return created;
}

const emptyModel = (): ModelTotals => ({
  requests: 0,
  inputTokens: 0,
  outputTokens: 0,
  images: 0,
  costMicros: 0,
});
const emptyUser = (): UserTotals => ({ requests: 0, costMicros: 0 });

export function applyEntry(aggregate: DayAggregate, entry: LedgerEntry): void {
  aggregate.appliedThrough = Math.max(aggregate.appliedThrough, entry.seq);
  aggregate.firstSeq = aggregate.firstSeq === 0 ? entry.seq : Math.min(aggregate.firstSeq, entry.seq);
  aggregate.lastSeq = Math.max(aggregate.lastSeq, entry.seq);
  aggregate.requests += 1;
  aggregate.costMicros += entry.costMicros;
  if (entry.estimated) aggregate.estimatedRequests += 1;
  const model = slot(aggregate.byModel, entry.model, emptyModel);
  model.requests += 1;
  model.costMicros += entry.costMicros;
  if (entry.kind === 'chat') {
    model.inputTokens += entry.inputTokens;
    model.outputTokens += entry.outputTokens;
  } else {
    model.images += entry.n;
  }
  const user = slot(aggregate.byUser, entry.userId, emptyUser);
  const add = (totals: UserTotals) => {
    totals.requests += 1;
    totals.costMicros += entry.costMicros;
  };
  add(user);
  const memberPlan = entry.planDraw?.memberMicros ?? 0;
  if (memberPlan > 0) user.memberPlanMicros = (user.memberPlanMicros ?? 0) + memberPlan;
  if (entry.paidBy === 'serverKey') {
    aggregate.serverKey ??= emptyUser();
    add(aggregate.serverKey);
  }
  if (entry.roleIds && entry.roleIds.length > 0) {
    aggregate.withRole ??= emptyUser();
    add(aggregate.withRole);
    aggregate.byRole ??= {};
    for (const id of new Set(entry.roleIds)) add(slot(aggregate.byRole, id, emptyUser));
  }
}

export interface Summary {
  readonly requests: number;
  readonly costMicros: number;
  readonly estimatedRequests: number;
  readonly byModel: Record<string, ModelTotals>;
  readonly byUser: Record<string, UserTotals>;
  /** Per rule-bearing role (a request counts under each role its member held), and without any. */
  readonly byRole: Record<string, UserTotals>;
  readonly noRole: UserTotals;
  /** Paid with the server's own service key (also in the totals); zero when none was. */
  readonly serverKey: UserTotals;
  /** Spend per day, every day of the range present (0 when nothing was spent). */
  readonly byDay: { day: string; costMicros: number; requests: number }[];
}

/** Sums day aggregates over `days` (each day of the range, in order). */
export function summarize(days: readonly string[], aggregates: ReadonlyMap<string, DayAggregate>): Summary {
  const byModel: Record<string, ModelTotals> = {};
  const byUser: Record<string, UserTotals> = {};
  const byRole: Record<string, UserTotals> = {};
  const noRole = emptyUser();
  const serverKey = emptyUser();
  let requests = 0;
  let costMicros = 0;
  let estimatedRequests = 0;
  const byDay = days.map((day) => {
    const aggregate = aggregates.get(day);
    if (!aggregate) return { day, costMicros: 0, requests: 0 };
    requests += aggregate.requests;
    costMicros += aggregate.costMicros;
    estimatedRequests += aggregate.estimatedRequests;
    for (const [name, totals] of Object.entries(aggregate.byModel)) {
      const sum = slot(byModel, name, emptyModel);
      sum.requests += totals.requests;
      sum.inputTokens += totals.inputTokens;
      sum.outputTokens += totals.outputTokens;
      sum.images += totals.images;
      sum.costMicros += totals.costMicros;
    }
    for (const [id, totals] of Object.entries(aggregate.byUser)) {
      const sum = slot(byUser, id, emptyUser);
      sum.requests += totals.requests;
      sum.costMicros += totals.costMicros;
    }
    for (const [id, totals] of Object.entries(aggregate.byRole ?? {})) {
      const sum = slot(byRole, id, emptyUser);
      sum.requests += totals.requests;
      sum.costMicros += totals.costMicros;
    }
    serverKey.requests += aggregate.serverKey?.requests ?? 0;
    serverKey.costMicros += aggregate.serverKey?.costMicros ?? 0;
    noRole.requests += aggregate.requests - (aggregate.withRole?.requests ?? 0);
    noRole.costMicros += aggregate.costMicros - (aggregate.withRole?.costMicros ?? 0);
    return { day, costMicros: aggregate.costMicros, requests: aggregate.requests };
  });
  return { requests, costMicros, estimatedRequests, byModel, byUser, byRole, noRole, serverKey, byDay };
}

/** Every UTC day from `from` to `to` inclusive (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export const PERIODS = [
  'this-month',
  'last-month',
  'today',
  'last-7-days',
  'last-30-days',
  'all-time',
] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  today: 'Today',
  'last-7-days': 'Last 7 days',
  'last-30-days': 'Last 30 days',
  'all-time': 'All time',
};

/** The UTC day range of a period; `all-time` starts at `firstDay` (the scope's first entry). */
export function periodRange(
  period: Period,
  now: number,
  firstDay: string | undefined,
): { from: string; to: string } {
  const today = new Date(now).toISOString().slice(0, 10);
  const date = new Date(now);
  const monthStart = (year: number, month: number) =>
    new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString().slice(0, 10);
  switch (period) {
    case 'this-month':
      return { from: monthStart(date.getUTCFullYear(), date.getUTCMonth()), to: today };
    case 'last-month':
      return {
        from: monthStart(date.getUTCFullYear(), date.getUTCMonth() - 1),
        to: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 0)).toISOString().slice(0, 10),
      };
    case 'today':
      return { from: today, to: today };
    case 'last-7-days':
      return { from: daysAgo(6), to: today };
    case 'last-30-days':
      return { from: daysAgo(29), to: today };
    case 'all-time':
      return { from: firstDay && firstDay < today ? firstDay : today, to: today };
  }
}
