/**
 * What a member spent today on what is billed to them rather than to a server: their DMs with
 * the bot and the app installed to their account (records.ts), in every place they use it. One
 * daily cap (DM_DAILY_CAP_PER_USER) covers all of it, however many servers they are in.
 *
 * Those scopes are written by different processes: DMs, group DMs and DMs between users by shard
 * 0's, a user install in a server that did not add the bot by that server's shard's. So, per
 * member and UTC day, each process keeps one record for each shard it runs, which it alone writes
 * (`member-day:<day>:<user>:shard-<id>-of-<count>`, two days' lifetime): which of the member's
 * scopes it billed that day (so it finds them again after a restart) and, for the others, what
 * they cost with reservations in flight. A check adds this process's scopes, read from its own
 * ledger and holds, to the other shards' records read that moment: a check and a grant in two
 * processes at the same instant can each miss the other's, so the cap may be passed by at most
 * one request's estimate per other process.
 */

import { createRecent } from '../lib/recent.js';
import { runsEveryShard, type ShardSet } from '../lib/shards.js';
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';
import type { Ledger } from './ledger.js';
import { utcDay } from './records.js';
import { shardOfScope } from './shardSpend.js';

const DAY_MS = 86_400_000;
/** Records outlive their day by one, for a check just after midnight UTC. */
export const MEMBER_DAY_TTL_MS = 2 * DAY_MS;
/**
 * A published reservation older than this is taken to be a process that died holding it: a
 * request ends well within it (REPLY_MAX_DURATION_MS defaults to 10 minutes), and its process
 * publishes again when it does.
 */
export const STALE_HOLD_MS = 60 * 60_000;
/** This process's own records kept in memory (each a few scope names): the rest are read again. */
export const MEMBER_DAYS_CACHED = 10_000;

export const MEMBER_DAY_PREFIX = 'member-day:';
export const memberDayKey = (day: string, userId: string, shard: number, count: number) =>
  `${MEMBER_DAY_PREFIX}${day}:${userId}:shard-${shard}-of-${count}`;

export const memberDayRetention: readonly RetentionRule[] = [
  {
    what: "members' day spend per shard",
    prefix: MEMBER_DAY_PREFIX,
    lifetime: { ms: MEMBER_DAY_TTL_MS, fromValueTime: false },
    why: 'the daily cap reads only today (and yesterday, just after midnight UTC)',
  },
];

export interface MemberDayRecord {
  readonly scopes: readonly string[];
  readonly spentMicros: number;
  readonly pendingMicros: number;
  /** When it was written (ms since the epoch). */
  readonly at: number;
}

export interface MemberDayUse {
  readonly spentMicros: number;
  readonly pendingMicros: number;
}

export interface MemberDaySpend {
  /** The member's spend today over every scope billed to them, with reservations in flight. */
  used(userId: string, scope: string, now: number): Promise<MemberDayUse>;
  /** Notes `scope` as billed to the member today and writes its shard's record (throws if the store does). */
  publish(userId: string, scope: string, now: number): Promise<void>;
}

export interface MemberDayOptions {
  readonly store: Store;
  readonly ledger: Pick<Ledger, 'userDaySpendMicros'>;
  readonly shards: ShardSet;
  /** This process's reservations in flight for a member in a scope. */
  readonly pendingOf: (scope: string, userId: string) => number;
  /** The records' key prefix (default MEMBER_DAY_PREFIX; paid plans keep their own: planGate.ts). */
  readonly prefix?: string;
}

const isRecord = (value: unknown): value is MemberDayRecord =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as MemberDayRecord).scopes) &&
  typeof (value as MemberDayRecord).spentMicros === 'number' &&
  typeof (value as MemberDayRecord).pendingMicros === 'number';

export function createMemberDaySpend(options: MemberDayOptions): MemberDaySpend {
  const { store, ledger, shards, pendingOf } = options;
  const prefix = options.prefix ?? MEMBER_DAY_PREFIX;
  const keyOf = (day: string, userId: string, shard: number, count: number) =>
    `${prefix}${memberDayKey(day, userId, shard, count).slice(MEMBER_DAY_PREFIX.length)}`;
  const own = createRecent<readonly string[]>({
    maxEntries: MEMBER_DAYS_CACHED,
    maxSize: Number.POSITIVE_INFINITY,
    maxAgeMs: DAY_MS,
  });
  const otherShards = Array.from({ length: shards.count }, (_, id) => id).filter(
    (id) => !shards.ids.includes(id),
  );

  /** The member's scopes on this process's shards today, as its records hold them. */
  async function ownScopes(day: string, userId: string): Promise<Map<number, readonly string[]>> {
    const keys = shards.ids.map((shard) => keyOf(day, userId, shard, shards.count));
    const missing = keys.filter((key) => own.get(key) === undefined);
    if (missing.length > 0) {
      const values = await store.getMany(missing);
      missing.forEach((key, i) => {
        const value = values[i];
        own.set(key, isRecord(value) ? value.scopes : [], 1);
      });
    }
    return new Map(shards.ids.map((shard, i) => [shard, own.get(keys[i] as string) ?? []]));
  }

  async function costOf(scopes: Iterable<string>, userId: string, now: number): Promise<MemberDayUse> {
    let spentMicros = 0;
    let pendingMicros = 0;
    for (const scope of scopes) {
      spentMicros += await ledger.userDaySpendMicros(scope, userId, now);
      pendingMicros += pendingOf(scope, userId);
    }
    return { spentMicros, pendingMicros };
  }

  async function othersUse(day: string, userId: string, now: number): Promise<MemberDayUse> {
    if (runsEveryShard(shards) || otherShards.length === 0) return { spentMicros: 0, pendingMicros: 0 };
    const values = await store.getMany(otherShards.map((shard) => keyOf(day, userId, shard, shards.count)));
    let spentMicros = 0;
    let pendingMicros = 0;
    for (const value of values) {
      if (!isRecord(value)) continue;
      spentMicros += value.spentMicros;
      if (now - value.at < STALE_HOLD_MS) pendingMicros += value.pendingMicros;
    }
    return { spentMicros, pendingMicros };
  }

  return {
    async used(userId, scope, now) {
      const day = utcDay(now);
      const scopes = new Set([...(await ownScopes(day, userId)).values()].flat());
      scopes.add(scope);
      const mine = await costOf(scopes, userId, now);
      const others = await othersUse(day, userId, now);
      return {
        spentMicros: mine.spentMicros + others.spentMicros,
        pendingMicros: mine.pendingMicros + others.pendingMicros,
      };
    },
    async publish(userId, scope, now) {
      const day = utcDay(now);
      const shard = shardOfScope(scope, shards.count);
      // Another process's shard: its record is that process's alone (and its requests come to it).
      if (!shards.ids.includes(shard)) return;
      const listed = (await ownScopes(day, userId)).get(shard) ?? [];
      const scopes = listed.includes(scope) ? listed : [...listed, scope];
      const use = await costOf(scopes, userId, now);
      const key = keyOf(day, userId, shard, shards.count);
      const record: MemberDayRecord = { scopes, ...use, at: now };
      await store.set(key, record, MEMBER_DAY_TTL_MS);
      own.set(key, scopes, 1);
    },
  };
}
