/**
 * Whether a member's request to the service may start, whatever it asks for: the channel is one
 * the server lets the bot answer in, and the member is within fair use (see fairUse.ts). On
 * success the caller holds a slot until its request has finished.
 */
import type { Translator } from '../i18n/translator.js';
import { channelAllowed, DEFAULT_GUILD_CONFIG, type GuildConfig } from '../settings/resolve.js';
import type { Settings } from '../settings/settingsStore.js';
import type { FairUse, Slot } from './fairUse.js';

/**
 * What admission reads: the server's settings, the fair-use counters, and three of the operator's
 * settings (the composition root passes its Config; written out here because src/access/ sits
 * below the wiring and does not import src/config.ts).
 */
export interface AdmissionDeps {
  readonly settings: Pick<Settings, 'guild'>;
  readonly fairUse: Pick<FairUse, 'acquire'>;
  readonly config: {
    /** USER_INSTALL: whether the app answers where only the member installed it. */
    readonly userInstall: boolean;
    /** DMS_ENABLED: whether the bot answers in DMs. */
    readonly dmsEnabled: boolean;
    /** RATE_LIMIT_PER_MINUTE: requests per member per minute where the server set none. */
    readonly rateLimitPerMinute: number;
  };
}

/** What the channel gate reads: the server's settings and whether user installs and DMs are on. */
export type ChannelGateDeps = Pick<AdmissionDeps, 'settings'> & {
  readonly config: Pick<AdmissionDeps['config'], 'userInstall' | 'dmsEnabled'>;
};

/** What claiming a slot reads: the fair-use counters and the operator's rate limit. */
export type ClaimSlotDeps = Pick<AdmissionDeps, 'fairUse'> & {
  readonly config: Pick<AdmissionDeps['config'], 'rateLimitPerMinute'>;
};

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
  deps: ChannelGateDeps,
  input: Pick<AdmissionInput, 'guildId' | 'channelId' | 'parentId' | 'userInstall' | 'voice'>,
): Promise<Gate> {
  const none = { guild: DEFAULT_GUILD_CONFIG, refusal: undefined };
  if (input.userInstall)
    return deps.config.userInstall ? none : refused(input.voice, DEFAULT_GUILD_CONFIG, 'userInstallOff');
  if (input.guildId === null && !deps.config.dmsEnabled)
    return refused(input.voice, DEFAULT_GUILD_CONFIG, 'dmsOff');
  const guild = input.guildId ? await deps.settings.guild(input.guildId) : DEFAULT_GUILD_CONFIG;
  const allowed = channelAllowed(guild, input.channelId, input.parentId);
  return allowed ? { guild, refusal: undefined } : refused(input.voice, guild, 'channel');
}

/** Claims the member's fair-use slot under the server's rate limit. */
export async function claimSlot(
  deps: ClaimSlotDeps,
  input: AdmissionInput,
  guild: GuildConfig,
): Promise<Admission> {
  const slot = await deps.fairUse.acquire({
    guildId: input.guildId,
    channelId: input.channelId,
    userId: input.userId,
    kind: input.kind,
    perMinute: guild.requestsPerMinute ?? deps.config.rateLimitPerMinute,
    voice: input.voice,
  });
  if (!slot.ok) return { ok: false, error: slot.message };
  return { ok: true, guild, slot };
}

export async function admitRequest(deps: AdmissionDeps, input: AdmissionInput): Promise<Admission> {
  const { guild, refusal } = await channelGate(deps, input);
  if (refusal) return { ok: false, error: refusal };
  return claimSlot(deps, input, guild);
}
