/**
 * The spend ledger: every billed request becomes exactly one entry with its cost, and per-day
 * aggregates per scope (a guild, `dm-<user>` for a user's DMs, `userinstall-…` for a member's use
 * of the app installed to their account: records.ts) are kept current from them.
 *
 * Crash safety without transactions (keyv has none): per scope, entries are numbered 1, 2, 3…
 * A charge resolves once its entry is in the store (so a charge is never lost); entries that
 * arrive together are written together, one store write per batch (entryWriter.ts). A scope's
 * tally (tally.ts) records the highest seq folded into its stored day totals (`appliedThrough`).
 * Totals are current in memory (what budgets and /usage read) and written coalesced
 * (ledgerBook.ts): a scope's changed days and its tally at most once a second, in one write that
 * the store applies all or nothing, and at close. On load, any entry after the tally's
 * `appliedThrough` is one whose totals were not written yet when the process stopped: it is
 * applied then, exactly once, because applying it writes its seq with the totals. Memory holds
 * only the scopes in use and every owned scope's recent month totals (ledgerOpen.ts,
 * monthSpend.ts); older days are read when a report asks.
 *
 * Store failures are never silent and lose nothing:
 * - a charge whose entry cannot be written is kept in memory (counted in budget checks), logged
 *   with its id and cost, and written again every `retryMs` (and before any newer charge of its
 *   scope) until the store takes it; at shutdown the ones still waiting go to a spill file beside
 *   the database (spill.ts), which the next start applies exactly once at the cost they were
 *   charged (it checks the scope's newest entries for their ids first, and drops each from the
 *   file as it lands); a charge refused after shutdown goes to the file at once;
 * - an aggregate that cannot be written stays current in memory, is logged, and is written again
 *   later (or rebuilt from the entries at the next start, as above).
 *
 * Concurrency: keyv has no atomic increment, so every write for a scope runs in that scope's
 * in-process queue; several processes on one database write only the scopes of their own shards
 * (`shards`; Discord sends a guild's events to one shard, DMs to shard 0). The operator's cap
 * reads the others' spend from the totals they publish per shard (shardSpend.ts).
 */
import type { Logger } from '../lib/logger.js';
import { allShards, ownsGuild, type ShardSet } from '../lib/shards.js';
import type { Store } from '../lib/store.js';
import { daysBetween, type LedgerEntry, type PricedRecord, type Summary, summarize } from './aggregate.js';
import { recordCostMicros } from './cost.js';
import { entryPages } from './entries.js';
import { createEntryWriter, type EntryWriter } from './entryWriter.js';
import { createLedgerBook } from './ledgerBook.js';
import { openScopes } from './ledgerOpen.js';
import type { PriceList } from './prices.js';
import { ledgerOutcome, scopeGuildId, type UsageRecord, utcDay } from './records.js';
import { dayAggregates } from './scopeState.js';
import { SCOPE_MARKER_PREFIX } from './scopes.js';
import { createShardSpend } from './shardSpend.js';
import { spilledAlreadyIn } from './spill.js';
import { createSpillKeeper, type SpillKeeper } from './spillKeeper.js';
import { copyMonth, type MonthTotals, operatorPaidMicros } from './tally.js';
import { createUserDayReads } from './userDayReads.js';

const DAY_MS = 86_400_000;

/** A charge as recorded: its entry's seq, or null while it waits for the store. */
export type Charge = PricedRecord & { readonly seq: number | null };

export interface LedgerOptions {
  /** Where charges still waiting for the store are kept when the ledger closes. */
  readonly spillPath?: string | undefined;
  /** How often charges waiting for the store are written again. */
  readonly retryMs?: number;
  /** The least time between two writes of a scope's day aggregates (default 1 s). */
  readonly aggregateMs?: number;
  /** The shards this process runs: it writes their guilds' scopes (DMs: shard 0's). Default: all. */
  readonly shards?: ShardSet;
  /** How long an entry is kept after its request (LEDGER_ENTRY_RETENTION_DAYS; default 400). */
  readonly entryRetentionDays?: number;
  /** A scope unused this long with nothing to write leaves memory (default 10 minutes). */
  readonly idleMs?: number;
  /** How often idle scopes are looked for (default 1 minute). */
  readonly evictEveryMs?: number;
  /** How often this process publishes its shards' month totals (default 10 s). */
  readonly publishMs?: number;
  readonly now?: () => number;
}

export interface Ledger {
  /**
   * Reads every owned scope's month totals (no history), loading and reconciling only the scopes
   * with entries their totals missed, then applies the charges a previous run spilled.
   */
  open(): Promise<{ scopes: number; reconciled: number }>;
  /**
   * Prices and records one billed request (its outcome one of LEDGER_OUTCOMES, records.ts):
   * resolves once its entry is in the store, or once the store refused it (seq null: it waits,
   * see above). Never throws for a store failure.
   */
  charge(record: UsageRecord): Promise<Charge>;
  /** Charges not in the store yet: being written, or waiting for the store. */
  pending(): readonly PricedRecord[];
  /** Writes what it can and spills the charges still waiting; never throws. */
  close(): Promise<void>;
  costOf(record: UsageRecord): number;
  summary(scope: string, from: string, to: string): Promise<Summary>;
  firstDay(scope: string): Promise<string | undefined>;
  /** A copy of a scope's totals of every month (tally.ts), with what plans drew. */
  monthTotals(scope: string): Promise<Map<string, MonthTotals>>;
  /** Spend from the first of `now`'s month through now. */
  monthSpendMicros(scope: string, now: number): Promise<number>;
  /** A member's spend today (`wholeMonth`: this month through today, from held day totals). */
  userDaySpendMicros(scope: string, userId: string, now: number, wholeMonth?: boolean): Promise<number>;
  /** What a member's own subscription paid today in a scope (records.ts `planDraw`). */
  userDayMemberPlanMicros(scope: string, userId: string, now: number): Promise<number>;
  /**
   * What the operator paid (not a server's own key) in every scope this month through `now`, waiting
   * charges included: the running total of the owned scopes, plus the other shards' (shardSpend.ts).
   */
  allScopesMonthSpendMicros(now: number): Promise<number>;
  /** Scopes whose full state is in memory now (idle ones are evicted). */
  heldScopes(): number;
  /** Raw entries with a time in the day range, in order. */
  entries(scope: string, from: string, to: string): Promise<LedgerEntry[]>;
  /** The same, a page at a time (exports: never the whole period in memory). */
  entryPages(scope: string, from: string, to: string): AsyncGenerator<LedgerEntry[]>;
}

export function createLedger(
  store: Store,
  prices: PriceList,
  logger: Logger,
  options: LedgerOptions = {},
): Ledger {
  const retryMs = options.retryMs ?? 5_000;
  const now = options.now ?? Date.now;
  const book = createLedgerBook(store, logger, {
    aggregateMs: options.aggregateMs,
    retryMs,
    entryLifetimeMs:
      options.entryRetentionDays === undefined ? undefined : options.entryRetentionDays * DAY_MS,
    idleMs: options.idleMs,
    now,
  });
  const spill = createSpillKeeper(options.spillPath, logger);
  const writer: EntryWriter = createEntryWriter({
    book,
    logger,
    retryMs,
    landedAfterWait: (charges) => spill.landed(charges),
    refusedAfterClose: (charge, error) => spill.add(charge, error),
  });
  /** Set when close starts. */
  let closing: Promise<void> | undefined;
  let opened: Promise<number> | undefined;
  let evictTimer: NodeJS.Timeout | undefined;
  const shards = options.shards ?? allShards(1);
  const owns = (scope: string) => ownsGuild(shards, scopeGuildId(scope));
  const shardSpend = createShardSpend({
    ...options,
    store,
    shards,
    now,
    logger,
    monthByScope: book.months.byScope,
  });

  /**
   * Reads every owned scope's month totals (once; tallies only, no history), so running totals
   * cover all of them.
   */
  function openAll(): Promise<number> {
    opened ??= openScopes(store, book, owns).catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  }

  const { unstoredMicros, reads: memberDayReads } = createUserDayReads(store, book, writer);

  const costOf = (record: UsageRecord) => recordCostMicros(prices, record);

  /** A month no longer held in memory (monthSpend.ts): every owned scope's tally, loading each. */
  async function olderMonth(month: string): Promise<number> {
    let total = 0;
    for await (const page of store.keys(SCOPE_MARKER_PREFIX))
      for (const key of page) {
        const scope = key.slice(SCOPE_MARKER_PREFIX.length);
        if (owns(scope))
          total += await book.inScope(scope, async (state) => operatorPaidMicros(state.months.get(month)));
      }
    return total;
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
    // Each one that lands leaves the file; what did not waits, and is spilled at close.
    await writer.requeue(toApply);
    const left = new Set(writer.unstored().map((charge) => charge.id));
    logger.warn(
      {
        spilled: spilled.length,
        applied: toApply.filter((charge) => !left.has(charge.id)).length,
        alreadyIn: alreadyIn.size,
      },
      'ledger: applied the charges the previous run could not write',
    );
  }

  return {
    async open() {
      const before = book.reconciled();
      const scopes = await openAll();
      await applySpill(spill);
      await shardSpend.start();
      evictTimer ??= setInterval(() => book.evictIdle(), options.evictEveryMs ?? 60_000);
      evictTimer.unref();
      return { scopes, reconciled: book.reconciled() - before };
    },
    costOf,
    async charge(usage) {
      const outcome = ledgerOutcome(usage.outcome);
      const priced: PricedRecord = { ...usage, outcome, costMicros: costOf(usage) };
      return (await writer.submit(priced)) ?? { ...priced, seq: null };
    },
    pending: () => writer.unstored(),
    close() {
      closing ??= (async () => {
        try {
          // One last try for what waits, then every day total not written yet; no timed retry may start meanwhile.
          clearInterval(evictTimer);
          writer.stopRetrying();
          await writer.retry();
          await book.flushAll();
          await shardSpend.stop();
        } catch (error) {
          logger.error({ err: error }, 'ledger: could not write everything at shutdown');
        }
        // From here a refused charge goes to the spill file at once (entryWriter.ts).
        spill.close(writer.close());
      })();
      return closing;
    },
    summary(scope, from, to) {
      return book.inScope(scope, async (state) => {
        const days = daysBetween(from, to);
        return summarize(days, await dayAggregates(store, scope, state, days, book.months.keepFrom()));
      });
    },
    firstDay(scope) {
      return book.inScope(scope, async (state) => state.firstDay);
    },
    monthTotals: (scope) =>
      book.inScope(scope, async (state) => new Map([...state.months].map(([m, t]) => [m, copyMonth(t)]))),
    monthSpendMicros(scope, at) {
      const month = utcDay(at).slice(0, 7);
      return book.inScope(
        scope,
        async (state) =>
          (state.months.get(month)?.costMicros ?? 0) + unstoredMicros(scope, (day) => day.startsWith(month)),
      );
    },
    ...memberDayReads,
    async allScopesMonthSpendMicros(at) {
      await openAll();
      const month = utcDay(at).slice(0, 7);
      let total = book.months.total(month) ?? (await olderMonth(month));
      for (const charge of writer.unstored())
        if (utcDay(charge.time).startsWith(month) && !charge.paidBy) total += charge.costMicros;
      return total + (await shardSpend.others(month));
    },
    heldScopes: () => book.held(),
    async entries(scope, from, to) {
      const out: LedgerEntry[] = [];
      for await (const page of this.entryPages(scope, from, to)) out.push(...page);
      return out;
    },
    async *entryPages(scope, from, to) {
      const ranges = await book.inScope(scope, async (state) => {
        const days = await dayAggregates(store, scope, state, daysBetween(from, to), book.months.keepFrom());
        return [...days.values()].flatMap((aggregate) =>
          aggregate.firstSeq > 0 ? [[aggregate.firstSeq, aggregate.lastSeq] as const] : [],
        );
      });
      yield* entryPages(store, scope, ranges, from, to);
    },
  };
}
