/** A scope's ledger entries by seq ranges (from its day aggregates), read in batches. */
import type { Store } from '../lib/store.js';
import type { LedgerEntry } from './aggregate.js';
import { entryKey } from './ledgerKeys.js';
import { utcDay } from './records.js';

/** Entries with seqs in `ranges` and a UTC day from `from` to `to`, in seq order. */
export async function readEntries(
  store: Store,
  scope: string,
  ranges: readonly (readonly [number, number])[],
  from: string,
  to: string,
): Promise<LedgerEntry[]> {
  const seqs = [
    ...new Set(
      ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)),
    ),
  ].sort((a, b) => a - b);
  const out: LedgerEntry[] = [];
  for (let i = 0; i < seqs.length; i += 500) {
    const batch = seqs.slice(i, i + 500);
    const found = (await store.getMany(batch.map((seq) => entryKey(scope, seq)))) as (
      | LedgerEntry
      | undefined
    )[];
    for (const entry of found) {
      const day = entry ? utcDay(entry.time) : '';
      if (entry && day >= from && day <= to) out.push(entry);
    }
  }
  return out;
}
