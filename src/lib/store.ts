/**
 * The keyv store: SQLite through @keyv/sqlite by default. One Keyv instance; each kind of record
 * has its own key prefix (`conversation:`, `usage:`), so one file holds everything.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';

export type Store = Keyv;

/** `sqlite://data/bot.sqlite` → `data/bot.sqlite` (relative to the working directory). */
export function sqlitePath(databaseUrl: string): string {
  const path = databaseUrl.replace(/^sqlite:\/\//, '');
  if (path === '' || path === ':memory:') throw new Error('DATABASE_URL must name a SQLite file');
  return path;
}

export async function openStore(databaseUrl: string): Promise<Store> {
  const path = sqlitePath(databaseUrl);
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new KeyvSqlite({ uri: `sqlite://${path}`, busyTimeout: 10_000 });
  const store = new Keyv({ store: sqlite });
  // Surface a file that cannot be opened now, at start, not on the first request.
  await store.get('health:open');
  // WAL with synchronous=NORMAL: every write survives a crash of the process (what the ledger
  // relies on) at a fraction of the default's fsync cost; only a power cut can lose the last ones.
  await sqlite.query('PRAGMA journal_mode=WAL');
  await sqlite.query('PRAGMA synchronous=NORMAL');
  return store;
}
