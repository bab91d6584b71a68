/** `/config set`: server defaults, or with `channel:` that channel's own. */
import { z } from 'zod';
import type { Translator } from '../../src/i18n/translator.js';
import {
  maxTokensField,
  modelField,
  parseWith,
  problem,
  temperatureField,
  wholeNumberField,
} from '../../src/settings/requestOptions.js';
import type { ChatOverrides, GuildConfig } from '../../src/settings/resolve.js';
import type { Settings } from '../../src/settings/settingsStore.js';
import type { ConfigChangeHandler } from './subcommand.js';

export const HISTORY_TOKENS_MIN = 100;
export const HISTORY_TOKENS_MAX = 1_000_000;
export const RATE_LIMIT_MAX = 600;

type SetPatch = { -readonly [K in keyof ChatOverrides]: ChatOverrides[K] } & { requestsPerMinute?: number };

/** Validates `/config set` options with the same rules and wording as /ask's (refusals in `t`'s words). */
export function parseConfigSet(
  raw: Readonly<Record<string, unknown>>,
  limits: { maxOutputTokens: number; allowedModels: GuildConfig['allowedModels'] },
  t: Translator,
): { ok: true; patch: SetPatch } | { ok: false; error: string } {
  const schema = z.object({
    model: modelField
      .refine((model) => limits.allowedModels === null || limits.allowedModels.includes(model), {
        error: (issue) => problem('config.modelNotAmongAllowed', { model: String(issue.input) }),
      })
      .optional(),
    temperature: temperatureField.optional(),
    max_tokens: maxTokensField(limits.maxOutputTokens, true).optional(),
    history_tokens: wholeNumberField('history_tokens', HISTORY_TOKENS_MIN, HISTORY_TOKENS_MAX).optional(),
    rate_limit: wholeNumberField('rate_limit', 1, RATE_LIMIT_MAX).optional(),
  });
  const parsed = parseWith(schema, raw, t);
  if (!parsed.ok) return parsed;
  const { model, temperature, max_tokens, history_tokens, rate_limit } = parsed.value;
  const patch: SetPatch = {
    ...(model !== undefined && { model }),
    ...(temperature !== undefined && { temperature }),
    ...(max_tokens !== undefined && { maxTokens: max_tokens }),
    ...(history_tokens !== undefined && { historyTokens: history_tokens }),
    ...(rate_limit !== undefined && { requestsPerMinute: rate_limit }),
  };
  if (Object.keys(patch).length === 0) return { ok: false, error: t.t('config.giveASetting') };
  return { ok: true, patch };
}

export interface SetSettingsDeps {
  readonly settings: Pick<Settings, 'updateChannel' | 'updateGuild'>;
  /** MAX_OUTPUT_TOKENS: the highest max_tokens a server or channel may set. */
  readonly config: { readonly maxOutputTokens: number };
}

export const setSettings: ConfigChangeHandler<SetSettingsDeps> = async (
  deps,
  { guildId, raw, channelId, guild, t },
) => {
  const parsed = parseConfigSet(
    raw,
    {
      maxOutputTokens: deps.config.maxOutputTokens,
      allowedModels: guild.allowedModels,
    },
    t,
  );
  if (!parsed.ok) return parsed.error;
  const { requestsPerMinute, ...chat } = parsed.patch;
  if (channelId !== undefined) {
    if (requestsPerMinute !== undefined) return t.t('config.setRateLimitServerWide');
    await deps.settings.updateChannel(channelId, chat);
  } else {
    await deps.settings.updateGuild(guildId, {
      ...chat,
      ...(requestsPerMinute !== undefined && { requestsPerMinute }),
    });
  }
  return undefined;
};
