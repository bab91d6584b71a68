/**
 * Whether a member's request to the service may start, whatever it asks for: the channel is one
 * the server lets the bot answer in, and the member is within fair use (see fairUse.ts). On
 * success the caller holds a slot until its request has finished.
 */
import type { BotContext } from '../context.js';
import type { Translator } from '../i18n/translator.js';
import { channelAllowed, DEFAULT_GUILD_CONFIG, type GuildConfig } from '../settings/resolve.js';
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
  /** Whose words a refusal is in: who reads it (the member alone, or a channel). */
  readonly voice: Translator;
}

export type Admission =
  | { readonly ok: true; readonly guild: GuildConfig; readonly slot: Extract<Slot, { ok: true }> }
  | { readonly ok: false; readonly error: string };

/**
 * Why the bot may not answer here: the operator turned off user installs (`userInstallOff`) or
 * DMs (`dmsOff`, DMS_ENABLED), or the server does not allow the channel (`channel`).
 */
export type RefusedBy = 'userInstallOff' | 'dmsOff' | 'channel';

export interface Gate {
  readonly guild: GuildConfig;
  /** The sentence, in the input's voice; undefined when the bot may answer. */
  readonly refusal: string | undefined;
  readonly refusedBy?: RefusedBy;
}

const REFUSALS = {
  userInstallOff: 'errors.userInstallOff',
  dmsOff: 'errors.dmsOff',
  channel: 'errors.channelNotAllowed',
} as const;

function refused(voice: Translator, guild: GuildConfig, refusedBy: RefusedBy): Gate {
  return { guild, refusal: voice.t(REFUSALS[refusedBy]), refusedBy };
}

/** The server's settings, and why the bot may not answer here (if it may not). */
export async function channelGate(
  context: BotContext,
  input: Pick<AdmissionInput, 'guildId' | 'channelId' | 'parentId' | 'userInstall' | 'voice'>,
): Promise<Gate> {
  const none = { guild: DEFAULT_GUILD_CONFIG, refusal: undefined };
  if (input.userInstall)
    return context.config.userInstall ? none : refused(input.voice, DEFAULT_GUILD_CONFIG, 'userInstallOff');
  if (input.guildId === null && !context.config.dmsEnabled)
    return refused(input.voice, DEFAULT_GUILD_CONFIG, 'dmsOff');
  const guild = input.guildId ? await context.settings.guild(input.guildId) : DEFAULT_GUILD_CONFIG;
  const allowed = channelAllowed(guild, input.channelId, input.parentId);
  return allowed ? { guild, refusal: undefined } : refused(input.voice, guild, 'channel');
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
    voice: input.voice,
  });
  if (!slot.ok) return { ok: false, error: slot.message };
  return { ok: true, guild, slot };
}

export async function admitRequest(context: BotContext, input: AdmissionInput): Promise<Admission> {
  const { guild, refusal } = await channelGate(context, input);
  if (refusal) return { ok: false, error: refusal };
  return claimSlot(context, input, guild);
}
