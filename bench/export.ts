/**
 * /usage export benchmark (issue 18): 200,000 ledger entries of one guild on SQLite (the real
 * ledger, filled with charge()), then the export's real streaming path (src/spend/usageExport.ts:
 * the ledger's entry pages → CSV rows → files) under Discord's default 10 MiB upload limit.
 * Each file is consumed as an upload would be (read whole: a SHA-256) and dropped.
 *
 * Measured: rows delivered, files, largest file, seconds; memory: the heap and the buffers
 * outside it (a file's bytes) in use after a full GC before the export, at every file (what is
 * live then, that file included) and after; the highest heap, buffers and RSS sampled every
 * 10 ms without GC.
 * For contrast, the previous way (every entry, then one CSV string) is measured the same way.
 * Targets, judged in code (bench/run/verdict.ts; a miss exits non-zero): every row delivered,
 * every file within the upload limit and starting with the header, and the live memory (heap and
 * buffers after a full GC) during the export within two files of the baseline (in MiB).
 *
 * Env: BENCH_QUICK=1 (20,000 entries). Run: `tsx bench/export.ts`. Writes
 * bench/results/export.json.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createLogger } from '../src/lib/logger.js';
import { openStore, type Store } from '../src/lib/store.js';
import { DEFAULT_ATTACHMENT_SIZE_LIMIT } from '../src/reply/limits.js';
import { CSV_HEADER, entriesCsv } from '../src/spend/csv.js';
import { createLedger } from '../src/spend/ledger.js';
import { loadPriceList } from '../src/spend/prices.js';
import type { UsageRecord } from '../src/spend/records.js';
import { exportPartLimit, streamExport } from '../src/spend/usageExport.js';
import { below, exitOnMiss, holds, judged } from './run/verdict.js';

const quick = process.env.BENCH_QUICK === '1';
const ENTRIES = quick ? 20_000 : 200_000;
const DAYS = 100;
const DAY = 86_400_000;
const FIRST = Date.parse('2026-08-01T00:00:00Z');
const from = '2026-08-01';
const to = new Date(FIRST + (DAYS - 1) * DAY).toISOString().slice(0, 10);

// A full GC on demand, whether or not node was started with --expose-gc (bench/run.ts does not).
setFlagsFromString('--expose-gc');
const gc = (globalThis.gc ?? runInNewContext('gc')) as () => void;
const MiB = 1024 * 1024;
const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;
/** What is live after a full GC: the heap, and the buffers outside it (where a file's bytes are). */
const live = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heapUsed, arrayBuffers, total: heapUsed + arrayBuffers };
};
type Live = ReturnType<typeof live>;

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error(priced.problems.join('\n'));
const { prices } = priced;
const logger = createLogger({ level: 'silent', secrets: [] });

const record = (i: number): UsageRecord => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  time: FIRST + Math.floor((i * DAYS) / ENTRIES) * DAY + (i % 86_400) * 1000,
  guildId: '1100000000000000001',
  channelId: String(1200000000000000000n + BigInt(i % 40)),
  // Discord-sized ids, 500 members.
  userId: String(100_000_000_000_000_000n + BigInt(i % 500)),
  kind: 'chat',
  model: ['service-v1-flash', 'service-v1-pro', 'service-v1-flash-extended', 'service-v1-pro-extended'][
    i % 4
  ] as string,
  inputTokens: 500 + (i % 3000),
  outputTokens: 200 + (i % 900),
  estimated: i % 50 === 0,
  outcome: i % 97 === 0 ? 'cut short' : 'completed',
});

/** Samples the process's memory every 10 ms (no GC): the highest figures seen. */
function sampler() {
  const peak = { heapUsed: 0, arrayBuffers: 0, rss: 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, usage.arrayBuffers);
    peak.rss = Math.max(peak.rss, usage.rss);
  };
  const timer = setInterval(sample, 10);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** Charges every entry, 2,000 at a time (one store write per batch); seconds, through close. */
async function fill(store: Store): Promise<number> {
  const writer = createLedger(store, prices, logger);
  const started = performance.now();
  const batch = 2_000;
  for (let i = 0; i < ENTRIES; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, ENTRIES - i) }, (_, k) => writer.charge(record(i + k))),
    );
  }
  await writer.close();
  return (performance.now() - started) / 1000;
}

const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
try {
  const store = await openStore(`sqlite://${join(dir, 'export.sqlite')}`);
  const fillSeconds = await fill(store);

  // As after a restart: a ledger that has read nothing yet.
  const ledger = createLedger(store, prices, logger);
  const requests = (await ledger.summary('1100000000000000001', from, to)).requests;
  const attachmentSizeLimit = DEFAULT_ATTACHMENT_SIZE_LIMIT;
  const limitBytes = exportPartLimit(attachmentSizeLimit);
  const baseline = live();
  const liveAtFiles: Live[] = [];
  const files: { bytes: number; rows: number; sha256: string }[] = [];
  let headersOk = true;
  const peaks = sampler();
  let started = performance.now();
  const outcome = await streamExport({
    pages: ledger.entryPages('1100000000000000001', from, to),
    from,
    to,
    limitBytes,
    async deliver(part) {
      headersOk &&= part.data.subarray(0, CSV_HEADER.length).toString('utf8') === CSV_HEADER;
      files.push({
        bytes: part.data.length,
        rows: part.rows,
        sha256: createHash('sha256').update(part.data).digest('hex').slice(0, 16),
      });
      // The file is still held here, as during its upload.
      liveAtFiles.push(live());
    },
  });
  const exportSeconds = (performance.now() - started) / 1000;
  const peak = peaks.stop();
  const after = live();

  // The previous way, for contrast: every entry of the period, then the whole CSV as one string.
  const wholePeaks = sampler();
  started = performance.now();
  const wholeEntries = await ledger.entries('1100000000000000001', from, to);
  const csv = entriesCsv(wholeEntries);
  const wholeLive = live();
  const wholeSeconds = (performance.now() - started) / 1000;
  const wholePeak = wholePeaks.stop();
  const wholeBytes = Buffer.byteLength(csv);
  await store.disconnect();

  const maxLive = Math.max(...liveAtFiles.map((at) => at.total));
  // The lower of before and after: the baseline still holds some garbage of the fill that no GC
  // had freed yet, which would flatter the growth.
  const reference = Math.min(baseline.total, after.total);
  const rowsDelivered = files.reduce((sum, file) => sum + file.rows, 0);
  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    quick,
    entries: ENTRIES,
    days: DAYS,
    fillSeconds: Math.round(fillSeconds * 10) / 10,
    export: {
      attachmentSizeLimitBytes: attachmentSizeLimit,
      partLimitBytes: limitBytes,
      rowsInLedger: requests,
      rowsDelivered,
      allDelivered: rowsDelivered === requests && outcome.end === 'complete',
      files: files.length,
      largestFileBytes: Math.max(...files.map((file) => file.bytes)),
      everyFileWithinLimit: files.every((file) => file.bytes <= attachmentSizeLimit),
      everyFileStartsWithHeader: headersOk,
      seconds: Math.round(exportSeconds * 100) / 100,
      rowsPerSecond: Math.round(rowsDelivered / exportSeconds),
      fileSha256: files.map((file) => file.sha256),
    },
    memoryMiB: {
      heapAfterGcBefore: mib(baseline.heapUsed),
      heapAfterGcAtEachFile: liveAtFiles.map((at) => mib(at.heapUsed)),
      heapAfterGcAfter: mib(after.heapUsed),
      buffersAfterGcBefore: mib(baseline.arrayBuffers),
      buffersAfterGcAtEachFile: liveAtFiles.map((at) => mib(at.arrayBuffers)),
      buffersAfterGcAfter: mib(after.arrayBuffers),
      // Heap and buffers after GC at the fullest moment (a file held), over the lower of before and after.
      liveGrowthMax: mib(maxLive - reference),
      heapPeakSampledNoGc: mib(peak.heapUsed),
      buffersPeakSampledNoGc: mib(peak.arrayBuffers),
      rssPeakSampled: mib(peak.rss),
    },
    // That growth in files of `partLimitBytes` (the file held is one): the target is < 2.
    liveGrowthInFiles: Math.round(((maxLive - reference) / limitBytes) * 100) / 100,
    flat: maxLive - reference < 2 * limitBytes,
    wholeCsvInMemory: {
      csvBytes: wholeBytes,
      overUploadLimit: wholeBytes > attachmentSizeLimit,
      seconds: Math.round(wholeSeconds * 100) / 100,
      heapAfterGcMiB: mib(wholeLive.heapUsed),
      liveGrowthMiB: mib(wholeLive.total - reference),
      heapPeakSampledMiB: mib(wholePeak.heapUsed),
      rssPeakSampledMiB: mib(wholePeak.rss),
    },
  };
  const twoFilesMiB = mib(2 * limitBytes);
  const report = judged(figures, [
    holds(`every row delivered (${rowsDelivered.toLocaleString('en')})`, figures.export.allDelivered),
    holds('every file within the upload limit', figures.export.everyFileWithinLimit),
    holds('every file starts with the header', headersOk),
    below(
      'live memory growth during the export (two files)',
      figures.memoryMiB.liveGrowthMax,
      twoFilesMiB,
      'MiB',
    ),
  ]);
  // Keep the contrast's data alive until it was measured.
  if (wholeEntries.length !== requests) throw new Error('the ledger returned a different number of entries');
  console.log(JSON.stringify(report, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/export.json', `${JSON.stringify(report, null, 2)}\n`);
  exitOnMiss(report);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
