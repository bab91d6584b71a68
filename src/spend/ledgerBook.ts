/**
 * The ledger as stored, per scope: numbered entries and day aggregates, each scope's store calls
 * in its own queue. Entries arrive in batches (entryWriter.ts), each batch one store write. Day
 * aggregates are kept current in memory and written coalesced: a scope's changed days at most
 * once per `aggregateMs` (at once when it was written longer ago), all in one write, and all of
 * them at close; one the store refuses stays current in memory and is written again later. See
 * ledger.ts for why that keeps the crash reconciliation exact. A new scope is marked (scopes.ts)
 * before its first entry is written, so the list of scopes may name a scope without entries but
 * never misses one that has some.
 */
import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from '../lib/store.js';
import { applyEntry, type DayAggregate, emptyDay, type LedgerEntry, type PricedRecord } from './aggregate.js';
import { dayKey, daysKey, entriesAfter, entryKey, writeAll } from './ledgerKeys.js';
import { utcDay } from './records.js';
import { listScopes, markedScopes, scopeMarkerKey } from './scopes.js';

export { dayKey, daysKey, entryKey };

/**
 * Scopes loaded (at start) or written (at close) at once: thousands at once would wait past a
 * connection pool's timeout (PostgreSQL).
 */
const CONCURRENCY = 16;

async function eachAtOnce<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await task(items[i] as T);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

export interface ScopeState {
  head: number;
  days: string[];
  readonly aggregates: Map<string, DayAggregate>;
  /** Changed in memory, not yet in the store. */
  daysDirty: boolean;
  readonly dirtyDays: Set<string>;
}

export interface LedgerBookOptions {
  /** The least time between two writes of a scope's day aggregates (default 1 s). */
  readonly aggregateMs?: number | undefined;
  /** How long after a refused aggregate write it is tried again (default 5 s). */
  readonly retryMs?: number | undefined;
}

export interface LedgerBook {
  /** Runs `task` in the scope's queue, on its loaded state. */
  inScope<T>(scope: string, task: (state: ScopeState) => Promise<T>): Promise<T>;
  /**
   * Writes charges as the scope's next entries, in one store write. `take` is called in the
   * scope's queue, once the scope is loaded and marked, for the charges to write (none: nothing is
   * written); `landed` as soon as the store has them, before any other code runs. Throws when the
   * store did not take them (all or some of them may have landed all the same).
   */
  append(
    scope: string,
    take: () => readonly PricedRecord[],
    landed: (entries: readonly LedgerEntry[]) => void,
  ): Promise<void>;
  /** Every scope the store knows of (read from the store at each call). */
  scopeList(): Promise<Set<string>>;
  /** Loads each scope and marks it (scopes of the legacy list have no marker), a few at a time. */
  loadEach(scopes: readonly string[]): Promise<void>;
  /** Spend of a month (YYYY-MM) in every scope loaded so far, kept current: no scan. */
  monthTotal(month: string): number;
  /** The same, per scope. */
  monthByScope(month: string): ReadonlyMap<string, number>;
  /** Entries applied at load because their aggregate update had been lost. */
  reconciled(): number;
  /**
   * Writes every unwritten aggregate it can (logs the scopes it could not); from then on each
   * change is written at once, not coalesced: the process is stopping.
   */
  flushAll(): Promise<void>;
}

export function createLedgerBook(store: Store, logger: Logger, options: LedgerBookOptions = {}): LedgerBook {
  const queue = createKeyedQueue();
  const scopes = new Map<string, ScopeState>();
  const aggregateMs = options.aggregateMs ?? 1_000;
  const retryMs = options.retryMs ?? 5_000;
  let reconciled = 0;
  const monthTotals = new Map<string, number>();
  const monthScopes = new Map<string, Map<string, number>>();
  const addToMonth = (day: string, micros: number, scope: string) => {
    const month = day.slice(0, 7);
    monthTotals.set(month, (monthTotals.get(month) ?? 0) + micros);
    let byScope = monthScopes.get(month);
    if (!byScope) {
      byScope = new Map();
      monthScopes.set(month, byScope);
    }
    byScope.set(scope, (byScope.get(scope) ?? 0) + micros);
  };

  /** Scopes known to carry a marker: read once, then each marked here is added. */
  let marked: Promise<Set<string>> | undefined;
  const markedNow = () => {
    marked ??= markedScopes(store).catch((error: unknown) => {
      marked = undefined;
      throw error;
    });
    return marked;
  };

  async function mark(scope: string): Promise<void> {
    const known = await markedNow();
    if (known.has(scope)) return;
    await store.set(scopeMarkerKey(scope), true);
    known.add(scope);
  }

  /** Folds an entry into the in-memory aggregates (not into the month totals). */
  function applyInMemory(state: ScopeState, entry: LedgerEntry): void {
    const day = utcDay(entry.time);
    let aggregate = state.aggregates.get(day);
    if (!aggregate) {
      aggregate = emptyDay(day);
      state.aggregates.set(day, aggregate);
      state.days = [...state.days, day].sort();
      state.daysDirty = true;
    }
    applyEntry(aggregate, entry);
    state.dirtyDays.add(day);
  }

  /**
   * Writes the scope's unwritten aggregates (in its queue): the list of days first, then every
   * changed day in one write, all or nothing, as memory has them (every entry through `head`).
   * So the store's highest `appliedThrough` never passes an entry that a stored day misses.
   */
  async function flush(scope: string, state: ScopeState): Promise<void> {
    if (state.daysDirty) {
      await store.set(daysKey(scope), state.days);
      state.daysDirty = false;
    }
    const days = [...state.dirtyDays];
    if (days.length === 0) return;
    await writeAll(
      store,
      days.map((day) => ({ key: dayKey(scope, day), value: state.aggregates.get(day) })),
    );
    for (const day of days) state.dirtyDays.delete(day);
  }

  /** Per scope: when its aggregates were last written, and the write planned, if any. */
  const plans = new Map<string, { last: number; timer?: NodeJS.Timeout | undefined }>();
  let coalesce = true;

  /** Plans the write of a scope's changed aggregates: at once, or `aggregateMs` after the last. */
  function planFlush(scope: string, state: ScopeState, atLeast = 0): void {
    let plan = plans.get(scope);
    if (!plan) {
      plan = { last: Number.NEGATIVE_INFINITY };
      plans.set(scope, plan);
    }
    if (plan.timer) return;
    const due = Math.max(atLeast, coalesce ? plan.last + aggregateMs - Date.now() : 0, 0);
    const planned = plan;
    planned.timer = setTimeout(() => {
      planned.timer = undefined;
      planned.last = Date.now();
      queue
        .run(scope, () => flush(scope, state))
        .catch((error: unknown) => {
          logger.error(
            { err: error, scope },
            'ledger: day totals could not be saved yet; they stay current in memory and are saved again, or rebuilt from the entries at start',
          );
          // After close nothing is tried again: the next start rebuilds them.
          if (coalesce) planFlush(scope, state, retryMs);
        });
    }, due);
    planned.timer.unref();
  }

  /**
   * Loads a scope (inside its queue): aggregates, then any entry they have not folded in. Only a
   * scope read in full counts in the month totals, and it is cached before anything is written,
   * so a load that fails or is retried counts nothing twice. What it rebuilt and could not write
   * stays unwritten in memory (logged) and is written later: a load never fails for it.
   */
  async function load(scope: string): Promise<ScopeState> {
    const cached = scopes.get(scope);
    if (cached) return cached;
    const days = ((await store.get(daysKey(scope))) as string[] | undefined) ?? [];
    const aggregates = new Map<string, DayAggregate>();
    const stored =
      days.length > 0
        ? ((await store.getMany(days.map((day) => dayKey(scope, day)))) as (DayAggregate | undefined)[])
        : [];
    days.forEach((day, i) => {
      aggregates.set(day, stored[i] ?? emptyDay(day));
    });
    const state: ScopeState = { head: 0, days, aggregates, daysDirty: false, dirtyDays: new Set() };
    for (const aggregate of aggregates.values()) state.head = Math.max(state.head, aggregate.appliedThrough);
    const orphans = await entriesAfter(store, scope, state.head);
    if (orphans.length > 0)
      logger.warn(
        { scope, seqs: [orphans[0]?.seq, orphans.at(-1)?.seq] },
        'ledger: applying entries whose day totals were not written before the process stopped',
      );
    for (const orphan of orphans) {
      state.head = orphan.seq;
      applyInMemory(state, orphan);
    }
    for (const [day, aggregate] of aggregates) addToMonth(day, aggregate.costMicros, scope);
    reconciled += orphans.length;
    scopes.set(scope, state);
    try {
      await flush(scope, state);
    } catch (error) {
      logger.error(
        { err: error, scope },
        'ledger: could not save what loading a scope rebuilt; it is saved later, or rebuilt at start',
      );
      planFlush(scope, state, retryMs);
    }
    return state;
  }

  const inScope = <T>(scope: string, task: (state: ScopeState) => Promise<T>) =>
    queue.run(scope, async () => task(await load(scope)));

  return {
    inScope,
    append(scope, take, landed) {
      return inScope(scope, async (state) => {
        await mark(scope);
        const charges = take();
        if (charges.length === 0) return;
        const entries = charges.map(
          (charge, i): LedgerEntry => ({ ...charge, seq: state.head + 1 + i, scope }),
        );
        await writeAll(
          store,
          entries.map((entry) => ({ key: entryKey(scope, entry.seq), value: entry })),
        );
        for (const entry of entries) {
          applyInMemory(state, entry);
          addToMonth(utcDay(entry.time), entry.costMicros, scope);
        }
        state.head += entries.length;
        landed(entries);
        planFlush(scope, state);
      });
    },
    scopeList: () => listScopes(store),
    async loadEach(list) {
      await eachAtOnce(list, (scope) => inScope(scope, () => mark(scope)));
    },
    monthTotal: (month) => monthTotals.get(month) ?? 0,
    monthByScope: (month) => monthScopes.get(month) ?? new Map(),
    reconciled: () => reconciled,
    async flushAll() {
      coalesce = false;
      for (const plan of plans.values()) {
        clearTimeout(plan.timer);
        plan.timer = undefined;
      }
      const dirty = [...scopes].filter(([, state]) => state.daysDirty || state.dirtyDays.size > 0);
      await eachAtOnce(dirty, ([scope, state]) =>
        queue
          .run(scope, () => flush(scope, state))
          .catch((error: unknown) =>
            logger.error({ err: error, scope }, 'ledger: day totals not saved at shutdown; rebuilt at start'),
          ),
      );
    },
  };
}
