import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Part, type PartRow, type SplitEvent, splitIntoParts } from '../../../src/spend/exportParts.js';

interface Row extends PartRow {
  readonly n: number;
}

const HEADER = 'h1,h2\n';

async function* from<T>(items: readonly T[], read?: { count: number }): AsyncGenerator<T> {
  for (const item of items) {
    if (read) read.count += 1;
    yield item;
  }
}

const row = (n: number, text: string, key = 'd1', amount = n): Row => ({ n, line: `${text}\n`, key, amount });

async function split(rows: readonly Row[], limitBytes: number, maxParts = 10, read?: { count: number }) {
  const events: SplitEvent<Row>[] = [];
  for await (const event of splitIntoParts(from(rows, read), { header: HEADER, limitBytes, maxParts })) {
    events.push(event);
  }
  const parts = events.flatMap((event) => (event.kind === 'part' ? [event.part] : []));
  const oversized = events.flatMap((event) => (event.kind === 'oversized' ? [event.row] : []));
  return { parts, oversized };
}

/** A part's rows as the lines after its header. */
const bodyLines = (part: Part<Row>) => {
  const text = part.data.toString('utf8');
  expect(text.startsWith(HEADER)).toBe(true);
  return text.slice(HEADER.length).split('\n').slice(0, -1);
};

describe('cutting an export into parts', () => {
  it('one part with the header and every row when all fit', async () => {
    const { parts } = await split([row(1, 'a'), row(2, 'bb'), row(3, 'ccc')], 100);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.data.toString()).toBe('h1,h2\na\nbb\nccc\n');
    expect(parts[0]).toMatchObject({ number: 1, rows: 3, amount: 6, end: 'complete' });
    expect([parts[0]?.first?.n, parts[0]?.last?.n]).toEqual([1, 3]);
  });

  it('an export without rows is one part holding the header', async () => {
    const { parts } = await split([], 100);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.data.toString()).toBe(HEADER);
    expect(parts[0]).toMatchObject({ rows: 0, end: 'complete', first: undefined, last: undefined });
  });

  it('starts a new part, header first, when the next row would pass the limit (the limit itself fits)', async () => {
    // Header 6 bytes + rows of 5 bytes: 16 fits 2 rows exactly.
    const rows = [1, 2, 3, 4, 5].map((n) => row(n, `row${n}`));
    const { parts } = await split(rows, 16);
    expect(parts.map((part) => part.data.length)).toEqual([16, 16, 11]);
    expect(parts.map((part) => bodyLines(part))).toEqual([['row1', 'row2'], ['row3', 'row4'], ['row5']]);
    expect(parts.map((part) => part.end)).toEqual(['more', 'more', 'complete']);
    expect(parts.map((part) => part.number)).toEqual([1, 2, 3]);
  });

  it('counts bytes, not characters (UTF-8)', async () => {
    // 'é' is 2 bytes: header 6 + 'éé\n' 5 + 'éé\n' 5 = 16.
    const { parts } = await split([row(1, 'éé'), row(2, 'éé'), row(3, 'é')], 15);
    expect(parts.map((part) => part.data.length)).toEqual([11, 14]);
    expect(parts.map((part) => bodyLines(part))).toEqual([['éé'], ['éé', 'é']]);
  });

  it('a row that cannot fit any part is reported, left out, and the rest goes on', async () => {
    const rows = [row(1, 'ok'), row(2, 'x'.repeat(50)), row(3, 'fine')];
    const { parts, oversized } = await split(rows, 20);
    expect(oversized.map((r) => r.n)).toEqual([2]);
    expect(parts.flatMap((part) => bodyLines(part))).toEqual(['ok', 'fine']);
    // A row that fills a part exactly with the header is not oversized.
    const exact = await split([row(1, 'x'.repeat(13))], 20);
    expect(exact.oversized).toEqual([]);
    expect(exact.parts[0]?.data.length).toBe(20);
  });

  it('refuses a limit smaller than the header, and no parts at all', async () => {
    await expect(split([row(1, 'a')], 3)).rejects.toThrow(RangeError);
    await expect(split([row(1, 'a')], 100, 0)).rejects.toThrow(RangeError);
  });

  it('at the part cap, cuts before the last day that does not fit whole, and reads no further', async () => {
    // Header 6 + 5-byte rows: 2 rows a part. Days: d1 d1 | d2 d2 | d2 d3 | d3 d3 …
    const days = ['d1', 'd1', 'd2', 'd2', 'd2', 'd3', 'd3', 'd3', 'd4', 'd4'];
    const rows = days.map((day, i) => row(i + 1, `row${i}`, day));
    const read = { count: 0 };
    const { parts } = await split(rows, 16, 3, read);
    expect(parts).toHaveLength(3);
    const last = parts[2];
    // Part 3 held row4 (d2) and row5 (d3); row6 (d3) did not fit: all of d3 goes to the rest.
    expect(last?.end).toBe('cut');
    expect(bodyLines(last as Part<Row>)).toEqual(['row4']);
    expect([last?.last?.n, last?.next?.n, last?.next?.key]).toEqual([5, 6, 'd3']);
    expect(last?.amount).toBe(5);
    expect(read.count).toBe(7);
  });

  it('at the part cap, a part of one day only is cut at its end (the caller says where)', async () => {
    const rows = [1, 2, 3, 4, 5].map((n) => row(n, `row${n}`, 'd1'));
    const { parts } = await split(rows, 16, 2);
    expect(parts.map((part) => bodyLines(part))).toEqual([
      ['row1', 'row2'],
      ['row3', 'row4'],
    ]);
    expect([parts[1]?.end, parts[1]?.next?.n]).toEqual(['cut', 5]);
  });

  it('at the part cap, a clean cut when the next day starts right after the part', async () => {
    const rows = [row(1, 'row1', 'd1'), row(2, 'row2', 'd1'), row(3, 'row3', 'd2')];
    const { parts } = await split(rows, 16, 1);
    expect(bodyLines(parts[0] as Part<Row>)).toEqual(['row1', 'row2']);
    expect([parts[0]?.end, parts[0]?.next?.n]).toEqual(['cut', 3]);
  });

  it('exactly the cap, all fitting: complete, not cut', async () => {
    const rows = [1, 2, 3, 4].map((n) => row(n, `row${n}`, `d${n}`));
    const { parts } = await split(rows, 16, 2);
    expect(parts.map((part) => part.end)).toEqual(['more', 'complete']);
  });

  it('grows its buffer past the first 64 KiB without losing bytes', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => row(i, `${i}`.padStart(60, '·')));
    const { parts } = await split(rows, 1024 * 1024);
    expect(parts).toHaveLength(1);
    expect(bodyLines(parts[0] as Part<Row>)).toEqual(rows.map((r) => r.line.slice(0, -1)));
  });

  it('property: in order, each row once, each part within the limit and headed; a cut keeps days whole where it can', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', ',', '"', 'é', '€', '𝄞', '\r'), maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(text, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 1000 })), {
          maxLength: 60,
        }),
        fc.integer({ min: Buffer.byteLength(HEADER), max: 160 }),
        fc.integer({ min: 1, max: 6 }),
        async (specs, limit, maxParts) => {
          // Days mostly ascend (the ledger's order); a step back now and then is allowed.
          let day = 0;
          const rows = specs.map(([t, step, amount], n) => {
            day += step === 2 ? -1 : step;
            return row(n, t, `d${day}`, amount);
          });
          const { parts, oversized } = await split(rows, limit, maxParts);
          const size = (r: Row) => Buffer.byteLength(r.line);
          const fitting = rows.filter((r) => Buffer.byteLength(HEADER) + size(r) <= limit);

          expect(parts.length).toBeGreaterThanOrEqual(1);
          expect(parts.length).toBeLessThanOrEqual(maxParts);
          expect(parts.map((part) => part.number)).toEqual(parts.map((_, i) => i + 1));
          expect(parts.slice(0, -1).every((part) => part.end === 'more')).toBe(true);
          const delivered: Row[] = [];
          for (const [i, part] of parts.entries()) {
            expect(part.data.length).toBeLessThanOrEqual(limit);
            const lines = bodyLines(part);
            const mine = fitting.slice(delivered.length, delivered.length + part.rows);
            expect(lines).toEqual(mine.map((r) => r.line.slice(0, -1)));
            expect(part.amount).toBe(mine.reduce((sum, r) => sum + r.amount, 0));
            expect([part.first?.n, part.last?.n]).toEqual([mine[0]?.n, mine.at(-1)?.n]);
            if (i < parts.length - 1) {
              // Greedy: the next part's first row did not fit this one.
              const nextFirst = fitting[delivered.length + part.rows] as Row;
              expect(part.data.length + size(nextFirst)).toBeGreaterThan(limit);
            }
            delivered.push(...mine);
          }
          const last = parts.at(-1) as Part<Row>;
          if (last.end === 'complete') {
            expect(delivered).toEqual(fitting);
            expect(oversized).toEqual(rows.filter((r) => !fitting.includes(r)));
          } else {
            expect(last.end).toBe('cut');
            expect(parts).toHaveLength(maxParts);
            // Nothing skipped: the rest starts right after the last row delivered.
            expect(last.next).toBe(fitting[delivered.length]);
            expect(last.rows).toBeGreaterThan(0);
            if (last.next?.key === last.last?.key) {
              // Cut inside a day only when the part holds nothing else.
              expect(bodyLines(last).length).toBe(last.rows);
              expect(
                fitting
                  .slice(delivered.length - last.rows, delivered.length)
                  .every((r) => r.key === last.next?.key),
              ).toBe(true);
            }
            // Oversized rows reported are those read, in order.
            expect(oversized).toEqual(rows.filter((r) => !fitting.includes(r)).slice(0, oversized.length));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
