/** `/config channels`: where the bot answers (threads follow their parent channel). */
import type { Settings } from '../../src/settings/settingsStore.js';
import type { ConfigChangeHandler } from './subcommand.js';

export const setChannels: ConfigChangeHandler<{ readonly settings: Pick<Settings, 'updateGuild'> }> = async (
  deps,
  { guildId, raw, channelId, guild, t },
) => {
  const action = raw.action;
  if (action === 'everywhere') {
    await deps.settings.updateGuild(guildId, { allowedChannels: null });
    return undefined;
  }
  if (action !== 'allow' && action !== 'remove') return t.t('config.chooseChannelAction');
  if (channelId === undefined)
    return t.t(action === 'allow' ? 'config.giveChannelToAllow' : 'config.giveChannelToRemove');
  const current = guild.allowedChannels ?? [];
  const next =
    action === 'allow' ? [...new Set([...current, channelId])] : current.filter((id) => id !== channelId);
  await deps.settings.updateGuild(guildId, { allowedChannels: next });
  return undefined;
};
