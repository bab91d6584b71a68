/**
 * What /usage export says with each file (pure): which rows the file holds, then with the last
 * one the totals, and, when the export was cut or failed, up to when the files go and the command
 * that asks for the rest. In the member's words (`t`); times are the CSV's (UTC), to match its rows.
 */
import type { Translator } from '../../src/i18n/translator.js';
import type { Part } from '../../src/spend/exportParts.js';
import type { ExportProgress, ExportRow } from '../../src/spend/usageExport.js';

export interface ExportDescription {
  readonly label: string;
  readonly currency: string;
  /** The range's days (the rest of a cut export runs to `to`). */
  readonly from: string;
  readonly to: string;
  /** Set when the range reaches past the ledger entries' retention: their age in days. */
  readonly retentionDays: number | undefined;
}

/** `2026-11-14 13:02:11` (UTC), as the CSV's time column writes it. */
export const timeOf = (row: ExportRow) => new Date(row.time).toISOString().slice(0, 19).replace('T', ' ');

const billed = (t: Translator, count: number) => t.t('spend.billedRequests', { count });

function summary(t: Translator, description: ExportDescription, totals: ExportProgress): string {
  return t.t('spend.exportSummary', {
    requests: billed(t, totals.requests),
    money: t.money(totals.costMicros, description.currency),
    label: description.label,
  });
}

function span(t: Translator, part: Part<ExportRow>): string {
  const { first, last } = part;
  return first && last
    ? t.t('spend.exportSpan', { first: timeOf(first), last: timeOf(last) })
    : t.t('spend.exportNoRows');
}

function notes(t: Translator, description: ExportDescription, totals: ExportProgress): string[] {
  const lines: string[] = [];
  const { oversized } = totals;
  if (oversized.count > 0) {
    const more = oversized.count > oversized.ids.length ? ', …' : '';
    lines.push(
      t.t('spend.exportOversized', { count: oversized.count, ids: `${oversized.ids.join(', ')}${more}` }),
    );
  }
  if (description.retentionDays !== undefined) {
    lines.push(t.t('spend.exportRetention', { days: description.retentionDays }));
  }
  return lines;
}

/** How to ask for what follows `last`, the last row delivered, when `next` (if known) is the first not. */
export function restCommand(
  t: Translator,
  description: ExportDescription,
  last: ExportRow,
  next: ExportRow | undefined,
  partNumber: number,
): string {
  const day = next?.key ?? last.key;
  const command = `\`/usage export from:${day} to:${description.to}\``;
  // The files end inside that day: its rows up to `last` are delivered already.
  return day === last.key
    ? t.t('spend.exportRestSameDay', { command, time: timeOf(last).slice(11), part: partNumber })
    : command;
}

/** The text sent with `part`; `totals` include it. */
export function partContent(
  t: Translator,
  description: ExportDescription,
  part: Part<ExportRow>,
  totals: ExportProgress,
): string {
  if (part.number === 1 && part.end === 'complete') {
    return [summary(t, description, totals), ...notes(t, description, totals)].join('\n');
  }
  const line = t.t('spend.exportPart', {
    part: part.number,
    rows: t.t('spend.rows', { count: part.rows }),
    span: span(t, part),
  });
  const head = part.number === 1 ? [t.t('spend.exportInParts', { label: description.label })] : [];
  if (part.end === 'more') return [...head, line].join('\n');
  if (part.end === 'complete') {
    return [
      ...head,
      line,
      t.t('spend.exportDone', { summary: summary(t, description, totals), count: part.number }),
      ...notes(t, description, totals),
    ].join('\n');
  }
  const last = totals.last as ExportRow;
  const from = t.day(description.from);
  const through =
    part.next && part.next.key !== last.key
      ? t.t('spend.exportThroughDay', { from, last: t.day(last.key) })
      : t.t('spend.exportUpToTime', { from, last: timeOf(last) });
  return [
    ...head,
    line,
    t.t('spend.exportCut', {
      parts: part.number,
      requests: billed(t, totals.requests),
      money: t.money(totals.costMicros, description.currency),
      through,
    }),
    t.t('spend.exportForTheRest', { command: restCommand(t, description, last, part.next, part.number) }),
    ...notes(t, description, totals),
  ].join('\n');
}

/** Said when the export failed after some files went: what they hold, and how to get the rest. */
export function stoppedContent(
  t: Translator,
  description: ExportDescription,
  delivered: ExportProgress,
  undelivered: ExportRow | undefined,
  reason: string,
): string {
  const head = t.t('spend.exportStopped', { part: delivered.parts, reason });
  const last = delivered.last;
  if (!last) return t.t('spend.exportStoppedEmpty', { head });
  return [
    t.t('spend.exportStoppedHeld', { head, requests: billed(t, delivered.requests), last: timeOf(last) }),
    t.t('spend.exportForTheRest', {
      command: restCommand(t, description, last, undelivered, delivered.parts),
    }),
  ].join('\n');
}
