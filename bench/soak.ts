/**
 * Soak benchmark (issue 18): the built bot (`dist/src/main.js`) as its own process for 10 minutes
 * of steady traffic on a real PostgreSQL store that is stopped (`pg_ctl -m fast`) and started
 * again 3 times during the run, against the local Discord (in this process: 100 servers of 10
 * channels, 5 edits per 2 s per interaction token and per channel, 25 ms per REST answer) and
 * the fake service (SSE chat streams, small PNGs), all on loopback.
 *
 * Traffic, steady from start to end (each request from a member of its own, never seen before):
 * - /ask: 3 a second across 20 channels (two servers' channels), replies of ~60 words streamed
 *   over 2.4 s;
 * - mentions of the bot: 1 a second, round-robin over the 980 channels of the other 98 servers;
 * - /imagine: one every 4 s (n = 1 or 2), in those channels too;
 * - member messages not for the bot: 200 a second over all 1,000 channels, from 50,000 members
 *   in rotation (dispatched without being kept).
 * The local Discord and the fake service are pruned as the run goes (answered requests' messages,
 * interactions, logs, rate-limit buckets), so this process stays flat; only the bot is measured.
 *
 * Measured, in the bot process, every 15 s (quick: 5 s), without making it collect garbage (it
 * runs without --expose-gc): RSS (/proc/<pid>/status, read first), then from a probe preloaded
 * into it (`--import data:`, nothing in the bot's code; soak/botLog.ts) its heap as it is,
 * external and array-buffer memory, V8's heap as committed and as resident (so RSS splits into
 * the V8 heap's resident pages and everything outside it: malloc, buffers, code) and the stalls
 * of a steady 10 ms timer (capacity/stalls.ts: each counted for its length); each minute V8's
 * heap spaces too (perMinute). Heap after GC only where the probe forces a full collection:
 * before the traffic, after the warm-up, every 5 minutes (BENCH_SOAK_GC_EVERY_MIN), at the end
 * of the traffic and at the very end, each listed in the report (forcedCollections). Also the
 * event-loop delay (the bot's /metrics, prom-client) and CPU. The judged RSS slope (least
 * squares, MiB a minute) is over the last 30 minutes of the traffic, or its last half in a
 * shorter run; the others over the samples after the warm-up (2 minutes; quick: 20 s).
 * This process's own heap after a full collection is in the timeline too (benchHeapAfterGcMiB).
 * The run draws RSS and the heap over time: bench/results/soak.svg (soak/plot.ts).
 *
 * Counted: every request reaches a final reply (no Stop button, not loading) that is the exact
 * text, the exact text with the "could not save this exchange" note (the store was down when the
 * exchange was written), or a clear error (a `⚠️` line, e.g. the error boundary's while the store
 * is down); anything else is `wrong`, and a request with no final reply 60 s after the traffic
 * stopped is `unanswered`. Images: delivered (all n PNGs attached) or a clear error. Then the bot
 * is stopped with SIGTERM (it must exit 0), and the store is read through the ledger's own keys
 * (listScopes, entriesAfter) and ledgerTotals: exactly one entry per request the service billed
 * (every chat stream and image request it answered; each request's member is unique, so entries
 * are matched to requests by member), none twice, the day/month totals equal to the entries, and
 * the spill file (`data/ledger.pending.json` in the bot's working directory) empty. The bot's log
 * must hold no `unhandled rejection` and no uncaught exception.
 *
 * Targets (issue 32, judged in code: bench/run/verdict.ts): RSS slope ≤ 0.5 MiB/min over the
 * last 30 minutes (the last half of a shorter run); the ledger equals what was billed; none
 * unanswered, none wrong; no stall over 200 ms; no unhandled error; exit 0.
 *
 * Env: BENCH_QUICK=1 (75 s, 1 restart), BENCH_SOAK_MINUTES (default 10; `--long`: 60, the hour
 * the issue asks for, `tsx bench/soak.ts --long`), BENCH_SOAK_RESTARTS (3, one more per 10
 * minutes past 30), BENCH_SOAK_DOWN_S (how long the store stays down, default 5),
 * BENCH_SOAK_GC_EVERY_MIN, BENCH_BOT_NODE_OPTIONS (more node options for the bot),
 * BENCH_SOAK_SNAPSHOTS=1 (a heap snapshot of the bot after the warm-up and at the end, through
 * --heapsnapshot-signal=SIGPWR, kept in a temporary folder and printed, compared by constructor
 * in soak.json's heapGrowth (bench/heapDiff.ts); the stall of writing each is left out of the
 * stall figures, but the RSS after the first stays raised by it). Writes bench/results/soak.json.
 *
 * The parts are in bench/soak/ (each file says what it is).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalDiscord, startLocalDiscord } from '../src/localDiscord/localDiscord.js';
import { startFakeService } from '../src/localService/fakeService.js';
import { startBotProcess } from '../src/localService/harness/botProcess.js';
import {
  findPostgresBin,
  freePort,
  type PostgresServer,
  startPostgres,
} from '../src/localService/harness/servers.js';
import { snapshotGrowth } from './heapDiff.js';
import { cpuPressureMicros, processFigures } from './processFigures.js';
import { exitOnMiss } from './run/verdict.js';
import { BotLog, PROBE } from './soak/botLog.js';
import {
  CHANNELS_PER_GUILD,
  DRAIN_S,
  forcesGc,
  GUILDS,
  MINUTES,
  MiB,
  REPLY_CHUNKS,
  REPLY_INTERVAL_MS,
  RUN_S,
  round,
  SAMPLE_S,
  SNAPSHOTS,
  seconds,
  sleep,
  WARMUP_S,
} from './soak/conditions.js';
import { scrapeLag } from './soak/figures.js';
import { checkLedger } from './soak/ledgerCheck.js';
import { soakReport } from './soak/report.js';
import { replyText, requestNumber } from './soak/requests.js';
import { restartStore, type StoreRestart } from './soak/restarts.js';
import { writeSoakResults } from './soak/results.js';
import { Sampler, type TimelinePoint } from './soak/sampler.js';
import { printSoakTable } from './soak/table.js';
import { Tracker } from './soak/tracker.js';
import { Traffic } from './soak/traffic.js';

async function main(): Promise<void> {
  const started = performance.now();
  const bin = findPostgresBin();
  if (!bin) throw new Error('soak: PostgreSQL is not installed (no pg_ctl/initdb); it needs a real store');
  const postgres: PostgresServer = await startPostgres(bin);
  const cleanups: (() => Promise<unknown>)[] = [() => postgres.stop()];
  try {
    await soak(postgres, cleanups, started);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

async function soak(
  postgres: PostgresServer,
  cleanups: (() => Promise<unknown>)[],
  started: number,
): Promise<void> {
  const databaseUrl = postgres.url;
  const botDir = mkdtempSync(join(tmpdir(), 'soak-bot-'));
  const discord: LocalDiscord = await startLocalDiscord({
    shards: 1,
    guildsPerShard: GUILDS,
    channelCount: CHANNELS_PER_GUILD,
    membersPerGuild: 3,
    maxConcurrency: 16,
    restDelayMs: 25,
    rateLimit: { limit: 5, windowMs: 2000, headers: true },
  });
  cleanups.push(() => discord.close());
  const service = await startFakeService();
  cleanups.push(() => service.close());
  service.fallback = (request) => {
    const n = requestNumber(request);
    return {
      text: n === undefined ? 'a request without a number' : replyText(n),
      chunks: REPLY_CHUNKS,
      intervalMs: REPLY_INTERVAL_MS,
    };
  };
  const metricsPort = await freePort();
  const log = new BotLog();
  const bot = startBotProcess(discord, service, {
    nodeOptions: [
      `--import=data:text/javascript;base64,${Buffer.from(PROBE).toString('base64')}`,
      SNAPSHOTS ? '--heapsnapshot-signal=SIGPWR' : '',
      process.env.BENCH_BOT_NODE_OPTIONS ?? '',
    ]
      .filter(Boolean)
      .join(' '),
    cwd: botDir,
    env: { LOG_LEVEL: 'info', DATABASE_URL: databaseUrl, METRICS_PORT: String(metricsPort) },
  });
  cleanups.push(async () => {
    if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
  });
  bot.child.stdout?.on('data', (chunk: Buffer) => log.take(chunk));
  bot.child.stderr?.on('data', (chunk: Buffer) => log.take(chunk));
  let botExit: number | null | undefined;
  void bot.exited.then((code) => {
    botExit = code;
  });

  const tracker = new Tracker(discord, service);
  const traffic = new Traffic(discord, tracker);

  // ---- start ------------------------------------------------------------------------------------
  await bot.ready();
  const pid = bot.child.pid as number;
  const botStartSeconds = round(seconds(started), 1);
  console.error(`soak: bot ready in ${botStartSeconds} s on ${databaseUrl}; ${MINUTES} min of traffic`);

  const sampler = new Sampler(bot, log, metricsPort, tracker, botDir);
  await scrapeLag(metricsPort);

  // Idle figures, after the bot has settled.
  await sleep(3000);
  const pressureBefore = cpuPressureMicros();
  const loadBefore = loadavg()[0] ?? 0;
  const benchRssStart = process.memoryUsage().rss / MiB;
  const benchCpuStart = process.cpuUsage();
  sampler.trafficStart = performance.now();
  const idle = await sampler.sample({ gc: forcesGc(0), perMinute: true });

  // ---- traffic ------------------------------------------------------------------------------------
  let trafficOn = true;
  const sender = setInterval(() => {
    if (trafficOn) traffic.sendDue(sampler.trafficStart);
  }, 50);
  const checker = setInterval(() => tracker.check(performance.now()), 500);
  const pruner = setInterval(() => tracker.prune(), 10_000);

  // Store restarts, evenly spread over the run.
  const restarts: StoreRestart[] = [];
  const restartTask = restartStore(postgres, sampler, restarts);

  let afterWarmup: TimelinePoint | undefined;
  // Samples every SAMPLE_S, the last one at the end of the traffic.
  while (sampler.timeline.length * SAMPLE_S <= RUN_S && botExit === undefined) {
    const nextAt = sampler.timeline.length * SAMPLE_S;
    await sleep(Math.max(0, nextAt * 1000 - (performance.now() - sampler.trafficStart)));
    const perMinute = nextAt % 60 === 0 || nextAt + SAMPLE_S > RUN_S;
    const point = await sampler.sample({ gc: forcesGc(nextAt), perMinute });
    if (!afterWarmup && nextAt >= WARMUP_S) {
      afterWarmup = point;
      await sampler.snapshot('after warm-up');
    }
  }
  trafficOn = false;
  if (botExit !== undefined) {
    clearInterval(sender);
    clearInterval(checker);
    clearInterval(pruner);
    throw new Error(
      `soak: the bot exited (code ${botExit}) ${round(seconds(sampler.trafficStart))} s into the traffic; errors ${JSON.stringify(Object.fromEntries(log.errors))}; other output:\n${log.other.join('\n')}`,
    );
  }
  const trafficSeconds = round(seconds(sampler.trafficStart), 1);
  const spacesAtEndOfTraffic = Object.fromEntries(
    Object.entries(sampler.lastSpaces)
      .filter(([, [size]]) => size > 0)
      .map(([name, [size]]) => [name, round(size / MiB)]),
  );
  const last = sampler.timeline.at(-1) as TimelinePoint;
  await restartTask;

  // ---- drain: every request gets its final reply --------------------------------------------------
  const drainStarted = performance.now();
  while (tracker.pending.size > 0 && seconds(drainStarted) < DRAIN_S && botExit === undefined)
    await sleep(500);
  // The last ones stay final for 2 s before they count.
  await sleep(2500);
  tracker.check(performance.now());
  const drainSeconds = round(seconds(drainStarted), 1);
  tracker.markUnanswered(sampler.trafficStart);
  clearInterval(sender);
  clearInterval(checker);
  clearInterval(pruner);
  // Let the ledger's retries (every 5 s) land what waits, then the end figures.
  await sleep(6000);
  const end = await sampler.sample({ gc: true, perMinute: true });
  await sampler.snapshot('end');
  tracker.prune();
  const peakRss = processFigures(pid).peakRssMiB;
  const pressureAfter = cpuPressureMicros();
  const loadAfter = loadavg()[0] ?? 0;

  // ---- graceful stop, then the store --------------------------------------------------------------
  const stopStarted = performance.now();
  if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGTERM');
  const exitCode = await bot.exited;
  const stopSeconds = round(seconds(stopStarted), 1);
  const ledger = await checkLedger(databaseUrl, botDir, tracker);

  if (!SNAPSHOTS) rmSync(botDir, { recursive: true, force: true });

  // ---- figures ------------------------------------------------------------------------------------
  const report = soakReport({
    discord,
    log,
    sampler,
    tracker,
    traffic,
    restarts,
    ledger,
    idle,
    afterWarmup,
    last,
    end,
    peakRss,
    spacesAtEndOfTraffic,
    trafficSeconds,
    drainSeconds,
    exitCode,
    stopSeconds,
    botStartSeconds,
    benchRssStart,
    benchCpuStart,
    loadBefore,
    loadAfter,
    pressureBefore,
    pressureAfter,
    started,
  });
  // The first line of each error and warning the bot logged, and its other output (in the log only).
  for (const [msg, line] of [...log.errorSamples, ...log.warningSamples])
    console.error(`soak: the bot logged "${msg}", first: ${line}`);
  for (const line of log.other) console.error(`soak: the bot printed: ${line}`);
  writeSoakResults(report, sampler.snapshots.length === 2 ? snapshotGrowth(sampler.snapshots) : undefined);
  printSoakTable(report);
  exitOnMiss(report);
}

await main();
