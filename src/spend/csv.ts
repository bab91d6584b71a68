/** The raw ledger entries of a period as CSV (RFC 4180), for /usage export. */
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

function cell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function decimal(micros: number): string {
  return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
}

export function entriesCsv(entries: readonly LedgerEntry[]): string {
  const rows = entries.map((entry) =>
    [
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
    ]
      .map(cell)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
