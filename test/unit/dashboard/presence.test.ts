/**
 * Where the bot is, for the dashboard, without asking Discord (presence.ts): each process
 * publishes its shards' servers, one key per shard with a lifetime and a bound, and the dashboard
 * reads the keys of the shards its admins' servers are on, each at most once per READ_MS.
 */
import { describe, expect, it } from 'vitest';
import {
  createPresence,
  guildsKey,
  MAX_PUBLISHED,
  PUBLISHED_TTL_MS,
  READ_MS,
  startGuildPublisher,
} from '../../../src/dashboard/presence.js';
import { createLogger } from '../../../src/lib/logger.js';
import { shardOfGuild } from '../../../src/lib/shards.js';
import type { Store } from '../../../src/lib/store.js';
import { freshStore } from '../../helpers/tempStore.js';

const logger = createLogger({ level: 'silent', secrets: [] });
const COUNT = 4;

/** `n` server ids on `shard` of COUNT. */
function idsOn(shard: number, n: number, from = 0): string[] {
  const ids: string[] = [];
  for (let i = from; ids.length < n; i += 1) {
    const id = (200_000_000_000_000_000n + BigInt(i) * (1n << 22n)).toString();
    if (shardOfGuild(id, COUNT) === shard) ids.push(id);
  }
  return ids;
}

/** The store, counting its reads of many keys at once. */
function counted(store: Store) {
  const reads: string[][] = [];
  const getMany = store.getMany.bind(store);
  store.getMany = ((keys: string[]) => {
    reads.push(keys);
    return getMany(keys);
  }) as Store['getMany'];
  return reads;
}

describe('each process publishing its shards', () => {
  it("writes one key per shard it runs, with that shard's servers only, living PUBLISHED_TTL_MS", async () => {
    const { store } = await freshStore();
    const mine = [...idsOn(1, 3), ...idsOn(3, 2)];
    const publisher = startGuildPublisher({
      store,
      shards: { count: COUNT, ids: [1, 3] },
      guildIds: () => mine,
      logger,
    });
    await publisher.publish();
    await publisher.stop();
    expect(await store.get(guildsKey(1, COUNT))).toEqual(idsOn(1, 3));
    expect(await store.get(guildsKey(3, COUNT))).toEqual(idsOn(3, 2));
    expect(await store.get(guildsKey(0, COUNT))).toBeUndefined();
    const raw = (await store.getRaw(guildsKey(1, COUNT))) as { expires?: number };
    expect(raw.expires).toBeGreaterThan(Date.now());
    expect(raw.expires).toBeLessThanOrEqual(Date.now() + PUBLISHED_TTL_MS);
  });

  it('keeps at most MAX_PUBLISHED ids in a key; one process running every shard writes nothing', async () => {
    const { store } = await freshStore();
    const many = idsOn(0, MAX_PUBLISHED + 10);
    const split = startGuildPublisher({
      store,
      shards: { count: COUNT, ids: [0] },
      guildIds: () => many,
      logger,
    });
    await split.publish();
    await split.stop();
    expect(await store.get(guildsKey(0, COUNT))).toEqual(many.slice(0, MAX_PUBLISHED));
    const all = startGuildPublisher({ store, shards: { count: 1, ids: [0] }, guildIds: () => many, logger });
    await all.publish();
    await all.stop();
    expect(await store.get(guildsKey(0, 1))).toBeUndefined();
  });
});

describe("the dashboard's presence", () => {
  it('answers from the cache for its own shards and from the published lists for the others', async () => {
    const { store } = await freshStore();
    const [onOne, notOnOne] = idsOn(1, 2) as [string, string];
    const [cachedHere, notHere] = idsOn(0, 2) as [string, string];
    const [ofAStoppedProcess] = idsOn(2, 1) as [string];
    await store.set(guildsKey(1, COUNT), [onOne, 'not an id']);
    const presence = createPresence({
      store,
      shards: { count: COUNT, ids: [0] },
      cached: (id) => id === cachedHere,
      now: () => Date.now(),
    });
    const asked = [onOne, notOnOne, cachedHere, notHere, ofAStoppedProcess];
    await presence.refresh(asked);
    expect(asked.map((id) => presence.has(id))).toEqual([true, false, true, false, false]);
  });

  it("reads a shard's list once per READ_MS, however many admins ask at once", async () => {
    const { store } = await freshStore();
    const reads = counted(store);
    const [first, later] = idsOn(1, 2) as [string, string];
    await store.set(guildsKey(1, COUNT), [first]);
    let now = 1_000_000;
    const presence = createPresence({
      store,
      shards: { count: COUNT, ids: [0] },
      cached: () => false,
      now: () => now,
    });
    await Promise.all([
      presence.refresh([first]),
      presence.refresh([first, later]),
      presence.refresh(idsOn(1, 9)),
    ]);
    expect(reads).toEqual([[guildsKey(1, COUNT)]]);
    // The bot joins another server of shard 1: seen once the list is read again.
    await store.set(guildsKey(1, COUNT), [first, later]);
    now += READ_MS - 1;
    await presence.refresh([later]);
    expect(presence.has(later)).toBe(false);
    now += 1;
    await presence.refresh([later]);
    expect(presence.has(later)).toBe(true);
    expect(reads).toHaveLength(2);
    // Own shards' servers never need a read.
    await presence.refresh(idsOn(0, 5));
    expect(reads).toHaveLength(2);
  });
});
