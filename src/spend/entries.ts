/** A scope's ledger entries by seq ranges (from its day aggregates), read in batches. */
import type { Store } from '../lib/store.js';
import type { LedgerEntry } from './aggregate.js';
import { entryKey } from './ledgerKeys.js';
import { utcDay } from './records.js';

/** Entries read in one store call. */
export const ENTRY_PAGE = 500;

/**
 * Entries with seqs in `ranges` and a UTC day from `from` to `to`, in seq order, a page (at most
 * `ENTRY_PAGE` seqs read) at a time: the whole period is never in memory at once. Entries past
 * their retention (LEDGER_ENTRY_RETENTION_DAYS) are gone from the store and skipped.
 */
export async function* entryPages(
  store: Store,
  scope: string,
  ranges: readonly (readonly [number, number])[],
  from: string,
  to: string,
): AsyncGenerator<LedgerEntry[]> {
  // Ranges are disjoint day ranges, usually in order: merge them, walk the seqs without listing them.
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let next = 0;
  for (const [first, last] of sorted) {
    for (let start = Math.max(first, next); start <= last; start += ENTRY_PAGE) {
      const end = Math.min(last, start + ENTRY_PAGE - 1);
      next = end + 1;
      const keys = Array.from({ length: end - start + 1 }, (_, i) => entryKey(scope, start + i));
      const found = (await store.getMany(keys)) as (LedgerEntry | undefined)[];
      const page: LedgerEntry[] = [];
      for (const entry of found) {
        const day = entry ? utcDay(entry.time) : '';
        if (entry && day >= from && day <= to) page.push(entry);
      }
      if (page.length > 0) yield page;
    }
  }
}
