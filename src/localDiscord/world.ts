/**
 * Reading the local Discord's world: who and where things are (guild of a channel, users, the
 * bot's permissions) and the JSON shapes Discord sends for channels, members, users, guilds and
 * messages, with the refusals (50001, 50013) Discord gives for missing permissions.
 */

import { isV2 } from './componentRules.js';
import { guildResource } from './guildJson.js';
import {
  EVERYONE_PERMISSIONS,
  type LocalGuild,
  type LocalMessage,
  type LocalUser,
  MISSING_ACCESS,
  MISSING_PERMISSIONS,
  PERMISSIONS,
  snowflake,
} from './model.js';
import { fixedIds } from './roles.js';
import type { DiscordState } from './state.js';

/** The guild a channel is in (null for the DM channel; the first guild for unknown ids). */
export function guildOf(discord: DiscordState, channelId: string): string | null {
  const channel = discord.channels.get(channelId);
  return channel ? channel.guildId : discord.guildId;
}

/** The gateway intents of the latest identify. */
export function intents(discord: DiscordState): number {
  return Number(discord.identifies.at(-1)?.intents ?? 0);
}

export function user(discord: DiscordState, username: string, globalName: string | null = null): LocalUser {
  const user = { id: snowflake(), username, global_name: globalName };
  discord.members.set(user.id, user);
  return user;
}

// ---- Gateway -------------------------------------------------------------------------------

/** The bot's permissions in a guild channel (a thread: its parent's). */
export function botPermissions(discord: DiscordState, channelId: string): bigint {
  const channel = discord.channels.get(channelId);
  const governing = channel?.type === 11 && channel.parentId ? channel.parentId : channelId;
  return EVERYONE_PERMISSIONS & ~(discord.withheld.get(governing) ?? 0n);
}

export function overwritesJson(discord: DiscordState, channelId: string): Record<string, unknown>[] {
  const deny = discord.withheld.get(channelId);
  return deny ? [{ id: discord.botUser.id, type: 1, allow: '0', deny: String(deny) }] : [];
}

/** What posting in the channel needs: Send Messages (in a thread, Send Messages in Threads). */
export function sendPermission(discord: DiscordState, channelId: string): bigint {
  return discord.channels.get(channelId)?.type === 11
    ? PERMISSIONS.sendMessagesInThreads
    : PERMISSIONS.sendMessages;
}

/** A guild member without roles (its user and permissions are added where Discord sends them). */
export function memberJson(nick: string | null | undefined): Record<string, unknown> {
  return {
    nick: nick ?? null,
    roles: [],
    joined_at: new Date().toISOString(),
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    premium_since: null,
    avatar: null,
  };
}

export function apiUser(user: LocalUser): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    global_name: user.global_name,
    discriminator: '0',
    avatar: null,
  };
}

/** Messages in a channel, oldest first (deleted ones left out). */
export function channelMessages(discord: DiscordState, channelId: string): LocalMessage[] {
  return [...discord.messages.values()].filter(
    (message) => message.channelId === channelId && !message.deleted,
  );
}

export function mentionsPing(content: string, allowed: unknown): boolean {
  const parse: string[] =
    allowed && typeof allowed === 'object' && Array.isArray((allowed as { parse?: unknown }).parse)
      ? ((allowed as { parse: string[] }).parse ?? [])
      : allowed
        ? []
        : ['everyone', 'users', 'roles'];
  const listed = (key: string) =>
    allowed && typeof allowed === 'object' && Array.isArray((allowed as Record<string, unknown>)[key])
      ? ((allowed as Record<string, unknown[]>)[key] as unknown[]).length > 0
      : false;
  if (/@(everyone|here)/.test(content) && parse.includes('everyone')) return true;
  if (/<@!?\d+>/.test(content) && (parse.includes('users') || listed('users'))) return true;
  if (/<@&\d+>/.test(content) && (parse.includes('roles') || listed('roles'))) return true;
  return false;
}

export function channelJson(discord: DiscordState, channelId: string): Record<string, unknown> {
  const channel = discord.channels.get(channelId);
  const guildId = guildOf(discord, channelId);
  const base = {
    id: channelId,
    type: channel?.type ?? 0,
    ...(guildId !== null && { guild_id: guildId }),
    name: channel?.name ?? 'channel',
    position: 0,
    permission_overwrites: channel?.type === 11 ? [] : overwritesJson(discord, channelId),
    nsfw: false,
    parent_id: channel?.parentId ?? null,
  };
  if (channel?.type !== 11) return base;
  return {
    ...base,
    owner_id: channel.ownerId,
    last_message_id: null,
    rate_limit_per_user: 0,
    message_count: 0,
    member_count: 1,
    thread_metadata: {
      archived: false,
      auto_archive_duration: 1440,
      archive_timestamp: new Date().toISOString(),
      locked: false,
      create_timestamp: new Date().toISOString(),
    },
    total_message_sent: 0,
    flags: 0,
  };
}

export function messageJson(discord: DiscordState, message: LocalMessage): Record<string, unknown> {
  return {
    id: message.id,
    type: message.kind === 'original' ? 20 : 0,
    channel_id: message.channelId,
    content: isV2(message.flags) ? '' : message.content,
    author:
      message.authorId === discord.botUser.id
        ? { ...discord.botUser, discriminator: '0', avatar: null, bot: true }
        : apiUser(
            discord.members.get(message.authorId) ?? {
              id: message.authorId,
              username: 'someone',
              global_name: null,
            },
          ),
    ...(message.referenceId && {
      message_reference: { type: 0, message_id: message.referenceId, channel_id: message.channelId },
    }),
    attachments: message.attachments.map((file) => ({
      id: file.id,
      filename: file.filename,
      size: file.size,
      url: file.url ?? `${discord.apiUrl.replace('/api', '')}/attachments/${message.id}/${file.filename}`,
      proxy_url:
        file.url ?? `${discord.apiUrl.replace('/api', '')}/attachments/${message.id}/${file.filename}`,
      content_type: file.contentType,
    })),
    embeds: [],
    mentions: [],
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
    timestamp: new Date().toISOString(),
    edited_timestamp: message.versions.length > 1 ? new Date().toISOString() : null,
    flags: message.flags,
    components: message.components,
    ...(message.interactionToken && {
      webhook_id: discord.applicationId,
      application_id: discord.applicationId,
    }),
  };
}

export function guildPayload(discord: DiscordState, guild: LocalGuild): Record<string, unknown> {
  const members = guild.members ?? [];
  const populated = members.length > 0;
  const { botRole, memberRole } = fixedIds(guild);
  const botUser = { ...discord.botUser, discriminator: '0', avatar: null, bot: true };
  return {
    ...guildResource(discord, guild),
    joined_at: new Date().toISOString(),
    large: false,
    unavailable: false,
    member_count: 2 + members.length,
    voice_states: [],
    // Like Discord, the bot's own member is always in its guilds' GUILD_CREATE.
    members: [
      { ...memberJson(null), user: botUser, ...(populated && { roles: [botRole] }) },
      ...members.map((member) => ({ ...memberJson(null), user: apiUser(member), roles: [memberRole] })),
    ],
    channels: guild.channelIds.map((id, position) => ({
      id,
      type: 0,
      guild_id: guild.id,
      name: discord.channels.get(id)?.name ?? `channel-${position}`,
      position,
      permission_overwrites: overwritesJson(discord, id),
      nsfw: false,
      topic: null,
      last_message_id: null,
      rate_limit_per_user: 0,
      parent_id: null,
    })),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

/** Discord's answer when the bot lacks one of `needed` in the channel, or undefined. */
export function permissionRefusal(
  discord: DiscordState,
  channelId: string,
  needed: bigint,
): { message: string; code: number } | undefined {
  const channel = discord.channels.get(channelId);
  if (!channel || channel.type === 1) return undefined;
  const has = botPermissions(discord, channelId);
  if ((has & PERMISSIONS.viewChannel) === 0n) return MISSING_ACCESS;
  return (has & needed) === needed ? undefined : MISSING_PERMISSIONS;
}
