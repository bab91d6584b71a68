/**
 * The ledger's keys, and the two store calls it makes in bulk: writing several keys as one batch,
 * and reading the entries after a seq.
 */
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';
import type { LedgerEntry } from './aggregate.js';

export const daysKey = (scope: string) => `ledger:${scope}:days`;
export const dayKey = (scope: string, day: string) => `ledger:${scope}:day:${day}`;
export const entryKey = (scope: string, seq: number) => `ledger:${scope}:entry:${seq}`;

const ENTRY_KEY = /^ledger:[^:]+:entry:\d+$/;

/** Entries go LEDGER_ENTRY_RETENTION_DAYS after their request; day totals and tallies stay. */
export const ledgerEntryRetention = (entryRetentionDays: number): readonly RetentionRule[] => [
  {
    what: 'ledger entries',
    prefix: 'ledger:',
    // Day totals and tallies share the prefix and stay.
    matches: (key) => ENTRY_KEY.test(key),
    lifetime: { ms: entryRetentionDays * 86_400_000, fromValueTime: true },
    why: '/usage export lists them; budgets and /usage read the day totals, which stay',
  },
];

/** Entries read at once when looking for those after a seq. */
const PAGE = 64;

/**
 * Writes every pair, throwing when the store did not take them. Several go in one `setMany`,
 * which each store applies all or nothing (one SQL statement on SQLite and PostgreSQL, MULTI on
 * Redis); one goes in a `set`.
 */
export async function writeAll(
  store: Store,
  pairs: readonly { key: string; value: unknown }[],
): Promise<void> {
  const [only] = pairs;
  if (pairs.length === 1 && only) await store.set(only.key, only.value);
  else if (pairs.length > 1) await store.setMany([...pairs]);
}

/**
 * The scope's entries after `seq`, as long as they follow one another (seq + 1, seq + 2, …, up
 * to the first missing one). Usually there is none: one key is read first, then pages.
 */
export async function entriesAfter(store: Store, scope: string, seq: number): Promise<LedgerEntry[]> {
  const first = (await store.get(entryKey(scope, seq + 1))) as LedgerEntry | undefined;
  if (!first) return [];
  const found = [first];
  for (let from = seq + 2; ; from += PAGE) {
    const keys = Array.from({ length: PAGE }, (_, i) => entryKey(scope, from + i));
    const page = (await store.getMany(keys)) as (LedgerEntry | undefined)[];
    for (const entry of page) {
      if (!entry) return found;
      found.push(entry);
    }
  }
}
