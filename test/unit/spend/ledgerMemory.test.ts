/**
 * What the ledger holds in memory and reads at start does not grow with history: opening reads
 * each scope's tally and one key past it, whatever the days behind it; idle scopes leave memory
 * and come back exact; reports read older days from the store; a store from before tallies opens
 * with its totals and gets its tallies.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../src/lib/store.js';
import { chatCharge, NOW, quietLogger, shippedPrices } from '../../../src/localService/harness/charges.js';
import type { DayAggregate } from '../../../src/spend/aggregate.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { dayKey, daysKey } from '../../../src/spend/ledgerBook.js';
import type { UsageRecord } from '../../../src/spend/records.js';
import { scopeMarkerKey } from '../../../src/spend/scopes.js';
import { tallyKey } from '../../../src/spend/tally.js';
import { freshStore } from '../../helpers/tempStore.js';

const DAY = 86_400_000;
const charge = (i: number, scope: string, daysAgo: number): UsageRecord => ({
  ...chatCharge(i, scope),
  time: NOW - daysAgo * DAY,
});

/** A view of the store that counts the keys read. */
function countingReads(store: Store) {
  const view = Object.create(store) as Store;
  const read = { keys: 0 };
  view.get = (async (key: string) => {
    read.keys += 1;
    return store.get(key);
  }) as Store['get'];
  view.getMany = (async (keys: string[]) => {
    read.keys += keys.length;
    return store.getMany(keys);
  }) as Store['getMany'];
  return { view, read };
}

async function waitUntil(done: () => boolean): Promise<void> {
  const until = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('ledger memory and start-up', () => {
  it('opening reads the same keys with 400 days of history as with one', async () => {
    const readsAtOpen = async (days: number) => {
      const { store } = await freshStore();
      const ledger = createLedger(store, shippedPrices, quietLogger);
      for (let d = 0; d < days; d += 1) await ledger.charge(charge(d, 'g1', d));
      await ledger.charge(charge(0, 'g2', 0));
      await ledger.close();
      const { view, read } = countingReads(store);
      const reopened = createLedger(view, shippedPrices, quietLogger);
      expect(await reopened.open()).toEqual({ scopes: 2, reconciled: 0 });
      const keys = read.keys;
      expect(reopened.heldScopes()).toBe(0);
      await reopened.close();
      return keys;
    };
    expect(await readsAtOpen(400)).toBe(await readsAtOpen(1));
  });

  it('idle scopes leave memory; budgets, month totals and reports are exact after', async () => {
    const { store } = await freshStore();
    let now = NOW;
    const ledger = createLedger(store, shippedPrices, quietLogger, {
      idleMs: 60_000,
      evictEveryMs: 5,
      now: () => now,
    });
    await ledger.open();
    const records = [charge(0, 'g1', 0), charge(1, 'g1', 40), charge(2, 'g2', 0), charge(3, 'g1', 0)];
    for (const record of records) await ledger.charge(record);
    const cost = (list: UsageRecord[]) => list.reduce((sum, record) => sum + ledger.costOf(record), 0);
    const month = await ledger.allScopesMonthSpendMicros(NOW);
    const allTime = await ledger.summary('g1', '2026-10-01', '2026-11-22');
    expect(ledger.heldScopes()).toBe(2);
    now += 61_000;
    // Their day totals are written first (coalesced, within a second), then they go.
    await waitUntil(() => ledger.heldScopes() === 0);
    expect(await ledger.allScopesMonthSpendMicros(NOW)).toBe(month);
    expect(ledger.heldScopes()).toBe(0);
    expect(await ledger.monthSpendMicros('g1', NOW)).toBe(cost([records[0], records[3]] as UsageRecord[]));
    expect(await ledger.userDaySpendMicros('g2', 'u2', NOW)).toBe(cost([records[2]] as UsageRecord[]));
    expect(await ledger.summary('g1', '2026-10-01', '2026-11-22')).toEqual(allTime);
    expect(allTime.requests).toBe(3);
    expect(await ledger.firstDay('g1')).toBe('2026-10-13');
    await ledger.close();
  });

  it('a store from before tallies opens with its totals, reconciles, and gets its tallies', async () => {
    const { store } = await freshStore();
    const ledger = createLedger(store, shippedPrices, quietLogger);
    const records = [charge(0, 'g', 0), charge(1, 'g', 35), charge(2, 'g', 0)];
    for (const record of records) await ledger.charge(record);
    await ledger.close();
    const total = records.reduce((sum, record) => sum + ledger.costOf(record), 0);
    // As an earlier version left it: the list of days, no tally; and one entry past the totals.
    const days = ['2026-10-18', '2026-11-22'];
    const aggregates = (await store.getMany(days.map((day) => dayKey('g', day)))) as DayAggregate[];
    await store.set(daysKey('g'), days);
    await store.delete(tallyKey('g'));
    const last = aggregates[1] as DayAggregate;
    await store.set(dayKey('g', '2026-11-22'), {
      ...last,
      appliedThrough: 2,
      lastSeq: 2,
      requests: 1,
      costMicros: last.costMicros - ledger.costOf(records[2] as UsageRecord),
      byModel: {},
      byUser: {},
    });
    expect(await store.get(scopeMarkerKey('g'))).toBe(true);

    const upgraded = createLedger(store, shippedPrices, quietLogger);
    expect(await upgraded.open()).toEqual({ scopes: 1, reconciled: 1 });
    expect(await upgraded.allScopesMonthSpendMicros(NOW)).toBe(
      ledger.costOf(records[0] as UsageRecord) + ledger.costOf(records[2] as UsageRecord),
    );
    expect((await upgraded.summary('g', '2026-10-01', '2026-11-30')).costMicros).toBe(total);
    await upgraded.close();
    expect(await store.get(tallyKey('g'))).toMatchObject({ appliedThrough: 3, firstDay: '2026-10-18' });
  });
});
