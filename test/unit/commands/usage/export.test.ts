import { describe, expect, it } from 'vitest';
import {
  type ExportDescription,
  partContent,
  stoppedContent,
} from '../../../../commands/usage/exportText.js';
import { parseExportRange, rangeLabel, resolveExportRange } from '../../../../commands/usage/range.js';
import { createI18n } from '../../../../src/i18n/translator.js';
import type { Part } from '../../../../src/spend/exportParts.js';
import type { ExportProgress, ExportRow } from '../../../../src/spend/usageExport.js';
import { english } from '../../../helpers/english.js';

const german = createI18n().translator('de');

const NOW = Date.parse('2026-11-26T15:00:00Z');

describe('/usage export range options', () => {
  it('a period, by default this month', () => {
    expect(parseExportRange({}, NOW, english)).toEqual({ ok: true, kind: 'period', period: 'this-month' });
    expect(parseExportRange({ period: 'last-month' }, NOW, english)).toEqual({
      ok: true,
      kind: 'period',
      period: 'last-month',
    });
    expect(parseExportRange({ period: 'decade' }, NOW, english)).toEqual({
      ok: false,
      error: 'Unknown period.',
    });
  });

  it('dates: either may be left out; a `to` past today stops at today', () => {
    expect(parseExportRange({ from: '2026-11-01', to: '2026-11-20' }, NOW, english)).toEqual({
      ok: true,
      kind: 'dates',
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(parseExportRange({ from: '2026-11-26' }, NOW, english)).toMatchObject({
      from: '2026-11-26',
      to: undefined,
    });
    expect(parseExportRange({ to: '2030-01-01' }, NOW, english)).toMatchObject({
      from: undefined,
      to: '2026-11-26',
    });
  });

  it('refuses bad dates, with the option named and the value shown', () => {
    const error = (raw: Record<string, unknown>) => {
      const parsed = parseExportRange(raw, NOW, english);
      return parsed.ok ? undefined : parsed.error;
    };
    expect(error({ from: '2026/11/01' })).toBe(
      '`from` must be a date written YYYY-MM-DD (UTC), such as 2026-11-01; got `2026/11/01`.',
    );
    expect(error({ to: '2026-02-30' })).toBe('`to`: `2026-02-30` is not a date on the calendar.');
    expect(error({ from: '2026-13-01' })).toMatch(/not a date on the calendar/);
    expect(error({ from: 'yesterday`@everyone' })).toBe(
      "`from` must be a date written YYYY-MM-DD (UTC), such as 2026-11-01; got `yesterday'@everyone`.",
    );
    expect(error({ from: '2026-11-20', to: '2026-11-01' })).toBe(
      '`from` (Nov 20, 2026) is after `to` (Nov 1, 2026): nothing lies between them.',
    );
    expect(error({ from: '2026-11-27' })).toBe(
      '`from` (Nov 27, 2026) is in the future (today is Nov 26, 2026, UTC): there is nothing to export yet.',
    );
    expect(error({ from: '2027-01-01', to: '2027-02-01' })).toMatch(/in the future/);
    expect(error({ period: 'today', from: '2026-11-01' })).toBe(
      'Give either a `period` or `from`/`to` dates, not both.',
    );
    // In the member's language, dates as they write them.
    const inGerman = parseExportRange({ from: '2026-11-27' }, NOW, german);
    expect(inGerman.ok ? undefined : inGerman.error).toBe(
      '`from` (27.11.2026) liegt in der Zukunft (heute ist der 26.11.2026, UTC): Es gibt noch nichts zu exportieren.',
    );
  });

  it('fixes the days against the first day with spend', () => {
    const dates = (from?: string, to?: string) => ({ kind: 'dates' as const, from, to });
    expect(resolveExportRange(dates('2026-11-01', '2026-11-20'), NOW, '2026-01-05')).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      readFrom: '2026-11-01',
    });
    // No `from`: from the first day with spend; no `to`: today.
    expect(resolveExportRange(dates(undefined, undefined), NOW, '2026-01-05')).toMatchObject({
      from: '2026-01-05',
      to: '2026-11-26',
    });
    // A `from` long before any spend reads from the first day only.
    expect(resolveExportRange(dates('1970-01-01', '2026-11-20'), NOW, '2026-01-05')).toMatchObject({
      from: '1970-01-01',
      readFrom: '2026-01-05',
    });
    // Nothing spent in the range, or ever: one day is read.
    expect(resolveExportRange(dates('1970-01-01', '1980-01-01'), NOW, '2026-01-05').readFrom).toBe(
      '1980-01-01',
    );
    expect(resolveExportRange(dates('1970-01-01', undefined), NOW, undefined).readFrom).toBe('2026-11-26');
    const thisMonth = { kind: 'period', period: 'this-month' } as const;
    const month = resolveExportRange(thisMonth, NOW, '2026-01-05');
    expect(month).toEqual({ from: '2026-11-01', to: '2026-11-26', readFrom: '2026-11-01' });
  });

  it('names the range in the member’s words', () => {
    const thisMonth = { kind: 'period', period: 'this-month' } as const;
    const month = resolveExportRange(thisMonth, NOW, '2026-01-05');
    expect(rangeLabel(english, thisMonth, month)).toBe('This month (Nov 1, 2026 to Nov 26, 2026, UTC)');
    expect(rangeLabel(german, thisMonth, month)).toBe('Dieser Monat (01.11.2026 bis 26.11.2026, UTC)');
    const dates = { kind: 'dates', from: '2026-11-01', to: '2026-11-20' } as const;
    expect(rangeLabel(english, dates, resolveExportRange(dates, NOW, undefined))).toBe(
      'Nov 1, 2026 to Nov 20, 2026 (UTC)',
    );
  });
});

const row = (id: string, time: string, costMicros = 1000): ExportRow => ({
  id,
  line: `${id}\r\n`,
  key: time.slice(0, 10),
  amount: costMicros,
  time: Date.parse(`${time}Z`),
});

const description: ExportDescription = {
  label: 'This month (2026-11-01 to 2026-11-26, UTC)',
  currency: 'USD',
  from: '2026-11-01',
  to: '2026-11-26',
  retentionDays: undefined,
};

function part(
  number: number,
  rows: ExportRow[],
  end: Part<ExportRow>['end'],
  next?: ExportRow,
): Part<ExportRow> {
  return {
    number,
    data: Buffer.alloc(0),
    rows: rows.length,
    amount: rows.reduce((sum, r) => sum + r.amount, 0),
    counted: rows.length,
    first: rows[0],
    last: rows.at(-1),
    end,
    ...(next && { next }),
  };
}

function totals(parts: number, rows: number, costMicros: number, last: ExportRow): ExportProgress {
  return {
    parts,
    rows,
    requests: rows,
    costMicros,
    first: undefined,
    last,
    oversized: { count: 0, ids: [] },
  };
}

describe('/usage export messages', () => {
  const a = row('a', '2026-11-01T00:00:03');
  const b = row('b', '2026-11-14T13:02:11');
  const c = row('c', '2026-11-15T08:00:00');

  it('one file: the totals line, as before', () => {
    expect(partContent(english, description, part(1, [a, b], 'complete'), totals(1, 2, 2000, b))).toBe(
      '2 billed requests · USD\u00a00.002 · This month (2026-11-01 to 2026-11-26, UTC)',
    );
    expect(partContent(german, description, part(1, [a, b], 'complete'), totals(1, 2, 2000, b))).toBe(
      '2 abgerechnete Anfragen · 0,002\u00a0USD · This month (2026-11-01 to 2026-11-26, UTC)',
    );
  });

  it('several files: each says what it holds; the last one the totals', () => {
    expect(partContent(english, description, part(1, [a, b], 'more'), totals(1, 2, 2000, b))).toBe(
      '**Usage export** · This month (2026-11-01 to 2026-11-26, UTC), in parts as they are ready.\n' +
        'Part 1 · 2 rows · 2026-11-01 00:00:03 to 2026-11-14 13:02:11 UTC',
    );
    expect(partContent(english, description, part(2, [c], 'complete'), totals(2, 43_211, 5_000_000, c))).toBe(
      'Part 2 · 1 row · 2026-11-15 08:00:00 to 2026-11-15 08:00:00 UTC\n' +
        '✅ Done: 43,211 billed requests · USD\u00a05.00 · This month (2026-11-01 to 2026-11-26, UTC), in 2 files.',
    );
  });

  it('credit rows (paid plans) are rows of the file, not billed requests', () => {
    const withCredits: ExportProgress = { ...totals(1, 3, 2000, b), requests: 2 };
    expect(partContent(english, description, part(1, [a, c, b], 'complete'), withCredits)).toBe(
      '2 billed requests · USD\u00a00.002 · This month (2026-11-01 to 2026-11-26, UTC)',
    );
    const held = stoppedContent(english, description, { ...withCredits, parts: 2 }, c, 'oops');
    expect(held).toContain('hold 2 billed requests');
  });

  it('cut between days: covers every request through a day; the rest from the next', () => {
    const text = partContent(
      english,
      description,
      part(10, [a, b], 'cut', c),
      totals(10, 400_000, 9_000_000, b),
    );
    expect(text).toContain(
      '⚠️ Stopped at 10 files, the most one export sends: they hold 400,000 billed requests (USD\u00a09.00), every one from Nov 1, 2026 through Nov 14, 2026 (UTC).',
    );
    expect(text).toContain('For the rest: `/usage export from:2026-11-15 to:2026-11-26`.');
  });

  it('cut inside a day: covers up to a time; the rest repeats that day up to it, and says so', () => {
    const sameDay = row('d', '2026-11-14T13:05:00');
    const text = partContent(
      english,
      description,
      part(10, [a, b], 'cut', sameDay),
      totals(10, 400_000, 9_000_000, b),
    );
    expect(text).toContain(
      'they hold 400,000 billed requests (USD\u00a09.00), from Nov 1, 2026 up to 2026-11-14 13:02:11 UTC.',
    );
    expect(text).toContain(
      'For the rest: `/usage export from:2026-11-14 to:2026-11-26` (its first rows, up to 13:02:11 UTC, repeat the end of part 10).',
    );
  });

  it('notes a range past the retention, and rows left out for their size', () => {
    const withRetention = { ...description, retentionDays: 400 };
    const left = { ...totals(1, 2, 2000, b), oversized: { count: 7, ids: ['x1', 'x2', 'x3', 'x4', 'x5'] } };
    const text = partContent(english, withRetention, part(1, [a, b], 'complete'), left);
    expect(text).toContain('Single requests are kept 400 days');
    expect(text).toContain('fewer rows than /usage show counts');
    expect(text).toContain(
      '7 requests left out: a row too long for a file of this size (id x1, x2, x3, x4, x5, …)',
    );
  });

  it('a failure after some files: what they hold and how to get the rest', () => {
    expect(
      stoppedContent(
        english,
        description,
        totals(3, 1234, 1, b),
        c,
        'Discord said: Request entity too large',
      ),
    ).toBe(
      '⚠️ The export stopped after part 3: Discord said: Request entity too large. The files above hold 1,234 billed requests up to 2026-11-14 13:02:11 UTC.\n' +
        'For the rest: `/usage export from:2026-11-15 to:2026-11-26`.',
    );
    // Where the next row is unknown (the store failed), the last day is asked again.
    expect(stoppedContent(english, description, totals(3, 1234, 1, b), undefined, 'x')).toContain(
      'from:2026-11-14 to:2026-11-26` (its first rows, up to 13:02:11 UTC, repeat the end of part 3)',
    );
  });

  it('every message stays within Discord’s 2,000 characters', () => {
    const long = { ...description, label: 'x'.repeat(100), retentionDays: 400 };
    const left = { ...totals(10, 1e9, 1e12, b), oversized: { count: 1e6, ids: ['a'.repeat(40)] } };
    expect(partContent(english, long, part(10, [a, b], 'cut', b), left).length).toBeLessThan(2000);
  });
});
