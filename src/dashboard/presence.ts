/**
 * Whether the bot is in a server, for the dashboard. The process serving it (the one with
 * shard 0) has in its gateway cache only the servers of its own shards; for the others it asks
 * Discord, GET /guilds/{id} with the bot's token (200: the bot is in it; 403/404: it is not),
 * and keeps the answer PRESENCE_MS. Unknown until asked: not present (the dashboard fails closed).
 */
import { type Client, Routes } from 'discord.js';
import { createRecent } from '../lib/recent.js';

export const PRESENCE_MS = 5 * 60_000;

export interface Presence {
  /** From the cache or the last answer: whether the bot is in the guild. */
  has(guildId: string): boolean;
  /** Asks Discord about the guilds the gateway cache cannot answer for (not asked lately). */
  refresh(guildIds: readonly string[]): Promise<void>;
}

export function createPresence(client: Client): Presence {
  const answers = createRecent<boolean>({
    maxEntries: 10_000,
    maxSize: Number.POSITIVE_INFINITY,
    maxAgeMs: PRESENCE_MS,
  });
  const ownShard = (guildId: string) => client.guilds.cache.get(guildId) !== undefined;
  return {
    has: (guildId) => ownShard(guildId) || answers.get(guildId) === true,
    async refresh(guildIds) {
      const unknown = guildIds.filter((id) => !ownShard(id) && answers.get(id) === undefined).slice(0, 50);
      await Promise.all(
        unknown.map(async (id) => {
          const present = await client.rest.get(Routes.guild(id)).then(
            () => true,
            () => false,
          );
          answers.set(id, present, 1);
        }),
      );
    },
  };
}
