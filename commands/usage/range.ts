/**
 * Which days /usage export covers (pure): a period, or `from`/`to` dates (YYYY-MM-DD, UTC). The
 * options are checked before anything is read, so bad input reaches neither the ledger nor the
 * store; the days are then fixed against the server's first day with spend.
 */
import type { MessageKey, Translator } from '../../src/i18n/translator.js';
import { PERIODS, type Period, periodRange } from '../../src/spend/aggregate.js';
import { utcDay } from '../../src/spend/records.js';

export type AskedRange =
  | { readonly kind: 'period'; readonly period: Period }
  | { readonly kind: 'dates'; readonly from: string | undefined; readonly to: string | undefined };

export type ParsedRange =
  | ({ readonly ok: true } & AskedRange)
  | { readonly ok: false; readonly error: string };

export interface ExportRange {
  /** The days the member asked for (the files are named after them). */
  readonly from: string;
  readonly to: string;
  /** Where reading starts: never before the first day with spend (a `from` of 1970 reads no empty years). */
  readonly readFrom: string;
}

const PERIOD_NAMES: Readonly<Record<Period, MessageKey>> = {
  'this-month': 'spend.periodThisMonth',
  'last-month': 'spend.periodLastMonth',
  today: 'spend.periodToday',
  'last-7-days': 'spend.periodLast7Days',
  'last-30-days': 'spend.periodLast30Days',
  'all-time': 'spend.periodAllTime',
};

/** A period and its days, e.g. "This month (Nov 1, 2026 to Nov 26, 2026, UTC)". */
export function periodLabel(t: Translator, period: Period, from: string, to: string): string {
  return t.t('spend.periodRange', { period: t.t(PERIOD_NAMES[period]), from: t.day(from), to: t.day(to) });
}

/** What an export covers: its period, or its days. */
export function rangeLabel(t: Translator, asked: AskedRange, range: ExportRange): string {
  return asked.kind === 'period'
    ? periodLabel(t, asked.period, range.from, range.to)
    : t.t('spend.datesRange', { from: t.day(range.from), to: t.day(range.to) });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Shown back in a refusal: short, and unable to break out of its code span. */
const shown = (value: unknown) => `\`${String(value).replaceAll('`', "'").slice(0, 20)}\``;

function parseDate(
  t: Translator,
  name: string,
  value: unknown,
): { ok: true; day: string } | { ok: false; error: string } {
  const match = typeof value === 'string' ? DATE.exec(value.trim()) : null;
  if (!match) return { ok: false, error: t.t('spend.exportDateFormat', { name, value: shown(value) }) };
  const day = match[0];
  // Date.parse accepts 2026-02-30 (as March 2): a real date reads back the same.
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time) || utcDay(time) !== day) {
    return { ok: false, error: t.t('spend.exportDateNotReal', { name, value: shown(value) }) };
  }
  return { ok: true, day };
}

/** The options of /usage export, checked; `now` decides what is in the future; errors in `t`'s words. */
export function parseExportRange(
  raw: Readonly<Record<string, unknown>>,
  now: number,
  t: Translator,
): ParsedRange {
  const hasDates = raw.from !== undefined || raw.to !== undefined;
  if (raw.period !== undefined && hasDates) return { ok: false, error: t.t('spend.exportPeriodAndDates') };
  if (!hasDates) {
    const period = PERIODS.find((known) => known === (raw.period ?? 'this-month'));
    return period ? { ok: true, kind: 'period', period } : { ok: false, error: t.t('spend.unknownPeriod') };
  }
  const today = utcDay(now);
  let from: string | undefined;
  let to: string | undefined;
  if (raw.from !== undefined) {
    const parsed = parseDate(t, 'from', raw.from);
    if (!parsed.ok) return parsed;
    from = parsed.day;
  }
  if (raw.to !== undefined) {
    const parsed = parseDate(t, 'to', raw.to);
    if (!parsed.ok) return parsed;
    to = parsed.day;
  }
  if (from !== undefined && to !== undefined && from > to) {
    return { ok: false, error: t.t('spend.exportFromAfterTo', { from: t.day(from), to: t.day(to) }) };
  }
  if (from !== undefined && from > today) {
    return { ok: false, error: t.t('spend.exportFromFuture', { from: t.day(from), today: t.day(today) }) };
  }
  // A `to` past today asks for everything so far: the files stop at today.
  if (to !== undefined && to > today) to = today;
  return { ok: true, kind: 'dates', from, to };
}

/** The days to export; `firstDay` is the server's first day with spend, if any. */
export function resolveExportRange(
  asked: AskedRange,
  now: number,
  firstDay: string | undefined,
): ExportRange {
  if (asked.kind === 'period') {
    const { from, to } = periodRange(asked.period, now, firstDay);
    return { from, to, readFrom: from };
  }
  const to = asked.to ?? utcDay(now);
  const from = asked.from ?? (firstDay !== undefined && firstDay < to ? firstDay : to);
  // Nothing was spent before `firstDay`; with none at all, or none before `to`, one day is read.
  const floor = firstDay === undefined || firstDay > to ? to : firstDay;
  return { from, to, readFrom: from > floor ? from : floor };
}
