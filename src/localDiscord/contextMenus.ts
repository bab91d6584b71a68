/**
 * Message commands and reading a channel, as Discord does them:
 *
 * - A member uses a message command (Apps in a message's menu): INTERACTION_CREATE type 2 with
 *   `data: { id, name, type: 3, target_id, resolved: { messages: { [id]: message } } }`, `id`
 *   being the registered command's (a command the bot did not register cannot be used). The
 *   target's text is always there: Discord exempts interactions from the Message Content rules.
 * - GET /channels/{id}/messages with `before`, `after` or `around` (in that precedence) and
 *   `limit` (1-100, default 50), newest first. It needs View Channel (50001 Missing Access);
 *   without Read Message History the list is empty. Without the Message Content intent other
 *   members' text, attachments and embeds come empty, except in DMs and messages that mention
 *   the bot, as on the gateway (members.ts).
 * - Attachments of members' messages are served at `/attachments/<message id>/<file name>`
 *   (Discord's CDN, which needs no token), unless a file names its own `url`.
 */

import type { ServerResponse } from 'node:http';
import { sendCdnFile } from './commandFiles.js';
import { isDm } from './dms.js';
import { dispatchInteraction } from './members.js';
import {
  INTENTS,
  type LocalInteraction,
  type LocalMessage,
  PERMISSIONS,
  type SendCommandInput,
  snowflake,
} from './model.js';
import type { DiscordState } from './state.js';
import {
  apiUser,
  botPermissions,
  channelMessages,
  guildOf,
  intents,
  messageJson,
  permissionRefusal,
} from './world.js';

/** What a member adds to a message command: who, with which permissions (as for a slash command). */
export type MessageCommandInput = Omit<
  SendCommandInput,
  'name' | 'options' | 'subcommand' | 'channelOptions'
>;

/** The bot's registered command of this type and name where the channel is (guild first, then global). */
function registeredCommand(
  discord: DiscordState,
  type: number,
  name: string,
  guildId: string | null,
): Record<string, unknown> | undefined {
  const scopes = [...(guildId ? [guildId] : []), 'global'];
  for (const scope of scopes) {
    const found = discord.commands
      .get(scope)
      ?.find((command) => command.type === type && command.name === name);
    if (found) return found;
  }
  return undefined;
}

/** A message as Discord sends it to the bot: its author, mentions, and text unless withheld. */
export function fullMessageJson(
  discord: DiscordState,
  message: LocalMessage,
  withheld = false,
): Record<string, unknown> {
  const json = messageJson(discord, message);
  const mentioned = [
    ...new Set([...message.content.matchAll(/<@!?(\d+)>/g)].map((match) => match[1] as string)),
  ];
  const mentions = mentioned.map((id) =>
    id === discord.botUser.id
      ? { ...discord.botUser, discriminator: '0', avatar: null, bot: true }
      : apiUser(discord.members.get(id) ?? { id, username: 'someone', global_name: null }),
  );
  const guildId = isDm(discord, message.channelId) ? null : guildOf(discord, message.channelId);
  if (guildId) Object.assign(json, { guild_id: guildId });
  return withheld
    ? { ...json, content: '', attachments: [], embeds: [], components: [], mentions }
    : { ...json, mentions };
}

/** A member uses message command `name` on `target` (see the file's comment). */
export function messageCommand(
  discord: DiscordState,
  name: string,
  target: LocalMessage,
  input: MessageCommandInput = {},
): LocalInteraction {
  const dm = isDm(discord, target.channelId);
  const guildId = dm ? null : guildOf(discord, target.channelId);
  const command = registeredCommand(discord, 3, name, guildId);
  if (!command) throw new Error(`local Discord: the bot registered no message command named "${name}"`);
  return dispatchInteraction(
    discord,
    { ...input, name, channelId: target.channelId, ...(dm && { dm: true }) },
    2,
    {
      id: command.id,
      name,
      type: 3,
      target_id: target.id,
      resolved: { messages: { [target.id]: fullMessageJson(discord, target) } },
      // Set for a command registered in a guild (COMMAND_GUILD_ID), as Discord does.
      ...(typeof command.guild_id === 'string' && { guild_id: command.guild_id }),
    },
  );
}

/** Whether Discord gives the bot this message's text without the Message Content intent. */
function textVisible(discord: DiscordState, message: LocalMessage): boolean {
  if ((intents(discord) & INTENTS.messageContent) !== 0) return true;
  if (message.authorId === discord.botUser.id || isDm(discord, message.channelId)) return true;
  return new RegExp(`<@!?${discord.botUser.id}>`).test(message.content);
}

const INVALID_LIMIT = {
  message: 'Invalid Form Body',
  code: 50035,
  errors: {
    limit: { _errors: [{ code: 'NUMBER_TYPE_MAX', message: 'int value should be between 1 and 100.' }] },
  },
};

/** A page of a channel's messages, newest first (before / after / around, limit). */
export function listMessages(
  discord: DiscordState,
  channelId: string,
  query: URLSearchParams,
): { status: number; body: unknown } {
  if (!discord.channels.has(channelId))
    return { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
  const refused = permissionRefusal(discord, channelId, 0n);
  if (refused) return { status: 403, body: refused };
  const limit = Number(query.get('limit') ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return { status: 400, body: INVALID_LIMIT };
  const dm = isDm(discord, channelId);
  if (!dm && (botPermissions(discord, channelId) & PERMISSIONS.readMessageHistory) === 0n)
    return { status: 200, body: [] };
  const all = channelMessages(discord, channelId).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  const id = (name: string) => BigInt(query.get(name) ?? '0');
  let page: LocalMessage[];
  if (query.has('before')) page = all.filter((m) => BigInt(m.id) < id('before')).slice(-limit);
  else if (query.has('after')) page = all.filter((m) => BigInt(m.id) > id('after')).slice(0, limit);
  else if (query.has('around')) {
    const at = all.findIndex((m) => BigInt(m.id) >= id('around'));
    const start = Math.max(0, (at === -1 ? all.length : at) - Math.floor(limit / 2));
    page = all.slice(start, start + limit);
  } else page = all.slice(-limit);
  const body = page
    .reverse()
    .map((message) => fullMessageJson(discord, message, !textVisible(discord, message)));
  return { status: 200, body };
}

/** Serves `/attachments/<message id>/<file name>`; false when the path is not one. */
export function serveAttachment(discord: DiscordState, path: string, res: ServerResponse): boolean {
  const match = /^\/attachments\/(\d+)\/([^/]+)$/.exec(path);
  if (!match) return false;
  const message = discord.messages.get(match[1] as string);
  const file = message?.attachments.find(
    (candidate) => candidate.filename === decodeURIComponent(match[2] as string),
  );
  sendCdnFile(res, message && !message.deleted ? file : undefined);
  return true;
}

/** A file for a member's message (`files` of sendMessage). */
export function memberFile(
  filename: string,
  data: Buffer | string,
  contentType?: string,
  url?: string,
): import('./model.js').LocalAttachment {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return { id: snowflake(), filename, size: bytes.length, contentType, data: bytes, ...(url && { url }) };
}
