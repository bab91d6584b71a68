/**
 * The values a store read or wrote lately, by key, so a read-modify-write right after a read
 * (a turn loads its conversation, then writes it twice) does not read it again. Bounded by
 * entries, by approximate size, and by age; the oldest go first.
 *
 * Only this process's own reads and writes fill it: it is right as long as no other process
 * writes the same key meanwhile, which holds for conversations (a channel belongs to one shard,
 * a shard to one process; turns in a channel run one at a time).
 */

export interface RecentLimits {
  readonly maxEntries: number;
  /** Sum of the sizes given to `set`. */
  readonly maxSize: number;
  readonly maxAgeMs: number;
}

export const RECENT_LIMITS: RecentLimits = {
  maxEntries: 1_000,
  // Characters of stored JSON: a few busy channels' full histories, or many short ones.
  maxSize: 32 * 1024 * 1024,
  // Longer than a reply may stream (REPLY_MAX_DURATION_MS defaults to 10 minutes).
  maxAgeMs: 15 * 60_000,
};

/** A cache bounded by entries only: e.g. settings, one small value per server or channel. */
export const countedLimits = (maxEntries: number): RecentLimits => ({
  maxEntries,
  maxSize: Number.POSITIVE_INFINITY,
  maxAgeMs: Number.POSITIVE_INFINITY,
});

export interface Recent<T> {
  get(key: string): T | undefined;
  set(key: string, value: T, size: number): void;
  delete(key: string): void;
}

export function createRecent<T>(
  limits: RecentLimits = RECENT_LIMITS,
  now: () => number = () => performance.now(),
): Recent<T> {
  // Insertion order is age order: `set` moves a key to the end.
  const entries = new Map<string, { value: T; size: number; at: number }>();
  // The oldest is found with one live iterator: everything before it was removed or moved to the
  // end (set again). A fresh iterator per `set` would first walk over every entry deleted before it
  // (V8 keeps them until the table is rebuilt): a cache at its bound paid O(entries) per write.
  let cursor = entries.keys();
  let size = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    size -= entry.size;
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at > limits.maxAgeMs) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, entrySize) {
      remove(key);
      if (entrySize > limits.maxSize) return;
      entries.set(key, { value, size: entrySize, at: now() });
      size += entrySize;
      while (entries.size > limits.maxEntries || size > limits.maxSize) {
        let oldest = cursor.next();
        if (oldest.done) {
          cursor = entries.keys();
          oldest = cursor.next();
        }
        if (oldest.done) break;
        remove(oldest.value);
      }
    },
    delete: remove,
  };
}
