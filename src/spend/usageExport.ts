/**
 * /usage export's stream, without Discord in it: a range's ledger entries, read a page at a time,
 * become CSV rows cut into files (exportParts.ts), each handed to `deliver` and awaited before
 * the next row is read. So one part is held at a time (and the one being uploaded), never the
 * period: an export of any size runs in the memory of one part.
 */
import { DEFAULT_ATTACHMENT_SIZE_LIMIT } from '../reply/limits.js';
import type { LedgerEntry } from './aggregate.js';
import { type CreditEntry, CSV_HEADER, creditRow, entryRow } from './csv.js';
import { type Part, type PartRow, splitIntoParts } from './exportParts.js';
import { utcDay } from './records.js';

/** Files (and so messages) one export sends at most. */
export const EXPORT_MAX_PARTS = 10;
/** The most one file holds whatever the upload limit: a boosted server's 100 MiB is no buffer size. */
export const EXPORT_PART_MAX_BYTES = 8 * 1024 * 1024;
/** Oversized rows named in the message; the rest are counted. */
const OVERSIZED_IDS_KEPT = 5;

export function exportPartLimit(attachmentSizeLimit: number | undefined): number {
  return Math.min(attachmentSizeLimit ?? DEFAULT_ATTACHMENT_SIZE_LIMIT, EXPORT_PART_MAX_BYTES);
}

export interface ExportRow extends PartRow {
  readonly id: string;
  readonly time: number;
}

/** A credit entry's row: no cost, and no billed request. */
const creditExportRow = (credit: CreditEntry): ExportRow => ({
  line: creditRow(credit),
  key: utcDay(credit.time),
  amount: 0,
  count: 0,
  id: credit.id,
  time: credit.time,
});

/**
 * Rows as the pages come; the entries themselves are dropped once their line is made. The
 * range's credit entries (oldest first, a handful) go in among them by time.
 */
export async function* exportRows(
  pages: AsyncIterable<readonly LedgerEntry[]>,
  credits: readonly CreditEntry[] = [],
): AsyncGenerator<ExportRow> {
  let next = 0;
  for await (const page of pages) {
    for (const entry of page) {
      for (; next < credits.length && (credits[next] as CreditEntry).time < entry.time; next += 1)
        yield creditExportRow(credits[next] as CreditEntry);
      yield {
        line: entryRow(entry),
        key: utcDay(entry.time),
        amount: entry.costMicros,
        id: entry.id,
        time: entry.time,
      };
    }
  }
  for (; next < credits.length; next += 1) yield creditExportRow(credits[next] as CreditEntry);
}

/** `usage-<from>-to-<to>.csv` for an export in one file, `…-part-<n>.csv` for each of several. */
export function partFileName(
  from: string,
  to: string,
  part: Pick<Part<ExportRow>, 'number' | 'end'>,
): string {
  const base = `usage-${from}-to-${to}`;
  return part.number === 1 && part.end === 'complete' ? `${base}.csv` : `${base}-part-${part.number}.csv`;
}

/** What the member has received. */
export interface ExportProgress {
  readonly parts: number;
  readonly rows: number;
  /** Of the rows, the billed requests (the others are credit rows). */
  readonly requests: number;
  readonly costMicros: number;
  readonly first: ExportRow | undefined;
  readonly last: ExportRow | undefined;
  /** Rows too long for any file (never in practice: a row is ~200 bytes, a file megabytes). */
  readonly oversized: { readonly count: number; readonly ids: readonly string[] };
}

export interface ExportOutcome extends ExportProgress {
  readonly end: 'complete' | 'cut';
  /** When cut: the first row left out. */
  readonly next: ExportRow | undefined;
}

/** The export stopped (the store or Discord failed): what was delivered, and where the rest starts. */
export class ExportStopped extends Error {
  constructor(
    cause: unknown,
    readonly delivered: ExportProgress,
    /** The first row not delivered, when known (the part that failed to go). */
    readonly undelivered: ExportRow | undefined,
  ) {
    super('the export stopped', { cause });
  }
}

export interface StreamExportOptions {
  readonly pages: AsyncIterable<readonly LedgerEntry[]>;
  /** The range's credit packs bought and refunded (csv.ts creditEntries), oldest first. */
  readonly credits?: readonly CreditEntry[];
  readonly from: string;
  readonly to: string;
  readonly limitBytes: number;
  readonly maxParts?: number;
  /** Sends one part; `totals` include it. The next part is built once this resolves. */
  deliver(part: Part<ExportRow>, fileName: string, totals: ExportProgress): Promise<void>;
}

export async function streamExport(options: StreamExportOptions): Promise<ExportOutcome> {
  let delivered: ExportProgress = {
    parts: 0,
    rows: 0,
    requests: 0,
    costMicros: 0,
    first: undefined,
    last: undefined,
    oversized: { count: 0, ids: [] },
  };
  let sending: Part<ExportRow> | undefined;
  const events = splitIntoParts(exportRows(options.pages, options.credits), {
    header: CSV_HEADER,
    limitBytes: options.limitBytes,
    maxParts: options.maxParts ?? EXPORT_MAX_PARTS,
  });
  try {
    for await (const event of events) {
      if (event.kind === 'oversized') {
        const { count, ids } = delivered.oversized;
        delivered = {
          ...delivered,
          oversized: {
            count: count + 1,
            ids: ids.length < OVERSIZED_IDS_KEPT ? [...ids, event.row.id] : ids,
          },
        };
        continue;
      }
      const { part } = event;
      const totals: ExportProgress = {
        ...delivered,
        parts: part.number,
        rows: delivered.rows + part.rows,
        requests: delivered.requests + part.counted,
        costMicros: delivered.costMicros + part.amount,
        first: delivered.first ?? part.first,
        last: part.last ?? delivered.last,
      };
      sending = part;
      await options.deliver(part, partFileName(options.from, options.to, part), totals);
      sending = undefined;
      delivered = totals;
      if (part.end !== 'more') return { ...delivered, end: part.end, next: part.next };
    }
  } catch (error) {
    throw new ExportStopped(error, delivered, sending?.first);
  }
  // splitIntoParts always ends with a part that is not `more`.
  throw new Error('the export ended without its last part');
}

/**
 * Whether a range from `from` reaches entries older than the retention (LEDGER_ENTRY_RETENTION_DAYS):
 * the sweep removes those while their day totals stay, so the export can hold fewer rows than
 * /usage show counts.
 */
export function reachesPastRetention(from: string, now: number, retentionDays = 400): boolean {
  return Date.parse(`${from}T00:00:00Z`) < now - retentionDays * 86_400_000;
}
