/**
 * Discord's gateway sharding, as pure rules: which shard a guild's events arrive on, which
 * shards this process runs, and so which guilds' state (conversations, settings, ledger,
 * budgets) it alone may write. DMs arrive on shard 0.
 */

/** `0-3,6` → [0, 1, 2, 3, 6]: sorted, each once. */
export function parseShardIds(text: string): number[] {
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to = from] = part.split('-').map((value) => Number(value.trim()));
    if (
      from === undefined ||
      to === undefined ||
      !Number.isInteger(from) ||
      !Number.isInteger(to) ||
      to < from
    )
      throw new Error(`not a shard id or range: ${part}`);
    for (let id = from; id <= to; id += 1) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** What is wrong with SHARD_IDS for this SHARD_COUNT, if anything. */
export function shardIdsProblem(
  count: number | 'auto',
  ids: readonly number[] | undefined,
): string | undefined {
  if (ids === undefined) return undefined;
  if (count === 'auto')
    return 'SHARD_IDS needs SHARD_COUNT set to a number: the processes split one shard count';
  if (ids.some((id) => id >= count))
    return `SHARD_IDS must be below SHARD_COUNT (${count}): shard ids run from 0 to ${count - 1}`;
  return undefined;
}

/** Discord's formula: `(guild_id >> 22) % shard_count`. */
export function shardOfGuild(guildId: string, shardCount: number): number {
  if (shardCount === 1) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** The shards one process runs, out of the bot's total. */
/** SHARD_COUNT (`auto`: the count Discord recommends, fetched at start) and SHARD_IDS (undefined: every one). */
export interface ShardSetting {
  readonly count: number | 'auto';
  readonly ids: readonly number[] | undefined;
}

export interface ShardSet {
  readonly count: number;
  readonly ids: readonly number[];
}

/** Every shard of the bot, in this one process. */
export const allShards = (count: number): ShardSet => ({
  count,
  ids: Array.from({ length: count }, (_, i) => i),
});

export const runsEveryShard = (shards: ShardSet) => shards.ids.length === shards.count;

/**
 * `shards-0-2-of-4` for a process running shards 0 and 2 of 4; '' for one running all of them
 * (which owns every guild whatever the count). Names what a process owns, e.g. its spill file.
 */
export const shardLabel = (shards: ShardSet) =>
  runsEveryShard(shards) ? '' : `shards-${shards.ids.join('-')}-of-${shards.count}`;

/**
 * Whether this process owns a guild (by id), or the DMs (null): Discord sends their events
 * here, so only it writes their state.
 */
export function ownsGuild(shards: ShardSet, guildId: string | null): boolean {
  return shards.ids.includes(guildId === null ? 0 : shardOfGuild(guildId, shards.count));
}
