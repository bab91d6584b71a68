/**
 * Opening the ledger without reading history: every owned scope's tally is read in pages (one
 * store call per page of scopes) for the running month totals, and one more call per page looks
 * for entries past each tally's `appliedThrough`. Only a scope with such entries (its day totals
 * were not written before a stop) or without a tally (stored by an earlier version) is loaded, and
 * reconciled, now. So opening costs the same whether scopes have one day of history or years.
 */
import type { Store } from '../lib/store.js';
import type { LedgerBook } from './ledgerBook.js';
import { entryKey } from './ledgerKeys.js';
import { LEGACY_SCOPES_KEY, markedScopes } from './scopes.js';
import { isTally, tallyKey } from './tally.js';

/** Scopes whose tallies are read in one store call. */
const PAGE = 1_000;
/** Scopes loaded at once (a connection pool's worth). */
const CONCURRENCY = 16;

async function eachAtOnce<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await task(items[i] as T);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Reads the owned scopes' month totals into the book; resolves with how many scopes it owns. */
export async function openScopes(
  store: Store,
  book: LedgerBook,
  owns: (scope: string) => boolean,
): Promise<number> {
  const legacy = ((await store.get(LEGACY_SCOPES_KEY)) as string[] | undefined) ?? [];
  const marked = await markedScopes(store);
  const owned = [...new Set([...legacy, ...marked])].filter(owns);
  const toLoad: string[] = [];
  for (let i = 0; i < owned.length; i += PAGE) {
    const page = owned.slice(i, i + PAGE);
    const tallies = await store.getMany(page.map(tallyKey));
    const withTally = page.flatMap((scope, j) => {
      const tally = tallies[j];
      if (isTally(tally)) return [{ scope, tally }];
      toLoad.push(scope);
      return [];
    });
    const next = await store.getMany(
      withTally.map(({ scope, tally }) => entryKey(scope, tally.appliedThrough + 1)),
    );
    withTally.forEach(({ scope, tally }, j) => {
      if (next[j] === undefined) book.seed(scope, tally.months);
      else toLoad.push(scope);
    });
  }
  await eachAtOnce(toLoad, (scope) => book.load(scope));
  // Scopes of the list kept before markers get their marker from their owner.
  await eachAtOnce(
    legacy.filter((scope) => owns(scope) && !marked.has(scope)),
    (scope) => book.mark(scope),
  );
  return owned.length;
}
