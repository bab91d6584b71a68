/**
 * What an interaction's installation means for the bot, decided from what Discord sends with it:
 * `authorizing_integration_owners` (key "0": the server that added the app, or "0" in the bot's
 * DM; key "1": the member who added it to their account) and `context` (0 a server, 1 the bot's
 * DM, 2 a group DM or a DM between users).
 *
 * - Installed by the server (owners has "0", not a private channel): today's bot, nothing changes.
 * - Installed to the member only: the app works there through the interaction alone. Where the
 *   bot is not present (a group DM, a DM between users, a server that did not add it) the bot
 *   token cannot reach the channel (Discord answers 50001 Missing Access): everything goes
 *   through the interaction's webhook, and only for its 15-minute token. In the bot's own DM the
 *   bot token still works.
 * - Discord's limits there: at most 5 follow-up messages per interaction when the owners hold
 *   only "1" (error 40094 past them), and in a server every response is private when the member
 *   lacks Use External Apps ("This only applies to apps not also installed to the server").
 */
import { PermissionFlagsBits } from 'discord.js';

/** Discord's follow-up limit per interaction where the app is installed to the member only. */
export const USER_INSTALL_FOLLOW_UPS = 5;

interface Bits {
  has(bit: bigint): boolean;
}

/** The parts of an interaction (discord.js's, or a test's) the decision reads. */
export interface InstallFacts {
  readonly authorizingIntegrationOwners?: {
    readonly guildId: string | null;
    readonly userId: string | null;
  } | null;
  readonly context?: number | null;
  readonly guildId?: string | null;
  readonly appPermissions?: Bits | null;
  readonly memberPermissions?: Bits | null;
}

export interface InstallContext {
  /** A server channel, the bot's DM, or a private channel (a group DM, a DM between users). */
  readonly place: 'server' | 'botDm' | 'private';
  /** The app acts here only because the member installed it to their account. */
  readonly userInstalled: boolean;
  /** The bot is in this channel: its token reaches it (server that added it, or its DM). */
  readonly botPresent: boolean;
  /** Follow-ups the interaction may post (Discord's limit), or undefined for no limit. */
  readonly followUpLimit: number | undefined;
  /** Discord makes every response private here (the member lacks Use External Apps). */
  readonly forcedPrivate: boolean;
  /** The app may attach files here (`app_permissions` has Attach Files). */
  readonly canAttach: boolean;
}

function placeOf(facts: InstallFacts): InstallContext['place'] {
  if (facts.context === 2) return 'private';
  if (facts.context === 1) return 'botDm';
  if (facts.context === 0) return 'server';
  // No context (an older payload): a server when it names one.
  return facts.guildId ? 'server' : 'botDm';
}

export function installContext(facts: InstallFacts): InstallContext {
  const owners = facts.authorizingIntegrationOwners;
  const place = placeOf(facts);
  const byUser = owners?.userId != null;
  // Without any owner (never from Discord today) the app counts as the server's, as it always was.
  const byGuild = owners?.guildId != null || !byUser;
  const userInstalled = !byGuild || place === 'private';
  const canAttach = facts.appPermissions?.has(PermissionFlagsBits.AttachFiles) ?? true;
  return {
    place,
    userInstalled,
    botPresent: place === 'botDm' || (place === 'server' && byGuild),
    followUpLimit: byGuild ? undefined : USER_INSTALL_FOLLOW_UPS,
    forcedPrivate:
      userInstalled &&
      place === 'server' &&
      !(facts.memberPermissions?.has(PermissionFlagsBits.UseExternalApps) ?? true),
    canAttach,
  };
}

/**
 * The conversation of a member whose replies Discord makes private: their own, apart from the
 * channel's, so that nothing said privately reaches the others' replies.
 */
export function privateConversationId(channelId: string, userId: string): string {
  return channelId.includes('-only-') ? channelId : `${channelId}-only-${userId}`;
}
