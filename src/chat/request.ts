/**
 * Admission of a chat request, whichever way it was asked (/ask, a mention or reply, a message
 * in a bot thread, Regenerate): the checks that may refuse it (channel allowed, settings, fair
 * use), before it takes its place in the channel's queue (queue.ts).
 */
import { channelGate, claimSlot } from '../access/admission.js';
import type { Slot } from '../access/fairUse.js';
import { memberRule, roleModelRefusal } from '../access/roleGate.js';
import type { Translator } from '../i18n/translator.js';
import {
  type ChatSettings,
  operatorDefaults,
  type RequestOptions,
  resolveChatSettings,
} from '../settings/resolve.js';
import type { Settings } from '../settings/settingsStore.js';
import { fallbackModelsFor } from './fallback.js';

/**
 * What admitting a chat request reads: the channel's settings and the operator's defaults
 * itself, and whatever the checks it runs declare (admission.ts: channel and fair use;
 * roleGate.ts: the member's rule per role).
 */
export type ChatRequestDeps = {
  readonly config: Parameters<typeof operatorDefaults>[0];
  readonly settings: Pick<Settings, 'effectiveChannel'>;
} & Parameters<typeof channelGate>[0] &
  Parameters<typeof claimSlot>[0] &
  Parameters<typeof memberRule>[0];

export interface ChatRequestInput {
  readonly guildId: string | null;
  /** Where the request was made. */
  readonly channelId: string;
  /** The parent channel when `channelId` is a thread. */
  readonly parentId: string | null;
  readonly userId: string;
  readonly userName: string;
  readonly options: RequestOptions;
  /** A user install where the bot is not present: the operator's defaults, no server's (admission.ts). */
  readonly userInstall?: boolean;
  /** The member's role ids, as the interaction or message carries them (rules per role). */
  readonly roleIds?: readonly string[];
  /** Whose words a refusal is in: who reads it (the member alone, or the channel). */
  readonly voice: Translator;
}

export type Prepared =
  | {
      readonly ok: true;
      readonly settings: ChatSettings;
      readonly slot: Extract<Slot, { ok: true }>;
    }
  | {
      readonly ok: false;
      readonly error: string;
      /** A channel the server does not allow: a message there gets silence. */
      readonly channelRefused?: boolean;
    };

/**
 * Decides whether the request may run: channel, then settings, then fair use (a request the
 * settings refuse costs no rate-limit point). On success the caller holds a fair-use slot and
 * releases it when the request has finished.
 */
export async function prepareChatRequest(deps: ChatRequestDeps, input: ChatRequestInput): Promise<Prepared> {
  const { guild, refusal, refusedBy } = await channelGate(deps, input);
  if (refusal) return { ok: false, error: refusal, ...(refusedBy === 'channel' && { channelRefused: true }) };
  const channel =
    input.guildId && !input.userInstall
      ? await deps.settings.effectiveChannel(input.channelId, input.parentId)
      : {};
  const resolved = resolveChatSettings(
    operatorDefaults(deps.config),
    guild,
    channel,
    input.options,
    input.voice,
  );
  if (!resolved.ok) return resolved;
  const rule = await memberRule(deps, input.guildId, input.roleIds, input.userInstall);
  const refusedModel = roleModelRefusal(rule, resolved.settings.model, input.voice);
  if (refusedModel) return { ok: false, error: refusedModel };
  const fallbackModels = guild.fallback ? fallbackModelsFor(guild, rule, resolved.settings.model) : [];
  const settings = {
    ...resolved.settings,
    ...(rule && { memberCaps: rule }),
    ...(fallbackModels.length > 0 && { fallbackModels }),
  };
  const admitted = await claimSlot(deps, { ...input, kind: 'chat' }, guild);
  if (!admitted.ok) return admitted;
  return { ok: true, settings, slot: admitted.slot };
}
