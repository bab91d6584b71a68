/**
 * The store contract, part 1: the store itself, the same on every kind (SQLite, PostgreSQL,
 * Redis): values read back as written, also after a restart; keys listed by prefix exactly, a page
 * at a time; a batch (setMany) written all or nothing; errors thrown, never mistaken for "saved"
 * or "empty"; a store that cannot be reached refused at open; on PostgreSQL, a connection the
 * server closes while idle is no crash.
 *
 * PostgreSQL and Redis run on the servers test/helpers/servers.ts provides; a kind without one is
 * skipped (servers.ts printed why).
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultSerialize } from '@keyv/serialize';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { openStore, type Store, type StoreKind } from '../../src/lib/store.js';
import { serialize } from '../../src/lib/stores/serialize.js';
import { withDatabase, withPostgres } from '../../src/localService/harness/databaseUrls.js';
import { freePort } from '../../src/localService/harness/servers.js';
import { faultyAdapter, storeFaults } from '../helpers/faultyStore.js';
import { STORE_KINDS, serverUrl, storeUrls } from '../helpers/storeUrls.js';

async function pagesOf(store: Store, prefix: string, pageSize?: number): Promise<string[][]> {
  const pages: string[][] = [];
  for await (const page of store.keys(prefix, pageSize)) pages.push(page);
  return pages;
}

const listed = async (store: Store, prefix: string) => (await pagesOf(store, prefix)).flat().sort();

/** Values of every shape the bot stores (JSON), and strings a careless encoding would mangle. */
const VALUES: Record<string, unknown> = {
  'value:object': { nested: { list: [1, 'two', null, true, { deep: -0.5 }] }, empty: {}, none: [] },
  'value:string': 'plain',
  'value:empty-string': '',
  'value:colon-string': ':looks like a serializer tag',
  'value:unicode': 'ünïcødé 🎲 中文 \u{1F600} \u202E right-to-left',
  'value:nul': 'before\u0000after',
  'value:quotes': `it's "quoted" \\ back\\slash %_*?[]`,
  'value:integer': 9_007_199_254_740_991,
  'value:fraction': 0.1,
  'value:negative': -42,
  'value:true': true,
  'value:false': false,
  'value:zero': 0,
  'value:large': 'x'.repeat(300_000),
  [`value:long-key:${'k'.repeat(180)}`]: 'a key of 200 characters',
  'value:ünïcødé-key 🎲': 'a key outside ASCII',
};

for (const kind of STORE_KINDS) {
  describe.skipIf(serverUrl(kind) === undefined)(`store contract (${kind}): the store`, () => {
    const stores = storeUrls(kind);

    it('reads back every value as written, also after a restart; getMany, has and delete agree', async () => {
      const url = await stores.fresh();
      const store = await stores.open(url);
      expect(store.kind).toBe(kind);
      for (const [key, value] of Object.entries(VALUES)) await store.set(key, value);
      await store.set('value:with-ttl', { kept: true }, 60 * 60_000);
      for (const [key, value] of Object.entries(VALUES)) expect(await store.get(key), key).toEqual(value);

      await stores.close(store);
      const reopened = await stores.open(url);
      for (const [key, value] of Object.entries(VALUES)) expect(await reopened.get(key), key).toEqual(value);
      expect(await reopened.get('value:with-ttl')).toEqual({ kept: true });
      expect(await reopened.getMany(['value:string', 'value:missing', 'value:zero'])).toEqual([
        'plain',
        undefined,
        0,
      ]);
      expect(await reopened.has('value:false')).toBe(true);
      expect(await reopened.has('value:missing')).toBe(false);
      expect(await reopened.delete('value:string')).toBe(true);
      expect(await reopened.get('value:string')).toBeUndefined();
      await reopened.set('value:object', { replaced: 1 });
      expect(await reopened.get('value:object')).toEqual({ replaced: 1 });
      expect(await listed(reopened, 'value:')).toEqual(
        [...Object.keys(VALUES), 'value:with-ttl'].filter((key) => key !== 'value:string').sort(),
      );
    });

    it('lists keys by prefix exactly: LIKE and glob characters in the prefix or after it', async () => {
      const store = await stores.open(await stores.fresh());
      const keys = [
        'a%b:1',
        'a%b:2',
        'a%bc:1',
        'aXb:1',
        'aXYb:1',
        'A%B:1',
        'a_b:1',
        'a_b:%',
        'a_b:_',
        'a*b:1',
        'a*b:*',
        'a?b:1',
        'a?b:?',
        'a[b]:1',
        'a[b]:[',
        'a[b]:]',
        'ab:1',
        'ab]:1',
        'a\\b:1',
        'a\\b:\\',
        'é:1',
        'é:2',
        'e:1',
      ];
      for (const key of keys) await store.set(key, key);
      const expected: Record<string, string[]> = {
        'a%b:': ['a%b:1', 'a%b:2'],
        'a_b:': ['a_b:%', 'a_b:1', 'a_b:_'],
        'a*b:': ['a*b:*', 'a*b:1'],
        'a?b:': ['a?b:1', 'a?b:?'],
        'a[b]:': ['a[b]:1', 'a[b]:[', 'a[b]:]'],
        'a\\b:': ['a\\b:1', 'a\\b:\\'],
        'aXb:': ['aXb:1'],
        ab: ['ab:1', 'ab]:1'],
        'ab:': ['ab:1'],
        'a%b:1': ['a%b:1'],
        'é:': ['é:1', 'é:2'],
        A: ['A%B:1'],
        'nothing-here:': [],
      };
      for (const [prefix, matching] of Object.entries(expected))
        expect(await listed(store, prefix), prefix).toEqual([...matching].sort());
      expect(await listed(store, 'a')).toEqual(keys.filter((key) => key.startsWith('a')).sort());
      expect(await pagesOf(store, 'nothing-here:')).toEqual([]);
    });

    it('lists more keys than a page: every key once, in pages (2 a page, and the default 1,000)', async () => {
      const store = await stores.open(await stores.fresh());
      const keys = Array.from({ length: 9 }, (_, i) => `page:${i}`);
      // Around the prefix in sort order: none of these is listed.
      for (const key of [...keys, 'page', 'pagd:1', 'pagf:1', 'pag:1', 'page;1']) await store.set(key, 1);
      const pages = await pagesOf(store, 'page:', 2);
      expect(pages.flat().sort()).toEqual(keys);
      expect(pages.every((page) => page.length > 0)).toBe(true);
      expect(pages.length).toBeGreaterThan(1);
      // SCAN's COUNT is only a hint; the SQL stores page exactly.
      if (kind !== 'redis') expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 2, 1]);

      const bulk = Array.from({ length: 1_005 }, (_, i) => ({
        key: `bulk:${String(i).padStart(4, '0')}`,
        value: i,
      }));
      await store.setMany(bulk);
      const bulkPages = await pagesOf(store, 'bulk:');
      const flat = bulkPages.flat();
      expect(flat.length).toBe(1_005);
      expect(new Set(flat).size).toBe(1_005);
      expect(flat.sort()).toEqual(bulk.map((entry) => entry.key));
      if (kind !== 'redis') expect(bulkPages.map((page) => page.length)).toEqual([1_000, 5]);
    });

    it("encodes values exactly as keyv's own encoder does, so stores written before read back the same", async () => {
      const store = await stores.open(await stores.fresh());
      const shapes = [
        ...Object.values(VALUES),
        Buffer.from('bytes'),
        [':a', { ':k': ':v', u: undefined }],
        null,
      ];
      for (const value of shapes)
        expect(serialize({ value, expires: undefined })).toBe(
          defaultSerialize({ value, expires: undefined }),
        );
      await store.set('value:buffer', Buffer.from('bytes'));
      expect(await store.get('value:buffer')).toEqual(Buffer.from('bytes'));
    });

    it('setMany writes a batch all or nothing: every shape of value, keys replaced, and a reader never sees half a batch', async () => {
      const store = await stores.open(await stores.fresh());
      await store.set('value:string', 'before');
      await store.setMany(Object.entries(VALUES).map(([key, value]) => ({ key, value })));
      for (const [key, value] of Object.entries(VALUES)) expect(await store.get(key), key).toEqual(value);
      // More pairs than SQLite binds in one statement.
      await store.setMany(Array.from({ length: 12_000 }, (_, i) => ({ key: `many:${i}`, value: `:${i}` })));
      expect(await store.getMany(['many:0', 'many:11999', 'many:12000'])).toEqual([
        ':0',
        ':11999',
        undefined,
      ]);
      // Batches of 1,000 keys, each holding its batch's number, read meanwhile: every read of all
      // of them finds one number (the ledger relies on this for a scope's day totals).
      const keys = Array.from({ length: 1_000 }, (_, i) => `batch:${i}`);
      await store.setMany(keys.map((key) => ({ key, value: { batch: 0, pad: 'x'.repeat(200) } })));
      let writing = true;
      const seen = new Set<string>();
      const reader = (async () => {
        while (writing) {
          const values = (await store.getMany(keys)) as { batch: number }[];
          seen.add([...new Set(values.map((value) => value.batch))].join(','));
        }
      })();
      for (let batch = 1; batch <= 20; batch += 1)
        await store.setMany(keys.map((key) => ({ key, value: { batch, pad: 'x'.repeat(200) } })));
      writing = false;
      await reader;
      expect([...seen].filter((batches) => batches.includes(','))).toEqual([]);
      expect(seen.size).toBeGreaterThan(1);
    });

    it('throws when the store refuses a write or a read, never "saved" or "empty"; nothing stored is lost', async () => {
      const faults = storeFaults();
      const url = await stores.fresh();
      const store = await stores.open(url, { adapter: (real) => faultyAdapter(real, faults) });
      await store.set('k', { v: 1 });
      await store.set('other', 'kept');
      faults.failWrites = true;
      await expect(store.set('k', { v: 2 })).rejects.toThrow(Error);
      await expect(store.delete('other')).rejects.toThrow(Error);
      await expect(store.setMany([{ key: 'new', value: 1 }])).rejects.toThrow(Error);
      faults.failWrites = false;
      faults.failReads = true;
      await expect(store.get('k')).rejects.toThrow(Error);
      await expect(store.getMany(['k', 'other'])).rejects.toThrow(Error);
      await expect(store.has('k')).rejects.toThrow(Error);
      faults.failReads = false;
      expect(await store.getMany(['k', 'other', 'new'])).toEqual([{ v: 1 }, 'kept', undefined]);
      await stores.close(store);
      const reopened = await stores.open(url);
      expect(await reopened.getMany(['k', 'other', 'new'])).toEqual([{ v: 1 }, 'kept', undefined]);
    });

    if (kind === 'postgres') {
      it('postgres: a connection the server closes while idle is logged as its message and code, no crash; the next read reconnects', async () => {
        const url = await stores.fresh();
        const lines: string[] = [];
        let reported: () => void = () => undefined;
        const idleError = new Promise<void>((resolve) => {
          reported = resolve;
        });
        const logger = createLogger({
          secrets: [],
          destination: {
            write: (line) => {
              lines.push(line);
              reported();
            },
          },
        });
        const store = await stores.open(url, { logger });
        await store.set('k', 'v');
        expect(await store.get('k')).toBe('v');
        const terminated = await withPostgres(url, (client) =>
          client.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          ),
        );
        expect(terminated.rowCount).toBeGreaterThan(0);
        await Promise.race([
          idleError,
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('nothing was logged within 10 s')), 10_000).unref(),
          ),
        ]);
        const logged = JSON.parse(lines[0] ?? '{}') as { msg?: string; store?: Record<string, unknown> };
        expect(logged.msg).toBe('the store reported an error');
        // 57P01: admin_shutdown ("terminating connection due to administrator command").
        expect(logged.store).toEqual({ message: expect.stringMatching(/terminat/i), code: '57P01' });
        // pg's pool puts the whole client on the error (its parameters, password included).
        expect(lines[0]?.length).toBeLessThan(300);
        expect(await store.get('k')).toBe('v');
        await store.set('k', 'after');
        expect(await store.get('k')).toBe('after');
      });

      it('postgres: a database that does not exist is refused at open', async () => {
        const server = serverUrl('postgres') as string;
        await expect(openStore(withDatabase(server, 'no_such_database_here'))).rejects.toThrow(Error);
      });
    }
  });
}

describe('store contract: a store that cannot be reached is refused at open', () => {
  const unreachable: Record<StoreKind, () => Promise<string>> = {
    // A path under a regular file: its directory can never be made.
    sqlite: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'contract-unreachable-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      writeFileSync(join(dir, 'file'), '');
      return `sqlite://${join(dir, 'file', 'bot.sqlite')}`;
    },
    postgres: async () => `postgres://postgres@127.0.0.1:${await freePort()}/postgres`,
    redis: async () => `redis://127.0.0.1:${await freePort()}`,
  };

  it.each(STORE_KINDS)('%s: rejects with an Error, in bounded time', async (kind) => {
    const url = await unreachable[kind]();
    const started = Date.now();
    const opened = openStore(url);
    const error = await opened.then(
      () => undefined,
      (rejected: unknown) => rejected,
    );
    const ms = Date.now() - started;
    expect(error).toBeInstanceOf(Error);
    // Refused connections fail at once (the adapters' own connect timeouts are 10 s).
    expect(ms).toBeLessThan(15_000);
  });

  it.each(['postgres', 'redis'] as const)(
    '%s: a server that accepts connections but never answers fails every call within the store timeout',
    async (kind) => {
      // A listener that takes connections and says nothing: a paused or hung server.
      const silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      const sockets = new Set<Socket>();
      silent.listen(0, '127.0.0.1');
      await once(silent, 'listening');
      const port = (silent.address() as AddressInfo).port;
      try {
        const url =
          kind === 'postgres'
            ? `postgres://postgres@127.0.0.1:${port}/postgres`
            : `redis://127.0.0.1:${port}`;
        const started = Date.now();
        await expect(openStore(url, { timeoutMs: 300 })).rejects.toThrow(/did not answer within 300 ms/);
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        for (const socket of sockets) socket.destroy();
        silent.close();
      }
    },
  );
});
