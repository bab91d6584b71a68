/** The keyv store never mistakes a failing disk for "saved" or "empty": its errors throw. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  databasePassword,
  describeStore,
  openStore,
  StoreError,
  spillPathFor,
  storeErrorFields,
} from '../../../src/lib/store.js';
import { storeFaults } from '../../helpers/faultyStore.js';
import { freshStore } from '../../helpers/tempStore.js';

describe('store', () => {
  it('throws when the disk refuses a write or a read, and works again once it recovers', async () => {
    const faults = storeFaults();
    const { store } = await freshStore(faults);
    await store.set('k', 1);
    faults.failWrites = true;
    await expect(store.set('k', 2)).rejects.toThrow(/SQLITE_FULL/);
    await expect(store.delete('k')).rejects.toThrow(/SQLITE_FULL/);
    faults.failWrites = false;
    faults.failReads = true;
    await expect(store.get('k')).rejects.toThrow(/SQLITE_FULL/);
    await expect(store.getMany(['k'])).rejects.toThrow(/SQLITE_FULL/);
    faults.failReads = false;
    expect(await store.get('k')).toBe(1);
  });

  it('throws every failure as a StoreError naming its call, counted by call, the driver error as its cause', async () => {
    const faults = storeFaults();
    const { store } = await freshStore(faults);
    faults.failReads = true;
    const failed = await store.get('k').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(StoreError);
    expect((failed as StoreError).call).toBe('get');
    expect(String((failed as StoreError).cause)).toMatch(/SQLITE_FULL/);
    expect(storeErrorFields(failed)).toEqual({ message: expect.stringMatching(/SQLITE_FULL/) });
    const coded = Object.assign(new Error('terminating connection'), {
      code: '57P01',
      client: { password: 'x' },
    });
    expect(storeErrorFields(new StoreError('get', coded))).toEqual({
      message: 'terminating connection',
      code: '57P01',
    });
    await store.getMany(['k']).catch(() => undefined);
    faults.failReads = false;
    faults.failWrites = true;
    await store.set('k', 1).catch(() => undefined);
    expect(Object.fromEntries(store.failures)).toEqual({ get: 1, getMany: 1, set: 1 });
  });

  it('refuses at open a database it cannot use', async () => {
    const { dir } = await freshStore();
    writeFileSync(join(dir, 'garbage.sqlite'), 'x'.repeat(4096));
    await expect(openStore(`sqlite://${join(dir, 'garbage.sqlite')}`)).rejects.toThrow(/SQLITE_NOTADB/);
    mkdirSync(join(dir, 'folder.sqlite'));
    await expect(openStore(`sqlite://${join(dir, 'folder.sqlite')}`)).rejects.toThrow(/SQLITE_CANTOPEN/);
    await expect(openStore('sqlite://')).rejects.toThrow(/must name a SQLite file/);
  });

  it('keeps the spill file beside the database, one per shard layout; in data/ for a server', () => {
    expect(spillPathFor('sqlite://data/bot.sqlite')).toBe('data/bot.sqlite.pending.json');
    expect(spillPathFor('sqlite://data/bot.sqlite', 'shards-1-of-2')).toBe(
      'data/bot.sqlite.pending.shards-1-of-2.json',
    );
    expect(spillPathFor('postgres://db.example/bot')).toBe('data/ledger.pending.json');
  });

  it('shows a server store without its credentials, and knows its passwords to keep them out of logs', () => {
    expect(
      describeStore('postgres://bot:pw%2Fsecret@db.example:5432/bot?password=q-secret&sslmode=require'),
    ).toBe('postgres://db.example:5432/bot');
    expect(describeStore('redis://:r-secret@cache.example:6379/2')).toBe('redis://cache.example:6379/2');
    expect(describeStore('redis://cache.example')).toBe('redis://cache.example');
    expect(describeStore('sqlite://data/bot.sqlite')).toBe('data/bot.sqlite');
    expect(describeStore('postgres://bot:secret@[::1:5432/bot')).toBe('an invalid URL');
    expect(databasePassword('postgres://bot:pw%2Fsecret@db.example/bot?password=q-secret')).toEqual([
      'pw%2Fsecret',
      'q-secret',
      'pw/secret',
    ]);
    // A password that is not valid percent-encoding is still kept out, as written.
    expect(databasePassword('postgres://bot:ab%zz@db.example/bot')).toEqual(['ab%zz']);
    expect(databasePassword('sqlite://data/bot.sqlite')).toEqual([]);
  });
});
