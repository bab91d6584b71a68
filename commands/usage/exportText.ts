/**
 * What /usage export says with each file (pure): which rows the file holds, then with the last
 * one the totals, and, when the export was cut or failed, up to when the files go and the command
 * that asks for the rest.
 */
import { formatMoney } from '../../src/spend/cost.js';
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

const plural = (count: number, one: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : `${one}s`}`;

/** `2026-11-14 13:02:11` (UTC). */
export const timeOf = (row: ExportRow) => new Date(row.time).toISOString().slice(0, 19).replace('T', ' ');

function summary(description: ExportDescription, totals: ExportProgress): string {
  return `${plural(totals.rows, 'billed request')} · ${formatMoney(totals.costMicros, description.currency)} · ${description.label}`;
}

function span(part: Part<ExportRow>): string {
  const { first, last } = part;
  return first && last ? `${timeOf(first)} to ${timeOf(last)} UTC` : 'no rows';
}

function notes(description: ExportDescription, totals: ExportProgress): string[] {
  const lines: string[] = [];
  const { oversized } = totals;
  if (oversized.count > 0) {
    const more = oversized.count > oversized.ids.length ? ', …' : '';
    lines.push(
      `-# ⚠️ ${plural(oversized.count, 'request')} left out: a row too long for a file of this size (id ${oversized.ids.join(', ')}${more}).`,
    );
  }
  if (description.retentionDays !== undefined) {
    lines.push(
      `-# Single requests are kept ${description.retentionDays} days (day totals stay longer): this range reaches further back, so its export can have fewer rows than /usage show counts.`,
    );
  }
  return lines;
}

/** How to ask for what follows `last`, the last row delivered, when `next` (if known) is the first not. */
export function restCommand(
  description: ExportDescription,
  last: ExportRow,
  next: ExportRow | undefined,
  partNumber: number,
): string {
  const day = next?.key ?? last.key;
  const command = `\`/usage export from:${day} to:${description.to}\``;
  // The files end inside that day: its rows up to `last` are delivered already.
  return day === last.key
    ? `${command} (its first rows, up to ${timeOf(last).slice(11)} UTC, repeat the end of part ${partNumber})`
    : command;
}

/** The text sent with `part`; `totals` include it. */
export function partContent(
  description: ExportDescription,
  part: Part<ExportRow>,
  totals: ExportProgress,
): string {
  if (part.number === 1 && part.end === 'complete') {
    return [summary(description, totals), ...notes(description, totals)].join('\n');
  }
  const head =
    part.number === 1 ? `**Usage export** · ${description.label}, in parts as they are ready.\n` : '';
  const line = `${head}Part ${part.number} · ${plural(part.rows, 'row')} · ${span(part)}`;
  if (part.end === 'more') return line;
  if (part.end === 'complete') {
    return [
      line,
      `✅ Done: ${summary(description, totals)}, in ${part.number} files.`,
      ...notes(description, totals),
    ].join('\n');
  }
  const last = totals.last as ExportRow;
  const through =
    part.next && part.next.key !== last.key
      ? `every one from ${description.from} through ${last.key} (UTC)`
      : `from ${description.from} up to ${timeOf(last)} UTC`;
  return [
    line,
    `⚠️ Stopped at ${part.number} files, the most one export sends: they hold ${plural(totals.rows, 'billed request')} (${formatMoney(totals.costMicros, description.currency)}), ${through}.`,
    `For the rest: ${restCommand(description, last, part.next, part.number)}.`,
    ...notes(description, totals),
  ].join('\n');
}

/** Said when the export failed after some files went: what they hold, and how to get the rest. */
export function stoppedContent(
  description: ExportDescription,
  delivered: ExportProgress,
  undelivered: ExportRow | undefined,
  reason: string,
): string {
  const head = `⚠️ The export stopped after part ${delivered.parts}: ${reason}.`;
  const last = delivered.last;
  if (!last) return `${head} The file above has no rows.`;
  return [
    `${head} The files above hold ${plural(delivered.rows, 'billed request')} up to ${timeOf(last)} UTC.`,
    `For the rest: ${restCommand(description, last, undelivered, delivered.parts)}.`,
  ].join('\n');
}
