/** `/config models`: which models members may use ("all", or names separated by commas). */
import { parseModelList } from '../../src/settings/resolve.js';
import type { Settings } from '../../src/settings/settingsStore.js';
import type { ConfigChangeHandler } from './subcommand.js';

export const allowModels: ConfigChangeHandler<{ readonly settings: Pick<Settings, 'updateGuild'> }> = async (
  deps,
  { guildId, raw, t },
) => {
  const models = parseModelList(typeof raw.allowed === 'string' ? raw.allowed : '', t);
  if (models !== null && 'error' in models) return models.error;
  await deps.settings.updateGuild(guildId, { allowedModels: models });
  return undefined;
};
