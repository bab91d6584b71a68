/**
 * Whether the bot is in a server, for the dashboard, without asking Discord (a GET /guilds/{id}
 * for a server without the bot is a 403, and Discord bans a bot for a while at 10,000 such
 * answers in 10 minutes). A server of this process's shards: its gateway cache says. Any other:
 * every bot process publishes, for each shard it runs, the ids of that shard's servers
 * (`dashboard-guilds:shard-<id>-of-<count>`, written by that process alone, every PUBLISH_MS,
 * living PUBLISHED_TTL_MS, at most MAX_PUBLISHED ids), and the dashboard reads the keys of the
 * shards its admins' servers are on, again after READ_MS. A shard whose key is missing (its process
 * not started yet, or stopped for longer than the lifetime) has none of its servers shown: the
 * dashboard fails closed. A process running every shard publishes and reads nothing.
 */

import type { Logger } from '../lib/logger.js';
import { ownsGuild, runsEveryShard, type ShardSet, shardOfGuild } from '../lib/shards.js';
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';
import { isSnowflake } from './security.js';

export const GUILDS_PREFIX = 'dashboard-guilds:';
export const guildsKey = (shard: number, count: number) => `${GUILDS_PREFIX}shard-${shard}-of-${count}`;
/** How often a process writes its shards' servers (a server the bot joins shows within this). */
export const PUBLISH_MS = 60_000;
/** How long a published list lives unless written again. */
export const PUBLISHED_TTL_MS = 10 * 60_000;

export const presenceRetention: readonly RetentionRule[] = [
  {
    what: "each shard's servers published for the dashboard",
    prefix: GUILDS_PREFIX,
    lifetime: { ms: PUBLISHED_TTL_MS, fromValueTime: false },
    why: 'written again every PUBLISH_MS while its process runs: a stopped shard shows no servers',
  },
];
/** How long the dashboard uses a shard's list before reading it again. */
export const READ_MS = 30_000;
/** Discord requires a shard per 2,500 servers: a shard's list never needs more than twice that. */
export const MAX_PUBLISHED = 5_000;

export interface Presence {
  /** From the cache or the shard's published list: whether the bot is in the guild. */
  has(guildId: string): boolean;
  /** Reads the published lists of the shards of `guildIds` this process does not run (not read lately). */
  refresh(guildIds: readonly string[]): Promise<void>;
}

/** The ids a published value holds (anything else: none). */
const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter(isSnowflake).slice(0, MAX_PUBLISHED) : [];

export function createPresence(options: {
  readonly store: Store;
  readonly shards: ShardSet;
  /** Whether this process's gateway cache holds the guild. */
  readonly cached: (guildId: string) => boolean;
  readonly now: () => number;
  readonly readMs?: number;
}): Presence {
  const { store, shards, cached, now } = options;
  const readMs = options.readMs ?? READ_MS;
  const lists = new Map<number, { at: number; ids: ReadonlySet<string> }>();
  const reading = new Map<number, Promise<void>>();
  const own = (guildId: string) => ownsGuild(shards, guildId);

  async function read(wanted: readonly number[]): Promise<void> {
    const values = await store.getMany(wanted.map((shard) => guildsKey(shard, shards.count)));
    const at = now();
    wanted.forEach((shard, i) => {
      lists.set(shard, { at, ids: new Set(idsOf(values[i])) });
    });
  }

  return {
    has: (guildId) =>
      own(guildId)
        ? cached(guildId)
        : lists.get(shardOfGuild(guildId, shards.count))?.ids.has(guildId) === true,
    async refresh(guildIds) {
      if (runsEveryShard(shards)) return;
      const at = now();
      // Lists no one asked about for a lifetime are dropped: at most one per other shard.
      for (const [shard, list] of lists) if (at - list.at >= PUBLISHED_TTL_MS) lists.delete(shard);
      const needed = new Set(
        guildIds.filter((id) => isSnowflake(id) && !own(id)).map((id) => shardOfGuild(id, shards.count)),
      );
      const stale = [...needed].filter((shard) => {
        const list = lists.get(shard);
        return !reading.has(shard) && (list === undefined || at - list.at >= readMs);
      });
      if (stale.length > 0) {
        const done = read(stale).finally(() => {
          for (const shard of stale) reading.delete(shard);
        });
        for (const shard of stale) reading.set(shard, done);
      }
      await Promise.all([...needed].map((shard) => reading.get(shard)));
    },
  };
}

export interface GuildPublisher {
  /** Writes this process's shards' servers now; never throws (a failure is logged, tried again). */
  publish(): Promise<void>;
  /** Stops publishing (the lists live out their lifetime). */
  stop(): Promise<void>;
}

/** Publishes now, then every PUBLISH_MS, the servers of each shard this process runs. */
export function startGuildPublisher(options: {
  readonly store: Store;
  readonly shards: ShardSet;
  /** The servers in this process's gateway cache. */
  readonly guildIds: () => Iterable<string>;
  readonly logger: Logger;
  readonly publishMs?: number;
}): GuildPublisher {
  const { store, shards, logger } = options;
  if (runsEveryShard(shards)) return { publish: async () => undefined, stop: async () => undefined };
  let failing = false;
  let running: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    const byShard = new Map<number, string[]>(shards.ids.map((id) => [id, []]));
    for (const id of options.guildIds()) byShard.get(shardOfGuild(id, shards.count))?.push(id);
    for (const [shard, ids] of byShard)
      await store.set(guildsKey(shard, shards.count), ids.slice(0, MAX_PUBLISHED), PUBLISHED_TTL_MS);
  }

  // One write at a time, so an older list never lands after a newer one.
  const publish = () => {
    running = running.then(write).then(
      () => {
        if (failing) logger.info('dashboard: the servers of this process are published again');
        failing = false;
      },
      (error: unknown) => {
        if (!failing)
          logger.warn(
            { err: error },
            'dashboard: could not publish the servers of this process (will retry)',
          );
        failing = true;
      },
    );
    return running;
  };
  void publish();
  const timer = setInterval(() => void publish(), options.publishMs ?? PUBLISH_MS);
  timer.unref();
  return {
    publish,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
