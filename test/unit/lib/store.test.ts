/** The keyv store never mistakes a failing disk for "saved" or "empty": its errors throw. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, spillPathFor } from '../../../src/lib/store.js';
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

  it('refuses at open a database it cannot use', async () => {
    const { dir } = await freshStore();
    writeFileSync(join(dir, 'garbage.sqlite'), 'x'.repeat(4096));
    await expect(openStore(`sqlite://${join(dir, 'garbage.sqlite')}`)).rejects.toThrow(/SQLITE_NOTADB/);
    mkdirSync(join(dir, 'folder.sqlite'));
    await expect(openStore(`sqlite://${join(dir, 'folder.sqlite')}`)).rejects.toThrow(/SQLITE_CANTOPEN/);
    await expect(openStore('sqlite://')).rejects.toThrow(/must name a SQLite file/);
  });

  it('keeps the spill file beside the database', () => {
    expect(spillPathFor('sqlite://data/bot.sqlite')).toBe('data/bot.sqlite.pending.json');
  });
});
