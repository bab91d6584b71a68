/**
 * The keyv store: SQLite through @keyv/sqlite by default. One Keyv instance; each kind of record
 * has its own key prefix (`conversation:`, `ledger:`…), so one file holds everything.
 *
 * keyv swallows store errors by default (`set` returns false, `get` returns undefined); this
 * store throws them instead, so a failing disk is never mistaken for "saved" or "empty".
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import Keyv, { type KeyvStoreAdapter } from 'keyv';

export type Store = Keyv;

/** `sqlite://data/bot.sqlite` → `data/bot.sqlite` (relative to the working directory). */
export function sqlitePath(databaseUrl: string): string {
  const path = databaseUrl.replace(/^sqlite:\/\//, '');
  if (path === '' || path === ':memory:') throw new Error('DATABASE_URL must name a SQLite file');
  return path;
}

/** Beside the database: charges the store did not take before the bot stopped (spend/spill.ts). */
export function spillPathFor(databaseUrl: string): string {
  return `${sqlitePath(databaseUrl)}.pending.json`;
}

export interface StoreOptions {
  /** Wraps the SQLite adapter (tests put a fault injector here). */
  readonly adapter?: (sqlite: KeyvStoreAdapter) => KeyvStoreAdapter;
}

export async function openStore(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  const path = sqlitePath(databaseUrl);
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new KeyvSqlite({ uri: `sqlite://${path}`, busyTimeout: 10_000 });
  const store = new Keyv({ store: options.adapter ? options.adapter(sqlite) : sqlite, throwOnErrors: true });
  // Surface a file that cannot be opened now, at start, not on the first request.
  await store.get('health:open');
  // WAL with synchronous=NORMAL: every write survives a crash of the process (what the ledger
  // relies on) at a fraction of the default's fsync cost; only a power cut can lose the last ones.
  await sqlite.query('PRAGMA journal_mode=WAL');
  await sqlite.query('PRAGMA synchronous=NORMAL');
  return store;
}
