/**
 * What members do: slash commands and button clicks (INTERACTION_CREATE, with the member's
 * permissions and the bot's `app_permissions`; to the Interactions Endpoint URL instead of the
 * gateway when the app has one: interactionsEndpoint.ts), messages in channels, threads and DMs
 * (MESSAGE_CREATE, content withheld without the Message Content intent, as Discord does), and
 * permission changes of the bot's channels.
 */

import { addCommandFile } from './commandFiles.js';
import { dmChannelJson, placeOf } from './dms.js';
import { interactionEntitlements } from './entitlements.js';
import { route } from './gateway.js';
import { deliverInteraction } from './interactionsEndpoint.js';
import { guildLocale, userLocale } from './localeState.js';
import { createMessage } from './messages.js';
import {
  EVERYONE_PERMISSIONS,
  INTENTS,
  type LocalInteraction,
  type LocalMessage,
  type LocalUser,
  MEMBER_PERMISSIONS,
  OPTION_TYPES,
  PERMISSIONS,
  type SendCommandInput,
  type SendMessageInput,
  snowflake,
} from './model.js';
import { botAbsent } from './places.js';
import { addRole, type LocalRole, roleOptions } from './roles.js';
import type { DiscordState } from './state.js';
import { installInteraction, interactionGuildId } from './userInstall.js';
import {
  apiUser as apiUserJson,
  botPermissions,
  channelJson,
  guildOf,
  intents as identifiedIntents,
  memberJson,
  user as memberUser,
  messageJson,
} from './world.js';

/** Dispatches a slash command: INTERACTION_CREATE to its guild's shard, or to the endpoint URL if set. */
export function sendCommand(discord: DiscordState, input: SendCommandInput): LocalInteraction {
  const options = Object.entries(input.options ?? {}).map(([name, value]) => ({
    name,
    value,
    type:
      typeof value === 'number'
        ? Number.isInteger(value) && name !== 'temperature'
          ? 4
          : 10
        : OPTION_TYPES[typeof value],
  }));
  const channels: Record<string, unknown> = {};
  for (const [name, id] of Object.entries(input.channelOptions ?? {})) {
    options.push({ name, value: id, type: 7 });
    // Discord sends the invoking member's permissions in each resolved channel.
    const permissions = input.channelPermissions?.[id] ?? input.permissions ?? MEMBER_PERMISSIONS;
    channels[id] = { id, type: 0, name: `channel-${id.slice(-4)}`, permissions };
  }
  const roles = roleOptions(discord, input);
  options.push(...roles.options);
  const attachments: Record<string, unknown> = {};
  for (const [name, file] of Object.entries(input.files ?? {})) {
    options.push({ name, value: file.id, type: 11 });
    attachments[file.id] = addCommandFile(discord, file);
  }
  const sub = input.subcommand ? [{ name: input.subcommand, type: 1, options }] : options;
  const top = input.subcommandGroup ? [{ name: input.subcommandGroup, type: 2, options: sub }] : sub;
  const resolved = {
    ...(Object.keys(channels).length > 0 && { channels }),
    ...(roles.options.length > 0 && { roles: roles.resolved }),
    ...(Object.keys(attachments).length > 0 && { attachments }),
  };
  return dispatchInteraction(discord, input, 2, {
    id: snowflake(),
    name: input.name,
    type: 1,
    options: top,
    ...(Object.keys(resolved).length > 0 && { resolved }),
  });
}

/**
 * Opens a slash-command interaction in a channel without dispatching it (no INTERACTION_CREATE
 * reaches any bot): the caller gets its id and token and answers it over REST itself, like the
 * benchmark's reference bots that share this fake with the real bot.
 */
export function openInteraction(
  discord: DiscordState,
  input: { readonly channelId?: string; readonly user?: LocalUser } = {},
): LocalInteraction {
  const user = input.user ?? memberUser(discord, 'member', 'Member');
  const id = snowflake();
  const token = `aW50ZXJhY3Rpb246${id}${Math.random().toString(36).slice(2)}`.padEnd(80, 'x');
  const channelId = input.channelId ?? (discord.channelIds[0] as string);
  const interaction: LocalInteraction = {
    id,
    token,
    channelId,
    guildId: guildOf(discord, channelId) ?? discord.guildId,
    userId: user.id,
    callbacks: [],
    originalId: undefined,
    followUpIds: [],
    createdAt: performance.now(),
  };
  discord.interactions.set(token, interaction);
  return interaction;
}

/** Dispatches a click on a button of `message` (a MESSAGE_COMPONENT interaction). */
export function clickButton(
  discord: DiscordState,
  message: LocalMessage,
  customId: string,
  input: Omit<SendCommandInput, 'name' | 'options'> = {},
): LocalInteraction {
  return dispatchInteraction(
    discord,
    { ...input, name: '', channelId: input.channelId ?? message.channelId },
    3,
    { custom_id: customId, component_type: 2 },
    messageJson(discord, message),
  );
}

export function dispatchInteraction(
  discord: DiscordState,
  input: SendCommandInput,
  type: number,
  data: Record<string, unknown>,
  message?: Record<string, unknown>,
): LocalInteraction {
  // In a DM: the person's own (dms.ts).
  const { channelId, user, dm } = placeOf(discord, input, () => memberUser(discord, 'member', 'Member'));
  const id = snowflake();
  const token = `aW50ZXJhY3Rpb246${id}${Math.random().toString(36).slice(2)}`.padEnd(80, 'x');
  const guildId = dm ? null : interactionGuildId(discord, channelId);
  const apiUser = apiUserJson(user);
  const payload: Record<string, unknown> = {
    id,
    application_id: discord.applicationId,
    type,
    token,
    version: 1,
    data,
    ...(message && { message }),
    channel_id: channelId,
    locale: input.locale ?? userLocale(discord, user.id),
    entitlements: interactionEntitlements(discord, user.id, guildId),
    // The bot's permissions in the channel (in DMs, Discord's fixed set; ours: the same bits).
    app_permissions: String(dm ? EVERYONE_PERMISSIONS : botPermissions(discord, channelId)),
    attachment_size_limit: input.attachmentSizeLimit ?? 10 * 1024 * 1024,
  };
  if (guildId === null) {
    Object.assign(payload, {
      user: apiUser,
      channel: dmChannelJson(discord, channelId),
      authorizing_integration_owners: { '1': user.id },
      context: 1,
    });
  } else {
    Object.assign(payload, {
      guild_id: guildId,
      guild_locale: guildLocale(discord, guildId),
      member: {
        ...memberJson(input.nick),
        roles: [...(input.roles ?? [])],
        user: apiUser,
        permissions: input.permissions ?? MEMBER_PERMISSIONS,
      },
      channel: channelJson(discord, channelId),
      authorizing_integration_owners: { '0': guildId },
      context: 0,
    });
  }
  installInteraction(discord, input, payload, user);
  const interaction: LocalInteraction = {
    id,
    token,
    channelId,
    guildId,
    userId: user.id,
    callbacks: [],
    originalId: undefined,
    followUpIds: [],
    createdAt: performance.now(),
    type,
    data,
    input,
  };
  discord.interactions.set(token, interaction);
  // Discord delivers interactions one way only: to the endpoint URL when the app has one.
  const endpoint = discord.interactionsEndpointUrl;
  if (endpoint === undefined) route(discord, 'INTERACTION_CREATE', payload, guildId);
  else interaction.delivered = deliverInteraction(discord, endpoint, payload, interaction);
  return interaction;
}

/**
 * Withholds permissions from the bot in a guild channel (and its threads), as a member
 * overwrite Discord announces with CHANNEL_UPDATE. Interactions there carry the reduced
 * `app_permissions`, and REST refuses what needs them (50001 without View Channel, 50013
 * otherwise, 160002 for a reply without Read Message History). Without View Channel the bot
 * receives no messages from the channel.
 */
export function withholdPermissions(discord: DiscordState, channelId: string, permissions: bigint): void {
  discord.withheld.set(channelId, (discord.withheld.get(channelId) ?? 0n) | permissions);
  route(discord, 'CHANNEL_UPDATE', channelJson(discord, channelId), guildOf(discord, channelId));
}

/**
 * A member posts a message (MESSAGE_CREATE). Like Discord, the content reaches the bot only
 * when it identified with the Message Content intent, or the message is a DM or mentions the
 * bot (a reply that pings the bot counts); and guild/DM messages only with their intents.
 * `keep: false` leaves no trace in the local Discord (benchmarks).
 */
export function sendMessage(discord: DiscordState, input: SendMessageInput): LocalMessage {
  const { channelId, user, dm } = placeOf(discord, input, () => memberUser(discord, 'member', 'Member'));
  const guildId = dm ? null : (guildOf(discord, channelId) ?? discord.guildId);
  const replyTo = input.replyTo;
  const mentionsBot =
    new RegExp(`<@!?${discord.botUser.id}>`).test(input.content) ||
    (replyTo !== undefined && replyTo.authorId === discord.botUser.id && input.replyPing !== false);
  const message = createMessage(
    discord,
    'user',
    channelId,
    undefined,
    { content: input.content },
    [...(input.files ?? [])],
    performance.now(),
    false,
    {
      authorId: user.id,
      referenceId: replyTo?.id,
    },
  );
  if (input.keep === false) discord.messages.delete(message.id);
  // Where the bot is not (places.ts) it receives no message at all.
  if (botAbsent(discord, channelId)) return message;
  const intents = identifiedIntents(discord);
  const wanted = dm ? INTENTS.directMessages : INTENTS.guildMessages;
  if ((intents & wanted) === 0) return message;
  if (!dm && (botPermissions(discord, channelId) & PERMISSIONS.viewChannel) === 0n) return message;
  const contentVisible = dm || mentionsBot || (intents & INTENTS.messageContent) !== 0;
  const mentioned = [...input.content.matchAll(/<@!?(\d+)>/g)].map((match) => match[1] as string);
  if (mentionsBot && !mentioned.includes(discord.botUser.id)) mentioned.push(discord.botUser.id);
  // In a guild, each mention of a member carries the member (Discord's partial member).
  const mentions = mentioned.map((id) =>
    id === discord.botUser.id
      ? { ...discord.botUser, discriminator: '0', avatar: null, bot: true }
      : {
          ...apiUserJson(discord.members.get(id) ?? { id, username: 'someone', global_name: null }),
          ...(guildId !== null && { member: memberJson(input.nicks?.[id]) }),
        },
  );
  const member = { ...memberJson(input.nick), roles: [...(input.roles ?? [])] };
  const payload: Record<string, unknown> = {
    ...messageJson(discord, message),
    author: apiUserJson(user),
    content: contentVisible ? input.content : '',
    // Discord includes the channel's type, which is how a client recognises an uncached DM.
    channel_type: discord.channels.get(channelId)?.type ?? 0,
    mentions,
    ...(guildId !== null && { guild_id: guildId, member }),
    ...(replyTo && {
      type: 19,
      message_reference: {
        type: 0,
        message_id: replyTo.id,
        channel_id: replyTo.channelId,
        guild_id: guildOf(discord, replyTo.channelId) ?? discord.guildId,
      },
      referenced_message: messageJson(discord, replyTo),
    }),
  };
  route(discord, 'MESSAGE_CREATE', payload, guildId, input.keep !== false);
  return message;
}

// ---- Queries for tests ---------------------------------------------------------------------

/** Creates a role in a guild (default: the first), announced to the bot with GUILD_ROLE_CREATE. */
export function createRole(
  discord: DiscordState,
  name: string,
  guildId: string = discord.guildId,
): LocalRole {
  const { role, json } = addRole(discord, name, guildId);
  route(discord, 'GUILD_ROLE_CREATE', { guild_id: guildId, role: json }, guildId);
  return role;
}
