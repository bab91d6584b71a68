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
 * Concurrency: keyv has no atomic increment, so every write for a scope runs in that scope's
 * in-process queue. This is correct when sharded because Discord delivers a guild's events to
 * exactly one shard and all shards of this bot run in this one process: no other process ever
 * writes the same scope. (Running several processes against one database would break this.)
 */
import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from '../lib/store.js';
import type { ChatModel } from '../service/models.js';
import type { ImageSize } from '../service/types.js';
import {
  applyEntry,
  type DayAggregate,
  daysBetween,
  emptyDay,
  type LedgerEntry,
  type Summary,
  summarize,
} from './aggregate.js';
import { chatCostMicros, imageCostMicros } from './cost.js';
import type { PriceList } from './prices.js';
import { type UsageRecord, usageScope, utcDay } from './records.js';

export interface Ledger {
  /** Loads every known scope, applying entries whose aggregate update was lost. */
  open(): Promise<{ scopes: number; reconciled: number }>;
  /** Prices and records one billed request. */
  charge(record: UsageRecord): Promise<LedgerEntry>;
  costOf(record: UsageRecord): number;
  summary(scope: string, from: string, to: string): Promise<Summary>;
  /** The first day with spend, if any. */
  firstDay(scope: string): Promise<string | undefined>;
  /** Spend from the first of `now`'s month through now. */
  monthSpendMicros(scope: string, now: number): Promise<number>;
  userDaySpendMicros(scope: string, userId: string, now: number): Promise<number>;
  /** Raw entries with a time in the day range, in order. */
  entries(scope: string, from: string, to: string): Promise<LedgerEntry[]>;
}

interface ScopeState {
  head: number;
  days: string[];
  readonly aggregates: Map<string, DayAggregate>;
}

const SCOPES_KEY = 'ledger:scopes';
const daysKey = (scope: string) => `ledger:${scope}:days`;
const dayKey = (scope: string, day: string) => `ledger:${scope}:day:${day}`;
const entryKey = (scope: string, seq: number) => `ledger:${scope}:entry:${seq}`;

export function createLedger(store: Store, prices: PriceList, logger: Logger): Ledger {
  const queue = createKeyedQueue();
  const scopes = new Map<string, ScopeState>();
  let knownScopes: Set<string> | undefined;
  let reconciled = 0;

  async function scopeList(): Promise<Set<string>> {
    knownScopes ??= new Set(((await store.get(SCOPES_KEY)) as string[] | undefined) ?? []);
    return knownScopes;
  }

  async function persistApply(scope: string, state: ScopeState, entry: LedgerEntry): Promise<void> {
    const day = utcDay(entry.time);
    let aggregate = state.aggregates.get(day);
    if (!aggregate) {
      aggregate = emptyDay(day);
      state.aggregates.set(day, aggregate);
      state.days = [...state.days, day].sort();
      await store.set(daysKey(scope), state.days);
    }
    applyEntry(aggregate, entry);
    await store.set(dayKey(scope, day), aggregate);
  }

  /** Loads a scope (inside its queue): aggregates, then any entry they have not folded in. */
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
    const state: ScopeState = { head: 0, days, aggregates };
    let applied = 0;
    for (const aggregate of aggregates.values()) applied = Math.max(applied, aggregate.appliedThrough);
    state.head = applied;
    for (;;) {
      const orphan = (await store.get(entryKey(scope, state.head + 1))) as LedgerEntry | undefined;
      if (!orphan) break;
      logger.warn({ scope, seq: orphan.seq }, 'ledger: applying an entry whose aggregate update was lost');
      state.head = orphan.seq;
      await persistApply(scope, state, orphan);
      reconciled += 1;
    }
    scopes.set(scope, state);
    return state;
  }

  const inScope = <T>(scope: string, task: (state: ScopeState) => Promise<T>) =>
    queue.run(scope, async () => task(await load(scope)));

  function costOf(record: UsageRecord): number {
    return record.kind === 'chat'
      ? chatCostMicros(prices, record.model as ChatModel, record.inputTokens, record.outputTokens)
      : imageCostMicros(prices, record.size as ImageSize, record.n);
  }

  return {
    async open() {
      const list = await scopeList();
      const before = reconciled;
      await Promise.all([...list].map((scope) => inScope(scope, async () => undefined)));
      return { scopes: list.size, reconciled: reconciled - before };
    },
    costOf,
    charge(record) {
      const scope = usageScope(record);
      return inScope(scope, async (state) => {
        const list = await scopeList();
        if (!list.has(scope)) {
          list.add(scope);
          await store.set(SCOPES_KEY, [...list]);
        }
        const entry: LedgerEntry = { ...record, seq: state.head + 1, scope, costMicros: costOf(record) };
        await store.set(entryKey(scope, entry.seq), entry);
        state.head = entry.seq;
        await persistApply(scope, state, entry);
        return entry;
      });
    },
    summary(scope, from, to) {
      return inScope(scope, async (state) => summarize(daysBetween(from, to), state.aggregates));
    },
    firstDay(scope) {
      return inScope(scope, async (state) => state.days[0]);
    },
    monthSpendMicros(scope, now) {
      const month = utcDay(now).slice(0, 7);
      return inScope(scope, async (state) => {
        let total = 0;
        for (const [day, aggregate] of state.aggregates)
          if (day.startsWith(month)) total += aggregate.costMicros;
        return total;
      });
    },
    userDaySpendMicros(scope, userId, now) {
      return inScope(
        scope,
        async (state) => state.aggregates.get(utcDay(now))?.byUser[userId]?.costMicros ?? 0,
      );
    },
    async entries(scope, from, to) {
      const ranges = await inScope(scope, async (state) =>
        daysBetween(from, to).flatMap((day) => {
          const aggregate = state.aggregates.get(day);
          return aggregate && aggregate.firstSeq > 0
            ? [[aggregate.firstSeq, aggregate.lastSeq] as const]
            : [];
        }),
      );
      const seqs = [
        ...new Set(
          ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)),
        ),
      ].sort((a, b) => a - b);
      const out: LedgerEntry[] = [];
      for (let i = 0; i < seqs.length; i += 500) {
        const batch = seqs.slice(i, i + 500);
        const found = (await store.getMany(batch.map((seq) => entryKey(scope, seq)))) as (
          | LedgerEntry
          | undefined
        )[];
        for (const entry of found) {
          const day = entry ? utcDay(entry.time) : '';
          if (entry && day >= from && day <= to) out.push(entry);
        }
      }
      return out;
    },
  };
}
