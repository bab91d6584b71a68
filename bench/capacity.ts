/**
 * Capacity benchmark: how many concurrent streamed /ask replies one bot process carries. The
 * built bot runs as its own process against the fake Discord (in this process: 5 edits per 2 s
 * per interaction token, 25 ms REST delay) and the fake service (in a child process of its own by
 * default, BENCH_SERVICE=inline keeps it here), both on loopback. Each reply is 1,500 tokens
 * streamed over 30 s; all the /ask commands are dispatched at once.
 *
 * Target (issue 12): 1,000 concurrent replies with the bot's event-loop delay p99 < 50 ms and
 * its RSS < 400 MB. Measured:
 * - event-loop delay of the bot process from the dispatch to the last reply's final text: a
 *   probe preloaded into the bot (`--import data:`, nothing in the bot's code) samples it with
 *   perf_hooks.monitorEventLoopDelay at 1 ms resolution (so its figures include up to 1 ms of
 *   sampling interval); the bot's own /metrics (prom-client, 10 ms resolution, reset at every
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
 * BENCH_QUICK=1 (100 streams of 300 tokens over 10 s).
 * Run after a build: `tsx bench/capacity.ts`. Writes bench/results/capacity.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { withoutQuestionHead } from '../src/discord/render/quote.js';
import {
  type LocalDiscord,
  type LocalInteraction,
  startLocalDiscord,
} from '../src/localDiscord/localDiscord.js';
import { type ChatScript, startFakeService } from '../test/fakes/service.js';
import { startBotProcess } from '../test/helpers/botProcess.js';
import { processFigures, TICKS_PER_SECOND } from './processFigures.js';

const QUICK = process.env.BENCH_QUICK === '1';
const STREAMS = Number(process.env.BENCH_CAPACITY_STREAMS ?? (QUICK ? 100 : 1000));
const TOKENS = QUICK ? 300 : 1500;
const STREAM_MS = Number(process.env.BENCH_STREAM_MS ?? (QUICK ? 10_000 : 30_000));
const SERVICE_MODE = process.env.BENCH_SERVICE === 'inline' ? 'inline' : 'child';
const PROBE_MARK = 'CAPACITY_PROBE ';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---- the fake service in a process of its own ----------------------------------------------

type ServiceMessage = { enqueue: ChatScript; count: number } | { report: true };

function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

function lagFigures(histogram: { percentile(p: number): number; max: number; mean: number }) {
  const ms = (ns: number) => round(ns / 1e6, 2);
  return {
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    meanMs: ms(histogram.mean),
  };
}

interface ServiceHandle {
  readonly url: string;
  enqueue(script: ChatScript, count: number): Promise<void>;
  report(): Promise<{ cpuSeconds: number; lag: ReturnType<typeof lagFigures> } | undefined>;
  close(): Promise<void>;
}

async function startService(): Promise<ServiceHandle> {
  if (SERVICE_MODE === 'inline') {
    const service = await startFakeService();
    return {
      url: service.url,
      async enqueue(script, count) {
        for (let i = 0; i < count; i += 1) service.enqueue(script);
      },
      report: async () => undefined,
      close: () => service.close(),
    };
  }
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL(import.meta.url).pathname, '--fake-service'],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const next = <T>(key: string) =>
    new Promise<T>((resolve) => {
      const on = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off('message', on);
        resolve(message[key] as T);
      };
      child.on('message', on);
    });
  const url = await next<string>('url');
  return {
    url,
    async enqueue(script, count) {
      const done = next('enqueued');
      child.send({ enqueue: script, count } satisfies ServiceMessage);
      await done;
    },
    async report() {
      const answer = next<{ cpuSeconds: number; lag: ReturnType<typeof lagFigures> }>('report');
      child.send({ report: true } satisfies ServiceMessage);
      return answer;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

// ---- what the bot process is doing ---------------------------------------------------------

/**
 * Preloaded into the bot: its event-loop delay since the last SIGWINCH, and its memory, printed
 * on SIGUSR2 (which the bot itself answers with a log line at info level, off here).
 */
const PROBE = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
const h = monitorEventLoopDelay({ resolution: 1 });
const w = monitorEventLoopDelay({ resolution: 1 });
h.enable();
w.enable();
process.on('SIGWINCH', () => { h.reset(); w.reset(); });
process.on('SIGUSR2', () => {
  const ns = (v) => Math.round(v / 1e4) / 100;
  process.stderr.write(${JSON.stringify(PROBE_MARK)} + JSON.stringify({
    at: performance.now() + performance.timeOrigin,
    p50Ms: ns(h.percentile(50)), p90Ms: ns(h.percentile(90)), p99Ms: ns(h.percentile(99)),
    p999Ms: ns(h.percentile(99.9)), maxMs: ns(h.max), meanMs: ns(h.mean), samples: h.count,
    sinceLast: { p99Ms: ns(w.percentile(99)), maxMs: ns(w.max) },
    memory: process.memoryUsage(),
  }) + '\\n');
  w.reset();
});
`;

interface ProbeLine {
  at: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  meanMs: number;
  samples: number;
  /** The event-loop delay since the previous line. */
  sinceLast: { p99Ms: number; maxMs: number };
  memory: NodeJS.MemoryUsage;
}

/**
 * CPU seconds of each kind of thread of a process (Linux): the main thread's JavaScript apart
 * from V8's helpers (concurrent marking, parallel scavenges), which the process figure includes.
 */
function threadCpuSeconds(pid: number): Record<string, number> {
  const byName: Record<string, number> = {};
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      byName[name] = round((byName[name] ?? 0) + seconds, 2);
    }
  } catch {
    // Not Linux, or the process is gone.
  }
  return byName;
}

/** Microseconds some task waited for a CPU since boot (Linux PSI), when the kernel reports it. */
function cpuPressureMicros(): number | undefined {
  try {
    const text = readFileSync('/proc/pressure/cpu', 'utf8');
    return Number(/^some .*total=(\d+)/m.exec(text)?.[1]);
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The bot's own event-loop figures (prom-client) since the previous scrape. */
async function scrapeLag(port: number) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name: string) =>
    round(
      Number(new RegExp(`^bot_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]) * 1000,
      2,
    );
  return { p50Ms: value('p50'), p99Ms: value('p99'), maxMs: value('max'), meanMs: value('mean') };
}

function replyText(): string {
  const words = ['the', 'quick', 'model', 'writes', 'text', 'that', 'grows', 'into', 'long', 'answer'];
  const tokens: string[] = [];
  for (let i = 0; i < TOKENS; i += 1) tokens.push(i % 80 === 79 ? 'end.\n\n' : `${words[i % words.length]} `);
  return tokens.join('');
}

const withoutCostLine = (content: string) => content.replace(/\n\n-# (context|💰)[^\n]*$/, '');

/** When the reply showed its exact final text (the last version's time), else undefined. */
function finishedAt(discord: LocalDiscord, interaction: LocalInteraction, text: string): number | undefined {
  const messages = discord.replyMessages(interaction);
  const answer = messages.map((message, index) =>
    index === 0 ? withoutQuestionHead(message.content) : message.content,
  );
  if (withoutCostLine(answer.join('')) !== text) return undefined;
  return Math.max(...messages.map((message) => message.versions.at(-1)?.at ?? 0));
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
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
    const text = replyText();
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
    const mib = (bytes: number) => round(bytes / 1048576);
    // Every 2 s: the delay since the previous sample, the memory, the replies not finished.
    const timeline: {
      s: number;
      p99Ms: number;
      maxMs: number;
      rssMiB: number;
      heapUsedMiB: number;
      heapTotalMiB: number;
      externalMiB: number;
      streaming: number;
    }[] = [];
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
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      quick: QUICK,
      streams: STREAMS,
      // Others' work on the machine skews every figure: the load, and the share of the window in
      // which some task waited for a CPU (0: never; 1: all the time).
      loadAverage1m: round(loadavg()[0] ?? 0, 2),
      cpuPressure:
        pressureBefore !== undefined && pressureAfter !== undefined
          ? round((pressureAfter - pressureBefore) / 1000 / (end - started), 2)
          : undefined,
      tokensPerReply: TOKENS,
      streamSeconds: STREAM_MS / 1000,
      serviceProcess: SERVICE_MODE,
      allExact: finished.size === asks.length,
      finished: finished.size,
      rateLimited429: discord.rateLimited - rateLimitedBefore,
      discordRequests: discord.requestLog.length - requestsBefore,
      editsPerReply: round((discord.requestLog.length - requestsBefore) / STREAMS),
      discordConnections,
      drainSeconds: round((end - started) / 1000),
      replyDoneSeconds: stats([...finished.values()].map((at) => (at - started) / 1000)),
      botEventLoopDelayMs: lag && {
        p50: lag.p50Ms,
        p90: lag.p90Ms,
        p99: lag.p99Ms,
        p999: lag.p999Ms,
        max: lag.maxMs,
        mean: lag.meanMs,
        samples: lag.samples,
      },
      botPromClientLagMs: promLag,
      botCpuSeconds: round(window.cpuSeconds - idle.cpuSeconds),
      botCpuShareOfOneCore: round((window.cpuSeconds - idle.cpuSeconds) / ((end - started) / 1000), 2),
      botCpuSecondsByThread: Object.fromEntries(
        Object.entries(windowThreads).map(([name, seconds]) => [
          name,
          round(seconds - (idleThreads[name] ?? 0)),
        ]),
      ),
      botRssMiB: {
        idle: round(idle.rssMiB),
        peak: round(window.peakRssMiB),
        perStreamKiB: round(((window.peakRssMiB - idle.rssMiB) * 1024) / STREAMS),
        idleHeapUsed: idleProbe ? mib(idleProbe.memory.heapUsed) : undefined,
        atPeakSample: peakProbe && {
          rss: mib(peakProbe.memory.rss),
          heapTotal: mib(peakProbe.memory.heapTotal),
          heapUsed: mib(peakProbe.memory.heapUsed),
          external: mib(peakProbe.memory.external),
          arrayBuffers: mib(peakProbe.memory.arrayBuffers),
        },
      },
      targetMet: finished.size === asks.length && (lag?.p99Ms ?? Infinity) < 50 && window.peakRssMiB < 400,
      benchProcess: { cpuSeconds: round(benchCpu), eventLoopDelayMs: lagFigures(benchLag) },
      serviceProcessFigures:
        serviceBefore && serviceAfter
          ? {
              cpuSeconds: round(serviceAfter.cpuSeconds - serviceBefore.cpuSeconds),
              eventLoopDelayMs: serviceAfter.lag,
            }
          : undefined,
      timeline,
      unhandledRejections: (output.match(/unhandled rejection/g) ?? []).length,
      errorLogLines: output.split('\n').filter((line) => line.includes('"level":50')).length,
    };
    console.log(JSON.stringify(report, null, 2));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/capacity.json', `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await bot.stop();
    await discord.close();
    await service.close();
  }
}

if (process.argv.includes('--fake-service')) {
  const service = await startFakeService();
  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  process.on('message', (message: ServiceMessage) => {
    if ('enqueue' in message) {
      for (let i = 0; i < message.count; i += 1) service.enqueue(message.enqueue);
      // Per-chunk send times are not needed here; do not keep 1.5 million of them.
      service.sendLogs.length = 0;
      process.send?.({ enqueued: message.count });
    } else {
      // Each report covers the time since the previous one.
      process.send?.({ report: { cpuSeconds: cpuSeconds(), lag: lagFigures(lag) } });
      lag.reset();
    }
  });
  process.on('disconnect', () => void service.close().then(() => process.exit(0)));
  process.send?.({ url: service.url });
} else {
  await main();
}
