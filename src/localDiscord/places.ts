/**
 * Places in the local Discord where the bot is not, yet a member who installed the app to their
 * account can use its commands: a group DM (channel type 3, several recipients, the bot not one
 * of them) and a server that did not add the bot (no GUILD_CREATE, no gateway event but the
 * interactions its members start there, routed to its shard as Discord routes a guild's). The bot
 * token reaches neither: channel routes answer 50001 Missing Access (userInstall.ts).
 */
import { type LocalChannel, type LocalUser, snowflake, snowflakeOnShard } from './model.js';
import type { DiscordState } from './state.js';

interface Places {
  /** Group DM channel id → its recipients. */
  readonly groupDms: Map<string, readonly LocalUser[]>;
  /** Servers without the bot, by id. */
  readonly servers: Set<string>;
}

const registry = new WeakMap<DiscordState, Places>();

function placesOf(discord: DiscordState): Places {
  let places = registry.get(discord);
  if (!places) {
    places = { groupDms: new Map(), servers: new Set() };
    registry.set(discord, places);
  }
  return places;
}

/** A group DM of `recipients` (the bot not among them), named as Discord names one: by its members. */
export function openGroupDm(
  discord: DiscordState,
  recipients: readonly LocalUser[],
  name = recipients.map((user) => user.global_name ?? user.username).join(', '),
): LocalChannel {
  const channel: LocalChannel = {
    id: snowflake(),
    type: 3,
    parentId: null,
    ownerId: recipients[0]?.id ?? null,
    guildId: null,
    name,
  };
  discord.channels.set(channel.id, channel);
  placesOf(discord).groupDms.set(channel.id, [...recipients]);
  discord.emit('change');
  return channel;
}

/**
 * A server the bot is not in, with text channels (`shard`: the one its interactions go to, of the
 * bot's recommended count; default 0).
 */
export function openServerWithoutBot(
  discord: DiscordState,
  options: { readonly channelNames?: readonly string[]; readonly shard?: number } = {},
): { readonly guildId: string; readonly channelIds: readonly string[] } {
  const guildId = snowflakeOnShard(options.shard ?? 0, discord.shardCount);
  const channelIds = (options.channelNames ?? ['general']).map((name) => {
    const channel: LocalChannel = { id: snowflake(), type: 0, parentId: null, ownerId: null, guildId, name };
    discord.channels.set(channel.id, channel);
    return channel.id;
  });
  placesOf(discord).servers.add(guildId);
  discord.emit('change');
  return { guildId, channelIds };
}

/** The recipients of a group DM, or undefined for any other channel. */
export function groupDmRecipients(
  discord: DiscordState,
  channelId: string,
): readonly LocalUser[] | undefined {
  return placesOf(discord).groupDms.get(channelId);
}

/** Whether the bot is absent from the channel: a group DM, or a channel of a server without it. */
export function botAbsent(discord: DiscordState, channelId: string): boolean {
  const places = placesOf(discord);
  const guildId = discord.channels.get(channelId)?.guildId;
  return places.groupDms.has(channelId) || (typeof guildId === 'string' && places.servers.has(guildId));
}

/** The group DMs and the channels of servers without the bot, oldest first. */
export function placeChannels(discord: DiscordState): {
  readonly groupDms: LocalChannel[];
  readonly serverChannels: LocalChannel[];
} {
  const places = placesOf(discord);
  const channels = [...discord.channels.values()];
  return {
    groupDms: channels.filter((channel) => places.groupDms.has(channel.id)),
    serverChannels: channels.filter(
      (channel) => channel.guildId !== null && places.servers.has(channel.guildId),
    ),
  };
}

/** Whether the guild is a server without the bot. */
export function serverWithoutBot(discord: DiscordState, guildId: string | null): boolean {
  return guildId !== null && placesOf(discord).servers.has(guildId);
}
