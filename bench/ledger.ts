/**
 * Ledger benchmark on SQLite (the default store): charge throughput; whether a charge costs more
 * in a guild where 10,000 members were active that day than where 10 were; and /usage latency
 * for a busy guild with a year of entries (summary + chart, cold and warm; CSV of a month).
 * Targets: ≥ 10,000 charges per second; 10 vs 10,000 members active that day, ratio of their
 * rates ≤ 1.5; /usage all time cold (including the ledger's load), all time warm and this month
 * warm each < 200 ms. A miss exits non-zero (bench/run/verdict.ts).
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
import { atLeast, atMost, below, exitOnMiss, judged } from './run/verdict.js';

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error(priced.problems.join('\n'));
const logger = createLogger({ level: 'silent', secrets: [] });
const round = (value: number) => Math.round(value * 10) / 10;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const NOW = Date.parse('2026-11-22T12:00:00Z');

const record = (i: number, guildId: string, time: number, members = 200): UsageRecord => ({
  id: `r${i}`,
  time,
  guildId,
  channelId: `c${i % 20}`,
  // Discord-sized ids: a day's totals per member are as large as a real server's.
  userId: String(100_000_000_000_000_000n + BigInt(i % members)),
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
  // The same, counting the day totals written at close (charges resolve once their entry is in).
  await ledger.close();
  const throughClose = charges / ((performance.now() - started) / 1000);
  await store.disconnect();

  /**
   * Charges per second in one guild whose day already has `members` active members (10,000
   * charges of theirs first, not timed), then `count` more charges of theirs: all issued at once
   * (`burst`), or each awaited before the next. Timed through close (day totals written).
   */
  let runs = 0;
  const perMember = async (members: number, count: number, burst: boolean) => {
    runs += 1;
    const memberStore = await openStore(`sqlite://${join(dir, `members-${runs}.sqlite`)}`);
    const guild = createLedger(memberStore, priced.prices, logger);
    await Promise.all(Array.from({ length: 10_000 }, (_, i) => guild.charge(record(i, 'm', NOW, members))));
    const t = performance.now();
    const timed = Array.from({ length: count }, (_, i) => record(10_000 + i, 'm', NOW, members));
    if (burst) await Promise.all(timed.map((charge) => guild.charge(charge)));
    else for (const charge of timed) await guild.charge(charge);
    await guild.close();
    const rate = count / ((performance.now() - t) / 1000);
    await memberStore.disconnect();
    return Math.round(rate);
  };
  // A burst takes a few hundred ms, as noisy as that: each case three times, alternated, median.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const rates = {
    ten: [] as number[],
    tenThousand: [] as number[],
    seqTen: [] as number[],
    seqTenThousand: [] as number[],
  };
  for (let round = 0; round < 3; round += 1) {
    rates.ten.push(await perMember(10, 10_000, true));
    rates.tenThousand.push(await perMember(10_000, 10_000, true));
    rates.seqTen.push(await perMember(10, 2_000, false));
    rates.seqTenThousand.push(await perMember(10_000, 2_000, false));
  }
  const membersTen = median(rates.ten);
  const membersTenThousand = median(rates.tenThousand);
  const sequentialTen = median(rates.seqTen);
  const sequentialTenThousand = median(rates.seqTenThousand);

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
  // A clean stop writes the last day totals; the cold reads below are a start after it.
  await writer.close();

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

  const usageMs = {
    allTimeColdIncludingLoad: round(coldAllTime),
    allTimeWarm: round(warmAllTime),
    thisMonthWarm: round(warmMonth),
    csvExportThisMonth: round(csvMonth),
  };
  const memberRatio = ratio(membersTen, membersTenThousand);
  const report = judged(
    {
      date: new Date().toISOString(),
      node: process.version,
      chargesPerSecond: Math.round(throughput),
      chargesPerSecondThroughClose: Math.round(throughClose),
      // Charges/s in a guild with 10 vs 10,000 members active that day (10,000 at once; median of 3).
      membersTen,
      membersTenThousand,
      memberRatio,
      // The same with each charge awaited before the next (2,000 charges).
      sequential: {
        membersTen: sequentialTen,
        membersTenThousand: sequentialTenThousand,
        memberRatio: ratio(sequentialTen, sequentialTenThousand),
      },
      busyGuild: { entries: 365 * perDay, fillSeconds: round(fillSeconds) },
      usageMs,
      csvBytesThisMonth: csv.length,
    },
    [
      atLeast('charges per second, 20,000 at once', Math.round(throughput), 10_000, 'charges/s'),
      atMost('charges per second, 10 vs 10,000 members active that day (ratio)', memberRatio, 1.5, '×'),
      below(
        "/usage all time (a year), cold, the ledger's load included",
        usageMs.allTimeColdIncludingLoad,
        200,
        'ms',
      ),
      below('/usage all time (a year), warm', usageMs.allTimeWarm, 200, 'ms'),
      below('/usage this month, warm', usageMs.thisMonthWarm, 200, 'ms'),
    ],
  );
  console.log(JSON.stringify(report, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/ledger.json', `${JSON.stringify(report, null, 2)}\n`);
  exitOnMiss(report);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
