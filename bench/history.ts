/**
 * History benchmark (issue 18, "a year in ten thousand servers"; issue 32): what months of
 * history cost the ledger and the store, on SQLite (the default store).
 *
 * - open: a store of 10,000 scopes (quick: 1,000) with 1 day and with 400 days of history each,
 *   day totals and entries (one request a day, every day within the entries' 400-day retention;
 *   bench/history/seed.ts), written as the ledger writes them; then the ledger opened in a fresh
 *   process on the stored file, as a start opens it (bench/history/openProcess.ts): the time to
 *   open the store and the ledger, the heap it added after a full GC, and the keys it read.
 *   Targets: ≤ 2 s and ≤ +64 MiB each; 400 days read the same keys as 1 day.
 * - usage: `/usage show` this month and all time through the whole command: the built bot on the
 *   400-day file, a local Discord whose 200 guilds (quick: 50) are scopes of it, each asked once
 *   per period, cold (bench/history/usageCommand.ts): from the interaction to the answer with its
 *   chart, p50 / p95 / max. Target p95 ≤ 300 ms; every answer with its chart and all 400 days.
 * - retention: 460 simulated days of steady traffic with the retention sweep
 *   (bench/history/retention.ts); records of each kind every 50 days: conversations and /imagine
 *   requests level off after 90 and 30 days, entries after 400 (judged from day 100, 50 and
 *   400 on); day totals (one per server and day, kept) keep growing slowly.
 * Each target is a verdict (bench/run/verdict.ts): a miss exits non-zero.
 *
 * Run after a build: `tsx bench/history.ts`. Writes bench/results/history.json.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src/lib/store.js';
import { startLocalDiscord } from '../src/localDiscord/localDiscord.js';
import { startFakeService } from '../src/localService/fakeService.js';
import { loadPriceList } from '../src/spend/prices.js';
import { type OpenFigures, openInFreshProcess } from './history/openProcess.js';
import { retentionFigures } from './history/retention.js';
import { ENTRY_DAYS, scopeNames, seedHistory } from './history/seed.js';
import { type Period, timeUsageCommands } from './history/usageCommand.js';
import { atMost, exitOnMiss, holds, judged, MIB } from './run/verdict.js';

const QUICK = process.env.BENCH_QUICK === '1';
const SCOPES = QUICK ? 1_000 : 10_000;
const USAGE_GUILDS = QUICK ? 50 : 200;
const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error(priced.problems.join('\n'));
const NOW = Date.now();
const round = (value: number) => Math.round(value * 10) / 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);
}
const figures = (values: number[]) => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: percentile(values, 100),
});

const dir = mkdtempSync(join(tmpdir(), 'history-bench-'));
const service = await startFakeService();
const discord = await startLocalDiscord({ guildsPerShard: USAGE_GUILDS, channelCount: 1 });
try {
  const names = scopeNames(
    SCOPES,
    discord.guilds.map((guild) => guild.id),
  );
  const opens: Record<number, OpenFigures & Record<string, unknown>> = {};
  let usage: Awaited<ReturnType<typeof timeUsageCommands>> | undefined;
  for (const days of [1, 400]) {
    const databaseDir = join(dir, `days-${days}`);
    mkdirSync(databaseDir);
    const file = join(databaseDir, 'bot.sqlite');
    const built = performance.now();
    const store = await openStore(`sqlite://${file}`);
    const seeded = await seedHistory(store, names, days, NOW);
    await store.disconnect();
    const buildSeconds = round((performance.now() - built) / 1000);
    const size = statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);
    const open = await openInFreshProcess(file);
    opens[days] = { ...open, buildSeconds, ...seeded, fileMiB: round(size / MIB) };
    console.log(`open with ${days} day(s): ${JSON.stringify(opens[days])}`);
    if (days === 400) usage = await timeUsageCommands(discord, service, databaseDir, 400);
  }
  const [open1, open400] = [opens[1], opens[400]];
  const usageMs = (period: Period) => figures(usage?.ms[period] ?? []);
  const retention = await retentionFigures(dir, priced.prices, QUICK);
  const at = (day: number) => retention.timeline.find((point) => point.day === day);
  const last = retention.timeline.at(-1);
  const levelled = (kind: string, from: number) =>
    Number(last?.[kind] ?? Number.NaN) <= Number(at(from)?.[kind] ?? Number.NaN);
  const report = judged(
    {
      date: new Date().toISOString(),
      quick: QUICK,
      scopes: SCOPES,
      entryRetentionDays: ENTRY_DAYS,
      open1Day: open1,
      open400Days: open400,
      usage: {
        guilds: USAGE_GUILDS,
        commands: usage?.commands,
        botStarts: usage?.botStarts,
        thisMonthMs: usageMs('this-month'),
        allTimeMs: usageMs('all-time'),
        allAnswered: usage?.allAnswered,
      },
      retention,
    },
    [
      ...[open1, open400].flatMap((open, i) => {
        const what = `${SCOPES.toLocaleString('en')} scopes × ${i === 0 ? '1 day' : '400 days'}`;
        return [
          atMost(`ledger open in a fresh process (store and ledger), ${what}`, open?.ms, 2_000, 'ms'),
          atMost(`heap the open added, ${what}`, open?.heapAddedMiB, 64, 'MiB'),
        ];
      }),
      holds(
        `400 days' open reads the keys 1 day's reads (${open400?.keysRead} vs ${open1?.keysRead})`,
        open1 !== undefined && open400?.keysRead === open1.keysRead,
      ),
      ...(['this-month', 'all-time'] as const).map((period) =>
        atMost(
          `/usage show ${period === 'this-month' ? 'this month' : 'all time (400 days)'}, the whole command, cold, p95`,
          usageMs(period).p95,
          300,
          'ms',
        ),
      ),
      holds('every /usage answer with its chart and all 400 requests', usage?.allAnswered === true),
      holds(
        'the store levels off: entries from day 400, conversations from day 100, /imagine from day 50',
        levelled('entries', 400) && levelled('conversations', 100) && levelled('imagine', 50),
      ),
    ],
  );
  console.log(JSON.stringify(report, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/history.json', `${JSON.stringify(report, null, 2)}\n`);
  exitOnMiss(report);
} finally {
  await discord.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
}
