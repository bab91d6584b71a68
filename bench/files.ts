/**
 * Files as text (issue 33): what reading members' files costs the bot, through the product's
 * own path (files/readFiles.ts with the real extraction process; the download replaced by bytes
 * in memory, which the e2e tests cover against the local Discord's CDN).
 *
 * - A 100-page PDF (about 1,400 characters a page) read whole: time, pages a second, and the
 *   extraction process's peak RSS (VmHWM); the product reads 40 pages of a PDF, so this is 2.5
 *   times a real request's work.
 * - A 5 MB CSV (text: decoded in the bot's own process and cut to 200,000 characters): time, and
 *   the bot process's RSS and heap growth while it is read.
 * - A decompression bomb (a PDF whose one stream unpacks to 2 GiB) ended by the memory watchdog,
 *   while a steady 10 ms timer in this process (where the bot's event loop would be) counts how
 *   late it fires: the longest stall must stay under 50 ms, the bomb must end as too large.
 *
 * Judged in code (bench/run/verdict.ts): the PDF read in ≤ 10 s with its process ≤ 512 MiB (the
 * watchdog's limit), the CSV read in ≤ 500 ms, the bomb ended as too large within the 15 s
 * deadline, and the longest stall of this process meanwhile < 50 ms.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createExtractor, EXTRACTOR_DEFAULTS } from '../src/files/extractor.js';
import { readFiles } from '../src/files/readFiles.js';
import { makeBombPdf, makePdf } from '../src/localService/documents.js';
import { atMost, below, exitOnMiss, holds, judged, MIB } from './run/verdict.js';

const RUNS = process.env.BENCH_QUICK === '1' ? 2 : 5;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The longest lateness of a steady 10 ms timer while `work` runs. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; maxStallMs: number }> {
  let last = performance.now();
  let maxStallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxStallMs = Math.max(maxStallMs, now - last - 10);
    last = now;
  }, 10);
  try {
    return { result: await work(), maxStallMs: round(maxStallMs) };
  } finally {
    clearInterval(timer);
  }
}

const extractor = createExtractor();
const page = (n: number) =>
  `Page ${n}. ${'The quarterly figures rose in every region we measured. '.repeat(25)}`;
const pdf = makePdf(Array.from({ length: 100 }, (_, index) => page(index + 1)));

const pdfRuns: { ms: number; peakRssMiB: number; chars: number }[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const result = await extractor.extract({ kind: 'pdf', bytes: pdf, maxPages: 100, maxChars: 10_000_000 });
  if (!result.ok || result.pagesRead !== 100)
    throw new Error(`the 100-page PDF was not read: ${JSON.stringify(result).slice(0, 200)}`);
  pdfRuns.push({
    ms: result.stats?.ms ?? Number.NaN,
    peakRssMiB: (result.stats?.peakRssBytes ?? Number.NaN) / MIB,
    chars: result.text.length,
  });
}

const csv = Buffer.from(
  `region,month,amount,note\n${Array.from({ length: 220_000 }, (_, row) => `north-${row % 17},2026-${String((row % 12) + 1).padStart(2, '0')},${(row * 37) % 10_000},ok\n`).join('')}`.slice(
    0,
    5_000_000,
  ),
);
const host = { downloadFile: async () => ({ ok: true as const, bytes: csv }) };
const csvRuns: { ms: number; rssGrowthMiB: number; heapGrowthMiB: number }[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const before = process.memoryUsage();
  const started = performance.now();
  const [read] = await readFiles({ downloader: host, extractor, allowedHosts: [] }, [
    {
      name: 'sales.csv',
      url: 'https://cdn.discordapp.com/attachments/1/2/sales.csv',
      size: csv.length,
      contentType: 'text/csv',
    },
  ]);
  const ms = performance.now() - started;
  const after = process.memoryUsage();
  if (!read?.text) throw new Error('the CSV was not read');
  csvRuns.push({
    ms,
    rssGrowthMiB: (after.rss - before.rss) / MIB,
    heapGrowthMiB: (after.heapUsed - before.heapUsed) / MIB,
  });
}

const bombBytes = makeBombPdf(2048 * MIB);
const bomb = await longestStall(() =>
  extractor.extract({ kind: 'pdf', bytes: bombBytes, maxPages: 40, maxChars: 200_000 }),
);

const pdfMs = median(pdfRuns.map((run) => run.ms));
const pdfPeak = Math.max(...pdfRuns.map((run) => run.peakRssMiB));
const csvMs = median(csvRuns.map((run) => run.ms));
const report = judged(
  {
    date: new Date().toISOString(),
    node: process.version,
    runs: RUNS,
    pdf100Pages: {
      bytes: pdf.length,
      chars: pdfRuns[0]?.chars,
      medianMs: round(pdfMs),
      pagesPerSecond: round(100 / (pdfMs / 1000)),
      peakRssMiB: round(pdfPeak),
      runs: pdfRuns.map((run) => ({ ms: round(run.ms), peakRssMiB: round(run.peakRssMiB) })),
    },
    csv5MB: {
      bytes: csv.length,
      medianMs: round(csvMs),
      megabytesPerSecond: round(csv.length / 1e6 / (csvMs / 1000)),
      rssGrowthMiB: round(Math.max(...csvRuns.map((run) => run.rssGrowthMiB))),
      heapGrowthMiB: round(Math.max(...csvRuns.map((run) => run.heapGrowthMiB))),
    },
    bomb: {
      bytes: bombBytes.length,
      unpacksToMiB: 2048,
      outcome: bomb.result.ok ? 'read' : bomb.result.problem,
      endedAfterMs: round(bomb.result.stats?.ms ?? Number.NaN),
      peakRssMiB: round((bomb.result.stats?.peakRssBytes ?? Number.NaN) / MIB),
      botLongestStallMs: bomb.maxStallMs,
    },
  },
  [
    atMost('100-page PDF read (median)', round(pdfMs), 10_000, 'ms'),
    atMost('its extraction process, peak RSS', round(pdfPeak), EXTRACTOR_DEFAULTS.maxRssMb, 'MiB'),
    atMost('5 MB CSV read (median)', round(csvMs), 500, 'ms'),
    holds(
      'a 2 GiB decompression bomb ended as too large',
      !bomb.result.ok && bomb.result.problem === 'tooLarge',
    ),
    atMost(
      '… within the deadline',
      round(bomb.result.stats?.ms ?? Number.NaN),
      EXTRACTOR_DEFAULTS.deadlineMs,
      'ms',
    ),
    below('the bot process’s longest stall meanwhile (steady 10 ms timer)', bomb.maxStallMs, 50, 'ms'),
  ],
);
console.log(JSON.stringify(report, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/files.json', `${JSON.stringify(report, null, 2)}\n`);
exitOnMiss(report);
