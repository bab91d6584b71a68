/**
 * The ledger as stored, per scope: numbered entries, day totals and a tally (tally.ts), each
 * scope's store calls in its own queue. Entries arrive in batches (entryWriter.ts), each batch one
 * store write, each entry with its retention lifetime. Day totals and the tally are kept current
 * in memory and written coalesced: a scope's changed days and its tally at most once per
 * `aggregateMs` (at once when written longer ago), all in one write that the store applies all or
 * nothing, and all of them at close; one the store refuses stays current in memory and is written
 * again later. See ledger.ts for why that keeps the crash reconciliation exact. A new scope is
 * marked (scopes.ts) before its first entry is written, so the list of scopes may name a scope
 * without entries but never misses one that has some.
 *
 * Memory holds what budgets and the operator's cap need: each owned scope's spend in recent
 * months (read from the tallies at open: no history), and the full state of the scopes in use,
 * evicted once idle (`idleMs`) with nothing left to write; day totals of earlier months are read
 * from the store when a report asks (scopeState.ts).
 */
import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from '../lib/store.js';
import type { LedgerEntry, PricedRecord } from './aggregate.js';
import { dayKey, daysKey, entriesAfter, entryKey, writeAll } from './ledgerKeys.js';
import { createMonthSpend, type MonthSpend } from './monthSpend.js';
import { withPlanDraws } from './planDraws.js';
import { applyEntries, holdDaysOf, readScope, type ScopeState } from './scopeState.js';
import { markedScopes, scopeMarkerKey } from './scopes.js';
import { type MonthTotals, tallyKey, tallyOf } from './tally.js';

export { dayKey, daysKey, entryKey, type ScopeState };

export interface LedgerBookOptions {
  /** The least time between two writes of a scope's day aggregates (default 1 s). */
  readonly aggregateMs?: number | undefined;
  /** How long after a refused aggregate write it is tried again (default 5 s). */
  readonly retryMs?: number | undefined;
  /** How long an entry is kept after its request (LEDGER_ENTRY_RETENTION_DAYS; default 400 days). */
  readonly entryLifetimeMs?: number | undefined;
  /** A scope unused this long, with nothing left to write, leaves memory (default 10 minutes). */
  readonly idleMs?: number | undefined;
  readonly now?: (() => number) | undefined;
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
  /** The running month totals of the owned scopes (monthSpend.ts). */
  readonly months: MonthSpend;
  /**
   * Takes a scope's month totals from its stored tally (read at open), unless the scope is held:
   * memory is newer then.
   */
  seed(scope: string, months: Record<string, MonthTotals>): void;
  /** Marks a scope known from the legacy list (in its queue). */
  mark(scope: string): Promise<void>;
  /** Loads a scope now (reconciling what its day totals missed). */
  load(scope: string): Promise<void>;
  /** Entries applied at load because their aggregate update had been lost. */
  reconciled(): number;
  /** Drops idle scopes with nothing to write, and day totals of earlier months, from memory. */
  evictIdle(): void;
  /** Scopes in memory. */
  held(): number;
  /**
   * Writes every unwritten aggregate it can (logs the scopes it could not); from then on each
   * change is written at once, not coalesced: the process is stopping.
   */
  flushAll(): Promise<void>;
}

/** Scopes written at close at once: thousands at once would wait past a pool's timeout. */
const CONCURRENCY = 16;
const DAY_MS = 86_400_000;

export function createLedgerBook(store: Store, logger: Logger, options: LedgerBookOptions = {}): LedgerBook {
  const queue = createKeyedQueue();
  const scopes = new Map<string, ScopeState>();
  const aggregateMs = options.aggregateMs ?? 1_000;
  const retryMs = options.retryMs ?? 5_000;
  const entryLifetimeMs = options.entryLifetimeMs ?? 400 * DAY_MS;
  const idleMs = options.idleMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const months = createMonthSpend(now);
  let reconciled = 0;

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
   * Writes the scope's unwritten day totals and its tally (in its queue) in one write, all or
   * nothing, as memory has them (every entry through `head`): so the stored tally's
   * `appliedThrough` never passes an entry that a stored day misses.
   */
  async function flush(scope: string, state: ScopeState): Promise<void> {
    const days = [...state.dirtyDays];
    if (days.length === 0 && !state.tallyDirty) return;
    await writeAll(store, [
      ...days.map((day) => ({ key: dayKey(scope, day), value: state.aggregates.get(day) })),
      { key: tallyKey(scope), value: tallyOf(state.head, state.firstDay, state.months) },
    ]);
    for (const day of days) state.dirtyDays.delete(day);
    state.tallyDirty = false;
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
   * Loads a scope (inside its queue): its tally, then any entry the stored totals have not folded
   * in. It is held before anything is written, so a load that fails or is retried counts nothing
   * twice; what it rebuilt and could not write stays unwritten in memory (logged) and is written
   * later: a load never fails for it.
   */
  async function load(scope: string): Promise<ScopeState> {
    const cached = scopes.get(scope);
    if (cached) {
      cached.lastUsed = now();
      return cached;
    }
    const state = await readScope(store, scope, now());
    const orphans = await entriesAfter(store, scope, state.head);
    if (orphans.length > 0) {
      logger.warn(
        { scope, seqs: [orphans[0]?.seq, orphans.at(-1)?.seq] },
        'ledger: applying entries whose day totals were not written before the process stopped',
      );
      await holdDaysOf(store, scope, state, orphans);
      applyEntries(state, orphans);
    }
    reconciled += orphans.length;
    scopes.set(scope, state);
    months.setScope(scope, state.months);
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

  /** The lifetime left to an entry: counted from its request, at least a day (a late spilled one). */
  const entryTtl = (entry: LedgerEntry) => Math.max(entry.time + entryLifetimeMs - Date.now(), DAY_MS);

  return {
    inScope,
    append(scope, take, landed) {
      return inScope(scope, async (state) => {
        await mark(scope);
        const charges = withPlanDraws(state.months, take());
        if (charges.length === 0) return;
        const entries = charges.map(
          (charge, i): LedgerEntry => ({ ...charge, seq: state.head + 1 + i, scope }),
        );
        // Their day totals are held first: between the write and `landed`, nothing may wait.
        await holdDaysOf(store, scope, state, entries);
        await store.setMany(
          entries.map((entry) => ({ key: entryKey(scope, entry.seq), value: entry, ttl: entryTtl(entry) })),
        );
        applyEntries(state, entries);
        months.setScope(scope, state.months);
        landed(entries);
        planFlush(scope, state);
      });
    },
    months,
    seed(scope, stored) {
      if (!scopes.has(scope)) months.setScope(scope, stored);
    },
    mark: (scope) => queue.run(scope, () => mark(scope)),
    load: (scope) => inScope(scope, async () => undefined),
    reconciled: () => reconciled,
    held: () => scopes.size,
    evictIdle() {
      const idleSince = now() - idleMs;
      const keepFrom = months.keepFrom();
      for (const [scope, state] of scopes) {
        const dirty = state.tallyDirty || state.dirtyDays.size > 0;
        if (dirty || queue.depth(scope) > 0 || plans.get(scope)?.timer) continue;
        if (state.lastUsed < idleSince) {
          scopes.delete(scope);
          plans.delete(scope);
          continue;
        }
        for (const day of state.aggregates.keys()) if (day < keepFrom) state.aggregates.delete(day);
      }
      months.prune();
    },
    async flushAll() {
      coalesce = false;
      for (const plan of plans.values()) {
        clearTimeout(plan.timer);
        plan.timer = undefined;
      }
      const dirty = [...scopes].filter(([, state]) => state.tallyDirty || state.dirtyDays.size > 0);
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < dirty.length; i = next++) {
          const [scope, state] = dirty[i] as [string, ScopeState];
          await queue
            .run(scope, () => flush(scope, state))
            .catch((error: unknown) =>
              logger.error(
                { err: error, scope },
                'ledger: day totals not saved at shutdown; rebuilt at start',
              ),
            );
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    },
  };
}
