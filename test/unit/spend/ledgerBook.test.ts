/**
 * Loading a scope while the store fails: a load never fails for a write it could not make, adds
 * nothing twice to the month across every scope, and a new scope is listed before its first
 * entry, so the list never misses a scope with entries.
 */
import { describe, expect, it } from 'vitest';
import { chatCharge, NOW, quietLogger, shippedPrices } from '../../../src/localService/harness/charges.js';
import { recordCostMicros } from '../../../src/spend/cost.js';
import { createLedger } from '../../../src/spend/ledger.js';
import type { UsageRecord } from '../../../src/spend/records.js';
import { mortal, storeFaults } from '../../helpers/faultyStore.js';
import { freshStore } from '../../helpers/tempStore.js';

const prices = shippedPrices;
const logger = quietLogger;
const chat = (i: number, guildId: string): UsageRecord => chatCharge(i, guildId, 'service-v1-pro');
const cost = (ids: number[], guildId = 'g') =>
  ids.reduce((sum, i) => sum + recordCostMicros(prices, chat(i, guildId)), 0);

/** A store holding r0..r2 in scope g with their day total, and r3 whose day total was lost. */
async function withLostTotal() {
  const faults = storeFaults();
  const { store } = await freshStore(faults);
  const ledger = createLedger(store, prices, logger);
  for (let i = 0; i < 3; i += 1) await ledger.charge(chat(i, 'g'));
  await ledger.close();
  // The next process writes r3's entry, not its day total, and dies.
  faults.failWrites = true;
  faults.onlyKeysWith = ':day:';
  const dying = mortal(store);
  expect((await createLedger(dying.store, prices, logger).charge(chat(3, 'g'))).seq).toBe(4);
  dying.kill();
  faults.failWrites = false;
  faults.onlyKeysWith = undefined;
  return { faults, store };
}

describe('ledger book: loads while the store fails', () => {
  it('a scope loaded while the store refuses writes: the load succeeds and counts once; the rebuilt total is written later', async () => {
    const { faults, store } = await withLostTotal();
    faults.failWrites = true;
    const restarted = createLedger(store, prices, logger);
    expect(await restarted.monthSpendMicros('g', NOW)).toBe(cost([0, 1, 2, 3]));
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(cost([0, 1, 2, 3]));
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(cost([0, 1, 2, 3]));
    faults.failWrites = false;
    await restarted.close();
    const next = createLedger(store, prices, logger);
    expect(await next.open()).toEqual({ scopes: 1, reconciled: 0 });
    expect(await next.allScopesMonthSpendMicros(NOW)).toBe(cost([0, 1, 2, 3]));
  });

  it('a load cut short by a read failure adds nothing twice to the month across every scope', async () => {
    const { faults, store } = await withLostTotal();
    faults.failReads = true;
    faults.onlyKeysWith = ':entry:';
    const restarted = createLedger(store, prices, logger);
    await expect(restarted.allScopesMonthSpendMicros(NOW)).rejects.toThrow(/injected/);
    faults.failReads = false;
    faults.onlyKeysWith = undefined;
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(cost([0, 1, 2, 3]));
  });

  it("a new scope the store refused does not make other scopes' budget checks fail", async () => {
    const faults = storeFaults();
    const { store } = await freshStore(faults);
    const ledger = createLedger(store, prices, logger, { retryMs: 10_000 });
    await ledger.charge(chat(0, 'g'));
    faults.failWrites = true;
    expect((await ledger.charge(chat(1, 'gnew'))).seq).toBeNull();
    expect(await ledger.userDaySpendMicros('dm-bob', 'bob', NOW)).toBe(0);
    expect(await ledger.monthSpendMicros('g2', NOW)).toBe(0);
    expect(await ledger.allScopesMonthSpendMicros(NOW)).toBe(cost([0]) + cost([1], 'gnew'));
  });

  it('a new scope is listed before its first entry: a crash never leaves entries outside the list', async () => {
    const faults = storeFaults();
    const { store } = await freshStore(faults);
    const ledger = createLedger(store, prices, logger, { retryMs: 10 });
    await ledger.charge(chat(0, 'g'));
    faults.failWrites = true;
    faults.onlyKeysWith = 'ledger-scope:';
    const late = await ledger.charge(chat(1, 'gnew'));
    // SIGKILL here: a start counts, across every scope, every entry the store holds.
    const restarted = createLedger(store, prices, logger);
    const perScope =
      (await restarted.monthSpendMicros('g', NOW)) + (await restarted.monthSpendMicros('gnew', NOW));
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(perScope);
    // The charge waited meanwhile, and lands, listed, once the store takes the list.
    expect(late.seq).toBeNull();
    faults.failWrites = false;
    faults.onlyKeysWith = undefined;
    await waitUntil(() => ledger.pending().length === 0);
    // Its day totals are written a moment after the entry (throttled): closing writes them, so
    // the next start has nothing to reconcile whatever the machine's load.
    await ledger.close();
    const next = createLedger(store, prices, logger);
    expect(await next.open()).toEqual({ scopes: 2, reconciled: 0 });
    expect(await next.allScopesMonthSpendMicros(NOW)).toBe(cost([0]) + cost([1], 'gnew'));
  });
});

async function waitUntil(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
