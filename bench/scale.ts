/**
 * Scale benchmark (issue 18, "a year in ten thousand servers"): what servers and the messages
 * not meant for the bot cost one bot process. The built bot (`dist/src/main.js`) runs as its own
 * process against the local Discord (in this process) and the fake service, on loopback. Each
 * server has 10 text channels, @everyone, the bot's managed role and a members' role, the bot's
 * member and 3 others (`membersPerGuild`: Discord sends other members only with the presence
 * intent, so this is the worst case for the caches).
 *
 * Measured, each in a fresh bot process (started with --expose-gc; the heap is read after a full
 * collection through the bot's own SIGUSR2 line, `memory in use`):
 * - idle: heap after GC and RSS at 1, 5,000 and 10,000 servers (quick: 1 and 2,000), the shards
 *   Discord requires (2,500 servers per shard at most, `SHARD_COUNT=auto`) all in one process;
 *   the heap per server is the slope between the first two (issue 32: 1 vs 5,000), the RSS
 *   target is read at the last;
 * - ignored: at 1,000 servers (quick: 200), 1,000,000 member messages not for the bot (quick:
 *   100,000), spread over every channel, from each server's members; heap after GC and RSS
 *   before and after, and a mention answered at the end;
 * - cpu: the bot's CPU (user + system, /proc) per 10,000 of those messages, per batch of 100,000
 *   (quick: 20,000) once the bot has taken each batch (a WebSocket ping answered, then quiet).
 *
 * Targets: heap per idle server ≤ 6 KiB; RSS at 10,000 servers ≤ 300 MiB; after the messages,
 * heap after GC within +10 MiB of idle and RSS within +15 %, mentions still answered; CPU per
 * 10,000 ignored messages ≤ 200 ms. Each is a verdict (bench/run/verdict.ts): a miss exits
 * non-zero.
 *
 * Env: BENCH_QUICK=1 (about a minute), BENCH_SCALE_SERVERS (e.g. `1,5000,10000`),
 * BENCH_SCALE_IGNORED_SERVERS (default 1000),
 * BENCH_SCALE_MESSAGES, BENCH_BOT_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * Run after a build: `tsx bench/scale.ts`. Writes bench/results/scale.json.
 *
 * The parts, in bench/scale/: conditions, and world (a local Discord with the bot in it, and what
 * the bench does there).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startFakeService } from '../src/localService/fakeService.js';
import { machineFigures } from './processFigures.js';
import { atMost, exitOnMiss, holds, judged, verdictLine } from './run/verdict.js';
import { BATCH, IGNORED_SERVERS, MESSAGES, QUICK, round, SERVERS } from './scale/conditions.js';
import {
  drained,
  mentionAnswered,
  quiet,
  type Running,
  sendIgnored,
  settled,
  startWorld,
  stopWorld,
} from './scale/world.js';

const service = await startFakeService();
const report: Record<string, unknown> = {};
const started = performance.now();
try {
  // ---- idle: heap and RSS per server count --------------------------------------------------
  type Figures = Awaited<ReturnType<typeof settled>>;
  const idleRuns: ({ servers: number; shards: number; startSeconds: number } & Figures)[] = [];
  let ignoredWorld: Running | undefined;
  for (const servers of SERVERS) {
    const world = await startWorld(servers, service);
    const figures = await settled(world);
    idleRuns.push({ servers, shards: world.shards, startSeconds: world.startSeconds, ...figures });
    console.error(`idle ${servers} servers (${world.shards} shards): ${JSON.stringify(figures)}`);
    if (servers === IGNORED_SERVERS && ignoredWorld === undefined) ignoredWorld = world;
    else await stopWorld(world);
  }
  const [low, slopeHigh, high] = [idleRuns[0], idleRuns[1], idleRuns.at(-1)];
  const perServer = (key: 'heapAfterGcMiB' | 'rssMiB') =>
    low && slopeHigh && slopeHigh.servers > low.servers
      ? round(((slopeHigh[key] - low[key]) * 1024) / (slopeHigh.servers - low.servers), 2)
      : null;
  const perServerToMost = (key: 'heapAfterGcMiB' | 'rssMiB') =>
    low && high && high.servers > low.servers
      ? round(((high[key] - low[key]) * 1024) / (high.servers - low.servers), 2)
      : null;
  report.idle = {
    runs: idleRuns,
    heapPerServerServers: [low?.servers ?? null, slopeHigh?.servers ?? null],
    heapPerServerKiB: perServer('heapAfterGcMiB'),
    rssPerServerKiB: perServer('rssMiB'),
    heapPerServerToMostKiB: perServerToMost('heapAfterGcMiB'),
    rssAtMostServersMiB: high?.rssMiB ?? null,
    mostServers: high?.servers ?? null,
  };

  // ---- ignored messages and CPU ---------------------------------------------------------------
  const world = ignoredWorld ?? (await startWorld(IGNORED_SERVERS, service));
  try {
    const before = idleRuns.find((run) => run.servers === IGNORED_SERVERS) ?? (await settled(world));
    const batches: { messages: number; cpuMs: number; seconds: number }[] = [];
    let sent = 0;
    const sendStarted = performance.now();
    while (sent < MESSAGES) {
      const count = Math.min(BATCH, MESSAGES - sent);
      const cpuBefore = await quiet(world.pid);
      const batchStarted = performance.now();
      await sendIgnored(world.discord, count, sent);
      await drained(world.discord);
      const cpuAfter = await quiet(world.pid);
      batches.push({
        messages: count,
        cpuMs: Math.round(cpuAfter - cpuBefore),
        seconds: round((performance.now() - batchStarted) / 1000, 2),
      });
      sent += count;
      console.error(`ignored: ${sent}/${MESSAGES}, batch CPU ${Math.round(cpuAfter - cpuBefore)} ms`);
    }
    const sendSeconds = round((performance.now() - sendStarted) / 1000, 1);
    const after = await settled(world);
    const answered = await mentionAnswered(world);
    report.ignored = {
      servers: IGNORED_SERVERS,
      messages: MESSAGES,
      seconds: sendSeconds,
      heapAfterGcMiB: { idle: before.heapAfterGcMiB, after: after.heapAfterGcMiB },
      heapGrowthMiB: round(after.heapAfterGcMiB - before.heapAfterGcMiB, 2),
      rssMiB: { idle: before.rssMiB, after: after.rssMiB },
      // V8's committed heap (after GC): pages it gave up stay in its page pool, counted in RSS.
      heapTotalMiB: { idle: before.heapTotalMiB, after: after.heapTotalMiB },
      rssGrowthPercent: round(((after.rssMiB - before.rssMiB) / before.rssMiB) * 100, 1),
      mentionAnswered: answered,
    };
    // The first batch warms the bot's code up (JIT); the figure is over the rest.
    const measured = batches.length > 1 ? batches.slice(1) : batches;
    const per10k = measured.map((batch) => (batch.cpuMs * 10_000) / batch.messages).sort((a, b) => a - b);
    report.cpu = {
      per10kMessagesMs: Math.round(per10k.reduce((sum, value) => sum + value, 0) / per10k.length),
      per10kMessagesMinMs: Math.round(per10k[0] ?? 0),
      per10kMessagesMaxMs: Math.round(per10k.at(-1) ?? 0),
      batches,
      note: 'bot CPU (user+system) per batch once drained, first batch (warm-up) left out of the figure',
    };
  } finally {
    await stopWorld(world);
  }
} finally {
  await service.close();
}

report.machine = {
  ...machineFigures(),
  loadAverage1m: round(loadavg()[0] ?? 0, 2),
  quick: QUICK,
  botNodeOptions: process.env.BENCH_BOT_NODE_OPTIONS ?? '',
  seconds: round((performance.now() - started) / 1000),
  date: new Date().toISOString(),
};
const idle = report.idle as
  | {
      heapPerServerKiB: number | null;
      heapPerServerServers: (number | null)[];
      rssAtMostServersMiB: number | null;
      mostServers: number | null;
    }
  | undefined;
const ignored = report.ignored as
  | {
      heapGrowthMiB: number;
      rssGrowthPercent: number;
      mentionAnswered: boolean;
      messages: number;
      servers: number;
    }
  | undefined;
const cpu = report.cpu as { per10kMessagesMs: number } | undefined;
const count = (value: number | null | undefined) => (value ?? 0).toLocaleString('en');
const messages = `${count(ignored?.messages)} ignored messages at ${count(ignored?.servers)} servers`;
const judgedReport = judged(report, [
  atMost(
    `heap after GC per idle server, ${idle?.heapPerServerServers
      .filter((n) => n !== null)
      .map(count)
      .join(' vs ')} servers`,
    idle?.heapPerServerKiB,
    6,
    'KiB',
  ),
  atMost(
    `RSS idle at ${count(idle?.mostServers)} servers, one process${idle?.mostServers === 10_000 ? '' : ' (the target is for 10,000)'}`,
    idle?.rssAtMostServersMiB,
    300,
    'MiB',
  ),
  atMost(`heap after GC growth after ${messages}`, ignored?.heapGrowthMiB, 10, 'MiB'),
  atMost(`RSS growth after ${messages}`, ignored?.rssGrowthPercent, 15, '%'),
  holds('a mention answered after them', ignored?.mentionAnswered === true),
  atMost('bot CPU per 10,000 ignored messages (mean over batches)', cpu?.per10kMessagesMs, 200, 'ms'),
]);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/scale.json', `${JSON.stringify(judgedReport, null, 2)}\n`);
for (const verdict of judgedReport.verdicts) console.log(verdictLine(verdict));
exitOnMiss(judgedReport);
