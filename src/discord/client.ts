/**
 * The discord.js client as the bot runs it: the intents it needs, the caches it keeps, no pings,
 * its shards, and the REST options (a local or proxied API, swept route queues).
 */
import { Client, GatewayIntentBits, Partials } from 'discord.js';
import type { ShardSet } from '../lib/shards.js';
import { cacheOptions } from './caches.js';
import { useLeanStructures } from './leanStructures.js';
import { NO_PINGS } from './messages.js';

export function createClient(
  config: {
    /** MESSAGE_CONTENT_INTENT: whether the bot asks Discord for members' text. */
    readonly messageContentIntent: boolean;
    /** DISCORD_API_URL (undefined: Discord's). */
    readonly discordApiUrl: string | undefined;
  },
  shards: ShardSet,
): Client {
  // Guilds and channels without the managers and bit fields that hold nothing (leanStructures.ts).
  useLeanStructures();
  return new Client({
    // Guild and DM messages reach the bot for mentions, replies and DMs; their content arrives
    // without the privileged intent for exactly those (see chat/prompt.ts).
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.DirectMessages,
      ...(config.messageContentIntent ? [GatewayIntentBits.MessageContent] : []),
    ],
    // DM channels are not cached until used; without this partial their messages are dropped.
    partials: [Partials.Channel],
    // Only what the bot reads is cached (discord/caches.ts says what and why).
    ...cacheOptions,
    allowedMentions: NO_PINGS,
    shards: [...shards.ids],
    shardCount: shards.count,
    rest: {
      ...(config.discordApiUrl !== undefined && { api: config.discordApiUrl }),
      // discord.js keeps a queue per route (per channel, per interaction token) until it has been
      // idle an hour; swept every minute, they do not pile up with traffic.
      handlerSweepInterval: 60_000,
    },
  });
}
