/** The guilds the local Discord starts with, and their text channels (options: model.ts). */
import {
  type LocalChannel,
  type LocalDiscordOptions,
  type LocalGuild,
  snowflake,
  snowflakeOnShard,
} from './model.js';

/**
 * The guilds and their text channels (`channel-0`, `channel-1`, …, added to `channels`): one
 * guild on shard 0 by default, else `perShard` on each shard, shard by shard in turn.
 */
export function buildGuilds(
  channels: Map<string, LocalChannel>,
  shardCount: number,
  options: LocalDiscordOptions,
): LocalGuild[] {
  const perShard = options.guildsPerShard;
  const channelNames = options.channelNames ?? [];
  const channelCount = options.channelCount ?? (channelNames.length || 3);
  // One guild by default; else guildsPerShard per shard, shard by shard in turn (the first: 0).
  const shardsOfGuilds =
    perShard === undefined
      ? [0]
      : Array.from({ length: perShard * shardCount }, (_, index) => index % shardCount);
  return shardsOfGuilds.map((shard, guildIndex) => {
    const id = snowflakeOnShard(shard, shardCount);
    const channelIds = Array.from({ length: channelCount }, () => snowflake());
    const members = Array.from({ length: options.membersPerGuild ?? 0 }, (_, index) => ({
      id: snowflake(),
      username: `member${index}`,
      global_name: `Member ${index}`,
    }));
    for (const [position, channelId] of channelIds.entries()) {
      channels.set(channelId, {
        id: channelId,
        type: 0,
        parentId: null,
        ownerId: null,
        guildId: id,
        name: (guildIndex === 0 && channelNames[position]) || `channel-${position}`,
      });
    }
    return { id, channelIds, ...(members.length > 0 && { members }), shard };
  });
}
