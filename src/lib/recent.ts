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
  /** Drops every entry. */
  clear(): void;
  /** Entries held (expired ones not read since included). */
  readonly size: number;
}

/**
 * Entries removed other than by eviction (replaced, deleted, expired) past which an idle eviction
 * cursor is dropped, as a share of the entry bound (and of the size bound), at least MIN_STRANDED.
 */
const STRANDED_SHARE = 1 / 16;
const MIN_STRANDED = 64;

export function createRecent<T>(
  limits: RecentLimits = RECENT_LIMITS,
  now: () => number = () => performance.now(),
): Recent<T> {
  // Insertion order is age order: `set` moves a key to the end.
  const entries = new Map<string, { value: T; size: number; at: number }>();
  // The oldest is found with one live iterator: everything before it was evicted or moved to the
  // end (set again). A fresh iterator per eviction would first walk over every entry deleted before
  // it (V8 keeps them until the table is rebuilt): a cache at its bound paid O(entries) per write.
  // But an iterator holds the table it last read, and V8 keeps every table since, each with the
  // values it held, alive from it: left idle while values are replaced (a cache below its bound),
  // it pinned old conversations, 4 times the live ones (10 MiB in the soak's heap snapshot; issue
  // 32). So it is dropped once enough values were removed other than by it, and made again at the
  // next eviction: what it can pin is bounded, and a fresh walk is paid once per that many writes.
  let cursor: MapIterator<string> | undefined;
  let strandedCount = 0;
  let strandedSize = 0;
  const maxStrandedCount = Math.max(MIN_STRANDED, limits.maxEntries * STRANDED_SHARE);
  const maxStrandedSize = Math.max(MIN_STRANDED, limits.maxSize * STRANDED_SHARE);
  let size = 0;
  const remove = (key: string, evicted = false) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    size -= entry.size;
    if (evicted || cursor === undefined) return;
    strandedCount += 1;
    strandedSize += entry.size;
    if (strandedCount > maxStrandedCount || strandedSize > maxStrandedSize) cursor = undefined;
  };
  const evictOldest = (): boolean => {
    if (cursor === undefined) {
      cursor = entries.keys();
      strandedCount = 0;
      strandedSize = 0;
    }
    let oldest = cursor.next();
    if (oldest.done) {
      cursor = entries.keys();
      oldest = cursor.next();
    }
    if (oldest.done) return false;
    remove(oldest.value, true);
    return true;
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
      while ((entries.size > limits.maxEntries || size > limits.maxSize) && evictOldest());
    },
    delete: (key) => remove(key),
    clear() {
      entries.clear();
      cursor = undefined;
      size = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
