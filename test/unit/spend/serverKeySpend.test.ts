/**
 * Spend paid with a server's own service key (records.ts `paidBy: 'serverKey'`): the day totals
 * count it in the totals and apart (`serverKey`), exactly once across crash reconciliation; the
 * operator's month total (what the operator's monthly cap reads) leaves it out, the server's own
 * month spend and caps count it; the operator's report (`npm run usage`) shows the two apart.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportCsv, reportText } from '../../../src/cli/usageReport.js';
import type { Store } from '../../../src/lib/store.js';
import { imageCharge, NOW, quietLogger, shippedPrices } from '../../../src/localService/harness/charges.js';
import {
  applyEntry,
  daysBetween,
  emptyDay,
  type LedgerEntry,
  summarize,
} from '../../../src/spend/aggregate.js';
import { createBudgets } from '../../../src/spend/budgets.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { readMonthReport } from '../../../src/spend/monthReport.js';
import type { UsageRecord } from '../../../src/spend/records.js';
import { applyEntries, type ScopeState } from '../../../src/spend/scopeState.js';
import { monthsFromDays, operatorPaidMicros } from '../../../src/spend/tally.js';
import { english } from '../../helpers/english.js';
import { freshStore } from '../../helpers/tempStore.js';

const DAY = '2026-11-22';
const IMAGE = 20_000;
const keyPaid = (record: UsageRecord): UsageRecord => ({ ...record, paidBy: 'serverKey' });

function entry(seq: number, costMicros: number, paidBy?: 'serverKey'): LedgerEntry {
  return {
    ...imageCharge('g', `u${seq % 2}`, 1),
    ...(paidBy && { paidBy }),
    costMicros,
    seq,
    scope: 'g',
  };
}

describe('day totals of key-paid spend', () => {
  it('a key-paid entry counts in the totals and under serverKey; an operator-paid one only in the totals', () => {
    const day = emptyDay(DAY);
    applyEntry(day, entry(1, 300));
    expect(day.serverKey).toBeUndefined();
    applyEntry(day, entry(2, 500, 'serverKey'));
    applyEntry(day, entry(3, 700, 'serverKey'));
    expect(day.requests).toBe(3);
    expect(day.costMicros).toBe(1500);
    expect(day.serverKey).toEqual({ requests: 2, costMicros: 1200 });
    const summary = summarize(daysBetween('2026-11-21', DAY), new Map([[DAY, day]]));
    expect(summary.serverKey).toEqual({ requests: 2, costMicros: 1200 });
    expect(summary.costMicros).toBe(1500);
    // A day stored before the field: no key-paid spend.
    const { serverKey: _, ...older } = day;
    expect(summarize([DAY], new Map([[DAY, older]])).serverKey).toEqual({ requests: 0, costMicros: 0 });
    const months = monthsFromDays([day]);
    expect(months.get('2026-11')?.serverKey).toEqual({ requests: 2, costMicros: 1200 });
    expect(operatorPaidMicros(months.get('2026-11'))).toBe(300);
  });

  it('folding the same entries again (a day total read after they reached it) counts them once', () => {
    const state: ScopeState = {
      head: 0,
      firstDay: undefined,
      months: new Map(),
      aggregates: new Map(),
      dirtyDays: new Set(),
      tallyDirty: false,
      lastUsed: NOW,
    };
    const entries = [entry(1, 400, 'serverKey'), entry(2, 100), entry(3, 600, 'serverKey')];
    applyEntries(state, entries);
    // The day total already holds them: it was written meanwhile.
    const day = state.aggregates.get(DAY);
    state.months.clear();
    applyEntries(state, entries);
    expect(state.aggregates.get(DAY)).toBe(day);
    expect(day?.serverKey).toEqual({ requests: 2, costMicros: 1000 });
    expect(day?.costMicros).toBe(1100);
  });
});

describe('the operator month total and key-paid spend', () => {
  it('a crash between the entries and their day totals: key-paid spend is reconciled exactly once, and left out of the operator total', async () => {
    const { store } = await freshStore();
    const first = createLedger(store, shippedPrices, quietLogger);
    await first.charge(imageCharge('g', 'u', 1));
    await first.charge(keyPaid(imageCharge('g', 'u', 2)));
    await first.close();
    const crashing = Object.create(store) as Store;
    crashing.setMany = async (pairs) => {
      if (pairs.some(({ key }) => key.includes(':day:'))) throw new Error('simulated crash');
      return store.setMany(pairs);
    };
    const doomed = createLedger(crashing, shippedPrices, quietLogger);
    await expect(doomed.charge(keyPaid(imageCharge('g', 'u', 3)))).resolves.toMatchObject({ seq: 3 });
    await expect(doomed.charge(imageCharge('g', 'u', 4))).resolves.toMatchObject({ seq: 4 });

    for (const reconciled of [2, 0]) {
      const restarted = createLedger(store, shippedPrices, quietLogger);
      expect(await restarted.open()).toEqual({ scopes: 1, reconciled });
      const summary = await restarted.summary('g', DAY, DAY);
      expect(summary.costMicros).toBe(10 * IMAGE);
      expect(summary.serverKey).toEqual({ requests: 2, costMicros: 5 * IMAGE });
      expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(5 * IMAGE);
      expect(await restarted.monthSpendMicros('g', NOW)).toBe(10 * IMAGE);
      await restarted.close();
    }
  });

  it('for any charges, key-paid or not, in servers and DMs, this month or last: the operator total is the operator-paid sum, before and after a restart', async () => {
    const charge = fc.record({
      guild: fc.constantFrom('g0', 'g1', 'g2', null),
      keyPaid: fc.boolean(),
      n: fc.integer({ min: 1, max: 5 }),
      lastMonth: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(charge, { maxLength: 25 }), async (charges) => {
        const { store } = await freshStore();
        const ledger = createLedger(store, shippedPrices, quietLogger);
        const records = charges.map((c) => {
          const time = c.lastMonth ? Date.parse('2026-10-30T10:00:00Z') : NOW;
          const record = imageCharge(c.guild, 'u', c.n, time);
          // A server's key pays only in that server.
          return c.keyPaid && c.guild !== null ? keyPaid(record) : record;
        });
        await Promise.all(records.map((record) => ledger.charge(record)));
        const november = records.filter((record) => record.time === NOW);
        const sum = (list: UsageRecord[]) => list.reduce((total, r) => total + ledger.costOf(r), 0);
        const operatorPaid = sum(november.filter((record) => record.paidBy === undefined));
        const check = async (open: typeof ledger) => {
          expect(await open.allScopesMonthSpendMicros(NOW)).toBe(operatorPaid);
          for (const guild of ['g0', 'g1', 'g2']) {
            const mine = november.filter((record) => record.guildId === guild);
            expect(await open.monthSpendMicros(guild, NOW)).toBe(sum(mine));
            const summary = await open.summary(guild, '2026-11-01', DAY);
            expect(summary.serverKey.costMicros).toBe(sum(mine.filter((r) => r.paidBy === 'serverKey')));
          }
        };
        await check(ledger);
        await ledger.close();
        const restarted = createLedger(store, shippedPrices, quietLogger);
        await restarted.open();
        await check(restarted);
        const report = await readMonthReport(store, '2026-11', []);
        expect(report.serverKey.costMicros).toBe(sum(november) - operatorPaid);
        await restarted.close();
      }),
      { numRuns: 20 },
    );
  });

  it('the operator cap: a key-paid request is neither refused by it nor holds room under it; the server cap counts it', async () => {
    const { store } = await freshStore();
    const ledger = createLedger(store, shippedPrices, quietLogger);
    const budgets = createBudgets(store, ledger, 'USD', {
      dmDailyCapMicros: null,
      operatorMonthlyCapMicros: 5 * IMAGE,
    });
    await ledger.charge(keyPaid(imageCharge('g1', 'u', 10)));
    const operatorPaid = await budgets.reserve('g2', 'v', 5 * IMAGE, NOW);
    expect(operatorPaid.ok).toBe(true);
    // The operator's room is all held: a key-paid request still runs, an operator-paid one does not.
    const held = await budgets.reserve('g1', 'u', 100 * IMAGE, NOW, false, undefined, true);
    expect(held.ok).toBe(true);
    const refused = await budgets.reserve('g1', 'u', IMAGE, NOW);
    expect(refused.ok ? undefined : refused.message(english)).toBe(english.t('spend.operatorCapReached'));
    if (operatorPaid.ok) operatorPaid.release();
    // The key-paid hold took none of the operator's room.
    const fits = await budgets.reserve('g2', 'v', 5 * IMAGE, NOW);
    expect(fits.ok).toBe(true);
    if (fits.ok) fits.release();
    if (held.ok) held.release();
    // The server's own cap counts key-paid spend and holds: 10 spent, 3 held, 2 more do not fit 14.
    await budgets.update('g1', { monthlyCapMicros: 14 * IMAGE });
    const three = await budgets.reserve('g1', 'u', 3 * IMAGE, NOW, false, undefined, true);
    expect(three.ok).toBe(true);
    const two = await budgets.reserve('g1', 'u', 2 * IMAGE, NOW, false, undefined, true);
    expect(two.ok).toBe(false);
  });

  it("npm run usage: the total, then what the operator and servers' own keys paid of it", async () => {
    const { store } = await freshStore();
    const ledger = createLedger(store, shippedPrices, quietLogger);
    await ledger.charge(imageCharge('g1', 'u', 1));
    await ledger.charge(keyPaid(imageCharge('g2', 'u', 2)));
    await ledger.charge(keyPaid(imageCharge('g2', 'u', 1)));
    await ledger.close();
    const report = await readMonthReport(store, '2026-11', []);
    expect(report.serverKey).toEqual({ requests: 2, costMicros: 3 * IMAGE });
    const text = reportText(report, 'USD', false, 'test');
    expect(text).toMatch(/^ {2}paid by the operator +1 {2}USD 0\.02/m);
    expect(text).toMatch(/^ {2}paid with servers' own keys +2 {2}USD 0\.06/m);
    const csv = reportCsv(report).split('\r\n');
    expect(csv.slice(-4)).toEqual([
      'total,,3,80000,0.080000',
      'operator-paid,,1,20000,0.020000',
      'server-key-paid,,2,60000,0.060000',
      '',
    ]);
    // Without key-paid spend, no split.
    const { store: plain } = await freshStore();
    const operatorOnly = createLedger(plain, shippedPrices, quietLogger);
    await operatorOnly.charge(imageCharge('g1', 'u', 1));
    await operatorOnly.close();
    const alone = await readMonthReport(plain, '2026-11', []);
    expect(reportText(alone, 'USD', false, 'test')).not.toContain('paid');
    expect(reportCsv(alone)).not.toContain('paid');
  });
});
