/**
 * The export's paid-plan columns and credit rows (issue 31): each entry says what a member's
 * subscription and the server's credit paid of it (empty when nothing); each credit pack bought
 * in the range is a `credit` row and each refund a `credit_refund` row, with the SKU and the
 * amount in the `credit` column and no cost, so that a spreadsheet's sums come out right: the
 * `cost` column sums to the spend, the `credit` column to the credit bought less refunds.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src/spend/aggregate.js';
import {
  type CreditPackFacts,
  CSV_COLUMNS,
  creditEntries,
  creditRow,
  decimal,
  entryRow,
} from '../../../src/spend/csv.js';
import { exportRows } from '../../../src/spend/usageExport.js';
import { parseCsv } from '../../helpers/csv.js';

const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
const at = (iso: string) => Date.parse(`${iso}Z`);

function entry(id: string, time: string, costMicros: number, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id,
    seq: 1,
    scope: 'g',
    time: at(time),
    guildId: 'g',
    channelId: 'c',
    userId: 'u',
    kind: 'image',
    model: 'service-image-v1',
    size: '1024x1024',
    n: 1,
    imagesDelivered: 1,
    estimated: false,
    outcome: 'completed',
    costMicros,
    ...extra,
  } as LedgerEntry;
}

const PACKS: CreditPackFacts[] = [
  // Bought before the range: not listed; refunded in it: a refund row.
  {
    entitlementId: 'e0',
    skuId: 's1',
    micros: 5_000_000,
    userId: 'buyer',
    at: at('2026-10-30T09:00:00'),
    refundedAt: at('2026-11-05T00:00:00'),
  },
  { entitlementId: 'e1', skuId: 's1', micros: 5_000_000, userId: 'buyer', at: at('2026-11-02T10:00:00') },
  {
    entitlementId: 'e2',
    skuId: 's2',
    micros: 80_000,
    userId: null,
    at: at('2026-11-03T08:00:00'),
    refundedAt: at('2026-11-04T12:00:00'),
  },
];

describe('the export’s plan columns', () => {
  it('an entry says what the member’s plan and the credit paid, empty cells when nothing', () => {
    const row = (draw?: LedgerEntry['planDraw']) =>
      parseCsv(entryRow(entry('r', '2026-11-02T00:00:00', 40_000, draw ? { planDraw: draw } : {})))[0] ?? [];
    expect(row().slice(col('from_member_plan'))).toEqual(['', '', '', '']);
    expect(row({ memberMicros: 40_000 })[col('from_member_plan')]).toBe('0.040000');
    expect(row({ memberMicros: 40_000 })[col('from_credit')]).toBe('');
    expect(row({ creditMicros: 15_000 })[col('from_credit')]).toBe('0.015000');
    expect(row({ creditMicros: 0 })[col('from_credit')]).toBe('');
    expect(row({ creditMicros: 15_000 })).toHaveLength(CSV_COLUMNS.length);
  });

  it('credit packs of the range are rows: bought (`credit`) and refunded (`credit_refund`, negative), oldest first', () => {
    const credits = creditEntries('g', PACKS, '2026-11-01', '2026-11-30');
    expect(credits.map((c) => [c.kind, c.id, c.micros])).toEqual([
      ['credit', 'e1', 5_000_000],
      ['credit', 'e2', 80_000],
      ['credit_refund', 'e2', -80_000],
      ['credit_refund', 'e0', -5_000_000],
    ]);
    expect(creditEntries('g', PACKS, '2026-11-03', '2026-11-03').map((c) => c.id)).toEqual(['e2']);
    const cells = parseCsv(creditRow(credits[0] as (typeof credits)[number]))[0] ?? [];
    expect(cells).toHaveLength(CSV_COLUMNS.length);
    const named = Object.fromEntries(CSV_COLUMNS.map((name, i) => [name, cells[i]]));
    expect(named).toMatchObject({
      id: 'e1',
      time: '2026-11-02T10:00:00.000Z',
      guild: 'g',
      user: 'buyer',
      kind: 'credit',
      sku: 's1',
      credit: '5.000000',
      cost_micros: '',
      cost: '',
      paid_by: '',
      from_credit: '',
    });
    const refund = parseCsv(creditRow(credits[2] as (typeof credits)[number]))[0] ?? [];
    expect([refund[col('kind')], refund[col('user')], refund[col('credit')]]).toEqual([
      'credit_refund',
      '',
      '-0.080000',
    ]);
  });

  it('rows go in by time among the entries, count as no billed request, and the columns sum as a spreadsheet would', async () => {
    const entries = [
      entry('a', '2026-11-01T12:00:00', 40_000),
      entry('b', '2026-11-02T11:00:00', 40_000, { planDraw: { creditMicros: 40_000 } }),
      entry('c', '2026-11-04T13:00:00', 40_000, { planDraw: { memberMicros: 40_000 } }),
      entry('d', '2026-11-20T00:00:00', 12_345, { planDraw: { creditMicros: 2_345 } }),
    ];
    async function* pages() {
      yield entries.slice(0, 2);
      yield entries.slice(2);
    }
    const credits = creditEntries('g', PACKS, '2026-11-01', '2026-11-30');
    const rows = [];
    for await (const row of exportRows(pages(), credits)) rows.push(row);
    expect(rows.map((row) => row.id)).toEqual(['a', 'e1', 'b', 'e2', 'e2', 'c', 'e0', 'd']);
    expect(rows.map((row) => row.count ?? 1)).toEqual([1, 0, 1, 0, 0, 1, 0, 1]);
    expect(rows.map((row) => row.key)).toEqual([...rows.map((row) => row.key)].sort());

    const table = rows.map((row) => parseCsv(row.line)[0] ?? []);
    const sum = (name: (typeof CSV_COLUMNS)[number]) =>
      Math.round(table.reduce((total, cells) => total + Number(cells[col(name)] || 0), 0) * 1e6);
    expect(sum('cost')).toBe(132_345);
    expect(table.reduce((total, cells) => total + Number(cells[col('cost_micros')] || 0), 0)).toBe(132_345);
    expect(sum('from_credit')).toBe(42_345);
    expect(sum('from_member_plan')).toBe(40_000);
    // Bought 5.08 in the range, refunded 5.08 (one pack bought before it).
    expect(sum('credit')).toBe(0);
    expect(decimal(sum('credit'))).toBe('0.000000');
  });

  it('with no credit rows, the rows are the entries alone, as before', async () => {
    async function* pages() {
      yield [entry('a', '2026-11-01T12:00:00', 1)];
    }
    const rows = [];
    for await (const row of exportRows(pages())) rows.push(row);
    expect(rows.map((row) => [row.id, row.line])).toEqual([
      ['a', entryRow(entry('a', '2026-11-01T12:00:00', 1))],
    ]);
  });
});
