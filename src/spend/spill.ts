/**
 * Charges not yet recorded when the bot stopped, kept with the cost they were charged at in a
 * JSON file beside the database (`<database>.pending.json`) and applied by the next start. The
 * file only ever holds charges the store does not have: the ledger rewrites it as each lands
 * (spillKeeper.ts). A crash between a landing and that rewrite leaves the charge as the newest
 * entry of its scope, which `spilledAlreadyIn` finds. Writing replaces the file atomically
 * (write, then rename), so a crash mid-write leaves the previous one.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Store } from '../lib/store.js';
import type { LedgerEntry, PricedRecord } from './aggregate.js';
import { entryKey } from './ledgerKeys.js';
import { usageScope } from './records.js';

const isPriced = (item: unknown): item is PricedRecord =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as { id?: unknown }).id === 'string' &&
  Number.isSafeInteger((item as { costMicros?: unknown }).costMicros);

export function readSpill(path: string): PricedRecord[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every(isPriced))
    throw new Error(`${path} is not a list of priced charges`);
  return parsed;
}

export function writeSpill(path: string, records: readonly PricedRecord[]): void {
  if (records.length === 0) {
    rmSync(path, { force: true });
    return;
  }
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, JSON.stringify(records));
  renameSync(temporary, path);
}

/** `first`, then the charges of `second` whose id it lacks. */
export function mergeSpill(first: readonly PricedRecord[], second: readonly PricedRecord[]): PricedRecord[] {
  const ids = new Set(first.map((charge) => charge.id));
  return [...first, ...second.filter((charge) => !ids.has(charge.id))];
}

/**
 * Ids of spilled charges already in the store. Those that landed are the newest entries of their
 * scope (see above), so per scope only as many of its newest entries as it has spilled are read.
 */
export async function spilledAlreadyIn(
  store: Store,
  spilled: readonly PricedRecord[],
  headOf: (scope: string) => Promise<number>,
): Promise<Set<string>> {
  const byScope = new Map<string, number>();
  for (const charge of spilled) byScope.set(usageScope(charge), (byScope.get(usageScope(charge)) ?? 0) + 1);
  const found = new Set<string>();
  for (const [scope, count] of byScope) {
    const head = await headOf(scope);
    const seqs = Array.from({ length: Math.min(count, head) }, (_, i) => head - i);
    if (seqs.length === 0) continue;
    const entries = (await store.getMany(seqs.map((seq) => entryKey(scope, seq)))) as (
      | LedgerEntry
      | undefined
    )[];
    for (const entry of entries) if (entry) found.add(entry.id);
  }
  return found;
}
