/** What each kind of store adds to its keyv adapter: listing keys by prefix, a page at a time. */
import type { KeyvStoreAdapter } from 'keyv';

export type StoreKind = 'sqlite' | 'postgres' | 'redis';

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
