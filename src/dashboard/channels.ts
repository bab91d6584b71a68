/**
 * A server's channels where the bot can be told to answer, for the dashboard's channel list:
 * the kinds `/config channels` accepts except threads (a thread follows its parent channel),
 * from this process's gateway cache, in the server's order. Empty when this process does not
 * hold the server (another shard's process): the page then says so.
 */
import { ChannelType, type Client } from 'discord.js';

const LISTED: ReadonlySet<ChannelType> = new Set([
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
  ChannelType.GuildVoice,
  ChannelType.GuildForum,
]);

export function guildChannels(client: Client, guildId: string): { id: string; name: string }[] {
  const guild = client.guilds.cache.get(guildId);
  if (!guild) return [];
  return [...guild.channels.cache.values()]
    .filter((channel) => LISTED.has(channel.type))
    .sort((a, b) => ('rawPosition' in a && 'rawPosition' in b ? a.rawPosition - b.rawPosition : 0))
    .map((channel) => ({ id: channel.id, name: channel.name }));
}
