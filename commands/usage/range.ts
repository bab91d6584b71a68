/**
 * Which days /usage export covers (pure): a period, or `from`/`to` dates (YYYY-MM-DD, UTC). The
 * options are checked before anything is read, so bad input reaches neither the ledger nor the
 * store; the days are then fixed against the server's first day with spend.
 */
import { PERIOD_LABELS, PERIODS, type Period, periodRange } from '../../src/spend/aggregate.js';
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
  readonly label: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EXAMPLE = 'such as 2026-11-01';

/** Shown back in a refusal: short, and unable to break out of its code span. */
const shown = (value: unknown) => `\`${String(value).replaceAll('`', "'").slice(0, 20)}\``;

function parseDate(name: string, value: unknown): { ok: true; day: string } | { ok: false; error: string } {
  const match = typeof value === 'string' ? DATE.exec(value.trim()) : null;
  if (!match) {
    return {
      ok: false,
      error: `\`${name}\` must be a date written YYYY-MM-DD (UTC), ${EXAMPLE}; got ${shown(value)}.`,
    };
  }
  const day = match[0];
  // Date.parse accepts 2026-02-30 (as March 2): a real date reads back the same.
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time) || utcDay(time) !== day) {
    return { ok: false, error: `\`${name}\`: ${shown(value)} is not a date on the calendar.` };
  }
  return { ok: true, day };
}

/** The options of /usage export, checked; `now` decides what is in the future. */
export function parseExportRange(raw: Readonly<Record<string, unknown>>, now: number): ParsedRange {
  const hasDates = raw.from !== undefined || raw.to !== undefined;
  if (raw.period !== undefined && hasDates) {
    return { ok: false, error: 'Give either a `period` or `from`/`to` dates, not both.' };
  }
  if (!hasDates) {
    const period = PERIODS.find((known) => known === (raw.period ?? 'this-month'));
    return period ? { ok: true, kind: 'period', period } : { ok: false, error: 'Unknown period.' };
  }
  const today = utcDay(now);
  let from: string | undefined;
  let to: string | undefined;
  if (raw.from !== undefined) {
    const parsed = parseDate('from', raw.from);
    if (!parsed.ok) return parsed;
    from = parsed.day;
  }
  if (raw.to !== undefined) {
    const parsed = parseDate('to', raw.to);
    if (!parsed.ok) return parsed;
    to = parsed.day;
  }
  if (from !== undefined && to !== undefined && from > to) {
    return { ok: false, error: `\`from\` (${from}) is after \`to\` (${to}): nothing lies between them.` };
  }
  if (from !== undefined && from > today) {
    return {
      ok: false,
      error: `\`from\` (${from}) is in the future (today is ${today}, UTC): there is nothing to export yet.`,
    };
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
    return { from, to, readFrom: from, label: `${PERIOD_LABELS[asked.period]} (${from} to ${to}, UTC)` };
  }
  const to = asked.to ?? utcDay(now);
  const from = asked.from ?? (firstDay !== undefined && firstDay < to ? firstDay : to);
  // Nothing was spent before `firstDay`; with none at all, or none before `to`, one day is read.
  const floor = firstDay === undefined || firstDay > to ? to : firstDay;
  return { from, to, readFrom: from > floor ? from : floor, label: `${from} to ${to} (UTC)` };
}
