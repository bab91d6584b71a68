/**
 * The month spend of the scopes other processes own (when processes split the shards of one
 * bot), read from the store for the operator's monthly cap. Each process writes only its own
 * scopes, so this is a read of what the others have written, reused for `refreshMs`: the cap may
 * be passed by what the others spend within that time.
 */
import type { Store } from '../lib/store.js';
import { readScope } from './monthReport.js';
import { listScopes } from './scopes.js';

export function createOthersSpend(
  store: Store,
  owns: (scope: string) => boolean,
  now: () => number,
  refreshMs: number,
): (month: string) => Promise<number> {
  let last: { month: string; at: number; micros: Promise<number> } | undefined;
  return (month) => {
    if (last && last.month === month && now() - last.at < refreshMs) return last.micros;
    const read = listScopes(store).then(async (scopes) => {
      let total = 0;
      for (const scope of scopes)
        if (!owns(scope)) total += (await readScope(store, scope, month)).totals.costMicros;
      return total;
    });
    last = { month, at: now(), micros: read };
    // A failed read is not reused: the next check reads again.
    read.catch(() => {
      if (last?.micros === read) last = undefined;
    });
    return read;
  };
}
