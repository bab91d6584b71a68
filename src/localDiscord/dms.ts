/**
 * Direct messages with the bot, as Discord has them: one DM channel (type 1) per person, whose
 * `recipients` is that person (Discord's PrivateChannelResponse: id, type, last_message_id, flags,
 * recipients), made the first time it is needed (the person writes to the bot or uses a command
 * there, or the bot opens it: POST /users/@me/channels `{recipient_id}`, create_dm) and the same
 * channel ever after. `dmChannelId` is the DM of `dmUser`, the person that `dm: true` means when a
 * test names nobody. A DM is only its person's: acting in another person's DM is a test's mistake
 * (thrown), as Discord offers no way to do it.
 */
import { type LocalChannel, type LocalUser, snowflake } from './model.js';
import type { DiscordState } from './state.js';
import { apiUser } from './world.js';

/** Per local Discord: user id → their DM channel's id, and back. */
const registry = new WeakMap<object, { byUser: Map<string, string>; byChannel: Map<string, string> }>();

function dmsOf(discord: object) {
  let dms = registry.get(discord);
  if (!dms) {
    dms = { byUser: new Map(), byChannel: new Map() };
    registry.set(discord, dms);
  }
  return dms;
}

/** Opens `user`'s DM with the bot (in `channels`), or finds the one they have. */
export function openDm(
  discord: Pick<DiscordState, 'channels' | 'emit'>,
  user: LocalUser,
  id: string = snowflake(),
): string {
  const dms = dmsOf(discord);
  const known = dms.byUser.get(user.id);
  if (known) return known;
  const channel: LocalChannel = { id, type: 1, parentId: null, ownerId: null, guildId: null, name: '' };
  discord.channels.set(id, channel);
  dms.byUser.set(user.id, id);
  dms.byChannel.set(id, user.id);
  discord.emit('change');
  return id;
}

/** Whether the channel is a DM with the bot. */
export const isDm = (discord: DiscordState, channelId: string): boolean =>
  discord.channels.get(channelId)?.type === 1;

/** The id of the person a DM with the bot is with (undefined for any other channel). */
export const dmRecipient = (discord: DiscordState, channelId: string): string | undefined =>
  dmsOf(discord).byChannel.get(channelId);

/** The DM channel as Discord sends it (a PrivateChannelResponse). */
export function dmChannelJson(discord: DiscordState, channelId: string): Record<string, unknown> {
  const recipientId = dmRecipient(discord, channelId) ?? '';
  const recipient = discord.members.get(recipientId) ?? {
    id: recipientId,
    username: 'someone',
    global_name: null,
  };
  return { id: channelId, type: 1, last_message_id: null, flags: 0, recipients: [apiUser(recipient)] };
}

/**
 * Where a member acts, and as whom: a DM channel named by `channelId` (its person when none is
 * given), `dm: true` (the person's own DM; `dmUser`'s when none is given), or a guild channel
 * (default: the first guild's first); `fallback` makes the person when none is given there.
 */
export function placeOf(
  discord: DiscordState,
  input: { readonly dm?: boolean; readonly channelId?: string; readonly user?: LocalUser },
  fallback: () => LocalUser,
): { channelId: string; user: LocalUser; dm: boolean } {
  const named = input.channelId !== undefined && isDm(discord, input.channelId) ? input.channelId : undefined;
  if (!named && !input.dm) {
    return {
      channelId: input.channelId ?? (discord.channelIds[0] as string),
      user: input.user ?? fallback(),
      dm: false,
    };
  }
  const recipient = named ? discord.members.get(dmRecipient(discord, named) ?? '') : undefined;
  const user = input.user ?? recipient ?? discord.dmUser;
  const channelId = named ?? openDm(discord, user);
  if (dmRecipient(discord, channelId) !== user.id) {
    throw new Error(
      `local Discord: ${user.username} is not in DM ${channelId}; each person has their own DM with the bot`,
    );
  }
  return { channelId, user, dm: true };
}

/** POST /users/@me/channels `{recipient_id}` (create_dm): the person's DM with the bot. */
export function routeDms(
  discord: DiscordState,
  method: string,
  segments: readonly string[],
  json: Record<string, unknown>,
): { status: number; body: unknown } | undefined {
  if (method !== 'POST' || segments.join('/') !== 'users/@me/channels') return undefined;
  const user = discord.members.get(String(json.recipient_id ?? ''));
  if (!user) return { status: 404, body: { message: 'Unknown User', code: 10013 } };
  return { status: 200, body: dmChannelJson(discord, openDm(discord, user)) };
}
