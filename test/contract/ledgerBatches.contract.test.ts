/**
 * The store contract, part 3: the ledger's batched writes on every kind of store. Charges made
 * together go in one write; a crash before their day totals were written is made good at the next
 * open, each entry once; a batch the store refuses after part of it landed, then a shutdown while
 * it still refuses, loses nothing and counts nothing twice.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { PricedRecord } from '../../src/spend/aggregate.js';
import { createLedger } from '../../src/spend/ledger.js';
import { readMonthReport } from '../../src/spend/monthReport.js';
import { type UsageRecord, usageScope } from '../../src/spend/records.js';
import { faultyAdapter, mortal, storeFaults } from '../helpers/faultyStore.js';
import { countingWrites, storedThrough, waitForStored } from '../helpers/ledgerFixtures.js';
import { STORE_KINDS, serverUrl, storeUrls } from '../helpers/storeUrls.js';
import { chatCharge, DAY, NOW, quietLogger, shippedPrices } from './support.js';

const TODAY = '2026-11-22';
const YESTERDAY = '2026-11-21';

for (const kind of STORE_KINDS) {
  describe.skipIf(serverUrl(kind) === undefined)(`store contract (${kind}): batched ledger writes`, () => {
    const stores = storeUrls(kind);

    it('a burst goes in a few writes; a crash before its day totals were written: the next open applies each entry once', async () => {
      const url = await stores.fresh();
      const store = await stores.open(url);
      const dying = mortal(store);
      const { store: counted, counts } = countingWrites(dying.store, ':entry:');
      const ledger = createLedger(counted, shippedPrices, quietLogger, { aggregateMs: 60_000 });
      await ledger.charge(chatCharge(0, 'g'));
      await ledger.charge(chatCharge(1, 'h'));
      await waitForStored(store, 'g', TODAY, 1);
      await waitForStored(store, 'h', TODAY, 1);
      const burst = Array.from({ length: 400 }, (_, i) => {
        const record = chatCharge(10 + i, i % 4 === 0 ? 'h' : 'g', i % 2 ? 'service-v1-pro' : undefined);
        return i % 3 === 0 ? { ...record, time: NOW - DAY } : record;
      });
      const charged = await Promise.all(burst.map((record) => ledger.charge(record)));
      expect(charged.every((charge) => charge.seq !== null)).toBe(true);
      // Two first writes, then one for each scope's 300 or 100 that gathered meanwhile.
      expect(counts.calls).toBeLessThanOrEqual(4);
      const all: UsageRecord[] = [chatCharge(0, 'g'), chatCharge(1, 'h'), ...burst];
      const cost = (records: UsageRecord[]) =>
        records.reduce((sum, record) => sum + ledger.costOf(record), 0);
      const expected = ['g', 'h'].map((scope) => {
        const mine = all.filter((record) => usageScope(record) === scope);
        return [mine.length, cost(mine)];
      });
      const totals = (reader: typeof ledger) =>
        Promise.all(
          ['g', 'h'].map(async (scope) => {
            const summary = await reader.summary(scope, YESTERDAY, TODAY);
            return [summary.requests, summary.costMicros];
          }),
        );
      expect(await totals(ledger)).toEqual(expected);
      expect(await storedThrough(store, 'g', TODAY)).toBe(1);
      expect(await storedThrough(store, 'g', YESTERDAY)).toBe(0);
      const report = await readMonthReport(store, '2026-11', []);
      expect(report.scopes.reduce((sum, scope) => sum + scope.costMicros, 0)).toBe(cost(all));
      // SIGKILL: nothing more from this process reaches the store.
      dying.kill();
      await stores.close(store);

      const reopened = await stores.open(url);
      const restarted = createLedger(reopened, shippedPrices, quietLogger);
      expect(await restarted.open()).toEqual({ scopes: 2, reconciled: 400 });
      expect(await totals(restarted)).toEqual(expected);
      expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(cost(all));
      await restarted.close();
      // Close wrote the rebuilt totals: through g's last entry, whichever day it fell on.
      const through = Math.max(
        await storedThrough(reopened, 'g', TODAY),
        await storedThrough(reopened, 'g', YESTERDAY),
      );
      expect(through).toBe(expected[0]?.[0]);
      const again = createLedger(reopened, shippedPrices, quietLogger);
      expect(await again.open()).toEqual({ scopes: 2, reconciled: 0 });
      expect(await totals(again)).toEqual(expected);
      expect((await again.charge(chatCharge(999, 'h'))).seq).toBe((expected[1]?.[0] ?? 0) + 1);
    });

    it('a batch refused after part of it landed, then a shutdown while the store still refuses: spilled, applied once by the next start', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ledger-spill-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const spillPath = join(dir, 'ledger.pending.json');
      const url = await stores.fresh();
      const faults = storeFaults();
      const store = await stores.open(url, { adapter: (real) => faultyAdapter(real, faults) });
      const ledger = createLedger(store, shippedPrices, quietLogger, { retryMs: 1, spillPath });
      const records = Array.from({ length: 30 }, (_, i) => chatCharge(i, 'g'));
      for (const record of records.slice(0, 5)) await ledger.charge(record);
      faults.failWrites = true;
      faults.onlyKeysWith = ':entry:';
      faults.landFirst = 4;
      const refused = await Promise.all(records.slice(5).map((record) => ledger.charge(record)));
      expect(refused.every((charge) => charge.seq === null)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 40));
      await ledger.close();
      const spilled = JSON.parse(readFileSync(spillPath, 'utf8')) as PricedRecord[];
      expect(spilled.map((charge) => charge.id)).toEqual(records.slice(5).map((record) => record.id));
      await stores.close(store);

      const reopened = await stores.open(url);
      const restarted = createLedger(reopened, shippedPrices, quietLogger, { spillPath });
      // The four that landed past the last day total are applied as entries, the rest from the file.
      expect(await restarted.open()).toEqual({ scopes: 1, reconciled: 4 });
      const entries = await restarted.entries('g', TODAY, TODAY);
      expect(entries.map((entry) => entry.id)).toEqual(records.map((record) => record.id));
      const cost = records.reduce((sum, record) => sum + restarted.costOf(record), 0);
      expect((await restarted.summary('g', TODAY, TODAY)).costMicros).toBe(cost);
      await restarted.close();
      const again = createLedger(reopened, shippedPrices, quietLogger, { spillPath });
      expect(await again.open()).toEqual({ scopes: 1, reconciled: 0 });
      expect(await again.allScopesMonthSpendMicros(NOW)).toBe(cost);
    });
  });
}
