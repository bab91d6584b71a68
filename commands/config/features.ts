/**
 * `/config features`: the lines under replies, whether the bot answers mentions and replies, the
 * fallback to a cheaper model, whether it answers in the asking member's language, and whether
 * replies keep Discord's classic layout instead of V2 cards.
 */
import type { GuildConfigPatch, Settings } from '../../src/settings/settingsStore.js';
import type { ConfigChangeHandler } from './subcommand.js';

export const setFeatures: ConfigChangeHandler<{ readonly settings: Pick<Settings, 'updateGuild'> }> = async (
  deps,
  { guildId, raw, t },
) => {
  const patch: GuildConfigPatch = {
    ...(typeof raw.cost_line === 'boolean' && { showCost: raw.cost_line }),
    ...(typeof raw.context_line === 'boolean' && { showContext: raw.context_line }),
    ...(typeof raw.answer_mentions === 'boolean' && { answerMentions: raw.answer_mentions }),
    ...(typeof raw.fallback === 'boolean' && { fallback: raw.fallback }),
    ...(typeof raw.answer_in_language === 'boolean' && { answerInLanguage: raw.answer_in_language }),
    ...(typeof raw.classic_layout === 'boolean' && { classicLayout: raw.classic_layout }),
  };
  if (Object.keys(patch).length === 0) return t.t('config.giveAFeature');
  await deps.settings.updateGuild(guildId, patch);
  return undefined;
};
