/**
 * Fresh, empty stores of each kind for the store contract tests, on the servers
 * test/helpers/servers.ts provides (src/localService/harness/storeServers.ts):
 * - sqlite: a file in a new temporary directory (removed after the test);
 * - postgres: a new database (CREATE DATABASE through `pg`), dropped after the file's tests;
 * - redis: one logical database (1–15) claimed for the whole file, emptied (FLUSHDB) for each
 *   store; files run in parallel forks, so each claims its own with `SET … NX` on database 0,
 *   released after its tests (and expiring on its own if the process dies).
 *
 * Call `storeUrls(kind)` inside the kind's describe block: it registers that block's hooks.
 * Stores opened with `open` are closed after each test unless the test closed them.
 *
 * @keyv/postgres keeps one pg pool per process, for the last URL opened, and `disconnect()` ends
 * it: open PostgreSQL stores one after another (close one before opening the next), never two at
 * once. A Redis `fresh()` empties the file's database, so it gives one store per test too.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { afterAll, afterEach, inject } from 'vitest';
import { openStore, type Store, type StoreKind, type StoreOptions } from '../../src/lib/store.js';
import { withDatabase, withPostgres } from '../../src/localService/harness/databaseUrls.js';

export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres', 'redis'];

/** The server a kind runs against, undefined when its tests are skipped (servers.ts said why). */
export function serverUrl(kind: StoreKind): string | undefined {
  if (kind === 'sqlite') return 'sqlite://';
  return kind === 'postgres' ? inject('postgresUrl') : inject('redisUrl');
}

export interface StoreUrls {
  readonly kind: StoreKind;
  /** The URL of a new, empty store. */
  fresh(): Promise<string>;
  /** Opens a store, closed after the test unless `close` closed it before. */
  open(url: string, options?: StoreOptions): Promise<Store>;
  /** Closes a store before the test ends (a restart: open the same URL again after). */
  close(store: Store): Promise<void>;
}

const redisClient = (url: string) => createClient({ url, socket: { reconnectStrategy: false } });

async function withRedis<T>(
  url: string,
  task: (client: ReturnType<typeof redisClient>) => Promise<T>,
): Promise<T> {
  const client = redisClient(url);
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.close();
  }
}

const CLAIM_PREFIX = 'store-contract:claim:';
const CLAIM_MS = 15 * 60_000;

/** Claims a logical database no other test file uses now (database 0 holds the claims). */
async function claimRedisDatabase(url: string, token: string): Promise<number> {
  return withRedis(url, async (client) => {
    let databases = 16;
    try {
      const reply = (await client.sendCommand(['CONFIG', 'GET', 'databases'])) as string[];
      databases = Number(reply[1]) || databases;
    } catch {
      // CONFIG may be disabled on a managed server: Redis's default then.
    }
    for (let index = 1; index < databases; index += 1) {
      const claimed = await client.sendCommand([
        'SET',
        `${CLAIM_PREFIX}${index}`,
        token,
        'NX',
        'PX',
        String(CLAIM_MS),
      ]);
      if (String(claimed) === 'OK') return index;
    }
    throw new Error(`every Redis logical database 1–${databases - 1} is claimed by other test files`);
  });
}

export function storeUrls(kind: StoreKind): StoreUrls {
  const open = new Set<Store>();
  const dirs: string[] = [];
  const databases: string[] = [];
  let redisDatabase: Promise<number> | undefined;
  const token = randomBytes(8).toString('hex');

  async function closeAll(): Promise<void> {
    for (const store of [...open]) {
      open.delete(store);
      await store.disconnect().catch(() => undefined);
    }
  }

  afterEach(async () => {
    await closeAll();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  afterAll(async () => {
    await closeAll();
    const server = serverUrl(kind);
    if (kind === 'postgres' && server && databases.length > 0) {
      await withPostgres(server, async (client) => {
        for (const name of databases.splice(0))
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    }
    if (kind === 'redis' && server && redisDatabase) {
      const index = await redisDatabase.catch(() => undefined);
      redisDatabase = undefined;
      if (index === undefined) return;
      await withRedis(withDatabase(server, String(index)), (client) => client.sendCommand(['FLUSHDB']));
      await withRedis(server, async (client) => {
        if ((await client.get(`${CLAIM_PREFIX}${index}`)) === token)
          await client.del(`${CLAIM_PREFIX}${index}`);
      });
    }
  });

  return {
    kind,
    async fresh() {
      const server = serverUrl(kind);
      if (server === undefined) throw new Error(`no ${kind} server (see the line servers.ts printed)`);
      if (kind === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'contract-sqlite-'));
        dirs.push(dir);
        return `sqlite://${join(dir, 'bot.sqlite')}`;
      }
      if (kind === 'postgres') {
        const name = `contract_${process.pid}_${randomBytes(4).toString('hex')}`;
        await withPostgres(server, (client) => client.query(`CREATE DATABASE "${name}"`));
        databases.push(name);
        return withDatabase(server, name);
      }
      redisDatabase ??= claimRedisDatabase(server, token);
      const url = withDatabase(server, String(await redisDatabase));
      await withRedis(url, (client) => client.sendCommand(['FLUSHDB']));
      return url;
    },
    async open(url, options) {
      const store = await openStore(url, options);
      open.add(store);
      return store;
    },
    async close(store) {
      open.delete(store);
      await store.disconnect();
    },
  };
}
