/** Real SQLite stores in temporary directories, closed and removed after each test. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openStore, type Store } from '../../src/lib/store.js';

const dirs: string[] = [];
const stores: Store[] = [];

afterEach(async () => {
  for (const store of stores.splice(0)) await store.disconnect();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Opens a store on a new file; `reopen` opens the same file again (a restart). */
export async function freshStore(): Promise<{ store: Store; url: string; reopen(): Promise<Store> }> {
  const dir = mkdtempSync(join(tmpdir(), 'store-'));
  dirs.push(dir);
  const url = `sqlite://${join(dir, 'bot.sqlite')}`;
  const open = async () => {
    const store = await openStore(url);
    stores.push(store);
    return store;
  };
  return { store: await open(), url, reopen: open };
}

/** Closes a store before the test ends (to reopen its file). */
export async function closeStore(store: Store): Promise<void> {
  await store.disconnect();
  stores.splice(stores.indexOf(store), 1);
}
