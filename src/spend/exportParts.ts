/**
 * Cutting an export into files (pure): rows, in order, into parts of at most `limitBytes` bytes
 * of UTF-8, each starting with the header, none splitting a row. A part is filled in one buffer
 * of at most the limit and handed out before the next row is read, so what is held is one part,
 * whatever the export's size. Rows are read only as parts are asked for.
 *
 * At most `maxParts` parts: when the last one allowed is full and rows remain, the export is
 * cut. Rows of one key (a UTC day) then stay together where the part allows it: the part ends
 * before that key's rows, so "the rest" is every row from the next key on, none repeated. A part
 * that holds one key only is cut at its end (the caller says where).
 *
 * A row that cannot fit any part (with the header, over the limit) is reported and skipped:
 * cutting it would corrupt the file, and holding it back would stop the export.
 */

export interface PartRow {
  /** The row's text, line ending included. */
  readonly line: string;
  /** Rows of one key (a UTC day) stay together when the export is cut. */
  readonly key: string;
  /** Summed per part (e.g. the cost), so a cut part still knows its total. */
  readonly amount: number;
  /** What the row counts for, summed per part (e.g. 1 billed request, 0 for a credit row); default 1. */
  readonly count?: number;
}

export interface SplitOptions {
  /** The header line, line ending included: the start of every part. */
  readonly header: string;
  readonly limitBytes: number;
  /** The most parts produced; rows past them are not read. */
  readonly maxParts: number;
}

/**
 * How a part ends: `more` (another part follows), `complete` (the last row was in it) or `cut`
 * (it is the last allowed and rows remain: `next` is the first row left out).
 */
export type PartEnd = 'more' | 'complete' | 'cut';

export interface Part<R extends PartRow> {
  /** 1, 2, 3… */
  readonly number: number;
  /** The header, then the rows. */
  readonly data: Buffer;
  readonly rows: number;
  readonly amount: number;
  /** The rows' `count`s summed. */
  readonly counted: number;
  /** Undefined only for the one part of an export without rows (the header alone). */
  readonly first: R | undefined;
  readonly last: R | undefined;
  readonly end: PartEnd;
  /** When cut: the first row not in any part. */
  readonly next?: R;
}

export type SplitEvent<R extends PartRow> =
  | { readonly kind: 'part'; readonly part: Part<R> }
  | { readonly kind: 'oversized'; readonly row: R; readonly bytes: number };

/** The first part's first buffer; it doubles as rows come, up to the limit. */
const INITIAL_BYTES = 64 * 1024;

/** Where the part's current run of one key starts: what is kept when the export is cut there. */
interface RunStart<R> {
  readonly bytes: number;
  readonly rows: number;
  readonly amount: number;
  readonly counted: number;
  readonly first: R;
  readonly before: R;
}

class PartBuffer<R extends PartRow> {
  buffer: Buffer;
  bytes = 0;
  rows = 0;
  amount = 0;
  counted = 0;
  first: R | undefined;
  last: R | undefined;
  run: RunStart<R> | undefined;

  constructor(
    readonly header: string,
    readonly limit: number,
    initialBytes: number,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.min(limit, Math.max(initialBytes, Buffer.byteLength(header))));
    this.bytes = this.buffer.write(header, 0);
  }

  fits(size: number): boolean {
    return this.bytes + size <= this.limit;
  }

  append(row: R, size: number): void {
    if (this.bytes + size > this.buffer.length) {
      let capacity = this.buffer.length * 2;
      while (capacity < this.bytes + size) capacity *= 2;
      const grown = Buffer.allocUnsafe(Math.min(capacity, this.limit));
      this.buffer.copy(grown, 0, 0, this.bytes);
      this.buffer = grown;
    }
    if (this.last !== undefined && row.key !== this.last.key) {
      const { bytes, rows, amount, counted } = this;
      this.run = { bytes, rows, amount, counted, first: row, before: this.last };
    }
    this.bytes += this.buffer.write(row.line, this.bytes);
    this.rows += 1;
    this.amount += row.amount;
    this.counted += row.count ?? 1;
    this.first ??= row;
    this.last = row;
  }

  finish(number: number, end: 'more' | 'complete'): Part<R> {
    const { rows, amount, counted, first, last } = this;
    return { number, data: this.buffer.subarray(0, this.bytes), rows, amount, counted, first, last, end };
  }

  /** The part when `next` is the first row left out: before the run of `next`'s key if it can. */
  cut(number: number, next: R): Part<R> {
    const run = this.run;
    if (this.last?.key !== next.key || !run) return { ...this.finish(number, 'complete'), end: 'cut', next };
    return {
      number,
      data: this.buffer.subarray(0, run.bytes),
      rows: run.rows,
      amount: run.amount,
      counted: run.counted,
      first: this.first,
      last: run.before,
      end: 'cut',
      next: run.first,
    };
  }
}

export async function* splitIntoParts<R extends PartRow>(
  rows: AsyncIterable<R>,
  { header, limitBytes, maxParts }: SplitOptions,
): AsyncGenerator<SplitEvent<R>, void, undefined> {
  const headerBytes = Buffer.byteLength(header);
  if (headerBytes > limitBytes)
    throw new RangeError(`the header alone (${headerBytes} bytes) exceeds the limit`);
  if (!Number.isInteger(maxParts) || maxParts < 1)
    throw new RangeError('maxParts must be a positive integer');
  let number = 1;
  let part = new PartBuffer<R>(header, limitBytes, INITIAL_BYTES);
  for await (const row of rows) {
    const size = Buffer.byteLength(row.line);
    if (headerBytes + size > limitBytes) {
      yield { kind: 'oversized', row, bytes: size };
      continue;
    }
    if (!part.fits(size)) {
      if (number === maxParts) {
        yield { kind: 'part', part: part.cut(number, row) };
        return;
      }
      yield { kind: 'part', part: part.finish(number, 'more') };
      number += 1;
      // Past one full part the export is large: the next starts at full size, no doubling.
      part = new PartBuffer<R>(header, limitBytes, limitBytes);
    }
    part.append(row, size);
  }
  yield { kind: 'part', part: part.finish(number, 'complete') };
}
