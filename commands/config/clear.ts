/** `/config clear`: returns a setting to the next level (channel → server → bot default). */
import type { ChannelConfigPatch, GuildConfigPatch, Settings } from '../../src/settings/settingsStore.js';
import type { ConfigChangeHandler } from './subcommand.js';

/** The option's names, and the setting each clears. */
const CLEAR_FIELDS = {
  model: 'model',
  temperature: 'temperature',
  max_tokens: 'maxTokens',
  history_tokens: 'historyTokens',
  rate_limit: 'requestsPerMinute',
} as const;

export const CLEARABLE = Object.keys(CLEAR_FIELDS) as (keyof typeof CLEAR_FIELDS)[];

export const clearSetting: ConfigChangeHandler<{
  readonly settings: Pick<Settings, 'updateChannel' | 'updateGuild'>;
}> = async (deps, { guildId, raw, channelId, t }) => {
  const setting = raw.setting;
  if (typeof setting !== 'string' || !Object.hasOwn(CLEAR_FIELDS, setting))
    return t.t('config.unknownSetting');
  const field = CLEAR_FIELDS[setting as keyof typeof CLEAR_FIELDS];
  if (channelId !== undefined) {
    if (field === 'requestsPerMinute') return t.t('config.clearRateLimitServerWide');
    await deps.settings.updateChannel(channelId, { [field]: undefined } as ChannelConfigPatch);
  } else {
    const patch: GuildConfigPatch =
      field === 'requestsPerMinute' ? { requestsPerMinute: null } : { [field]: undefined };
    await deps.settings.updateGuild(guildId, patch);
  }
  return undefined;
};
