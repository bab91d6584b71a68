/**
 * A fault injector around the real SQLite adapter: while a switch is on, its writes (or reads)
 * fail as a full or broken disk would, and pass through again once it is off. And a store as a
 * process that dies sees it (`mortal`): once killed, nothing it holds reaches the store any more.
 */
import type { KeyvStoreAdapter } from 'keyv';
import type { Store } from '../../src/lib/store.js';

export interface StoreFaults {
  failWrites: boolean;
  failReads: boolean;
  /** Only keys containing this fail (all keys when unset). */
  onlyKeysWith?: string | undefined;
  /**
   * A batch (setMany) that fails part way, as a store that is not all-or-nothing could: its
   * first `landFirst` pairs are written, then it fails (while `failWrites` is on).
   */
  landFirst?: number | undefined;
  /** Writes wait for this before they go through (a slow store), while it is set. */
  holdWrites?: Promise<void> | undefined;
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
  const injected = () => Promise.reject(new Error('SQLITE_FULL: database or disk is full (injected)'));
  return new Proxy(real, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        const held = WRITES.has(key) ? faults.holdWrites : undefined;
        if (held) return held.then(() => (value as (...a: unknown[]) => unknown).apply(target, args));
        if (!fails(key, args)) return (value as (...a: unknown[]) => unknown).apply(target, args);
        if (key === 'setMany' && faults.landFirst !== undefined) {
          const part = (args[0] as unknown[]).slice(0, faults.landFirst);
          return Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, [part])).then(
            injected,
          );
        }
        return injected();
      };
    },
  });
}

/**
 * `store` as seen by a process that may die: after `kill()` every call it makes fails, so a
 * ledger on it writes nothing more (its timers included), as after a SIGKILL.
 */
export function mortal(store: Store): { store: Store; kill(): void } {
  let dead = false;
  const view = Object.create(store) as Store;
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      dead ? Promise.reject(new Error('the process is dead')) : call.apply(store, args);
  Object.assign(view, {
    get: guard(store.get),
    getMany: guard(store.getMany),
    set: guard(store.set),
    setMany: guard(store.setMany),
    delete: guard(store.delete),
    keys: (prefix: string, pageSize?: number) => {
      if (dead) throw new Error('the process is dead');
      return store.keys(prefix, pageSize);
    },
  });
  return {
    store: view,
    kill: () => {
      dead = true;
    },
  };
}
