/**
 * Start-up benchmark: from spawning the built bot (`node dist/src/main.js`, no compiling) to its
 * commands being registered, against the fake Discord on loopback (25 ms REST delay). Target
 * (issue 12): ≤ 1.5 s.
 *
 * Each run starts a fresh process on a fresh SQLite file; the fake Discord already has the
 * commands (a restart: the bot reads them and writes nothing), after one warm-up run that
 * registers them (not counted; it also warms the file cache, as any start after `npm ci` has).
 * Measured per run, from the spawn:
 * - boot: node is running user code (a probe preloaded with `--import data:`, nothing in the
 *   bot's code, notes the time);
 * - main: the module graph is imported and the configuration read (the probe notes when
 *   main.ts installs its first process handler, `unhandledRejection`);
 * - first contact with Discord (a connection to the fake), IDENTIFY on the gateway, and the
 *   commands checked (the response to the last /commands request).
 * Then, in separate processes: importing main.js's static imports alone, and each heavy package
 * alone (which of them the static graph reaches, and from which file); and `npm start` itself.
 *
 * Env: BENCH_QUICK=1 (2 runs, fewer import timings; `npm start` is never run when it would
 * compile first),
 * BENCH_STARTUP_RUNS (default 5). Run after a build: `tsx bench/startup.ts`.
 * Writes bench/results/startup.json. Import timings: bench/startup/imports.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalDiscord, startLocalDiscord } from '../src/localDiscord/localDiscord.js';
import { startFakeService } from '../src/localService/fakeService.js';
import { startBotProcess } from '../src/localService/harness/botProcess.js';
import { atMost, exitOnMiss, judged } from './run/verdict.js';
import { bareNodeMs, importMs, median, stale, staticImports, staticPackages } from './startup/imports.js';

const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? (QUICK ? 2 : 5));
const ENTRY = 'dist/src/main.js';
const MARK = 'STARTUP_PROBE ';
/** Spawn to commands registered, every run (issue 12). */
const TARGET_MS = 1_500;

const round = (value: number) => Math.round(value);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

/** Preloaded into the bot: when user code starts, and when main.ts installs its first handler. */
const PROBE = `
const mark = (what) => process.stderr.write(${JSON.stringify(MARK)} + JSON.stringify({ what, at: performance.timeOrigin + performance.now() }) + '\\n');
mark('boot');
const onListener = (event) => {
  if (event !== 'unhandledRejection') return;
  process.off('newListener', onListener);
  mark('main');
};
process.on('newListener', onListener);
`;
const probeOption = `--import=data:text/javascript;base64,${Buffer.from(PROBE).toString('base64')}`;

interface Run {
  totalMs: number;
  bootMs: number | undefined;
  mainMs: number | undefined;
  firstContactMs: number | undefined;
  identifyMs: number | undefined;
  commandsMs: number;
  commandWrites: number;
}

/** Every time the fake accepts a connection (REST or gateway), for the first contact. */
function connectionTimes(discord: LocalDiscord): number[] {
  const times: number[] = [];
  // The fake's server is private; the bench only listens.
  (discord as unknown as { server: Server }).server.on('connection', () => times.push(now()));
  return times;
}

async function startOnce(
  discord: LocalDiscord,
  serviceUrl: string,
  connections: number[],
  options: { command?: string[]; env?: Record<string, string> } = {},
): Promise<Run> {
  const { command } = options;
  const identifiesBefore = discord.identifies.length;
  const connectionsBefore = connections.length;
  const writesBefore = discord.commandWrites.length;
  let identifyAt: number | undefined;
  const watch = setInterval(() => {
    if (identifyAt === undefined && discord.identifies.length > identifiesBefore) identifyAt = now();
  }, 1);
  const spawnedAt = now();
  const spawnedAtPerf = performance.now();
  const bot = startBotProcess(discord, { url: serviceUrl } as never, {
    ...(command
      ? { command, env: { HOME: process.env.HOME ?? '/tmp', ...options.env } }
      : {
          nodeOptions: `${probeOption} ${process.env.BENCH_BOT_NODE_OPTIONS ?? ''}`.trim(),
          env: { ...options.env },
        }),
  });
  try {
    await bot.ready();
    // A write (PUT) may follow the read; the commands are registered when the last one answered.
    await sleep(300);
    const commands = discord.requestLog.filter(
      (entry) => entry.route.endsWith('/commands') && entry.at >= spawnedAtPerf,
    );
    const registeredAt = performance.timeOrigin + (commands.at(-1)?.at ?? performance.now());
    const marks = bot
      .output()
      .split('\n')
      .filter((line) => line.startsWith(MARK))
      .map((line) => JSON.parse(line.slice(MARK.length)) as { what: string; at: number });
    const since = (at: number | undefined) => (at === undefined ? undefined : round(at - spawnedAt));
    return {
      totalMs: round(registeredAt - spawnedAt),
      bootMs: since(marks.find((mark) => mark.what === 'boot')?.at),
      mainMs: since(marks.find((mark) => mark.what === 'main')?.at),
      firstContactMs: since(connections[connectionsBefore]),
      identifyMs: since(identifyAt),
      commandsMs: round(registeredAt - spawnedAt),
      commandWrites: discord.commandWrites.length - writesBefore,
    };
  } finally {
    clearInterval(watch);
    await bot.stop();
  }
}

const HEAVY = [
  'discord.js',
  'undici',
  'zod',
  'prom-client',
  'pino',
  'keyv',
  '@keyv/sqlite',
  'rate-limiter-flexible',
  '@resvg/resvg-js',
  'eventsource-parser',
  'pg',
  '@keyv/postgres',
  '@keyv/redis',
];

const discord = await startLocalDiscord({
  restDelayMs: 25,
  rateLimit: { limit: 5, windowMs: 2000, headers: true },
});
const service = await startFakeService();
const connections = connectionTimes(discord);
try {
  const warmUp = await startOnce(discord, service.url, connections);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await startOnce(discord, service.url, connections));
  const pick = (key: keyof Run) => runs.map((run) => run[key]).filter((v): v is number => v !== undefined);
  const phase = (key: keyof Run) => ({ median: round(median(pick(key))), max: Math.max(...pick(key)) });

  const importTimes = QUICK ? 1 : 3;
  const graph = staticPackages(ENTRY);
  const packages = HEAVY.map((name) => ({
    name,
    importMs: importMs([name], importTimes),
    inStartGraph: graph.has(name),
    firstImportedFrom: graph.get(name),
  })).sort((a, b) => b.importMs - a.importMs);

  // npm start: its own overhead (npm is a node program), and whatever the script does.
  const startScript =
    (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> }).scripts
      ?.start ?? '';
  // `npm run build` or tsc at every start (a build only when stale is a check, not a compile).
  const compiles =
    /\btsc\b|npm run build/.test(startScript) || (startScript.includes('--if-stale') && stale());
  const npmRuns: Run[] = [];
  // A start that compiles first measures tsc (15–30 s, and it rewrites dist/ under the other
  // benchmarks), not a start: not run then (the report says so).
  if (!compiles) {
    for (let i = 0; i < (QUICK ? 1 : 3); i += 1)
      npmRuns.push(
        await startOnce(discord, service.url, connections, { command: ['npm', 'start', '--silent'] }),
      );
  }

  // The same start with V8's compile cache on disk (NODE_COMPILE_CACHE; node ≥ 22.1): the first
  // start fills it (not counted).
  const cacheDir = mkdtempSync(join(tmpdir(), 'startup-compile-cache-'));
  const cached: Run[] = [];
  try {
    const env = { NODE_COMPILE_CACHE: cacheDir };
    await startOnce(discord, service.url, connections, { env });
    for (let i = 0; i < RUNS; i += 1)
      cached.push(await startOnce(discord, service.url, connections, { env }));
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }

  const total = pick('totalMs');
  const report = judged(
    {
      date: new Date().toISOString(),
      node: process.version,
      quick: QUICK,
      runs: RUNS,
      target: `spawn to commands registered ≤ ${TARGET_MS} ms`,
      totalMs: { median: round(median(total)), max: Math.max(...total), all: total },
      breakdownMsFromSpawn: {
        boot: phase('bootMs'),
        importsAndConfigDone: phase('mainMs'),
        firstContactWithDiscord: phase('firstContactMs'),
        gatewayIdentify: phase('identifyMs'),
        commandsRegistered: phase('commandsMs'),
      },
      commandWritesPerRun: pick('commandWrites'),
      warmUpRun: warmUp,
      bareNodeProcessMs: bareNodeMs(importTimes),
      importMainStaticImportsMs: importMs(staticImports(ENTRY), importTimes),
      packagesImportedAloneMs: packages,
      withCompileCache: {
        totalMs: {
          median: round(median(cached.map((run) => run.totalMs))),
          max: Math.max(...cached.map((run) => run.totalMs)),
        },
        importsAndConfigDoneMs: round(median(cached.map((run) => run.mainMs ?? 0))),
      },
      npmStart: {
        script: startScript,
        compiles,
        ...(compiles && { notRun: 'it would compile first: a source is newer than dist/.built' }),
        runs: npmRuns.map((run) => run.totalMs),
        medianMs: npmRuns.length > 0 ? round(median(npmRuns.map((run) => run.totalMs))) : undefined,
      },
    },
    [
      atMost(
        `process start → commands registered, slowest of ${total.length} runs`,
        total.length === RUNS ? Math.max(...total) : null,
        TARGET_MS,
        'ms',
      ),
    ],
  );
  console.log(JSON.stringify(report, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/startup.json', `${JSON.stringify(report, null, 2)}\n`);
  exitOnMiss(report);
} finally {
  await discord.close();
  await service.close();
}
