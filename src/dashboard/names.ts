/**
 * Members' names for the dashboard's tables: the gateway's cache where it has them, else
 * GET /users/{id} with the bot's token (discord.js's REST queue keeps to Discord's limits), kept
 * an hour. Only the top TOP_NAMED members of a table are looked up; the rest show their ids.
 */
import type { Client } from 'discord.js';
import { createRecent } from '../lib/recent.js';

export const TOP_NAMED = 25;

export function createNames(client: Client): (ids: readonly string[]) => Promise<Map<string, string>> {
  const known = createRecent<string>({
    maxEntries: 10_000,
    maxSize: Number.POSITIVE_INFINITY,
    maxAgeMs: 3_600_000,
  });
  return async (ids) => {
    const names = new Map<string, string>();
    await Promise.all(
      ids.slice(0, TOP_NAMED).map(async (id) => {
        const cached = client.users.cache.get(id);
        const name =
          known.get(id) ??
          (cached
            ? (cached.globalName ?? cached.username)
            : await client.users.fetch(id, { cache: false }).then(
                (user) => user.globalName ?? user.username,
                () => undefined,
              ));
        if (name === undefined) return;
        known.set(id, name, 1);
        names.set(id, name);
      }),
    );
    return names;
  };
}
