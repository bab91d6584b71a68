import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allShards, ownsGuild, parseShardIds, shardLabel, shardOfGuild } from '../../../src/lib/shards.js';

describe('shards', () => {
  it("follows Discord's formula: (guild_id >> 22) % shard_count", () => {
    // Discord's documented example: guild 197038439483310086 with 1 shard is on shard 0.
    expect(shardOfGuild('197038439483310086', 1)).toBe(0);
    expect(shardOfGuild(String((5n << 22n) | 12345n), 4)).toBe(1);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 63n) - 1n }),
        fc.integer({ min: 1, max: 5000 }),
        (id, count) => {
          const shard = shardOfGuild(String(id), count);
          expect(shard).toBe(Number((id >> 22n) % BigInt(count)));
          expect(shard).toBeGreaterThanOrEqual(0);
          expect(shard).toBeLessThan(count);
        },
      ),
    );
  });

  it('reads ids, ranges and lists, sorted and each once', () => {
    expect(parseShardIds('0-3')).toEqual([0, 1, 2, 3]);
    expect(parseShardIds('5,0-1,1,7-7')).toEqual([0, 1, 5, 7]);
    expect(() => parseShardIds('3-1')).toThrow(/not a shard id or range: 3-1/);
  });

  it('every guild and the DMs have exactly one owner among processes that split the shards', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 1, max: 16 }),
        fc.array(fc.bigInt({ min: 1n << 22n, max: (1n << 63n) - 1n }), { maxLength: 30 }),
        (count, processes, guilds) => {
          // Shards dealt round-robin to processes, as an operator splitting SHARD_IDS would.
          const sets = Array.from({ length: processes }, (_, p) => ({
            count,
            ids: allShards(count).ids.filter((id) => id % processes === p),
          }));
          for (const guild of [...guilds.map(String), null])
            expect(sets.filter((set) => ownsGuild(set, guild))).toHaveLength(1);
        },
      ),
    );
  });

  it('names a subset of shards, and nothing for all of them', () => {
    expect(shardLabel(allShards(4))).toBe('');
    expect(shardLabel({ count: 4, ids: [1, 3] })).toBe('shards-1-3-of-4');
  });
});
