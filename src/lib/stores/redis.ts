/**
 * Redis through @keyv/redis: a shared store for processes on several machines. Run it with
 * persistence (appendonly yes): the ledger's entries are only as durable as Redis keeps them.
 */
import KeyvRedis from '@keyv/redis';
import type { Backend } from './backend.js';

/** Glob characters in a key prefix, escaped for SCAN's MATCH. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

export function redisBackend(databaseUrl: string): Backend {
  // Until the first connection, a refusal is final (the bot stops with it); after, it retries.
  let connected = false;
  const adapter = new KeyvRedis(
    {
      url: databaseUrl,
      // Without this, commands wait in memory while Redis is down, and a request hangs instead
      // of being told the store failed.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 10_000,
        reconnectStrategy: (retries: number, cause: Error) =>
          connected ? Math.min(100 * 2 ** retries, 5_000) : cause,
      },
    },
    // The adapter swallows errors unless told (get answers undefined, set does nothing).
    { throwOnErrors: true, throwOnConnectError: true },
  );
  adapter.client.on('ready', () => {
    connected = true;
  });
  return {
    kind: 'redis',
    adapter,
    // Redis removes expired keys itself (keyv sets them with PX); a key written without a lifetime
    // gets one from now (NX: never shortens one it has).
    expiresItself: true,
    async expire(fullKeys, _now, lifetime) {
      const client = (await adapter.getClient()) as unknown as {
        multi(): { pExpire(key: string, ms: number, mode: 'NX'): unknown; exec(): Promise<unknown[]> };
      };
      if (fullKeys.length === 0) return { removed: 0, stamped: 0 };
      const batch = client.multi();
      for (const key of fullKeys) batch.pExpire(key, lifetime.ms, 'NX');
      const results = await batch.exec();
      return { removed: 0, stamped: results.filter((result) => result === 1 || result === true).length };
    },
    // A graceful close waits for the replies of pending calls, which a hung server never sends.
    destroy: () => adapter.disconnect(true),
    async *scan(fullPrefix, pageSize) {
      // A single server (cluster and sentinel set-ups are not supported here).
      const client = (await adapter.getClient()) as unknown as {
        scanIterator(options: { MATCH: string; COUNT: number }): AsyncIterable<string[]>;
      };
      // SCAN may return a key twice across pages; each is listed once.
      const seen = new Set<string>();
      for await (const page of client.scanIterator({
        MATCH: `${escapeGlob(fullPrefix)}*`,
        COUNT: pageSize,
      })) {
        const keys = page.filter((key) => !seen.has(key));
        for (const key of keys) seen.add(key);
        if (keys.length > 0) yield keys;
      }
    },
  };
}
