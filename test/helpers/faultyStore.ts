/**
 * A fault injector around the real SQLite adapter: while a switch is on, its writes (or reads)
 * fail as a full or broken disk would, and pass through again once it is off.
 */
import type { KeyvStoreAdapter } from 'keyv';

export interface StoreFaults {
  failWrites: boolean;
  failReads: boolean;
  /** Only keys containing this fail (all keys when unset). */
  onlyKeysWith?: string | undefined;
}

const WRITES = new Set(['set', 'setMany', 'delete', 'deleteMany', 'clear']);
const READS = new Set(['get', 'getMany', 'has', 'hasMany']);

export function storeFaults(): StoreFaults {
  return { failWrites: false, failReads: false };
}

export function faultyAdapter(real: KeyvStoreAdapter, faults: StoreFaults): KeyvStoreAdapter {
  const fails = (method: string, args: unknown[]) => {
    const kind = WRITES.has(method) ? faults.failWrites : READS.has(method) ? faults.failReads : false;
    if (!kind) return false;
    if (faults.onlyKeysWith === undefined) return true;
    return JSON.stringify(args[0] ?? '').includes(faults.onlyKeysWith);
  };
  return new Proxy(real, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        if (fails(key, args))
          return Promise.reject(new Error('SQLITE_FULL: database or disk is full (injected)'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
