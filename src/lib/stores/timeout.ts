/**
 * The one gate every store call passes: a bound on its time, and a failure that says it is the
 * store's. A server that accepts connections but does not answer (a paused Redis, a hung
 * PostgreSQL, a half-open connection) fails the call instead of hanging the request that made it.
 * The call itself may still finish later; every write the bot makes can be made again (the
 * ledger's entries are keyed by their seq), so a retry after a timeout is safe.
 *
 * Any failure (a refused connection, a server that went away, a timeout) is thrown as a
 * StoreError carrying the driver's error as its cause, and counted by call, so the error boundary
 * can tell members the storage is down and the metrics can count it.
 */
import type { KeyvStoreAdapter } from 'keyv';

const CALLS = new Set([
  'get',
  'getMany',
  'set',
  'setMany',
  'delete',
  'deleteMany',
  'has',
  'hasMany',
  'clear',
]);

/** A store call that failed: the store, not the request, is what went wrong. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    /** The call that failed: get, set, keys, expire… */
    readonly call: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** Failed store calls since the store was opened, by call. */
export type StoreFailures = Map<string, number>;

export function guardCalls(
  adapter: KeyvStoreAdapter,
  timeoutMs: number,
  failures: StoreFailures,
): KeyvStoreAdapter {
  return new Proxy(adapter, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function' || typeof key !== 'string' || !CALLS.has(key)) return value;
      return (...args: unknown[]) =>
        guarded(
          // A synchronous throw is the store's failure too.
          new Promise((resolve) => resolve((value as (...a: unknown[]) => unknown).apply(target, args))),
          timeoutMs,
          key,
          failures,
        );
    },
  });
}

/** `call`, or a StoreError naming the call when it fails or `timeoutMs` pass without an answer. */
export function guarded<T>(
  call: Promise<T>,
  timeoutMs: number,
  what: string,
  failures: StoreFailures,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the store did not answer within ${timeoutMs} ms (${what})`)),
      timeoutMs,
    );
  });
  return Promise.race([call, timeout])
    .catch((error: unknown) => {
      failures.set(what, (failures.get(what) ?? 0) + 1);
      throw error instanceof StoreError ? error : new StoreError(what, error);
    })
    .finally(() => clearTimeout(timer));
}
