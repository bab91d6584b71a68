/**
 * SQLite through @keyv/sqlite: one file beside the bot, the default. WAL with synchronous=NORMAL:
 * every write survives a crash of the process (what the ledger relies on) at a fraction of the
 * default's fsync cost; only a power cut can lose the last ones.
 *
 * @keyv/sqlite has no setMany (keyv would then make one `set`, one transaction, per key, and a
 * batch could land in part): here it is one INSERT of every pair, so a batch is one transaction,
 * all or nothing, as it is on PostgreSQL (one statement) and Redis (MULTI).
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

/** Pairs bound in one statement (SQLite binds at most 32,766 values). */
const MAX_BOUND_PAIRS = 10_000;

export function sqliteBackend(databaseUrl: string): Backend {
  const path = sqlitePath(databaseUrl);
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new KeyvSqlite({ uri: `sqlite://${path}`, busyTimeout: 10_000 });
  const query = (sql: string, ...values: unknown[]) =>
    sqlite.query(sql, ...values) as Promise<{ key: string }[]>;
  const table = sqlite.opts.table as string;
  const upsert = (rows: string) =>
    `INSERT INTO ${table} (key, value) ${rows} ON CONFLICT(key) DO UPDATE SET value = excluded.value`;
  // `WHERE true` tells SQLite's parser the ON CONFLICT belongs to the INSERT, not to a join.
  const upsertJson = upsert(
    "SELECT json_extract(pair.value, '$[0]'), json_extract(pair.value, '$[1]') FROM json_each(?) AS pair WHERE true",
  );
  const adapter = Object.assign(sqlite, {
    async setMany(entries: { key: string; value: unknown }[]) {
      // One statement either way: bound values (no second encoding of large values) up to
      // SQLite's limit on them, a JSON list of pairs beyond.
      if (entries.length > MAX_BOUND_PAIRS) {
        await query(upsertJson, JSON.stringify(entries.map(({ key, value }) => [key, value])));
        return;
      }
      const rows = `VALUES ${entries.map(() => '(?, ?)').join(', ')}`;
      await query(upsert(rows), ...entries.flatMap(({ key, value }) => [key, value]));
    },
  });
  return {
    kind: 'sqlite',
    adapter,
    async prepare() {
      await sqlite.query('PRAGMA journal_mode=WAL');
      await sqlite.query('PRAGMA synchronous=NORMAL');
    },
    // keyv stores `{"value":…,"expires":…}` (stores/serialize.ts): a legacy record gets its
    // `expires` appended to that object, without re-encoding a large value.
    async expire(fullKeys, now, lifetime) {
      const keys = JSON.stringify(fullKeys);
      const from = lifetime.fromValueTime ? "coalesce(json_extract(value, '$.value.time'), ?)" : '?';
      const stamped = await query(
        `UPDATE keyv SET value = substr(value, 1, length(value) - 1) || ',"expires":' || (${from} + ?) || '}'
         WHERE key IN (SELECT value FROM json_each(?)) AND value LIKE '{%}' AND json_type(value, '$.expires') IS NULL
         RETURNING key`,
        now,
        lifetime.ms,
        keys,
      );
      const removed = await query(
        `DELETE FROM keyv WHERE key IN (SELECT value FROM json_each(?)) AND json_extract(value, '$.expires') <= ?
         RETURNING key`,
        keys,
        now,
      );
      return { removed: removed.length, stamped: stamped.length };
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
