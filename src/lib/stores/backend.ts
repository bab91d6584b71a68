/** What each kind of store adds to its keyv adapter: listing keys by prefix, a page at a time. */
import type { KeyvStoreAdapter } from 'keyv';

export type StoreKind = 'sqlite' | 'postgres' | 'redis';

/**
 * The lifetime the retention sweep gives a record stored without one (by an earlier version):
 * `ms` from now, or from the `time` field of its value (ledger entries).
 */
export interface Lifetime {
  readonly ms: number;
  readonly fromValueTime: boolean;
}

export interface Backend {
  readonly kind: StoreKind;
  readonly adapter: KeyvStoreAdapter;
  /** Runs once the store answers (e.g. SQLite's journal mode). */
  prepare?(): Promise<void>;
  /**
   * Keys as the adapter stores them (keyv's namespace included) that start with `fullPrefix`, in
   * pages of about `pageSize`. Keyset pages, never OFFSET: a page costs the same at any depth.
   */
  scan(fullPrefix: string, pageSize: number): AsyncGenerator<string[]>;
  /**
   * Among `fullKeys`: gives `lifetime` to the records stored without one, then removes those whose
   * lifetime (keyv's `expires`) ended by `now`. Each step is one statement that re-checks the
   * record as it is then, so a record rewritten meanwhile by its owner is never removed.
   */
  expire(
    fullKeys: readonly string[],
    now: number,
    lifetime: Lifetime,
  ): Promise<{ removed: number; stamped: number }>;
  /** True when the store removes expired records itself (Redis): the sweep only stamps legacy ones. */
  readonly expiresItself?: boolean;
  /** Drops the connection at once, pending calls and all (a store that failed to open). */
  destroy?(): Promise<void>;
}

/** The kind of store a DATABASE_URL names, by its scheme; undefined for any other. */
export function storeKind(databaseUrl: string): StoreKind | undefined {
  const scheme = /^([a-z]+):\/\//i.exec(databaseUrl)?.[1]?.toLowerCase();
  if (scheme === 'sqlite') return 'sqlite';
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  if (scheme === 'redis' || scheme === 'rediss') return 'redis';
  return undefined;
}
