import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src/spend/aggregate.js';
import { CSV_HEADER, entriesCsv, entryRow } from '../../../src/spend/csv.js';
import {
  EXPORT_PART_MAX_BYTES,
  ExportStopped,
  exportPartLimit,
  partFileName,
  reachesPastRetention,
  streamExport,
} from '../../../src/spend/usageExport.js';

const DAY = 86_400_000;
const START = Date.parse('2026-11-01T00:00:00Z');

/** `count` entries, `perDay` a day from 2026-11-01; a few with cells that need quoting. */
function entries(count: number, perDay = 10): LedgerEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `r${i}`,
    seq: i + 1,
    scope: 'g',
    time: START + Math.floor(i / perDay) * DAY + (i % perDay) * 1000,
    guildId: 'g',
    // Not a channel id in practice, but cells that need quoting must survive the cuts.
    channelId: i % 11 === 0 ? 'cut, "short"\r\nby the member' : 'c',
    userId: `u${i % 3}`,
    kind: 'chat',
    model: 'service-v1-flash',
    inputTokens: 100 + i,
    outputTokens: 50,
    estimated: i % 7 === 0,
    outcome: i % 11 === 0 ? 'stopped' : 'completed',
    costMicros: 400 + i,
  }));
}

async function* pages(list: readonly LedgerEntry[], size = 500, pulled?: { pages: number }) {
  for (let i = 0; i < list.length; i += size) {
    if (pulled) pulled.pages += 1;
    yield list.slice(i, i + size);
  }
}

interface Sent {
  name: string;
  data: Buffer;
  rows: number;
  totalsRows: number;
}

async function run(list: readonly LedgerEntry[], limitBytes: number, maxParts?: number) {
  const sent: Sent[] = [];
  const outcome = await streamExport({
    pages: pages(list),
    from: '2026-11-01',
    to: '2026-11-30',
    limitBytes,
    ...(maxParts !== undefined && { maxParts }),
    async deliver(part, fileName, totals) {
      sent.push({ name: fileName, data: Buffer.from(part.data), rows: part.rows, totalsRows: totals.rows });
    },
  });
  return { sent, outcome };
}

/** The files' rows without their headers, joined: what the member can rebuild. */
const rejoined = (sent: readonly Sent[]) =>
  sent
    .map((file) => {
      const text = file.data.toString('utf8');
      expect(text.startsWith(CSV_HEADER)).toBe(true);
      return text.slice(CSV_HEADER.length);
    })
    .join('');

describe('/usage export stream', () => {
  it('one file named after the range when everything fits, equal to the whole CSV', async () => {
    const list = entries(25);
    const { sent, outcome } = await run(list, 1024 * 1024);
    expect(sent.map((file) => file.name)).toEqual(['usage-2026-11-01-to-2026-11-30.csv']);
    expect(sent[0]?.data.toString('utf8')).toBe(entriesCsv(list));
    expect(outcome).toMatchObject({ end: 'complete', parts: 1, rows: 25 });
    expect(outcome.costMicros).toBe(list.reduce((sum, entry) => sum + entry.costMicros, 0));
  });

  it('several numbered files within the limit whose rows rejoin to every entry once, in order', async () => {
    const list = entries(1200);
    const limit = 20_000;
    const { sent, outcome } = await run(list, limit);
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.map((file) => file.name)).toEqual(
      sent.map((_, i) => `usage-2026-11-01-to-2026-11-30-part-${i + 1}.csv`),
    );
    for (const file of sent) expect(file.data.length).toBeLessThanOrEqual(limit);
    expect(rejoined(sent)).toBe(list.map(entryRow).join(''));
    // Totals handed with each file count it and every file before.
    expect(sent.map((file) => file.totalsRows)).toEqual(
      sent.map((_, i) => sent.slice(0, i + 1).reduce((sum, file) => sum + file.rows, 0)),
    );
    expect(outcome).toMatchObject({ end: 'complete', parts: sent.length, rows: 1200 });
  });

  it('at the file cap: stops, whole days only, and names the first row left out', async () => {
    const list = entries(1200, 40);
    const { sent, outcome } = await run(list, 20_000, 3);
    expect(sent).toHaveLength(3);
    expect(outcome.end).toBe('cut');
    const delivered = list.slice(0, outcome.rows);
    expect(rejoined(sent)).toBe(delivered.map(entryRow).join(''));
    expect(outcome.next?.id).toBe(list[outcome.rows]?.id);
    // The cut falls between two days.
    expect(outcome.next?.key).not.toBe(outcome.last?.key);
    expect(outcome.rows % 40).toBe(0);
  });

  it('reads the ledger only as files are sent (never the whole range first)', async () => {
    const list = entries(5000);
    const pulled = { pages: 0 };
    const seen: { pages: number; rows: number }[] = [];
    let rows = 0;
    await streamExport({
      pages: pages(list, 100, pulled),
      from: 'a',
      to: 'b',
      limitBytes: 50_000,
      maxParts: 100,
      async deliver(part) {
        rows += part.rows;
        seen.push({ pages: pulled.pages, rows });
      },
    });
    expect(seen.length).toBeGreaterThan(10);
    // The pages of the rows sent so far, and the one holding the row that did not fit: no more.
    for (const at of seen) expect(at.pages).toBeLessThanOrEqual(Math.floor(at.rows / 100) + 1);
  });

  it('a file Discord refuses stops the export: what went, and the first row that did not', async () => {
    const list = entries(1200);
    const names: string[] = [];
    const failure = await streamExport({
      pages: pages(list),
      from: 'a',
      to: 'b',
      limitBytes: 20_000,
      async deliver(part, name) {
        if (part.number === 3) throw new Error('refused');
        names.push(name);
      },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExportStopped);
    const stopped = failure as ExportStopped;
    expect((stopped.cause as Error).message).toBe('refused');
    expect(stopped.delivered.parts).toBe(2);
    expect(stopped.undelivered?.id).toBe(list[stopped.delivered.rows]?.id);
    expect(names).toHaveLength(2);
  });

  it('a store failure midway stops it too, with what went', async () => {
    async function* failing() {
      yield entries(500);
      throw new Error('store down');
    }
    const failure = await streamExport({
      pages: failing(),
      from: 'a',
      to: 'b',
      limitBytes: 20_000,
      async deliver() {},
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExportStopped);
    expect((failure as ExportStopped).delivered.parts).toBeGreaterThan(0);
    expect((failure as ExportStopped).undelivered).toBeUndefined();
  });

  it('file names: one file, or parts', () => {
    expect(partFileName('a', 'b', { number: 1, end: 'complete' })).toBe('usage-a-to-b.csv');
    expect(partFileName('a', 'b', { number: 1, end: 'more' })).toBe('usage-a-to-b-part-1.csv');
    expect(partFileName('a', 'b', { number: 1, end: 'cut' })).toBe('usage-a-to-b-part-1.csv');
    expect(partFileName('a', 'b', { number: 4, end: 'complete' })).toBe('usage-a-to-b-part-4.csv');
  });

  it('a file is at most the upload limit, and at most 8 MiB whatever the limit', () => {
    expect(exportPartLimit(undefined)).toBe(EXPORT_PART_MAX_BYTES);
    expect(exportPartLimit(1024 * 1024)).toBe(1024 * 1024);
    expect(exportPartLimit(100 * 1024 * 1024)).toBe(8 * 1024 * 1024);
  });

  it('knows when a range reaches past the entries’ retention', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(reachesPastRetention('2025-10-23', now, 400)).toBe(false);
    expect(reachesPastRetention('2025-10-22', now, 400)).toBe(true);
    expect(reachesPastRetention('2026-10-20', now, 30)).toBe(true);
    expect(reachesPastRetention('2026-10-28', now)).toBe(false);
  });
});
