/**
 * History benchmark (issue 18, "a year in ten thousand servers"): what months of history cost the
 * ledger and the store, on SQLite (the default store), in this process.
 *
 * - open: the ledger opened on 10,000 scopes (quick: 1,000) with 1 day and with 400 days of day
 *   totals each (written straight to the store as the ledger writes them: tally, days, marker):
 *   time to open and heap after a full GC, before and after. Target: ≤ 2 s and ≤ +64 MiB, the
 *   same with 400 days as with 1.
 * - usage: /usage this month and all time (summary + the chart's PNG, as the command does) for
 *   200 different scopes of the 400-day store, each read cold (not in memory yet): p50 / p95 /
 *   max. Target p95 ≤ 300 ms.
 * - retention: 460 simulated days of steady traffic (50 servers, 20 billed requests a day each,
 *   20 conversations a day of which half in channels never used again, 5 /imagine requests a
 *   day; quick: 10 servers, 5 requests) through the real ledger, conversation store and
 *   /imagine requests, with the retention sweep every 10 simulated days; Date.now is moved day
 *   by day (keyv stamps lifetimes with it). Records of each kind and the file's size every 50
 *   days: conversations and /imagine requests level off after 90 and 30 days, entries after 400;
 *   day totals (one per server and day, kept) keep growing slowly.
 *
 * Run after a build: `tsx bench/history.ts`. Writes bench/results/history.json.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { conversationRetention, createConversationStore } from '../src/chat/conversationStore.js';
import { createImagineRequests, imagineRetention } from '../src/images/imagineRequests.js';
import { createLogger } from '../src/lib/logger.js';
import { openStore, type Store } from '../src/lib/store.js';
import { createSweeper, DAY_MS } from '../src/ops/retention.js';
import { type DayAggregate, daysBetween, emptyDay, periodRange } from '../src/spend/aggregate.js';
import { dailySpendSvg, renderPng } from '../src/spend/chart.js';
import { createLedger } from '../src/spend/ledger.js';
import { dayKey, ledgerEntryRetention } from '../src/spend/ledgerKeys.js';
import { loadPriceList } from '../src/spend/prices.js';
import type { UsageRecord } from '../src/spend/records.js';
import { scopeMarkerKey } from '../src/spend/scopes.js';
import { type MonthTotals, monthOf, tallyKey, tallyOf } from '../src/spend/tally.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const QUICK = process.env.BENCH_QUICK === '1';
const SCOPES = QUICK ? 1_000 : 10_000;
const logger = createLogger({ level: 'silent', secrets: [] });
const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error(priced.problems.join('\n'));
const prices = priced.prices;
const NOW = Date.parse('2026-11-22T12:00:00Z');
const round = (value: number) => Math.round(value * 10) / 10;
const mib = (bytes: number) => round(bytes / 1024 / 1024);

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
}

/** A day of one scope: one request of one member (a small server's day). */
function dayOf(scope: number, day: string, seq: number): DayAggregate {
  const aggregate = emptyDay(day);
  const cost = 1_000 + (scope % 97);
  return {
    ...aggregate,
    appliedThrough: seq,
    firstSeq: seq,
    lastSeq: seq,
    requests: 1,
    costMicros: cost,
    byModel: {
      'service-v1-flash': { requests: 1, inputTokens: 900, outputTokens: 400, images: 0, costMicros: cost },
    },
    byUser: { [String(100_000_000_000_000_000n + BigInt(scope % 5))]: { requests: 1, costMicros: cost } },
  };
}

/** A store of `SCOPES` scopes with `days` days each, as the ledger writes them. */
async function historyStore(dir: string, days: number): Promise<Store> {
  const store = await openStore(`sqlite://${join(dir, `history-${days}.sqlite`)}`);
  const dayList = daysBetween(new Date(NOW - (days - 1) * DAY_MS).toISOString().slice(0, 10), '2026-11-22');
  let batch: { key: string; value: unknown }[] = [];
  const flush = async () => {
    if (batch.length > 0) await store.setMany(batch);
    batch = [];
  };
  for (let scope = 0; scope < SCOPES; scope += 1) {
    const name = `g${scope}`;
    const months = new Map<string, MonthTotals>();
    dayList.forEach((day, i) => {
      const aggregate = dayOf(scope, day, i + 1);
      batch.push({ key: dayKey(name, day), value: aggregate });
      const month = months.get(monthOf(day)) ?? { requests: 0, costMicros: 0 };
      month.requests += 1;
      month.costMicros += aggregate.costMicros;
      months.set(monthOf(day), month);
    });
    batch.push({ key: tallyKey(name), value: tallyOf(dayList.length, dayList[0], months) });
    batch.push({ key: scopeMarkerKey(name), value: true });
    if (batch.length >= 20_000) await flush();
  }
  await flush();
  return store;
}

async function openFigures(store: Store) {
  const before = heapAfterGc();
  const started = performance.now();
  const ledger = createLedger(store, prices, logger);
  const opened = await ledger.open();
  const ms = round(performance.now() - started);
  const monthMicros = await ledger.allScopesMonthSpendMicros(NOW);
  const after = heapAfterGc();
  return { ledger, figures: { scopes: opened.scopes, ms, heapAddedMiB: mib(after - before), monthMicros } };
}

async function usageFigures(store: Store) {
  const ledger = createLedger(store, prices, logger);
  await ledger.open();
  const timings: Record<'this-month' | 'all-time', number[]> = { 'this-month': [], 'all-time': [] };
  for (let i = 0; i < 200; i += 1) {
    const scope = `g${(i * 37) % SCOPES}`;
    for (const period of ['this-month', 'all-time'] as const) {
      const started = performance.now();
      const { from, to } = periodRange(period, NOW, await ledger.firstDay(scope));
      const summary = await ledger.summary(scope, from, to);
      renderPng(dailySpendSvg(summary.byDay, prices.currency, `Daily spend · ${from} to ${to}`));
      timings[period].push(performance.now() - started);
      if (period === 'this-month') continue;
      if (summary.requests !== 400) throw new Error(`all time of ${scope}: ${summary.requests} requests`);
    }
    // The next scope is cold; this one leaves memory as an idle one would.
  }
  await ledger.close();
  const figures = (values: number[]) => ({
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    max: percentile(values, 100),
  });
  return { thisMonthMs: figures(timings['this-month']), allTimeMs: figures(timings['all-time']) };
}

async function countByKind(store: Store): Promise<Record<string, number>> {
  const counts: Record<string, number> = { entries: 0, dayTotals: 0, conversations: 0, imagine: 0 };
  for await (const page of store.keys('ledger:'))
    for (const key of page) {
      if (key.includes(':entry:')) counts.entries = (counts.entries ?? 0) + 1;
      else if (key.includes(':day:')) counts.dayTotals = (counts.dayTotals ?? 0) + 1;
    }
  for await (const page of store.keys('conversation:'))
    counts.conversations = (counts.conversations ?? 0) + page.length;
  for await (const page of store.keys('imagine:')) counts.imagine = (counts.imagine ?? 0) + page.length;
  return counts;
}

async function retentionFigures(dir: string) {
  const path = join(dir, 'retention.sqlite');
  const servers = QUICK ? 10 : 50;
  const perDay = QUICK ? 5 : 20;
  const days = 460;
  const realNow = Date.now;
  let simulated = NOW - days * DAY_MS;
  Date.now = () => simulated;
  const store = await openStore(`sqlite://${path}`);
  const ledger = createLedger(store, prices, logger, { entryRetentionDays: 400, now: () => simulated });
  const conversations = createConversationStore(store, logger, 90);
  const imagine = createImagineRequests(store);
  const sweeper = createSweeper({
    store,
    // The rules of what this benchmark writes (the bot's full list is src/app/retention.ts `retentionRules`).
    rules: [...imagineRetention, ...conversationRetention(90), ...ledgerEntryRetention(400)],
    clock: { now: () => simulated },
    logger,
  });
  const timeline: Record<string, number | string>[] = [];
  let id = 0;
  try {
    for (let day = 1; day <= days; day += 1) {
      simulated += DAY_MS;
      const charges: Promise<unknown>[] = [];
      for (let server = 0; server < servers; server += 1)
        for (let i = 0; i < perDay; i += 1) {
          id += 1;
          const record: UsageRecord = {
            id: `r${id}`,
            time: simulated,
            guildId: `g${server}`,
            channelId: `c${i % 4}`,
            userId: `u${(id * 7) % 40}`,
            kind: 'chat',
            model: 'service-v1-flash',
            inputTokens: 900,
            outputTokens: 400,
            estimated: false,
            outcome: 'completed',
          };
          charges.push(ledger.charge(record));
        }
      await Promise.all(charges);
      for (let c = 0; c < 20; c += 1) {
        // Half the channels are used every day, half are new each day and never used again.
        const channel = c < 10 ? `steady-${c}` : `once-${day}-${c}`;
        await conversations.update(channel, (current) => ({
          ...current,
          turns: [
            ...current.turns,
            {
              role: 'user' as const,
              content: `day ${day}: ${'words '.repeat(40)}`,
              authorId: 'u',
              authorName: 'U',
              time: simulated,
            },
          ].slice(-40),
        }));
      }
      for (let i = 0; i < 5; i += 1)
        await imagine.save({ prompt: `a picture ${day}-${i}`, size: '512x512', n: 1, userId: 'u' });
      if (day % 10 === 0) await sweeper.sweep();
      if (day % 50 === 0 || day === days) {
        const size = statSync(path).size + (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0);
        timeline.push({ day, ...(await countByKind(store)), fileMiB: mib(size) });
      }
    }
  } finally {
    await ledger.close();
    await store.disconnect();
    Date.now = realNow;
  }
  return { servers, requestsPerServerPerDay: perDay, days, timeline };
}

const dir = mkdtempSync(join(tmpdir(), 'history-bench-'));
try {
  const report: Record<string, unknown> = { scopes: SCOPES };
  for (const days of [1, 400]) {
    const built = performance.now();
    const store = await historyStore(dir, days);
    const buildSeconds = round((performance.now() - built) / 1000);
    const { ledger, figures } = await openFigures(store);
    await ledger.close();
    report[`open${days}Day${days === 1 ? '' : 's'}`] = { ...figures, buildSeconds };
    if (days === 400) report.usage = await usageFigures(store);
    await store.disconnect();
    console.log(
      `open with ${days} day(s): ${JSON.stringify(report[`open${days}Day${days === 1 ? '' : 's'}`])}`,
    );
  }
  report.retention = await retentionFigures(dir);
  console.log(JSON.stringify(report, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/history.json',
    `${JSON.stringify({ ...report, date: new Date().toISOString() }, null, 2)}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
