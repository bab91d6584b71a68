/**
 * The operator's view of a month: spend per scope (every server, every user's DMs) read straight
 * from the store, for the command-line report (src/cli/usage.ts). It only reads, so it is safe
 * beside a running bot (SQLite in WAL mode: readers and the writer do not block each other), and
 * it counts what the ledger counts: the day aggregates, the entries after them (whose aggregates
 * a running bot has not written yet, or a stopped one never wrote: the ledger applies those at its
 * next start), and the charges waiting in the spill file, at the cost they were charged.
 */
import type { Store } from '../lib/store.js';
import type { DayAggregate } from './aggregate.js';
import { dayKey, daysKey, entriesAfter } from './ledgerKeys.js';
import { type ScopeKind, scopeKind, usageScope, utcDay } from './records.js';
import { listScopes } from './scopes.js';
import { readSpill, spilledAlreadyIn } from './spill.js';
import { isTally, tallyKey } from './tally.js';

export interface ScopeTotals {
  /** A guild id, `dm-<user id>`, or a user install's (`userinstall-…`, records.ts). */
  readonly scope: string;
  readonly requests: number;
  readonly costMicros: number;
}

export interface MonthReport {
  /** YYYY-MM (UTC). */
  readonly month: string;
  /** Scopes with requests in the month: guilds, user installs, DMs, each by spend, highest first. */
  readonly scopes: readonly ScopeTotals[];
  /** Charges a stopped bot could not write (the spill file); the next start records them. */
  readonly waiting: { readonly requests: number; readonly costMicros: number };
  /** Of all the above, what servers paid with their own service keys (the operator paid the rest). */
  readonly serverKey: { readonly requests: number; readonly costMicros: number };
}

export const isDmScope = (scope: string) => scope.startsWith('dm-');

/** Guilds first, then members' user installs, then DMs. */
const KIND_ORDER: Record<ScopeKind, number> = { guild: 0, userInstall: 1, dm: 2 };

export interface ScopeRead {
  totals: { requests: number; costMicros: number };
  /** Of `totals`, paid with the server's own service key. */
  serverKey: { requests: number; costMicros: number };
  /** The scope's newest entry seq, as the ledger would see it. */
  head: number;
}

/** The stored totals of `month` ('' for all time) and the head they cover: tally or (older stores) days. */
async function storedTotals(store: Store, scope: string, month: string): Promise<ScopeRead> {
  const tally: unknown = await store.get(tallyKey(scope));
  const totals = { requests: 0, costMicros: 0 };
  const serverKey = { requests: 0, costMicros: 0 };
  const addKeyPaid = (paid: { requests: number; costMicros: number } | undefined) => {
    serverKey.requests += paid?.requests ?? 0;
    serverKey.costMicros += paid?.costMicros ?? 0;
  };
  if (isTally(tally)) {
    for (const [name, totalsOfMonth] of Object.entries(tally.months)) {
      if (!name.startsWith(month)) continue;
      totals.requests += totalsOfMonth.requests;
      totals.costMicros += totalsOfMonth.costMicros;
      addKeyPaid(totalsOfMonth.serverKey);
    }
    return { totals, serverKey, head: tally.appliedThrough };
  }
  const days = ((await store.get(daysKey(scope))) as string[] | undefined) ?? [];
  const stored =
    days.length > 0
      ? ((await store.getMany(days.map((day) => dayKey(scope, day)))) as (DayAggregate | undefined)[])
      : [];
  let head = 0;
  for (const aggregate of stored) {
    if (!aggregate) continue;
    head = Math.max(head, aggregate.appliedThrough);
    if (!aggregate.day.startsWith(month)) continue;
    totals.requests += aggregate.requests;
    totals.costMicros += aggregate.costMicros;
    addKeyPaid(aggregate.serverKey);
  }
  return { totals, serverKey, head };
}

/** A scope's totals for the month as the ledger will count them, read only. */
export async function readScope(store: Store, scope: string, month: string): Promise<ScopeRead> {
  const { totals, serverKey, head: stored } = await storedTotals(store, scope, month);
  let head = stored;
  // Entries after the highest one folded into an aggregate: the ledger applies them at start.
  for (const entry of await entriesAfter(store, scope, head)) {
    head = entry.seq;
    if (!utcDay(entry.time).startsWith(month)) continue;
    totals.requests += 1;
    totals.costMicros += entry.costMicros;
    if (entry.paidBy === 'serverKey') {
      serverKey.requests += 1;
      serverKey.costMicros += entry.costMicros;
    }
  }
  return { totals, serverKey, head };
}

/** `spillPaths`: every process's spill file (one per group of shards). */
export async function readMonthReport(
  store: Store,
  month: string,
  spillPaths: readonly string[],
): Promise<MonthReport> {
  const spilled = spillPaths.flatMap((path) => readSpill(path));
  const known = await listScopes(store);
  const scopes = [...new Set([...known, ...spilled.map(usageScope)])];
  const reads = new Map<string, ScopeRead>();
  for (const scope of scopes) reads.set(scope, await readScope(store, scope, month));

  // A spilled charge a crash left recorded is already among its scope's entries.
  const alreadyIn = await spilledAlreadyIn(store, spilled, async (scope) => reads.get(scope)?.head ?? 0);
  const waiting = { requests: 0, costMicros: 0 };
  const serverKey = { requests: 0, costMicros: 0 };
  const add = (sum: typeof waiting, requests: number, costMicros: number) => {
    sum.requests += requests;
    sum.costMicros += costMicros;
  };
  for (const charge of spilled) {
    if (alreadyIn.has(charge.id) || !utcDay(charge.time).startsWith(month)) continue;
    add(waiting, 1, charge.costMicros);
    if (charge.paidBy === 'serverKey') add(serverKey, 1, charge.costMicros);
  }
  for (const read of reads.values()) add(serverKey, read.serverKey.requests, read.serverKey.costMicros);

  const totals = [...reads]
    .map(([scope, read]) => ({ scope, ...read.totals }))
    .filter((scope) => scope.requests > 0)
    .sort(
      (a, b) =>
        KIND_ORDER[scopeKind(a.scope)] - KIND_ORDER[scopeKind(b.scope)] ||
        b.costMicros - a.costMicros ||
        a.scope.localeCompare(b.scope),
    );
  return { month, scopes: totals, waiting, serverKey };
}

/** Requests and spend per scope over all time, as the ledger counts them (to verify a copy). */
export async function ledgerTotals(store: Store): Promise<Map<string, ScopeRead['totals']>> {
  const totals = new Map<string, ScopeRead['totals']>();
  for (const scope of [...(await listScopes(store))].sort())
    totals.set(scope, (await readScope(store, scope, '')).totals);
  return totals;
}
