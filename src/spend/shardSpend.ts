/**
 * The month spend of each shard, published by the process that runs it, for the operator's
 * monthly cap when processes split the shards of one bot. Each process writes one key per shard
 * it runs (`spend-month:<YYYY-MM>:shard-<id>-of-<count>`, no one else writes it) with the running
 * total of that shard's scopes (a guild's, user installs in it; DMs and other user installs:
 * shard 0), and reads the others' keys: a few keys, whatever the number of guilds. A key missing
 * means its process has not started yet; a layout with another shard count has its own keys.
 */

import type { Logger } from '../lib/logger.js';
import { runsEveryShard, type ShardSet, shardOfGuild } from '../lib/shards.js';
import type { Store } from '../lib/store.js';
import { scopeGuildId, utcDay } from './records.js';

export const shardSpendKey = (month: string, shard: number, count: number) =>
  `spend-month:${month}:shard-${shard}-of-${count}`;

export const shardOfScope = (scope: string, count: number) => {
  const guildId = scopeGuildId(scope);
  return guildId === null ? 0 : shardOfGuild(guildId, count);
};

export interface ShardSpend {
  /** Writes the month totals of this process's shards (those changed since the last write); never throws. */
  publish(): Promise<void>;
  /** Publishes now, then every `publishMs` until `stop`. */
  start(): Promise<void>;
  /** Stops publishing, after a last write. */
  stop(): Promise<void>;
  /** The month spend of the shards other processes run, as last published (reused for `readMs`). */
  others(month: string): Promise<number>;
}

export interface ShardSpendOptions {
  readonly store: Store;
  readonly shards: ShardSet;
  /** This process's month spend per scope (the ledger's running totals). */
  readonly monthByScope: (month: string) => ReadonlyMap<string, number>;
  readonly logger: Logger;
  readonly now: () => number;
  readonly publishMs?: number | undefined;
  readonly readMs?: number | undefined;
}

export function createShardSpend(options: ShardSpendOptions): ShardSpend {
  const { store, shards, now, logger } = options;
  if (runsEveryShard(shards)) {
    const nothing = async () => undefined;
    return { publish: nothing, start: nothing, stop: nothing, others: async () => 0 };
  }
  const readMs = options.readMs ?? 5_000;
  const written = new Map<string, number>();
  const otherIds = Array.from({ length: shards.count }, (_, id) => id).filter(
    (id) => !shards.ids.includes(id),
  );
  let timer: NodeJS.Timeout | undefined;
  let last: { month: string; at: number; micros: Promise<number> } | undefined;

  async function write(month: string): Promise<void> {
    const totals = new Map(shards.ids.map((id) => [id, 0]));
    for (const [scope, micros] of options.monthByScope(month)) {
      const shard = shardOfScope(scope, shards.count);
      totals.set(shard, (totals.get(shard) ?? 0) + micros);
    }
    for (const [shard, micros] of totals) {
      const key = shardSpendKey(month, shard, shards.count);
      if (written.get(key) === micros) continue;
      await store.set(key, micros);
      written.set(key, micros);
    }
  }

  const spend: ShardSpend = {
    async publish() {
      try {
        await write(utcDay(now()).slice(0, 7));
      } catch (error) {
        logger.warn({ err: error }, 'ledger: could not publish the month spend per shard; tried again soon');
      }
    },
    async start() {
      await spend.publish();
      timer ??= setInterval(() => void spend.publish(), options.publishMs ?? 10_000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await spend.publish();
    },
    others(month) {
      if (last && last.month === month && now() - last.at < readMs) return last.micros;
      const read = store
        .getMany(otherIds.map((id) => shardSpendKey(month, id, shards.count)))
        .then((values) =>
          values.reduce<number>((sum, value) => sum + (typeof value === 'number' ? value : 0), 0),
        );
      last = { month, at: now(), micros: read };
      // A failed read is not reused: the next check reads again.
      read.catch(() => {
        if (last?.micros === read) last = undefined;
      });
      return read;
    },
  };
  return spend;
}
