/**
 * The ledger as stored, per scope: numbered entries and day aggregates, each scope's writes in
 * its own queue. An aggregate the store refuses stays current in memory and is written before
 * anything newer of its scope (see ledger.ts for why that keeps reconciliation exact). A new scope
 * is marked (scopes.ts) before its first entry is written, so the list of scopes may name a scope
 * without entries but never misses one that has some.
 */
import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from '../lib/store.js';
import { applyEntry, type DayAggregate, emptyDay, type LedgerEntry, type PricedRecord } from './aggregate.js';
import { usageScope, utcDay } from './records.js';
import { listScopes, markedScopes, scopeMarkerKey } from './scopes.js';

/** Scopes loaded at once at start. */
const LOAD_CONCURRENCY = 16;

export interface ScopeState {
  head: number;
  days: string[];
  readonly aggregates: Map<string, DayAggregate>;
  /** Written in memory, not yet in the store. */
  daysDirty: boolean;
  readonly dirtyDays: Set<string>;
}

export const daysKey = (scope: string) => `ledger:${scope}:days`;
export const dayKey = (scope: string, day: string) => `ledger:${scope}:day:${day}`;
export const entryKey = (scope: string, seq: number) => `ledger:${scope}:entry:${seq}`;

export interface LedgerBook {
  /** Runs `task` in the scope's queue, on its loaded state. */
  inScope<T>(scope: string, task: (state: ScopeState) => Promise<T>): Promise<T>;
  /** Writes one charge as its scope's next entry; throws when the store did not take it. */
  record(priced: PricedRecord): Promise<LedgerEntry>;
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
  /** Writes every unwritten aggregate it can; logs the scopes it could not. */
  flushAll(): Promise<void>;
}

export function createLedgerBook(store: Store, logger: Logger): LedgerBook {
  const queue = createKeyedQueue();
  const scopes = new Map<string, ScopeState>();
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

  /**
   * Folds an entry into the in-memory aggregates (not into the month totals); the store gets
   * them at the next flush.
   */
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
   * Writes the scope's unwritten aggregates, those that folded in older entries first, so that
   * the highest `appliedThrough` in the store never passes an entry another stored day misses.
   */
  async function flush(scope: string, state: ScopeState): Promise<void> {
    if (state.daysDirty) {
      await store.set(daysKey(scope), state.days);
      state.daysDirty = false;
    }
    const days = [...state.dirtyDays].sort(
      (a, b) =>
        (state.aggregates.get(a)?.appliedThrough ?? 0) - (state.aggregates.get(b)?.appliedThrough ?? 0),
    );
    for (const day of days) {
      await store.set(dayKey(scope, day), state.aggregates.get(day));
      state.dirtyDays.delete(day);
    }
  }

  /**
   * Loads a scope (inside its queue): aggregates, then any entry they have not folded in. Only a
   * scope read in full counts in the month totals, and it is cached before anything is written,
   * so a load that fails or is retried counts nothing twice. What it rebuilt and could not write
   * stays dirty (logged), written before anything newer of the scope: a load never fails for it.
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
    let orphans = 0;
    for (;;) {
      const orphan = (await store.get(entryKey(scope, state.head + 1))) as LedgerEntry | undefined;
      if (!orphan) break;
      logger.warn({ scope, seq: orphan.seq }, 'ledger: applying an entry whose aggregate update was lost');
      state.head = orphan.seq;
      applyInMemory(state, orphan);
      orphans += 1;
    }
    for (const [day, aggregate] of aggregates) addToMonth(day, aggregate.costMicros, scope);
    reconciled += orphans;
    scopes.set(scope, state);
    try {
      await flush(scope, state);
    } catch (error) {
      logger.error(
        { err: error, scope },
        'ledger: could not save what loading a scope rebuilt; it is saved before the next write, or rebuilt at start',
      );
    }
    return state;
  }

  const inScope = <T>(scope: string, task: (state: ScopeState) => Promise<T>) =>
    queue.run(scope, async () => task(await load(scope)));

  /**
   * Writes one charge as its scope's next entry: first what is unwritten (older aggregates, the
   * scope's marker when it is new), then the entry, then its day total. Throws
   * when the entry was not written; a day total the store refuses is logged and written later.
   */
  function record(priced: PricedRecord): Promise<LedgerEntry> {
    const scope = usageScope(priced);
    return inScope(scope, async (state) => {
      // Older unwritten aggregates first: nothing newer may reach the store before them.
      await flush(scope, state);
      await mark(scope);
      const entry: LedgerEntry = { ...priced, seq: state.head + 1, scope };
      await store.set(entryKey(scope, entry.seq), entry);
      state.head = entry.seq;
      applyInMemory(state, entry);
      addToMonth(utcDay(entry.time), entry.costMicros, scope);
      try {
        await flush(scope, state);
      } catch (error) {
        logger.error(
          { err: error, entryId: entry.id, scope, seq: entry.seq },
          'ledger: a charge was recorded but its day total could not be saved yet; it is saved with the next write, or rebuilt at start',
        );
      }
      return entry;
    });
  }

  return {
    inScope,
    record,
    scopeList: () => listScopes(store),
    async loadEach(list) {
      // Thousands at once would wait past a connection pool's timeout (PostgreSQL).
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < list.length; i = next++) {
          const scope = list[i] as string;
          await inScope(scope, () => mark(scope));
        }
      };
      await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
    },
    monthTotal: (month) => monthTotals.get(month) ?? 0,
    monthByScope: (month) => monthScopes.get(month) ?? new Map(),
    reconciled: () => reconciled,
    async flushAll() {
      for (const [scope, state] of scopes) {
        await queue
          .run(scope, () => flush(scope, state))
          .catch((error: unknown) =>
            logger.error({ err: error, scope }, 'ledger: day totals not saved at shutdown; rebuilt at start'),
          );
      }
    },
  };
}
