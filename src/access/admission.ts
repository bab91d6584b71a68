/**
 * Whether a member's request to the service may start, whatever it asks for: the channel is one
 * the server lets the bot answer in, and the member is within fair use (see fairUse.ts). On
 * success the caller holds a slot until its request has finished.
 */
import type { BotContext } from '../context.js';
import {
  CHANNEL_NOT_ALLOWED,
  channelAllowed,
  DEFAULT_GUILD_CONFIG,
  type GuildConfig,
} from '../settings/resolve.js';
import type { Slot } from './fairUse.js';

export interface AdmissionInput {
  readonly guildId: string | null;
  readonly channelId: string;
  /** The parent channel when `channelId` is a thread. */
  readonly parentId: string | null;
  readonly userId: string;
  /** Chat and image requests each allow one in flight per member and channel. */
  readonly kind: 'chat' | 'image';
  /**
   * Made where the app works only because the member installed it and the bot is not present:
   * no server settings apply (the server did not add the bot), USER_INSTALL does.
   */
  readonly userInstall?: boolean;
}

export type Admission =
  | { readonly ok: true; readonly guild: GuildConfig; readonly slot: Extract<Slot, { ok: true }> }
  | { readonly ok: false; readonly error: string };

/** The answer where the app works only as installed to the member, when the operator turned that off. */
export const USER_INSTALL_OFF =
  'The bot works here only where a server added it: its operator turned off using it as an app installed to your account.';

/** The answer to every request in a DM while the operator has DMs turned off (DMS_ENABLED). */
export const DMS_OFF =
  'This bot works in servers only: direct messages with it are turned off. Ask it in a server you share with it.';

/**
 * The server's settings, and why the bot may not answer here (if it may not): a DM while DMs are
 * turned off, or a channel the server does not allow.
 */
export async function channelGate(
  context: BotContext,
  input: Pick<AdmissionInput, 'guildId' | 'channelId' | 'parentId' | 'userInstall'>,
): Promise<{ guild: GuildConfig; refusal: string | undefined }> {
  if (input.userInstall)
    return {
      guild: DEFAULT_GUILD_CONFIG,
      refusal: context.config.userInstall ? undefined : USER_INSTALL_OFF,
    };
  if (input.guildId === null && !context.config.dmsEnabled)
    return { guild: DEFAULT_GUILD_CONFIG, refusal: DMS_OFF };
  const guild = input.guildId ? await context.settings.guild(input.guildId) : DEFAULT_GUILD_CONFIG;
  const allowed = channelAllowed(guild, input.channelId, input.parentId);
  return { guild, refusal: allowed ? undefined : CHANNEL_NOT_ALLOWED };
}

/** Claims the member's fair-use slot under the server's rate limit. */
export async function claimSlot(
  context: BotContext,
  input: AdmissionInput,
  guild: GuildConfig,
): Promise<Admission> {
  const slot = await context.fairUse.acquire({
    guildId: input.guildId,
    channelId: input.channelId,
    userId: input.userId,
    kind: input.kind,
    perMinute: guild.requestsPerMinute ?? context.config.rateLimitPerMinute,
  });
  if (!slot.ok) return { ok: false, error: slot.message };
  return { ok: true, guild, slot };
}

export async function admitRequest(context: BotContext, input: AdmissionInput): Promise<Admission> {
  const { guild, refusal } = await channelGate(context, input);
  if (refusal) return { ok: false, error: refusal };
  return claimSlot(context, input, guild);
}
