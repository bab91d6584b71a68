/**
 * Discord's user installs in the local Discord: what an interaction carries about who installed
 * the app (`authorizing_integration_owners`: "0" the server, or "0" in the bot's DM; "1" the
 * member), where it was used (`context`: 0 a server, 1 the bot's DM, 2 a group DM or a DM
 * between users) and the app's permissions there (`app_permissions`), and the rules Discord
 * applies (places.ts has the places the bot is not in):
 *
 * - channel routes with the bot token answer 50001 Missing Access where the bot is not;
 * - an interaction whose owners hold only "1" may post 5 follow-ups; the 6th is refused with
 *   40094 "This interaction has hit the maximum number of follow up messages";
 * - in a server that did not add the app, a member without Use External Apps gets private
 *   (ephemeral) responses only, whatever the app asks for;
 * - files need Attach Files in `app_permissions`;
 * - a command's `integration_types` are 0 and 1, its `contexts` 0, 1 and 2 (Discord's OpenAPI
 *   description: each a non-empty list of unique values, or null).
 */
import {
  EVERYONE_PERMISSIONS,
  type LocalUser,
  MEMBER_PERMISSIONS,
  MISSING_ACCESS,
  MISSING_PERMISSIONS,
  PERMISSIONS,
  type SendCommandInput,
} from './model.js';
import { botAbsent, groupDmRecipients, serverWithoutBot } from './places.js';
import type { DiscordState } from './state.js';
import { apiUser, guildOf } from './world.js';

/** Use External Apps: lets a server's members get public responses from their own apps. */
export const USE_EXTERNAL_APPS = 1n << 50n;
/** Discord's `app_permissions` in group DMs and DMs between users: Attach Files, Embed Links, Mention Everyone. */
export const PRIVATE_CHANNEL_APP_PERMISSIONS = PERMISSIONS.attachFiles | (1n << 14n) | (1n << 17n);
export const FOLLOW_UP_LIMIT = 5;
export const MAX_FOLLOW_UPS = {
  message: 'This interaction has hit the maximum number of follow up messages',
  code: 40094,
};

interface InstallRecord {
  readonly owners: Record<string, string>;
  readonly context: number;
  readonly appPermissions: bigint;
  /** Discord makes every response private (see above). */
  readonly forcedPrivate: boolean;
}

const installs = new WeakMap<DiscordState, Map<string, InstallRecord>>();

function recordsOf(discord: DiscordState): Map<string, InstallRecord> {
  let records = installs.get(discord);
  if (!records) {
    records = new Map();
    installs.set(discord, records);
  }
  return records;
}

/** The guild an interaction in the channel comes from: none in a group DM (routed to shard 0). */
export function interactionGuildId(discord: DiscordState, channelId: string): string | null {
  if (groupDmRecipients(discord, channelId)) return null;
  return guildOf(discord, channelId) ?? discord.guildId;
}

/**
 * Completes an interaction's payload (members.ts) with who installed the app, where, and its
 * permissions there. `input.install` defaults to the server's install where the bot is, and to
 * the member's where it is not (nothing else can start an interaction there).
 */
export function installInteraction(
  discord: DiscordState,
  input: SendCommandInput,
  payload: Record<string, unknown>,
  user: LocalUser,
): void {
  const channelId = String(payload.channel_id);
  const guildId = typeof payload.guild_id === 'string' ? payload.guild_id : null;
  const recipients = groupDmRecipients(discord, channelId);
  const install = input.install ?? (botAbsent(discord, channelId) ? 'user' : 'guild');
  const owners = {
    ...(install !== 'user' && { '0': guildId ?? '0' }),
    ...(install !== 'guild' && { '1': user.id }),
  };
  const context = input.context ?? (recipients ? 2 : guildId === null ? 1 : 0);
  const member = payload.member as { permissions?: string } | undefined;
  // A server's members have Use External Apps unless the test says otherwise.
  if (member && serverWithoutBot(discord, guildId) && input.permissions === undefined)
    member.permissions = String(BigInt(MEMBER_PERMISSIONS) | USE_EXTERNAL_APPS);
  if (recipients) {
    const others = recipients.filter((recipient) => recipient.id !== user.id);
    const name = discord.channels.get(channelId)?.name ?? '';
    payload.channel = {
      id: channelId,
      type: 3,
      name,
      recipients: others.map(apiUser),
      owner_id: recipients[0]?.id,
    };
  }
  const appPermissions =
    input.appPermissions ??
    (recipients
      ? PRIVATE_CHANNEL_APP_PERMISSIONS
      : BigInt(String(payload.app_permissions ?? EVERYONE_PERMISSIONS)));
  Object.assign(payload, {
    authorizing_integration_owners: owners,
    context,
    app_permissions: String(appPermissions),
  });
  const forcedPrivate =
    context === 0 && !('0' in owners) && (BigInt(member?.permissions ?? '0') & USE_EXTERNAL_APPS) === 0n;
  recordsOf(discord).set(String(payload.token), { owners, context, appPermissions, forcedPrivate });
}

/** Why Discord refuses a command's install fields (commandRoutes.ts), or undefined. */
export function installProblem(command: Record<string, unknown>): string | undefined {
  const list = (name: string, allowed: readonly number[]) => {
    const value = command[name];
    if (value === undefined || value === null) return undefined;
    const ok =
      Array.isArray(value) &&
      value.length > 0 &&
      new Set(value).size === value.length &&
      value.every((entry) => allowed.includes(entry as number));
    return ok ? undefined : `${name} must be a non-empty list of unique values among ${allowed.join(', ')}`;
  };
  return list('integration_types', [0, 1]) ?? list('contexts', [0, 1, 2]);
}

/**
 * Discord's user-install rules on a REST request (restRoutes.ts): an answer that refuses it, or
 * undefined to go on (a response Discord makes private gets the ephemeral flag here).
 */
export function userInstallRule(
  discord: DiscordState,
  method: string,
  segments: readonly string[],
  json: Record<string, unknown>,
  fileCount: number,
): { status: number; body: unknown } | undefined {
  if (segments[0] === 'channels' && segments[1] && botAbsent(discord, segments[1]))
    return { status: 403, body: MISSING_ACCESS };
  const callback = method === 'POST' && segments[0] === 'interactions' && segments[3] === 'callback';
  const webhook = segments[0] === 'webhooks' && segments[1] === discord.applicationId;
  const token = callback ? segments[2] : webhook ? segments[2] : undefined;
  const record = token ? recordsOf(discord).get(token) : undefined;
  if (!token || !record) return undefined;
  if (fileCount > 0 && (record.appPermissions & PERMISSIONS.attachFiles) === 0n)
    return { status: 403, body: MISSING_PERMISSIONS };
  const followUp = webhook && method === 'POST' && segments.length === 3;
  const interaction = discord.interactions.get(token);
  if (followUp && !('0' in record.owners) && (interaction?.followUpIds.length ?? 0) >= FOLLOW_UP_LIMIT)
    return { status: 400, body: MAX_FOLLOW_UPS };
  if (!record.forcedPrivate) return undefined;
  const type = Number(json.type);
  if (callback && (type === 4 || type === 5)) {
    const data = (json.data as Record<string, unknown> | undefined) ?? {};
    json.data = { ...data, flags: Number(data.flags ?? 0) | 64 };
  }
  if (followUp) json.flags = Number(json.flags ?? 0) | 64;
  return undefined;
}

/** What the interaction's install record says (for tests): owners, context, app permissions. */
export function installOf(discord: DiscordState, token: string): InstallRecord | undefined {
  return recordsOf(discord).get(token);
}
