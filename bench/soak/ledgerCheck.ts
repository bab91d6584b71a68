/**
 * The store read back after the run through the ledger's own keys: one entry per request the
 * service billed, none twice, none for a request that was not sent, the totals equal to the entries.
 */
import { join } from 'node:path';
import { openStore } from '../../src/lib/store.js';
import type { LedgerEntry } from '../../src/spend/aggregate.js';
import { entriesAfter } from '../../src/spend/ledgerKeys.js';
import { ledgerTotals } from '../../src/spend/monthReport.js';
import { listScopes } from '../../src/spend/scopes.js';
import { readSpill } from '../../src/spend/spill.js';
import type { Tracker } from './tracker.js';

/** Reads the store and the bot's spill file (in its working directory) once the bot has stopped. */
export async function checkLedger(databaseUrl: string, botDir: string, tracker: Tracker) {
  const { answered, serviceCounts } = tracker;
  const spillPath = join(botDir, 'data', 'ledger.pending.json');
  const spilled = readSpill(spillPath);

  const store = await openStore(databaseUrl);
  const entries: LedgerEntry[] = [];
  let aggregateRequests = 0;
  try {
    for (const scope of await listScopes(store)) entries.push(...(await entriesAfter(store, scope, 0)));
    for (const totals of (await ledgerTotals(store)).values()) aggregateRequests += totals.requests;
  } finally {
    await store.disconnect();
  }
  const perMember = new Map<string, number>();
  for (const entry of [...entries, ...spilled])
    perMember.set(entry.userId, (perMember.get(entry.userId) ?? 0) + 1);
  const duplicates = [...perMember.values()].filter((count) => count > 1).length;
  const unknownMembers = [...perMember.keys()].filter((userId) => !answered.has(userId)).length;
  let exactWithoutEntry = 0;
  let errorsBilled = 0;
  for (const [userId, reply] of answered) {
    const billed = perMember.get(userId) ?? 0;
    if ((reply.outcome === 'exact' || reply.outcome === 'exactWithStorageNote') && billed !== 1)
      exactWithoutEntry += 1;
    if (reply.outcome === 'clearError' && billed > 0) errorsBilled += 1;
  }
  const expected = serviceCounts.chat + serviceCounts.image;
  const ledger = {
    entries: entries.length,
    spilled: spilled.length,
    expected,
    serviceChatRequests: serviceCounts.chat,
    serviceImageRequests: serviceCounts.image,
    duplicates,
    entriesOfUnknownRequests: unknownMembers,
    answeredExactWithoutOneEntry: exactWithoutEntry,
    clearErrorsBilled: errorsBilled,
    aggregateRequests,
    matches:
      entries.length + spilled.length === expected &&
      duplicates === 0 &&
      unknownMembers === 0 &&
      exactWithoutEntry === 0 &&
      aggregateRequests === entries.length,
  };
  return ledger;
}
