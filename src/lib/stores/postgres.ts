/**
 * PostgreSQL through @keyv/postgres: one shared database for processes on several machines.
 */
import KeyvPostgres from '@keyv/postgres';
import pg from 'pg';
import type { Backend } from './backend.js';

type IdleErrorHandler = (error: Error) => void;

interface PoolHooks {
  /** Called with each error of an idle connection (the pool replaces that connection). */
  onIdleError?: IdleErrorHandler;
  /** Called with the pool once made, so its store can end exactly this one. */
  onPool?: (pool: pg.Pool) => void;
}

let opened = 0;

const ROUTED = Symbol.for('discord-service-bot.pg-idle-errors');

/**
 * @keyv/postgres makes its pg.Pool itself and listens to none of its 'error' events, so a
 * connection the server closes while idle (a restart, a failover) would crash the process with an
 * unhandled 'error'. Pools made from here on hand those errors to the `onIdleError` option they
 * are given (the pool drops that connection and opens another on the next query).
 */
function routeIdleErrors(): void {
  const module = pg as unknown as Record<symbol, boolean> & { Pool: typeof pg.Pool };
  if (module[ROUTED]) return;
  module[ROUTED] = true;
  const Base = module.Pool;
  module.Pool = class extends Base {
    constructor(options?: pg.PoolConfig & PoolHooks) {
      super(options);
      this.on('error', (error) => options?.onIdleError?.(error));
      options?.onPool?.(this);
    }
  };
}

export function postgresBackend(databaseUrl: string, onIdleError: IdleErrorHandler): Backend {
  routeIdleErrors();
  let pool: pg.Pool | undefined;
  const hooks: PoolHooks = {
    onIdleError,
    onPool: (made) => {
      pool = made;
    },
  };
  const adapter = new KeyvPostgres({
    // @keyv/postgres shares one pool per URL in a process, and its disconnect ends whichever
    // pool it made last: a fragment (which pg ignores) gives each store its own pool to end.
    uri: `${databaseUrl.split('#')[0]}#store-${++opened}`,
    // pg waits forever by default; a store that does not answer must fail, not hang a request.
    connectionTimeoutMillis: 10_000,
    query_timeout: 30_000,
    ...hooks,
  } as ConstructorParameters<typeof KeyvPostgres>[0] & PoolHooks);
  adapter.disconnect = async () => {
    const ending = pool;
    pool = undefined;
    await ending?.end();
  };
  return {
    kind: 'postgres',
    adapter,
    // The primary key's index follows the database's collation, which `LIKE 'prefix%'` can use
    // only under C: with en_US and the like, each page of a listing would scan the table. An
    // index in C order (made once; created concurrently by two starts, one wins) serves listings.
    async prepare() {
      try {
        await adapter.query('CREATE INDEX IF NOT EXISTS keyv_key_c ON keyv ((key COLLATE "C"))');
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== '23505' && code !== '42P07') throw error;
      }
    },
    // As on SQLite (sqlite.ts): `expires` appended to keyv's wrapper object. The json type (not
    // jsonb) reads any text keyv wrote, \u0000 included.
    async expire(fullKeys, now, lifetime) {
      const from = lifetime.fromValueTime
        ? "coalesce((value::json #>> '{value,time}')::bigint, $2::bigint)"
        : '$2::bigint';
      const stamped = (await adapter.query(
        `UPDATE keyv SET value = left(value, -1) || ',"expires":' || (${from} + $3::bigint) || '}'
         WHERE key = ANY($1) AND value LIKE '{%}' AND value::json -> 'expires' IS NULL RETURNING key`,
        [fullKeys, now, lifetime.ms],
      )) as unknown[];
      const removed = (await adapter.query(
        `DELETE FROM keyv WHERE key = ANY($1) AND (value::json ->> 'expires')::bigint <= $2::bigint RETURNING key`,
        [fullKeys, now],
      )) as unknown[];
      return { removed: removed.length, stamped: stamped.length };
    },
    async *scan(fullPrefix, pageSize) {
      const pattern = `${fullPrefix.replace(/[\\%_]/g, '\\$&')}%`;
      let after = '';
      for (;;) {
        const rows = (await adapter.query(
          `SELECT key FROM keyv WHERE (key COLLATE "C") LIKE $1 ESCAPE '\\' AND (key COLLATE "C") > $2
           ORDER BY (key COLLATE "C") LIMIT $3`,
          [pattern, after, pageSize],
        )) as { key: string }[];
        if (rows.length > 0) yield rows.map((row) => row.key);
        if (rows.length < pageSize) return;
        after = rows.at(-1)?.key ?? after;
      }
    },
  };
}
