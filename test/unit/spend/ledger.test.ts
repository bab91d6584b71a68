/**
 * The ledger on a real SQLite store: exact totals under concurrency, and reconciliation after a
 * crash between the entry write and the aggregate write.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.js';
import type { Store } from '../../../src/lib/store.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import type { UsageRecord } from '../../../src/spend/records.js';
import { freshStore } from '../../helpers/tempStore.js';

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error('prices');
const prices = priced.prices;
const logger = createLogger({ level: 'silent', secrets: [] });

const NOW = Date.parse('2026-11-22T12:00:00Z');
function chat(i: number, guildId: string, time = NOW): UsageRecord {
  return {
    id: `r${i}`,
    time,
    guildId,
    channelId: 'c',
    userId: `u${i % 7}`,
    kind: 'chat',
    model: i % 2 === 0 ? 'service-v1-flash' : 'service-v1-pro',
    inputTokens: 100 + (i % 13),
    outputTokens: 50 + (i % 29),
    estimated: i % 5 === 0,
    outcome: 'completed',
  };
}

describe('ledger', () => {
  it('10,000 concurrent charges across 10 guilds: totals exact to the micro-unit, entries sum to the aggregates', async () => {
    const { store } = await freshStore();
    const ledger = createLedger(store, prices, logger);
    const records = Array.from({ length: 10_000 }, (_, i) =>
      chat(i, `g${i % 10}`, NOW - (i % 3) * 86_400_000),
    );
    const entries = await Promise.all(records.map((record) => ledger.charge(record)));
    const day0 = '2026-11-20';
    const day1 = '2026-11-22';
    for (let g = 0; g < 10; g += 1) {
      const guild = `g${g}`;
      const expected = records
        .filter((record) => record.guildId === guild)
        .reduce((sum, record) => sum + ledger.costOf(record), 0);
      const summary = await ledger.summary(guild, day0, day1);
      expect(summary.costMicros).toBe(expected);
      expect(summary.requests).toBe(1000);
      const raw = await ledger.entries(guild, day0, day1);
      expect(raw).toHaveLength(1000);
      expect(raw.reduce((sum, entry) => sum + entry.costMicros, 0)).toBe(summary.costMicros);
      expect(new Set(raw.map((entry) => entry.seq)).size).toBe(1000);
      const byUser = Object.values(summary.byUser).reduce((sum, user) => sum + user.costMicros, 0);
      const byModel = Object.values(summary.byModel).reduce((sum, model) => sum + model.costMicros, 0);
      expect(byUser).toBe(expected);
      expect(byModel).toBe(expected);
    }
    expect(entries.every((entry) => Number.isInteger(entry.costMicros))).toBe(true);
  });

  it('survives a reload from the store with the same totals', async () => {
    const { store } = await freshStore();
    const first = createLedger(store, prices, logger);
    await Promise.all(Array.from({ length: 50 }, (_, i) => first.charge(chat(i, 'g'))));
    const before = await first.summary('g', '2026-11-22', '2026-11-22');
    const second = createLedger(store, prices, logger);
    expect(await second.open()).toEqual({ scopes: 1, reconciled: 0 });
    expect(await second.summary('g', '2026-11-22', '2026-11-22')).toEqual(before);
  });

  it('a crash between the entry and its aggregate: the charge is applied once on start, never twice', async () => {
    const { store } = await freshStore();
    const ledger = createLedger(store, prices, logger);
    for (let i = 0; i < 5; i += 1) await ledger.charge(chat(i, 'g'));
    // The process dies after writing entry 6 but before its day aggregate.
    const crashing = Object.create(store) as Store;
    crashing.set = async (key: string, value: unknown, ttl?: number) => {
      if (key.includes(':day:')) throw new Error('simulated crash');
      return store.set(key, value, ttl);
    };
    const doomed = createLedger(crashing, prices, logger);
    await expect(doomed.charge(chat(5, 'g'))).rejects.toThrow('simulated crash');

    const expected = [0, 1, 2, 3, 4, 5].reduce((sum, i) => sum + ledger.costOf(chat(i, 'g')), 0);
    const restarted = createLedger(store, prices, logger);
    expect(await restarted.open()).toEqual({ scopes: 1, reconciled: 1 });
    const summary = await restarted.summary('g', '2026-11-22', '2026-11-22');
    expect(summary.requests).toBe(6);
    expect(summary.costMicros).toBe(expected);

    const again = createLedger(store, prices, logger);
    expect(await again.open()).toEqual({ scopes: 1, reconciled: 0 });
    expect((await again.summary('g', '2026-11-22', '2026-11-22')).costMicros).toBe(expected);
    // New charges continue after the reconciled entry.
    const next = await again.charge(chat(6, 'g'));
    expect(next.seq).toBe(7);
  });

  it('keeps DMs apart from guilds and month spend to the month', async () => {
    const { store } = await freshStore();
    const ledger = createLedger(store, prices, logger);
    await ledger.charge({ ...chat(1, 'g'), guildId: null, userId: 'alice' });
    await ledger.charge(chat(2, 'g', Date.parse('2026-10-31T23:59:00Z')));
    await ledger.charge(chat(3, 'g', NOW));
    expect(await ledger.monthSpendMicros('g', NOW)).toBe(ledger.costOf(chat(3, 'g')));
    expect((await ledger.summary('dm-alice', '2026-11-22', '2026-11-22')).requests).toBe(1);
    expect((await ledger.summary('g', '2026-10-01', '2026-11-30')).requests).toBe(2);
  });
});
