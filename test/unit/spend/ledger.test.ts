/**
 * The ledger on a real SQLite store: exact totals under concurrency, and reconciliation after a
 * crash between the entry write and the aggregate write.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.js';
import type { Store } from '../../../src/lib/store.js';
import type { DayAggregate } from '../../../src/spend/aggregate.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { dayKey } from '../../../src/spend/ledgerBook.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import type { UsageRecord } from '../../../src/spend/records.js';
import { scopeMarkerKey } from '../../../src/spend/scopes.js';
import { mortal, storeFaults } from '../../helpers/faultyStore.js';
import { waitForStored } from '../../helpers/ledgerFixtures.js';
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
    await first.close();
    const second = createLedger(store, prices, logger);
    expect(await second.open()).toEqual({ scopes: 1, reconciled: 0 });
    expect(await second.summary('g', '2026-11-22', '2026-11-22')).toEqual(before);
  });

  it('a crash between the entry and its aggregate: the charge is applied once on start, never twice', async () => {
    const { store } = await freshStore();
    const ledger = createLedger(store, prices, logger);
    for (let i = 0; i < 5; i += 1) await ledger.charge(chat(i, 'g'));
    await ledger.close();
    // The next process dies after writing entry 6 but before its day aggregate.
    const crashing = Object.create(store) as Store;
    crashing.set = async (key: string, value: unknown, ttl?: number) => {
      if (key.includes(':day:')) throw new Error('simulated crash');
      return store.set(key, value, ttl);
    };
    // Day totals are written with the scope's tally, in one batch.
    crashing.setMany = async (pairs) => {
      if (pairs.some(({ key }) => key.includes(':day:'))) throw new Error('simulated crash');
      return store.setMany(pairs);
    };
    const doomed = createLedger(crashing, prices, logger);
    // The entry reached the store, so the charge is recorded; only its day total is missing.
    await expect(doomed.charge(chat(5, 'g'))).resolves.toMatchObject({ seq: 6 });

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

  it('scopes first charged together are all listed, so a restart loads and counts every one', async () => {
    const { store } = await freshStore();
    const ledger = createLedger(store, prices, logger);
    const records = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? chat(i, `g${i}`) : { ...chat(i, 'g'), guildId: null, userId: `dm${i}` },
    );
    await Promise.all(records.map((record) => ledger.charge(record)));
    const restarted = createLedger(store, prices, logger);
    expect(await restarted.open()).toEqual({ scopes: 40, reconciled: 0 });
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(
      records.reduce((sum, record) => sum + ledger.costOf(record), 0),
    );
  });

  it('a scope first charged while the list of scopes is being written is not lost', async () => {
    const { store } = await freshStore();
    // The first scope's listing is slow; the second scope arrives meanwhile.
    let slow = true;
    const slowList = Object.create(store) as Store;
    slowList.set = async (key: string, value: unknown, ttl?: number) => {
      if (key === scopeMarkerKey('ga') && slow) {
        slow = false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return store.set(key, value, ttl);
    };
    const ledger = createLedger(slowList, prices, logger);
    const first = ledger.charge(chat(1, 'ga'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all([first, ledger.charge(chat(2, 'gb'))]);
    // Closed first: a charge resolves once its entry is stored; its day total follows (coalesced).
    await ledger.close();
    expect(await createLedger(store, prices, logger).open()).toEqual({ scopes: 2, reconciled: 0 });
  });

  it("the month across every scope: a running total equal to the scopes' sums, after a crash and while the store refuses", async () => {
    const faults = storeFaults();
    const { store } = await freshStore(faults);
    const ledger = createLedger(store, prices, logger, { retryMs: 10 });
    const records = Array.from({ length: 600 }, (_, i) => {
      const record = chat(i, `g${i % 6}`, i % 4 === 0 ? Date.parse('2026-10-30T10:00:00Z') : NOW);
      return i % 5 === 0 ? { ...record, guildId: null } : record;
    });
    await Promise.all(records.map((record) => ledger.charge(record)));
    const november = records
      .filter((record) => record.time === NOW)
      .reduce((sum, record) => sum + ledger.costOf(record), 0);
    expect(await ledger.allScopesMonthSpendMicros(NOW)).toBe(november);
    const scopes = [...new Set(records.map((record) => record.guildId ?? `dm-${record.userId}`))];
    const perScope = await Promise.all(scopes.map((scope) => ledger.monthSpendMicros(scope, NOW)));
    expect(perScope.reduce((sum, micros) => sum + micros, 0)).toBe(november);
    // Every scope first charged in the burst is listed: a restart counts them all.
    expect(await createLedger(store, prices, logger).allScopesMonthSpendMicros(NOW)).toBe(november);
    // Charges the store refuses count while they wait, exactly once when they land.
    faults.failWrites = true;
    const late = chat(1000, 'g9');
    await ledger.charge(late);
    expect(await ledger.allScopesMonthSpendMicros(NOW)).toBe(november + ledger.costOf(late));
    faults.failWrites = false;
    await ledger.close();
    // A restart: every scope counts (loaded on first use, without open()); nothing twice.
    const restarted = createLedger(store, prices, logger);
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(november + ledger.costOf(late));
    expect(await restarted.allScopesMonthSpendMicros(Date.parse('2026-10-31T00:00:00Z'))).toBe(
      records.filter((record) => record.time !== NOW).reduce((sum, record) => sum + ledger.costOf(record), 0),
    );
  });

  it('a store that refuses writes mid-run, then recovers: every charge lands once, exact to the micro-unit', async () => {
    const faults = storeFaults();
    const { store } = await freshStore(faults);
    const lines: string[] = [];
    const log = createLogger({
      level: 'info',
      secrets: [],
      destination: { write: (line) => lines.push(line) },
    });
    const ledger = createLedger(store, prices, log, { retryMs: 10 });
    const records = Array.from({ length: 60 }, (_, i) => chat(i, 'g'));
    for (const record of records.slice(0, 20)) await ledger.charge(record);
    faults.failWrites = true;
    const refused = await Promise.all(records.slice(20, 40).map((record) => ledger.charge(record)));
    expect(refused.every((charge) => charge.seq === null)).toBe(true);
    expect(ledger.pending()).toHaveLength(20);
    // Budgets count what is waiting as spent.
    const expected = records.reduce((sum, record) => sum + ledger.costOf(record), 0);
    const firstForty = records.slice(0, 40).reduce((sum, record) => sum + ledger.costOf(record), 0);
    expect(await ledger.monthSpendMicros('g', NOW)).toBe(firstForty);
    // Every refused charge is named in the log by its id.
    for (const record of records.slice(20, 40)) {
      expect(lines.some((line) => line.includes('"level":50') && line.includes(`"${record.id}"`))).toBe(true);
    }
    faults.failWrites = false;
    await Promise.all(records.slice(40).map((record) => ledger.charge(record)));
    await waitUntil(() => ledger.pending().length === 0);
    const summary = await ledger.summary('g', '2026-11-22', '2026-11-22');
    expect(summary.costMicros).toBe(expected);
    const entries = await ledger.entries('g', '2026-11-22', '2026-11-22');
    expect(entries.map((entry) => entry.id).sort()).toEqual(records.map((record) => record.id).sort());
    expect(entries.reduce((sum, entry) => sum + entry.costMicros, 0)).toBe(expected);
    // A restart reads the same totals back.
    expect(
      (await createLedger(store, prices, logger).summary('g', '2026-11-22', '2026-11-22')).costMicros,
    ).toBe(expected);
  });

  it('a day total the store refuses: charges still land, the total stays current in memory and is written once the store takes it; a crash rebuilds it from the entries', async () => {
    const faults = storeFaults();
    const { store } = await freshStore(faults);
    const ledger = createLedger(store, prices, logger, { retryMs: 20, aggregateMs: 0 });
    const yesterday = NOW - 86_400_000;
    const cost = (i: number) => ledger.costOf(chat(i, 'g'));
    await ledger.charge(chat(0, 'g', yesterday));
    await waitForStored(store, 'g', '2026-11-21', 1);
    faults.failWrites = true;
    faults.onlyKeysWith = ':day:';
    // The entries land, their day totals do not.
    expect((await ledger.charge(chat(1, 'g', yesterday))).seq).toBe(2);
    expect((await ledger.charge(chat(2, 'g', NOW))).seq).toBe(3);
    expect((await ledger.summary('g', '2026-11-21', '2026-11-22')).costMicros).toBe(
      cost(0) + cost(1) + cost(2),
    );
    expect(await ledger.monthSpendMicros('g', NOW)).toBe(cost(0) + cost(1) + cost(2));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(((await store.get(dayKey('g', '2026-11-21'))) as DayAggregate).appliedThrough).toBe(1);
    // Had the process died here (no close), a start would rebuild both days from the entries.
    const view = mortal(store);
    const restarted = createLedger(view.store, prices, logger);
    expect(await restarted.open()).toEqual({ scopes: 1, reconciled: 2 });
    const summary = await restarted.summary('g', '2026-11-21', '2026-11-22');
    expect([summary.requests, summary.costMicros]).toEqual([3, cost(0) + cost(1) + cost(2)]);
    view.kill();
    // It lives on: the totals are written again until the store takes them.
    faults.failWrites = false;
    await waitForStored(store, 'g', '2026-11-22', 3);
    expect(((await store.get(dayKey('g', '2026-11-21'))) as DayAggregate).appliedThrough).toBe(2);
  });

  it('charges still waiting at shutdown go to the spill file; the next start applies them exactly once', async () => {
    const faults = storeFaults();
    const { store, dir } = await freshStore(faults);
    const spillPath = join(dir, 'bot.sqlite.pending.json');
    const first = createLedger(store, prices, logger, { spillPath, retryMs: 10 });
    await first.charge(chat(0, 'g'));
    faults.failWrites = true;
    for (let i = 1; i <= 4; i += 1) await first.charge(chat(i, 'g'));
    await first.close();
    expect(existsSync(spillPath)).toBe(true);
    const spilled = readFileSync(spillPath, 'utf8');
    expect(JSON.parse(spilled)).toHaveLength(4);

    faults.failWrites = false;
    const expected = [0, 1, 2, 3, 4].reduce((sum, i) => sum + first.costOf(chat(i, 'g')), 0);
    const second = createLedger(store, prices, logger, { spillPath, retryMs: 10 });
    await second.open();
    expect(existsSync(spillPath)).toBe(false);
    expect((await second.summary('g', '2026-11-22', '2026-11-22')).costMicros).toBe(expected);

    // A crash after applying them but before the file was removed: the same file again.
    writeFileSync(spillPath, spilled);
    const third = createLedger(store, prices, logger, { spillPath, retryMs: 10 });
    await third.open();
    expect((await third.summary('g', '2026-11-22', '2026-11-22')).costMicros).toBe(expected);
    expect((await third.entries('g', '2026-11-22', '2026-11-22')).map((entry) => entry.id)).toEqual([
      'r0',
      'r1',
      'r2',
      'r3',
      'r4',
    ]);
  });
});

async function waitUntil(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
