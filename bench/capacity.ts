/**
 * Capacity benchmark: how many concurrent streamed /ask replies one bot process carries. The
 * built bot runs as its own process against the fake Discord (in this process: 5 edits per 2 s
 * per interaction token, 25 ms REST delay) and the fake service (in a child process of its own by
 * default, BENCH_SERVICE=inline keeps it here), both on loopback. Each reply is 1,500 tokens
 * streamed over 30 s; all the /ask commands are dispatched at once.
 *
 * Targets (issue 32, judged in code: bench/run/verdict.ts): 1,000 concurrent replies, all exact,
 * with the bot's RSS peak ≤ 320 MiB, its CPU ≤ 0.5 of a core, its event-loop delay p99 < 50 ms
 * and no stall over 200 ms. Measured:
 * - event-loop delay of the bot process from the dispatch to the last reply's final text: a
 *   probe preloaded into the bot (`--import data:`, nothing in the bot's code) samples it with
 *   perf_hooks.monitorEventLoopDelay at 1 ms resolution (so its figures include up to 1 ms of
 *   sampling interval), and counts stalls for their length with a steady 10 ms timer (the
 *   longest, and the share of the time in stalls over 50 ms: capacity/stalls.ts); the bot's own
 *   /metrics (prom-client, 10 ms resolution, reset at every
 *   scrape, so each figure includes the 10 ms interval) is scraped over the same window too;
 * - RSS: idle (after a warm-up reply), peak (VmHWM), peak minus idle per stream; the heap in use
 *   at the sample with the highest RSS;
 * - the bot's CPU seconds over the window (also by thread: V8's GC helpers apart from the main
 *   thread), new connections to Discord, 429s, whether every reply is exact, time to drain
 *   (dispatch to the last reply's final text) and each reply's time to its final text;
 * - the bench process's and the service process's CPU and event-loop delay, to show the fakes
 *   are not what limits the figures.
 *
 * Env: BENCH_CAPACITY_STREAMS (default 1000), BENCH_STREAM_MS (30000), BENCH_SERVICE
 * (child|inline), BENCH_BOT_NODE_OPTIONS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof),
 * BENCH_BOT_NODE_ARGS (node's command line, e.g. V8 flags), BENCH_HEAP_SNAPSHOT_S (see below),
 * BENCH_BOT_OUTPUT (a file for what the bot printed), BENCH_BOT_ENV (more environment),
 * BENCH_QUICK=1 (100 streams of 300 tokens over 10 s). *
 * The parts, in bench/capacity/: conditions, serviceProcess (the fake service's own process),
 * probe (the bot's event-loop delay and memory from inside it), report (capacity.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  type LocalDiscord,
  type LocalInteraction,
  startLocalDiscord,
} from '../src/localDiscord/localDiscord.js';
import type { ChatScript } from '../src/localService/fakeService.js';
import { startBotProcess } from '../src/localService/harness/botProcess.js';
import { freePort } from '../src/localService/harness/servers.js';
import { withoutQuestionHead } from '../src/reply/quote.js';
import { PROBE_MARK, round, STREAM_MS, STREAMS, sleep, TOKENS } from './capacity/conditions.js';
import { PROBE, type ProbeLine, scrapeLag, threadCpuSeconds } from './capacity/probe.js';
import { capacityReport, mib, type TimelinePoint } from './capacity/report.js';
import { cpuSeconds, startService } from './capacity/serviceProcess.js';
import { cpuPressureMicros, processFigures } from './processFigures.js';
import { exitOnMiss } from './run/verdict.js';
import { replyText, withoutCostLine } from './streamedReply.js';

/** When the reply showed its exact final text (the last version's time), else undefined. */
function finishedAt(discord: LocalDiscord, interaction: LocalInteraction, text: string): number | undefined {
  const messages = discord.replyMessages(interaction);
  const answer = messages.map((message, index) =>
    index === 0 ? withoutQuestionHead(message.content) : message.content,
  );
  if (withoutCostLine(answer.join('')) !== text) return undefined;
  return Math.max(...messages.map((message) => message.versions.at(-1)?.at ?? 0));
}

async function main(): Promise<void> {
  const discord = await startLocalDiscord({
    restDelayMs: 25,
    rateLimit: { limit: 5, windowMs: 2000, headers: true },
    channelCount: STREAMS,
  });
  const service = await startService();
  const metricsPort = await freePort();
  const probe = `--import=data:text/javascript;base64,${Buffer.from(PROBE).toString('base64')}`;
  // BENCH_BOT_NODE_ARGS: flags on node's command line, as `npm start` gives them (V8 flags such
  // as --heap-growing-percent are refused in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_BOT_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const bot = startBotProcess(discord, { url: service.url } as never, {
    ...(nodeArgs.length > 0 && { command: [process.execPath, ...nodeArgs, 'dist/src/main.js'] }),
    nodeOptions: `${probe} ${process.env.BENCH_BOT_NODE_OPTIONS ?? ''}`.trim(),
    env: {
      METRICS_PORT: String(metricsPort),
      // BENCH_BOT_ENV=NAME=value,NAME=value: more environment for the bot (e.g. MALLOC_ARENA_MAX=2).
      ...Object.fromEntries(
        (process.env.BENCH_BOT_ENV ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      ),
    },
  });
  const probeLines = (): ProbeLine[] =>
    bot
      .output()
      .split('\n')
      .filter((line) => line.startsWith(PROBE_MARK))
      .map((line) => JSON.parse(line.slice(PROBE_MARK.length)) as ProbeLine);
  /** Asks the probe for its figures; resolves with them. */
  const askProbe = async (): Promise<ProbeLine | undefined> => {
    const before = probeLines().length;
    bot.child.kill('SIGUSR2');
    for (let i = 0; i < 200 && probeLines().length === before; i += 1) await sleep(10);
    return probeLines().at(-1);
  };
  const benchLag = monitorEventLoopDelay({ resolution: 1 });
  try {
    await bot.ready();
    const pid = bot.child.pid as number;
    const text = replyText(TOKENS);
    const script: ChatScript = { text, chunks: TOKENS, intervalMs: STREAM_MS / TOKENS };

    // Warm-up: one short reply (first connections, first store writes), then let it settle.
    await service.enqueue({ text: 'warm up', chunks: 2, intervalMs: 10 }, 1);
    const warm = discord.sendCommand({
      name: 'ask',
      options: { prompt: 'warm up' },
      channelId: discord.channelIds[0] as string,
    });
    await discord.waitFor(() => discord.replyMessages(warm)[0]?.content.includes('💰'), 20_000, 'warm-up');
    await sleep(2_000);
    await service.enqueue(script, STREAMS);
    const idle = processFigures(pid);
    const idleThreads = threadCpuSeconds(pid);
    const idleProbe = await askProbe();

    // The window: from the dispatch of every /ask to the last reply's final text.
    bot.child.kill('SIGWINCH');
    await scrapeLag(metricsPort);
    benchLag.enable();
    const benchCpuBefore = cpuSeconds();
    const serviceBefore = await service.report();
    const rateLimitedBefore = discord.rateLimited;
    const requestsBefore = discord.requestLog.length;
    // New connections the bot opens to Discord's REST API: each costs a handshake, a socket and a
    // parser, and a connection pool that keeps too few idle ones open reopens them in every burst.
    let discordConnections = 0;
    discord.server?.on('connection', () => {
      discordConnections += 1;
    });
    const pressureBefore = cpuPressureMicros();
    const started = performance.now();
    const asks = discord.channelIds.map((channelId) =>
      discord.sendCommand({ name: 'ask', options: { prompt: 'write at length' }, channelId }),
    );
    const finished = new Map<LocalInteraction, number>();
    let peakProbe: ProbeLine | undefined;
    const timeline: TimelinePoint[] = [];
    let probedAt = started;
    const deadline = started + STREAM_MS * 4 + 30_000;
    // BENCH_HEAP_SNAPSHOT_S=20 with BENCH_BOT_NODE_OPTIONS=--heapsnapshot-signal=SIGPWR: a heap
    // snapshot of the bot that many seconds into the streaming (written in its working directory).
    const snapshotAt = Number(process.env.BENCH_HEAP_SNAPSHOT_S ?? Number.NaN);
    const snapshot = Number.isFinite(snapshotAt)
      ? setTimeout(() => bot.child.kill('SIGPWR'), snapshotAt * 1000)
      : undefined;
    while (finished.size < asks.length && performance.now() < deadline) {
      await sleep(250);
      for (const ask of asks) {
        if (finished.has(ask)) continue;
        const at = finishedAt(discord, ask, text);
        if (at !== undefined) finished.set(ask, at);
      }
      // The heap at the highest RSS (every 2 s; the probe's line costs the bot nothing to speak of).
      if (performance.now() - probedAt >= 2000) {
        probedAt = performance.now();
        const line = await askProbe();
        if (line && line.memory.rss > (peakProbe?.memory.rss ?? 0)) peakProbe = line;
        if (line)
          timeline.push({
            s: round((line.at - performance.timeOrigin - started) / 1000),
            p99Ms: line.sinceLast.p99Ms,
            maxMs: line.sinceLast.maxMs,
            maxStallMs: line.sinceLast.maxStallMs,
            rssMiB: mib(line.memory.rss),
            heapUsedMiB: mib(line.memory.heapUsed),
            heapTotalMiB: mib(line.memory.heapTotal),
            externalMiB: mib(line.memory.external),
            streaming: asks.length - finished.size,
          });
      }
    }
    clearTimeout(snapshot);
    const end = finished.size > 0 ? Math.max(...finished.values()) : performance.now();
    const window = processFigures(pid);
    const windowThreads = threadCpuSeconds(pid);
    const pressureAfter = cpuPressureMicros();
    const lag = await askProbe();
    const promLag = await scrapeLag(metricsPort);
    benchLag.disable();
    const benchCpu = cpuSeconds() - benchCpuBefore;
    const serviceAfter = await service.report();
    const output = bot.output();
    // BENCH_BOT_OUTPUT=path: everything the bot printed (e.g. with --trace-gc), for a closer look.
    if (process.env.BENCH_BOT_OUTPUT) writeFileSync(process.env.BENCH_BOT_OUTPUT, output);
    if (finished.size < asks.length) {
      const stuck = asks.filter((ask) => !finished.has(ask)).slice(0, 2);
      for (const ask of stuck)
        console.error(JSON.stringify(discord.replyMessages(ask).map((m) => m.content.slice(-120))));
      const lines = output.split('\n').filter((line) => !line.startsWith(PROBE_MARK));
      console.error(`bot output: ${lines.length} lines; the last ones:\n${lines.slice(-15).join('\n')}`);
    }
    const report = capacityReport({
      discord,
      asks,
      finished,
      started,
      end,
      rateLimitedBefore,
      requestsBefore,
      discordConnections,
      pressureBefore,
      pressureAfter,
      idle,
      window,
      idleThreads,
      windowThreads,
      idleProbe,
      peakProbe,
      lag,
      promLag,
      benchCpu,
      benchLag,
      serviceBefore,
      serviceAfter,
      timeline,
      output,
    });
    console.log(JSON.stringify(report, null, 2));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/capacity.json', `${JSON.stringify(report, null, 2)}\n`);
    exitOnMiss(report);
  } finally {
    await bot.stop();
    await discord.close();
    await service.close();
  }
}

await main();
