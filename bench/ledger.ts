/**
 * Ledger benchmark on SQLite (the default store): charge throughput, and /usage latency for a
 * busy guild with a year of entries (summary + chart, cold and warm; CSV of a month).
 * Run: npm run bench, or `tsx bench/ledger.ts`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../src/lib/logger.js';
import { openStore } from '../src/lib/store.js';
import { periodRange } from '../src/spend/aggregate.js';
import { dailySpendSvg, renderPng } from '../src/spend/chart.js';
import { entriesCsv } from '../src/spend/csv.js';
import { createLedger } from '../src/spend/ledger.js';
import { loadPriceList } from '../src/spend/prices.js';
import type { UsageRecord } from '../src/spend/records.js';

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error(priced.problems.join('\n'));
const logger = createLogger({ level: 'silent', secrets: [] });
const round = (value: number) => Math.round(value * 10) / 10;
const NOW = Date.parse('2026-11-22T12:00:00Z');

const record = (i: number, guildId: string, time: number): UsageRecord => ({
  id: `r${i}`,
  time,
  guildId,
  channelId: `c${i % 20}`,
  userId: `u${i % 200}`,
  kind: 'chat',
  model: ['service-v1-flash', 'service-v1-pro', 'service-v1-flash-extended', 'service-v1-pro-extended'][
    i % 4
  ] as string,
  inputTokens: 500 + (i % 1000),
  outputTokens: 200 + (i % 700),
  estimated: false,
  outcome: 'completed',
});

const dir = mkdtempSync(join(tmpdir(), 'ledger-bench-'));
try {
  // Throughput: 20,000 charges across 10 guilds, all issued at once.
  const store = await openStore(`sqlite://${join(dir, 'throughput.sqlite')}`);
  const ledger = createLedger(store, priced.prices, logger);
  const charges = 20_000;
  let started = performance.now();
  await Promise.all(Array.from({ length: charges }, (_, i) => ledger.charge(record(i, `g${i % 10}`, NOW))));
  const throughput = charges / ((performance.now() - started) / 1000);
  await store.disconnect();

  // A busy guild's year: 100 requests a day for 365 days.
  const yearStore = await openStore(`sqlite://${join(dir, 'year.sqlite')}`);
  const writer = createLedger(yearStore, priced.prices, logger);
  const perDay = 100;
  started = performance.now();
  for (let day = 364; day >= 0; day -= 1) {
    const time = NOW - day * 86_400_000;
    await Promise.all(
      Array.from({ length: perDay }, (_, i) => writer.charge(record(day * perDay + i, 'busy', time))),
    );
  }
  const fillSeconds = (performance.now() - started) / 1000;

  const usage = async (
    ledgerInstance: ReturnType<typeof createLedger>,
    period: 'all-time' | 'this-month',
  ) => {
    const t = performance.now();
    const { from, to } = periodRange(period, NOW, await ledgerInstance.firstDay('busy'));
    const summary = await ledgerInstance.summary('busy', from, to);
    renderPng(dailySpendSvg(summary.byDay, 'USD', 'Daily spend'));
    return performance.now() - t;
  };
  const cold = createLedger(yearStore, priced.prices, logger);
  const coldAllTime = await usage(cold, 'all-time');
  const warmAllTime = await usage(cold, 'all-time');
  const warmMonth = await usage(cold, 'this-month');
  started = performance.now();
  const { from, to } = periodRange('this-month', NOW, undefined);
  const csv = entriesCsv(await cold.entries('busy', from, to));
  const csvMonth = performance.now() - started;
  await yearStore.disconnect();

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    chargesPerSecond: Math.round(throughput),
    busyGuild: { entries: 365 * perDay, fillSeconds: round(fillSeconds) },
    usageMs: {
      allTimeColdIncludingLoad: round(coldAllTime),
      allTimeWarm: round(warmAllTime),
      thisMonthWarm: round(warmMonth),
      csvExportThisMonth: round(csvMonth),
    },
    csvBytesThisMonth: csv.length,
  };
  console.log(JSON.stringify(report, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/ledger.json', `${JSON.stringify(report, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
