/**
 * The ledger's batched writes on a real SQLite store: charges that arrive together share one
 * store write and each resolves only once its entry is in; day totals are written coalesced and
 * at close, and what a crash left unwritten is applied exactly once at the next start; a batch
 * the store refuses, even one that landed in part, loses nothing and counts nothing twice.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  chatCharge,
  imageCharge,
  NOW,
  quietLogger,
  shippedPrices,
} from '../../../src/localService/harness/charges.js';
import type { PricedRecord } from '../../../src/spend/aggregate.js';
import { recordCostMicros } from '../../../src/spend/cost.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { readMonthReport } from '../../../src/spend/monthReport.js';
import { type UsageRecord, usageScope } from '../../../src/spend/records.js';
import { mortal, storeFaults } from '../../helpers/faultyStore.js';
import { countingWrites, storedThrough, waitForStored } from '../../helpers/ledgerFixtures.js';
import { freshStore } from '../../helpers/tempStore.js';

const prices = shippedPrices;
const logger = quietLogger;
const TODAY = '2026-11-22';
const YESTERDAY = '2026-11-21';
const at = (record: UsageRecord, day: string): UsageRecord => ({
  ...record,
  time: Date.parse(`${day}T10:00:00Z`),
});
const costOf = (records: readonly UsageRecord[]) =>
  records.reduce((sum, record) => sum + recordCostMicros(prices, record), 0);

async function waitUntil(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('ledger: batched writes', () => {
  it('charges that arrive together share a store write; each resolves only once its entry is in', async () => {
    const { store } = await freshStore();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { store: held, counts } = countingWrites(store, ':entry:', () => gate);
    const ledger = createLedger(held, prices, logger);
    const records = Array.from({ length: 3_000 }, (_, i) => chatCharge(i, `g${i % 3}`));
    let resolved = 0;
    const charged = records.map((record) =>
      ledger.charge(record).then((charge) => {
        resolved += 1;
        return charge;
      }),
    );
    // Every write is held: no charge may resolve, and none is in the store.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(resolved).toBe(0);
    expect(await store.get('ledger:g0:entry:1')).toBeUndefined();
    release();
    const entries = await Promise.all(charged);
    // 1,000 a scope: one write each (at most 1,000 entries a write).
    expect(counts).toEqual({ calls: 3, keys: 3_000 });
    for (let g = 0; g < 3; g += 1) {
      const mine = records.filter((record) => record.guildId === `g${g}`);
      expect(entries.filter((entry) => entry.guildId === `g${g}`).map((entry) => entry.seq)).toEqual(
        mine.map((_, i) => i + 1),
      );
      const stored = await ledger.entries(`g${g}`, TODAY, TODAY);
      expect(stored.map((entry) => entry.id)).toEqual(mine.map((record) => record.id));
      const summary = await ledger.summary(`g${g}`, TODAY, TODAY);
      expect([summary.requests, summary.costMicros]).toEqual([1_000, costOf(mine)]);
    }
  });

  it('a crash after the entries were written, before their day totals: the next start applies each once', async () => {
    const { store } = await freshStore();
    const dying = mortal(store);
    const ledger = createLedger(dying.store, prices, logger, { aggregateMs: 60_000 });
    const first = [chatCharge(0, 'g'), chatCharge(1, 'h')];
    first.push(...[0, 1].map((i) => ({ ...chatCharge(2 + i, 'x'), guildId: null, userId: `dm${i}` })));
    for (const record of first) await ledger.charge(record);
    // A scope's first day total is written at once; later ones wait for `aggregateMs`.
    for (const scope of ['g', 'h', 'dm-dm0', 'dm-dm1']) await waitForStored(store, scope, TODAY, 1);
    const burst = Array.from({ length: 300 }, (_, i) => {
      const record = chatCharge(10 + i, i % 3 === 0 ? 'h' : 'g');
      if (i % 7 === 0) return { ...record, guildId: null, userId: `dm${i % 2}` };
      return i % 2 ? at(record, YESTERDAY) : record;
    });
    await Promise.all(burst.slice(0, 200).map((record) => ledger.charge(record)));
    for (const record of burst.slice(200)) await ledger.charge(record);
    const all = [...first, ...burst];
    const scopes = [...new Set(all.map(usageScope))].sort();
    const expected = Object.fromEntries(
      scopes.map((scope) => {
        const mine = all.filter((record) => usageScope(record) === scope);
        return [scope, [mine.length, costOf(mine)]];
      }),
    );
    const totals = async (reader: ReturnType<typeof createLedger>) => {
      const out: Record<string, [number, number]> = {};
      for (const scope of scopes) {
        const summary = await reader.summary(scope, YESTERDAY, TODAY);
        out[scope] = [summary.requests, summary.costMicros];
      }
      return out;
    };
    // What budgets and /usage read is current (memory); the store has the first totals only.
    expect(await totals(ledger)).toEqual(expected);
    expect(await storedThrough(store, 'g', TODAY)).toBe(1);
    expect(await storedThrough(store, 'g', YESTERDAY)).toBe(0);
    // The operator's report counts the unwritten ones as the ledger will.
    const report = await readMonthReport(store, '2026-11', []);
    expect(report.scopes.reduce((sum, scope) => sum + scope.costMicros, 0)).toBe(costOf(all));
    dying.kill();

    const restarted = createLedger(store, prices, logger);
    expect(await restarted.open()).toEqual({ scopes: scopes.length, reconciled: 300 });
    expect(await totals(restarted)).toEqual(expected);
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(costOf(all));
    const g = await restarted.summary('g', YESTERDAY, TODAY);
    expect(Object.values(g.byUser).reduce((sum, user) => sum + user.costMicros, 0)).toBe(expected.g?.[1]);
    await restarted.close();

    const again = createLedger(store, prices, logger);
    expect(await again.open()).toEqual({ scopes: scopes.length, reconciled: 0 });
    expect(await totals(again)).toEqual(expected);
    const next = await again.charge(chatCharge(999, 'h'));
    expect(next.seq).toBe(all.filter((record) => record.guildId === 'h').length + 1);
  });

  it("day totals: a scope's written at most once per aggregateMs while charges come, and all at close", async () => {
    const { store } = await freshStore();
    const { store: counted, counts } = countingWrites(store, ':day:');
    const ledger = createLedger(counted, prices, logger, { aggregateMs: 60_000 });
    const records = Array.from({ length: 50 }, (_, i) => chatCharge(i, 'g'));
    for (const record of records) await ledger.charge(record);
    await waitForStored(store, 'g', TODAY, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts.calls).toBe(1);
    expect(await storedThrough(store, 'g', TODAY)).toBeLessThan(50);
    await ledger.close();
    expect(counts.calls).toBe(2);
    expect(await storedThrough(store, 'g', TODAY)).toBe(50);
    const restarted = createLedger(store, prices, logger);
    expect(await restarted.open()).toEqual({ scopes: 1, reconciled: 0 });
    expect((await restarted.summary('g', TODAY, TODAY)).costMicros).toBe(costOf(records));
  });

  it('two days changed since the last write are written together or not at all: the highest stored seq never passes an entry another day misses', async () => {
    const faults = storeFaults();
    const { store } = await freshStore(faults);
    const ledger = createLedger(store, prices, logger, { aggregateMs: 60_000 });
    const records = [1, 2, 3, 4, 5].map((i) => at(chatCharge(i, 'g'), i % 2 ? YESTERDAY : TODAY));
    await ledger.charge(records[0] as UsageRecord);
    await waitForStored(store, 'g', YESTERDAY, 1);
    // Yesterday's total cannot be written; today's could.
    faults.failWrites = true;
    faults.onlyKeysWith = `:day:${YESTERDAY}`;
    for (const record of records.slice(1)) await ledger.charge(record);
    await ledger.close();
    expect(await storedThrough(store, 'g', TODAY)).toBe(0);
    faults.failWrites = false;
    const restarted = createLedger(store, prices, logger);
    expect(await restarted.open()).toEqual({ scopes: 1, reconciled: 4 });
    const summary = await restarted.summary('g', YESTERDAY, TODAY);
    expect(summary.byDay.map((day) => day.requests)).toEqual([3, 2]);
    expect(summary.costMicros).toBe(costOf(records));
  });

  it('budget checks count a charge still queued behind a write under way, once, and the same after it lands', async () => {
    const { store } = await freshStore();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { store: held } = countingWrites(store, ':entry:', () => gate);
    const ledger = createLedger(held, prices, logger);
    const first = ledger.charge(imageCharge('g', 'ann', 2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = ledger.charge(imageCharge('g', 'ann', 1));
    // Both reads wait for the write under way (the scope's queue), not for the charge behind it.
    const reading = ledger.userDaySpendMicros('g', 'ann', NOW);
    const everyScope = ledger.allScopesMonthSpendMicros(NOW);
    release();
    expect(await reading).toBe(60_000);
    expect(await everyScope).toBe(60_000);
    await Promise.all([first, second]);
    expect(await ledger.monthSpendMicros('g', NOW)).toBe(60_000);
    expect(await ledger.allScopesMonthSpendMicros(NOW)).toBe(60_000);
  });

  it('a batch the store refuses after part of it landed: its charges wait, land once in order, none lost', async () => {
    const faults = storeFaults();
    const { store } = await freshStore(faults);
    const ledger = createLedger(store, prices, logger, { retryMs: 10 });
    const records = Array.from({ length: 20 }, (_, i) => chatCharge(i, 'g'));
    for (const record of records.slice(0, 5)) await ledger.charge(record);
    faults.failWrites = true;
    faults.onlyKeysWith = ':entry:';
    faults.landFirst = 3;
    const refused = await Promise.all(records.slice(5, 15).map((record) => ledger.charge(record)));
    expect(refused.every((charge) => charge.seq === null)).toBe(true);
    // Meanwhile the retries land the same three again, at the same seqs.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all(records.slice(15).map((record) => ledger.charge(record)));
    expect(ledger.pending().map((charge) => charge.id)).toEqual(records.slice(5).map((record) => record.id));
    expect(await ledger.monthSpendMicros('g', NOW)).toBe(costOf(records));
    faults.failWrites = false;
    await waitUntil(() => ledger.pending().length === 0);
    const entries = await ledger.entries('g', TODAY, TODAY);
    expect(entries.map((entry) => entry.id)).toEqual(records.map((record) => record.id));
    expect(entries.map((entry) => entry.seq)).toEqual(records.map((_, i) => i + 1));
    expect((await ledger.summary('g', TODAY, TODAY)).costMicros).toBe(costOf(records));
    await ledger.close();
    const restarted = createLedger(store, prices, logger);
    expect(await restarted.open()).toEqual({ scopes: 1, reconciled: 0 });
    expect((await restarted.summary('g', TODAY, TODAY)).costMicros).toBe(costOf(records));
  });

  it('a batch that landed in part, then a shutdown while the store still refuses: spilled, and applied once by the next start', async () => {
    const faults = storeFaults();
    const { store, dir } = await freshStore(faults);
    const spillPath = join(dir, 'bot.sqlite.pending.json');
    const ledger = createLedger(store, prices, logger, { retryMs: 10, spillPath });
    const records = Array.from({ length: 15 }, (_, i) => chatCharge(i, 'g'));
    for (const record of records.slice(0, 5)) await ledger.charge(record);
    faults.failWrites = true;
    faults.onlyKeysWith = ':entry:';
    faults.landFirst = 3;
    await Promise.all(records.slice(5).map((record) => ledger.charge(record)));
    await ledger.close();
    // All ten wait in the file, though three of them are in the store past the last day total.
    const spilled = JSON.parse(readFileSync(spillPath, 'utf8')) as PricedRecord[];
    expect(spilled.map((charge) => charge.id)).toEqual(records.slice(5).map((record) => record.id));
    expect(await store.get('ledger:g:entry:8')).toMatchObject({ id: 'r7' });

    faults.failWrites = false;
    const restarted = createLedger(store, prices, logger, { spillPath });
    expect(await restarted.open()).toEqual({ scopes: 1, reconciled: 3 });
    expect(existsSync(spillPath)).toBe(false);
    const entries = await restarted.entries('g', TODAY, TODAY);
    expect(entries.map((entry) => entry.id)).toEqual(records.map((record) => record.id));
    expect((await restarted.summary('g', TODAY, TODAY)).costMicros).toBe(costOf(records));
    await restarted.close();
    const again = createLedger(store, prices, logger, { spillPath });
    expect(await again.open()).toEqual({ scopes: 1, reconciled: 0 });
    expect((await again.summary('g', TODAY, TODAY)).requests).toBe(15);
  });

  it('a timed retry cannot start while shutdown flushes: every waiting charge reaches the spill file before close resolves', async () => {
    // Only the retry timer is fake: it fires exactly when the test says, here while close()
    // waits for its day totals to be written.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const faults = storeFaults();
    const { store, dir } = await freshStore(faults);
    const spillPath = join(dir, 'bot.sqlite.pending.json');
    let releaseTotals = () => {};
    const totalsHeld = new Promise<void>((resolve) => {
      releaseTotals = resolve;
    });
    // Day totals wait for the test; entry writes after `holdEntries` never end (a slow store).
    let holdEntries = false;
    const entries = countingWrites(store, ':entry:', () =>
      holdEntries ? new Promise(() => {}) : Promise.resolve(),
    );
    const totals = countingWrites(entries.store, ':day:', () => totalsHeld);
    const ledger = createLedger(totals.store, prices, logger, {
      retryMs: 10,
      spillPath,
      aggregateMs: 60_000,
    });
    // Two that land: the second's day total is left for close to write (coalesced for 60 s).
    await ledger.charge(chatCharge(100, 'g'));
    await ledger.charge(chatCharge(101, 'g'));
    faults.failWrites = true;
    faults.onlyKeysWith = ':entry:';
    const records = Array.from({ length: 5 }, (_, i) => chatCharge(i, 'g'));
    const charged = await Promise.all(records.map((record) => ledger.charge(record)));
    expect(charged.every((charge) => charge.seq === null)).toBe(true);

    const totalsBefore = totals.counts.calls;
    const closing = ledger.close();
    await vi.waitFor(() => expect(totals.counts.calls).toBeGreaterThan(totalsBefore), { interval: 1 });
    const triesBefore = entries.counts.calls;
    holdEntries = true;
    // Without stopRetrying, the timer's retry starts now and holds all five in flight.
    vi.advanceTimersByTime(50);
    releaseTotals();
    await closing;
    expect(entries.counts.calls).toBe(triesBefore);
    const spilled = JSON.parse(readFileSync(spillPath, 'utf8')) as PricedRecord[];
    expect(spilled.map((charge) => charge.id)).toEqual(records.map((record) => record.id));
  });
});
