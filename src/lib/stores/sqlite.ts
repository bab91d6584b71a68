/**
 * SQLite through @keyv/sqlite: one file beside the bot, the default. WAL with synchronous=NORMAL:
 * every write survives a crash of the process (what the ledger relies on) at a fraction of the
 * default's fsync cost; only a power cut can lose the last ones.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import type { Backend } from './backend.js';

/** `sqlite://data/bot.sqlite` → `data/bot.sqlite` (relative to the working directory). */
export function sqlitePath(databaseUrl: string): string {
  const path = databaseUrl.replace(/^sqlite:\/\//, '');
  if (path === '' || path === ':memory:') throw new Error('DATABASE_URL must name a SQLite file');
  return path;
}

export function sqliteBackend(databaseUrl: string): Backend {
  const path = sqlitePath(databaseUrl);
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new KeyvSqlite({ uri: `sqlite://${path}`, busyTimeout: 10_000 });
  const query = (sql: string, ...values: unknown[]) =>
    sqlite.query(sql, ...values) as Promise<{ key: string }[]>;
  return {
    kind: 'sqlite',
    adapter: sqlite,
    async prepare() {
      await sqlite.query('PRAGMA journal_mode=WAL');
      await sqlite.query('PRAGMA synchronous=NORMAL');
    },
    // The key index is ordered byte-wise (BINARY): start at the prefix, stop past it.
    async *scan(fullPrefix, pageSize) {
      let after = fullPrefix;
      let first = true;
      for (;;) {
        const rows = await query(
          `SELECT key FROM keyv WHERE key ${first ? '>=' : '>'} ? ORDER BY key LIMIT ?`,
          after,
          pageSize,
        );
        first = false;
        const keys = rows.map((row) => row.key).filter((key) => key.startsWith(fullPrefix));
        if (keys.length > 0) yield keys;
        if (keys.length < rows.length || rows.length < pageSize) return;
        after = rows.at(-1)?.key ?? after;
      }
    },
  };
}
