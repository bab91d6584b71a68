/**
 * The shards this process runs, decided before it connects: SHARD_COUNT (or, for `auto`, the
 * count Discord recommends, asked through DISCORD_API_URL like every other request) and
 * SHARD_IDS (default: all of them). discord.js's own `fetchRecommendedShardCount` always calls
 * discord.com, past a REST proxy or a test server, so it is not used.
 */
import { DiscordAPIError, REST, type RESTGetAPIGatewayBotResult, Routes } from 'discord.js';
import { allShards, type ShardSet, type ShardSetting } from '../lib/shards.js';

/** GET /gateway/bot: the shard count Discord recommends for the bot's guild count. */
export async function recommendedShardCount(apiUrl: string | undefined, token: string): Promise<number> {
  const rest = new REST(apiUrl === undefined ? {} : { api: apiUrl }).setToken(token);
  let gateway: RESTGetAPIGatewayBotResult;
  try {
    gateway = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
  } catch (error) {
    // The first request with the token: a refusal here is the token's, not the shard count's.
    if (error instanceof DiscordAPIError && error.status === 401)
      throw new Error(
        'Discord refused DISCORD_TOKEN (401 Unauthorized): reset the bot token in the developer portal',
      );
    throw error;
  }
  if (!Number.isInteger(gateway.shards) || gateway.shards < 1)
    throw new Error(`Discord answered an unusable shard count: ${String(gateway.shards)}`);
  return gateway.shards;
}

export async function resolveShards(
  setting: ShardSetting,
  recommended: () => Promise<number>,
): Promise<ShardSet> {
  const count = setting.count === 'auto' ? await recommended() : setting.count;
  return setting.ids === undefined ? allShards(count) : { count, ids: setting.ids };
}

/** This process's shards for the configuration: SHARD_COUNT (or Discord's count) and SHARD_IDS. */
export const shardsFor = (config: {
  readonly shards: ShardSetting;
  /** DISCORD_API_URL (undefined: Discord's). */
  readonly discordApiUrl: string | undefined;
  readonly discordToken: string;
  /**
   * GATEWAY=off: nothing to connect, so Discord's count is not asked; the shards only divide the
   * servers between workers (SHARD_IDS with a numeric SHARD_COUNT), else this one owns them all.
   */
  readonly interactions?: { readonly gateway: boolean };
}): Promise<ShardSet> =>
  config.interactions?.gateway === false
    ? resolveShards(config.shards, async () => 1)
    : resolveShards(config.shards, () => recommendedShardCount(config.discordApiUrl, config.discordToken));
