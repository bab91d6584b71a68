/**
 * Copies every record of one store into another (src/cli/migrateStore.ts): values as they are,
 * each with the time it has left to live, a page at a time.
 */
import type { Store } from './store.js';

export interface CopyResult {
  /** Records written to the target. */
  readonly copied: number;
  /** Records that expired between listing and copying (e.g. an old /imagine request). */
  readonly expired: number;
}

export async function copyRecords(from: Store, to: Store, now: () => number = Date.now): Promise<CopyResult> {
  let copied = 0;
  let expired = 0;
  for await (const keys of from.keys('', 500)) {
    const raws = await from.getManyRaw(keys);
    for (const [i, key] of keys.entries()) {
      const raw = raws[i];
      const left = raw?.expires === undefined || raw.expires === null ? undefined : raw.expires - now();
      if (!raw || (left !== undefined && left <= 0)) {
        expired += 1;
        continue;
      }
      await to.set(key, raw.value, left);
      copied += 1;
    }
  }
  return { copied, expired };
}

/** How many records a store holds (expired ones its adapter has not removed yet included). */
export async function countRecords(store: Store): Promise<number> {
  let count = 0;
  for await (const keys of store.keys('', 1000)) count += keys.length;
  return count;
}
