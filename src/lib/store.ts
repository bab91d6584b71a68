/**
 * The keyv store, chosen by DATABASE_URL: SQLite (`sqlite://`, the default, @keyv/sqlite),
 * PostgreSQL (`postgres://`, @keyv/postgres) or Redis (`redis://`, @keyv/redis). One Keyv
 * instance; each kind of record has its own key prefix (`conversation:`, `ledger:`…), so one
 * database holds everything.
 *
 * keyv swallows store errors by default (`set` returns false, `get` returns undefined); this
 * store throws them instead, so a failing disk or server is never mistaken for "saved" or "empty".
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Keyv, { type KeyvStoreAdapter } from 'keyv';
import type { Logger } from './logger.js';
import { type Backend, type Lifetime, type StoreKind, storeKind } from './stores/backend.js';
import { serialize } from './stores/serialize.js';
import { sqliteBackend, sqlitePath } from './stores/sqlite.js';
import { guardCalls, guarded, StoreError, type StoreFailures } from './stores/timeout.js';

export { type Lifetime, StoreError, type StoreKind, sqlitePath, storeKind };

export type Store = Keyv & {
  readonly kind: StoreKind;
  /** Every key starting with `prefix` (as the bot names keys), a page at a time. */
  keys(prefix: string, pageSize?: number): AsyncGenerator<string[]>;
  /** Removes the expired records among `keys` (as the bot names them): stores/backend.ts. */
  expire(
    keys: readonly string[],
    now: number,
    lifetime: Lifetime,
  ): Promise<{ removed: number; stamped: number }>;
  /** The store removes expired records itself (Redis). */
  readonly expiresItself: boolean;
  /** Store calls that failed (StoreError) since it was opened, by call: the metrics read it. */
  readonly failures: ReadonlyMap<string, number>;
};

/** keyv's namespace: adapters store `<namespace>:<key>` (Redis adds its own `keyv::` first). */
const NAMESPACE = 'keyv';

/**
 * Where charges the store did not take before the bot stopped are kept (spend/spill.ts): beside
 * a SQLite file, else in `data/`. A process running only some shards has its own file.
 */
export function spillPathFor(databaseUrl: string, shardLabel = ''): string {
  const suffix = shardLabel === '' ? '' : `.${shardLabel}`;
  return storeKind(databaseUrl) === 'sqlite'
    ? `${sqlitePath(databaseUrl)}.pending${suffix}.json`
    : `data/ledger.pending${suffix}.json`;
}

/** Every process's spill file for this store (one per group of shards), those that exist. */
export function spillPathsFor(databaseUrl: string): string[] {
  const base = spillPathFor(databaseUrl);
  const dir = dirname(base);
  const stem = basename(base, '.json');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(stem) && name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * The store as it may be shown: a SQLite path, or a server URL without its credentials (user,
 * password, and the query, where pg also reads a `password`).
 */
export function describeStore(databaseUrl: string): string {
  if (storeKind(databaseUrl) === 'sqlite') return sqlitePath(databaseUrl);
  if (!URL.canParse(databaseUrl)) return 'an invalid URL';
  const url = new URL(databaseUrl);
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

/** The password in a server URL, if any (to keep it out of logs). */
export function databasePassword(databaseUrl: string): string[] {
  if (storeKind(databaseUrl) === 'sqlite' || !URL.canParse(databaseUrl)) return [];
  const url = new URL(databaseUrl);
  const secrets = [url.password, url.searchParams.get('password') ?? ''].filter((value) => value !== '');
  const decoded = secrets.flatMap((value) => {
    try {
      return [decodeURIComponent(value)];
    } catch {
      return [];
    }
  });
  return [...new Set([...secrets, ...decoded])];
}

/** The longest any store call may take (stores/timeout.ts). */
export const STORE_TIMEOUT_MS = 20_000;

export interface StoreOptions {
  /** Wraps the adapter (tests put a fault injector here). */
  readonly adapter?: (real: KeyvStoreAdapter) => KeyvStoreAdapter;
  /** The longest a store call may take (default STORE_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** Where errors the store reports outside any call (a connection lost while idle) are logged. */
  readonly logger?: Pick<Logger, 'error'>;
}

/**
 * What of a driver's error goes into the log: its message and code. Never the error object
 * itself: pg's pool attaches the whole client to an idle connection's error (~3 KB a line, its
 * connection parameters, password included).
 */
export function storeErrorFields(error: unknown): { message: string; code?: string } {
  const failure = error instanceof StoreError ? error.cause : error;
  const message = failure instanceof Error ? failure.message : String(failure);
  const code = (failure as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' || typeof code === 'number' ? { message, code: String(code) } : { message };
}

/** Each server's driver is loaded only when its store is used: SQLite needs neither. */
async function backendFor(databaseUrl: string, onError: (error: unknown) => void): Promise<Backend> {
  switch (storeKind(databaseUrl)) {
    case 'sqlite':
      return sqliteBackend(databaseUrl);
    case 'postgres':
      return (await import('./stores/postgres.js')).postgresBackend(databaseUrl, onError);
    case 'redis':
      return (await import('./stores/redis.js')).redisBackend(databaseUrl);
    default:
      throw new Error('DATABASE_URL must start with sqlite://, postgres:// or redis://');
  }
}

export async function openStore(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  // The first error a store reports while opening says why (Redis throws a generic one after).
  let opening = true;
  let reported: unknown;
  const onError = (error: unknown) => {
    if (opening) reported ??= error;
    else options.logger?.error({ store: storeErrorFields(error) }, 'the store reported an error');
  };
  const backend = await backendFor(databaseUrl, onError);
  const timeoutMs = options.timeoutMs ?? STORE_TIMEOUT_MS;
  const failures: StoreFailures = new Map();
  const keyv = new Keyv({
    store: guardCalls(
      options.adapter ? options.adapter(backend.adapter) : backend.adapter,
      timeoutMs,
      failures,
    ),
    namespace: NAMESPACE,
    throwOnErrors: true,
    // keyv's own encoding, made faster (stores/serialize.ts); its decoding reads both alike.
    serialize,
  });
  // Errors are thrown to the caller; the events keyv also emits would otherwise be unhandled.
  keyv.on('error', onError);
  const fullPrefix = backend.kind === 'redis' ? `${NAMESPACE}::${NAMESPACE}:` : `${NAMESPACE}:`;
  const store = Object.assign(keyv, {
    kind: backend.kind,
    expiresItself: backend.expiresItself === true,
    failures,
    expire(keys: readonly string[], now: number, lifetime: Lifetime) {
      const call = () =>
        backend.expire(
          keys.map((key) => `${fullPrefix}${key}`),
          now,
          lifetime,
        );
      return guarded(
        new Promise<Awaited<ReturnType<typeof call>>>((resolve) => resolve(call())),
        timeoutMs,
        'expire',
        failures,
      );
    },
    async *keys(prefix: string, pageSize = 1000) {
      const pages = backend.scan(`${fullPrefix}${prefix}`, pageSize);
      for (;;) {
        // Each page within the store's time limit, as every other call (stores/timeout.ts).
        const page = await guarded(pages.next(), timeoutMs, 'keys', failures);
        if (page.done) return;
        yield page.value.map((key) => key.slice(fullPrefix.length));
      }
    },
  });
  try {
    // Surface a store that cannot be opened now, at start, not on the first request.
    await store.get('health:open');
    await backend.prepare?.();
  } catch (error) {
    // Not awaited: a graceful disconnect would wait for calls a hung server never answers.
    void (backend.destroy?.() ?? store.disconnect()).catch(() => undefined);
    // Redis throws a generic "not connected" after reporting why (e.g. ECONNREFUSED).
    const failure = error instanceof StoreError ? error.cause : error;
    const generic = failure instanceof Error && failure.message.includes('throwOnConnectError');
    throw generic && reported instanceof Error ? reported : failure;
  }
  opening = false;
  return store;
}
