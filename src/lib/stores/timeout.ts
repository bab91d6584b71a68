/**
 * A bound on every store call: a server that accepts connections but does not answer (a paused
 * Redis, a hung PostgreSQL, a half-open connection) fails the call instead of hanging the request
 * that made it. The call itself may still finish later; every write the bot makes can be made
 * again (the ledger's entries are keyed by their seq), so a retry after a timeout is safe.
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

export function withTimeout(adapter: KeyvStoreAdapter, timeoutMs: number): KeyvStoreAdapter {
  return new Proxy(adapter, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function' || typeof key !== 'string' || !CALLS.has(key)) return value;
      return (...args: unknown[]) =>
        withinTime(
          Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, args)),
          timeoutMs,
          key,
        );
    },
  });
}

/** `call`, or a rejection naming the call once `timeoutMs` have passed without an answer. */
export function withinTime<T>(call: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the store did not answer within ${timeoutMs} ms (${what})`)),
      timeoutMs,
    );
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}
