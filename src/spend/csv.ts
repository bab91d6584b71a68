/**
 * The raw ledger entries as CSV (RFC 4180), for /usage export: the header and one row per entry,
 * each line with its CRLF, so an export can be cut into files between any two lines.
 */
import type { LedgerEntry } from './aggregate.js';

export const CSV_COLUMNS = [
  'id',
  'time',
  'guild',
  'channel',
  'user',
  'kind',
  'model',
  'input_tokens',
  'output_tokens',
  'images',
  'size',
  'cost_micros',
  'cost',
  'estimated',
  'outcome',
] as const;

/** The header line, CRLF included. */
export const CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

function cell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function decimal(micros: number): string {
  return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
}

/** One entry's line, CRLF included (a quoted cell may hold line breaks of its own). */
export function entryRow(entry: LedgerEntry): string {
  const cells = [
    entry.id,
    new Date(entry.time).toISOString(),
    entry.guildId,
    entry.channelId,
    entry.userId,
    entry.kind,
    entry.model,
    entry.kind === 'chat' ? entry.inputTokens : 0,
    entry.kind === 'chat' ? entry.outputTokens : 0,
    entry.kind === 'image' ? entry.n : 0,
    entry.kind === 'image' ? entry.size : '',
    entry.costMicros,
    decimal(entry.costMicros),
    entry.estimated,
    entry.outcome,
  ];
  return `${cells.map(cell).join(',')}\r\n`;
}

/** A whole CSV in one string: for small sets only (bench/ledger.ts); /usage export streams. */
export function entriesCsv(entries: readonly LedgerEntry[]): string {
  return CSV_HEADER + entries.map(entryRow).join('');
}
