/** Real SQLite stores in temporary directories, closed and removed after each test. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openStore, type Store } from '../../src/lib/store.js';
import { faultyAdapter, type StoreFaults } from './faultyStore.js';

const dirs: string[] = [];
const stores: Store[] = [];

afterEach(async () => {
  for (const store of stores.splice(0)) await store.disconnect();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Opens a store on a new file; `reopen` opens the same file again (a restart). With `faults`,
 * the store's writes or reads fail while the switches say so.
 */
export async function freshStore(
  faults?: StoreFaults,
): Promise<{ store: Store; url: string; dir: string; reopen(): Promise<Store> }> {
  const dir = mkdtempSync(join(tmpdir(), 'store-'));
  dirs.push(dir);
  const url = `sqlite://${join(dir, 'bot.sqlite')}`;
  const open = async () => {
    const store = await openStore(url, faults ? { adapter: (real) => faultyAdapter(real, faults) } : {});
    stores.push(store);
    return store;
  };
  return { store: await open(), url, dir, reopen: open };
}

/** Closes a store before the test ends (to reopen its file). */
export async function closeStore(store: Store): Promise<void> {
  await store.disconnect();
  stores.splice(stores.indexOf(store), 1);
}
