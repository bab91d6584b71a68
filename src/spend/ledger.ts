/**
 * The spend ledger: every billed request becomes exactly one entry with its cost, and per-day
 * aggregates per scope (a guild, or `dm-<user>` for a user's DMs) are kept current from them.
 *
 * Crash safety without transactions (keyv has none): per scope, entries are numbered 1, 2, 3…
 * The entry is written first (so a charge is never lost), then its day's aggregate, which also
 * records the highest seq it has folded in (`appliedThrough`), in one key write. On load, any
 * entry after the highest `appliedThrough` is an entry whose aggregate update was lost: it is
 * applied then, exactly once, because applying it writes its seq with the aggregate.
 *
 * Store failures are never silent and lose nothing:
 * - a charge whose entry cannot be written is kept in memory (counted in budget checks), logged
 *   with its id, and written again every `retryMs` until the store takes it; at shutdown the ones
 *   still waiting go to a spill file beside the database (spill.ts), which the next start applies
 *   exactly once at the cost they were charged (it checks the scope's newest entries for their ids
 *   first, and drops each from the file as it lands); a charge refused after shutdown goes to the
 *   file at once;
 * - an aggregate that cannot be written stays current in memory and is written before anything
 *   newer of its scope, oldest first, so the reconciliation above still finds what it missed.
 *
 * Concurrency: keyv has no atomic increment, so every write for a scope runs in that scope's
 * in-process queue; several processes on one database write only the scopes of their own shards
 * (`shards`; Discord sends a guild's events to one shard, DMs to shard 0). The operator's cap
 * reads the others' spend from the totals they publish per shard (shardSpend.ts).
 */
import { allShards, ownsGuild, type ShardSet } from '../discord/shards.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from '../lib/store.js';
import { daysBetween, type LedgerEntry, type PricedRecord, type Summary, summarize } from './aggregate.js';
import { recordCostMicros } from './cost.js';
import { readEntries } from './entries.js';
import { createLedgerBook } from './ledgerBook.js';
import { isDmScope } from './monthReport.js';
import type { PriceList } from './prices.js';
import { type UsageRecord, usageScope, utcDay } from './records.js';
import { createShardSpend } from './shardSpend.js';
import { spilledAlreadyIn } from './spill.js';
import { createSpillKeeper, type SpillKeeper } from './spillKeeper.js';

/** A charge as recorded: its entry's seq, or null while it waits for the store. */
export type Charge = PricedRecord & { readonly seq: number | null };

export interface LedgerOptions {
  /** Where charges still waiting for the store are kept when the ledger closes. */
  readonly spillPath?: string | undefined;
  /** How often charges waiting for the store are written again. */
  readonly retryMs?: number;
  /**
   * The shards this process runs: it writes the scopes of their guilds (DMs: shard 0's). Default:
   * every shard, in this one process.
   */
  readonly shards?: ShardSet;
  /** How often this process publishes its shards' month totals (default 10 s). */
  readonly publishMs?: number;
  readonly now?: () => number;
}

export interface Ledger {
  /**
   * Loads every known scope this process owns, applying entries whose aggregate update was lost,
   * then the charges a previous run spilled.
   */
  open(): Promise<{ scopes: number; reconciled: number }>;
  /** Prices and records one billed request. Never throws for a store failure (see above). */
  charge(record: UsageRecord): Promise<Charge>;
  /** Charges waiting for the store. */
  pending(): readonly PricedRecord[];
  /** Writes what it can, and spills the charges still waiting. Never throws. */
  close(): Promise<void>;
  costOf(record: UsageRecord): number;
  summary(scope: string, from: string, to: string): Promise<Summary>;
  /** The first day with spend, if any. */
  firstDay(scope: string): Promise<string | undefined>;
  /** Spend from the first of `now`'s month through now. */
  monthSpendMicros(scope: string, now: number): Promise<number>;
  userDaySpendMicros(scope: string, userId: string, now: number): Promise<number>;
  /**
   * Spend of every scope (all guilds and DMs) from the first of `now`'s month through now,
   * waiting charges included: a running total of the scopes this process owns (every one loaded
   * first, once), plus the other processes' shards as they last published them (shardSpend.ts).
   */
  allScopesMonthSpendMicros(now: number): Promise<number>;
  /** Raw entries with a time in the day range, in order. */
  entries(scope: string, from: string, to: string): Promise<LedgerEntry[]>;
}

export function createLedger(
  store: Store,
  prices: PriceList,
  logger: Logger,
  options: LedgerOptions = {},
): Ledger {
  const book = createLedgerBook(store, logger);
  const spill = createSpillKeeper(options.spillPath, logger);
  const waiting: PricedRecord[] = [];
  /** Set when close starts; `closed` once it has spilled what was waiting. */
  let closing: Promise<void> | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retrying: Promise<void> | undefined;
  const retryMs = options.retryMs ?? 5_000;
  let allLoaded: Promise<void> | undefined;
  const shards = options.shards ?? allShards(1);
  const owns = (scope: string) => ownsGuild(shards, isDmScope(scope) ? null : scope);
  const now = options.now ?? Date.now;
  const shardSpend = createShardSpend({
    ...options,
    store,
    shards,
    now,
    logger,
    monthByScope: book.monthByScope,
  });

  /**
   * Loads every scope of this process the store knows of (once), so running totals cover all of
   * them; scopes of the legacy list get their marker.
   */
  function loadAll(): Promise<void> {
    allLoaded ??= book
      .scopeList()
      .then((list) => book.loadEach([...list].filter(owns)))
      .then(
        () => undefined,
        (error: unknown) => {
          allLoaded = undefined;
          throw error;
        },
      );
    return allLoaded;
  }

  /** Spend of charges still waiting for the store: budgets count them as spent. */
  function waitingMicros(scope: string, onDay: (day: string) => boolean, userId?: string): number {
    let total = 0;
    for (const charge of waiting) {
      if (usageScope(charge) !== scope || !onDay(utcDay(charge.time))) continue;
      if (userId === undefined || charge.userId === userId) total += charge.costMicros;
    }
    return total;
  }

  const costOf = (record: UsageRecord) => recordCostMicros(prices, record);

  function scheduleRetry(): void {
    if (retryTimer || waiting.length === 0 || closing) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void retryWaiting().finally(scheduleRetry);
    }, retryMs);
    retryTimer.unref();
  }

  /** Writes the waiting charges, oldest first, until the store refuses one; one pass at a time. */
  function retryWaiting(): Promise<void> {
    retrying ??= writeWaiting().finally(() => {
      retrying = undefined;
    });
    return retrying;
  }

  async function writeWaiting(): Promise<void> {
    while (waiting.length > 0) {
      const next = waiting[0] as PricedRecord;
      try {
        await book.record(next);
      } catch (error) {
        logger.error(
          { err: error, waiting: waiting.length, entryIds: waiting.slice(0, 20).map((entry) => entry.id) },
          'ledger: the store still refuses charges; they are kept and tried again',
        );
        return;
      }
      waiting.shift();
      spill.landed(next);
      logger.info({ entryId: next.id, scope: usageScope(next) }, 'ledger: a waiting charge was recorded');
    }
  }

  /** Applies a previous run's spilled charges, skipping any that already reached the store. */
  async function applySpill(keeper: SpillKeeper): Promise<void> {
    const spilled = keeper.read();
    const alreadyIn = await spilledAlreadyIn(store, spilled, (scope) =>
      book.inScope(scope, async (state) => state.head),
    );
    // A close meanwhile kept the file's charges in it, for the next start.
    if (closing) return;
    const toApply = spilled.filter((charge) => !alreadyIn.has(charge.id));
    keeper.taken(toApply);
    if (spilled.length === 0) return;
    waiting.push(...toApply);
    // Each one that lands leaves the file; what did not stays waiting, and is spilled at close.
    await retryWaiting();
    logger.warn(
      { spilled: spilled.length, applied: toApply.length - waiting.length, alreadyIn: alreadyIn.size },
      'ledger: applied the charges the previous run could not write',
    );
    scheduleRetry();
  }

  return {
    async open() {
      const list = await book.scopeList();
      const before = book.reconciled();
      await loadAll();
      await applySpill(spill);
      await shardSpend.start();
      return { scopes: [...list].filter(owns).length, reconciled: book.reconciled() - before };
    },
    costOf,
    async charge(usage) {
      const priced: PricedRecord = { ...usage, costMicros: costOf(usage) };
      // Charges already waiting go first: the store takes them in order once it is back. After
      // close they are in the spill file, and are not written again.
      if (waiting.length > 0 && !closed) await retryWaiting();
      if (waiting.length === 0 || closed) {
        try {
          return await book.record(priced);
        } catch (error) {
          // After close, a refused charge goes to the spill file at once.
          if (closed) {
            spill.add(priced, error);
            return { ...priced, seq: null };
          }
          logger.error(
            { err: error, entryId: priced.id, scope: usageScope(priced), costMicros: priced.costMicros },
            'ledger: could not record a charge; it is kept and written again until the store takes it',
          );
        }
      } else {
        logger.error(
          { entryId: priced.id, scope: usageScope(priced), costMicros: priced.costMicros },
          'ledger: the store is refusing charges; this one waits with the others',
        );
      }
      waiting.push(priced);
      scheduleRetry();
      return { ...priced, seq: null };
    },
    pending: () => waiting,
    close() {
      closing ??= (async () => {
        clearTimeout(retryTimer);
        retryTimer = undefined;
        try {
          await retryWaiting();
          await book.flushAll();
          await shardSpend.stop();
        } catch (error) {
          logger.error({ err: error }, 'ledger: could not write everything at shutdown');
        }
        closed = true;
        spill.close(waiting);
      })();
      return closing;
    },
    summary(scope, from, to) {
      return book.inScope(scope, async (state) => summarize(daysBetween(from, to), state.aggregates));
    },
    firstDay(scope) {
      return book.inScope(scope, async (state) => state.days[0]);
    },
    monthSpendMicros(scope, now) {
      const month = utcDay(now).slice(0, 7);
      return book.inScope(scope, async (state) => {
        let total = waitingMicros(scope, (day) => day.startsWith(month));
        for (const [day, aggregate] of state.aggregates)
          if (day.startsWith(month)) total += aggregate.costMicros;
        return total;
      });
    },
    userDaySpendMicros(scope, userId, now) {
      const today = utcDay(now);
      return book.inScope(
        scope,
        async (state) =>
          (state.aggregates.get(today)?.byUser[userId]?.costMicros ?? 0) +
          waitingMicros(scope, (day) => day === today, userId),
      );
    },
    async allScopesMonthSpendMicros(at) {
      await loadAll();
      const month = utcDay(at).slice(0, 7);
      let total = book.monthTotal(month);
      for (const charge of waiting) if (utcDay(charge.time).startsWith(month)) total += charge.costMicros;
      return total + (await shardSpend.others(month));
    },
    async entries(scope, from, to) {
      const ranges = await book.inScope(scope, async (state) =>
        daysBetween(from, to).flatMap((day) => {
          const aggregate = state.aggregates.get(day);
          return aggregate && aggregate.firstSeq > 0
            ? [[aggregate.firstSeq, aggregate.lastSeq] as const]
            : [];
        }),
      );
      return readEntries(store, scope, ranges, from, to);
    },
  };
}
