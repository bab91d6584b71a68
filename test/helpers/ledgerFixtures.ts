/**
 * What the ledger's tests share besides the charges (src/localService/harness/charges.ts): views
 * of a store that count or hold its writes, and waits for what it stored.
 */
import type { Store } from '../../src/lib/store.js';
import type { DayAggregate } from '../../src/spend/aggregate.js';
import { dayKey } from '../../src/spend/ledgerBook.js';

/** Waits until the store holds `scope`'s `day` with every entry through `seq` folded in. */
export async function waitForStored(store: Store, scope: string, day: string, seq: number): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    const stored = (await store.get(dayKey(scope, day))) as DayAggregate | undefined;
    if ((stored?.appliedThrough ?? 0) >= seq) return;
    if (Date.now() > until) throw new Error(`${day} of ${scope} not stored through ${seq}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The highest seq the store's aggregate of `scope`'s `day` has folded in (0: none stored). */
export async function storedThrough(store: Store, scope: string, day: string): Promise<number> {
  return ((await store.get(dayKey(scope, day))) as DayAggregate | undefined)?.appliedThrough ?? 0;
}

/**
 * `store`, counting the writes of keys containing `part`: store calls, and keys written. With
 * `hold`, each such write waits for it first (to see what happens while a write is under way).
 */
export function countingWrites(store: Store, part: string, hold?: () => Promise<void>) {
  const counts = { calls: 0, keys: 0 };
  const view = Object.create(store) as Store;
  const seen = async (keys: readonly string[]) => {
    const matching = keys.filter((key) => key.includes(part)).length;
    if (matching === 0) return;
    counts.calls += 1;
    counts.keys += matching;
    await hold?.();
  };
  view.set = (async (key: string, value: unknown, ttl?: number) => {
    await seen([key]);
    return store.set(key, value, ttl);
  }) as Store['set'];
  view.setMany = (async (entries: { key: string; value: unknown }[]) => {
    await seen(entries.map((entry) => entry.key));
    return store.setMany(entries);
  }) as Store['setMany'];
  return { store: view, counts };
}

/** `store`, recording every key it writes or deletes. */
export function recordingWrites(store: Store): { store: Store; written: Set<string> } {
  const written = new Set<string>();
  const view = Object.create(store) as Store;
  view.set = ((key: string, value: unknown, ttl?: number) => {
    written.add(key);
    return store.set(key, value, ttl);
  }) as Store['set'];
  view.setMany = ((entries: { key: string; value: unknown }[]) => {
    for (const entry of entries) written.add(entry.key);
    return store.setMany(entries);
  }) as Store['setMany'];
  view.delete = ((key: string | string[]) => {
    for (const one of [key].flat()) written.add(one);
    return store.delete(key);
  }) as Store['delete'];
  return { store: view, written };
}
