/** `/config features`: the lines under replies, and whether the bot answers mentions and replies. */
import type { GuildConfigPatch } from '../../src/settings/settingsStore.js';
import type { ConfigChangeHandler } from './subcommand.js';

export const setFeatures: ConfigChangeHandler = async ({ context, guildId, raw }) => {
  const patch: GuildConfigPatch = {
    ...(typeof raw.cost_line === 'boolean' && { showCost: raw.cost_line }),
    ...(typeof raw.context_line === 'boolean' && { showContext: raw.context_line }),
    ...(typeof raw.answer_mentions === 'boolean' && { answerMentions: raw.answer_mentions }),
    ...(typeof raw.fallback === 'boolean' && { fallback: raw.fallback }),
  };
  if (Object.keys(patch).length === 0)
    return 'Give at least one of cost_line, context_line, answer_mentions, fallback.';
  await context.settings.updateGuild(guildId, patch);
  return undefined;
};
