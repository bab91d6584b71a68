/**
 * Part 4's bot processes: the built bot with bench/capacity's probe preloaded (its event-loop
 * delay, 1 ms histogram, and stalls, since a SIGWINCH, printed on SIGUSR2), each in a working
 * directory of its own; and what each one's window is read as (lag, CPU, RSS, errors logged).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalDiscord } from '../../src/localDiscord/localDiscord.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';
import { PROBE_MARK } from '../capacity/conditions.js';
import { PROBE, type ProbeLine } from '../capacity/probe.js';
import { processFigures } from '../processFigures.js';
import { round, sleep } from './conditions.js';

export interface ProbedBot {
  readonly label: string;
  readonly bot: BotProcess;
  readonly pid: number;
  /** Resets the probe's figures, notes the CPU and the endpoint's counters: the window starts. */
  startWindow(): Promise<void>;
  /** The window's figures. */
  endWindow(): Promise<ProcessWindow>;
  stop(): Promise<void>;
}

export interface ProcessWindow {
  readonly label: string;
  readonly eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number } | null;
  readonly longestStallMs: number | null;
  readonly cpuSeconds: number;
  readonly rssMiB: { idle: number; peak: number; end: number };
  readonly heapUsedMiB: number | null;
  readonly errorLogLines: number;
  readonly unhandledRejections: number;
  /** Its endpoint's requests in the window by outcome (bot_interaction_requests_total), workers only. */
  readonly interactionOutcomes: Record<string, number>;
}

/** The bot's interactions endpoint counters, from its /metrics. */
async function interactionOutcomes(metricsPort: number): Promise<Record<string, number>> {
  const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
    (response) => response.text(),
    () => '',
  );
  const outcomes: Record<string, number> = {};
  for (const [, outcome, count] of text.matchAll(
    /^bot_interaction_requests_total\{outcome="([^"]*)"\} (\d+)$/gm,
  ))
    outcomes[outcome as string] = Number(count);
  return outcomes;
}

/** How long a bot may take to stop after SIGTERM (its own grace for replies is 10 s). */
const STOP_GRACE_MS = 20_000;

const probe = `--import=data:text/javascript;base64,${Buffer.from(PROBE).toString('base64')}`;

export function startProbedBot(
  label: string,
  discord: LocalDiscord,
  serviceUrl: string,
  env: Record<string, string>,
  metricsPort: number,
): ProbedBot {
  const cwd = mkdtempSync(join(tmpdir(), 'interactions-bench-'));
  // The fake service's url is all the harness reads of it.
  const bot = startBotProcess(discord, { url: serviceUrl } as never, {
    nodeOptions: probe,
    cwd,
    env: { ...env, METRICS_PORT: String(metricsPort) },
  });
  const pid = bot.child.pid as number;
  const lines = (): ProbeLine[] =>
    bot
      .output()
      .split('\n')
      .filter((line) => line.startsWith(PROBE_MARK))
      .map((line) => JSON.parse(line.slice(PROBE_MARK.length)) as ProbeLine);
  const ask = async (): Promise<ProbeLine | undefined> => {
    const before = lines().length;
    bot.child.kill('SIGUSR2');
    for (let i = 0; i < 300 && lines().length === before; i += 1) await sleep(10);
    return lines().at(-1);
  };
  let idle = { cpuSeconds: 0, rssMiB: 0 };
  let outcomesBefore: Record<string, number> = {};
  return {
    label,
    bot,
    pid,
    async startWindow() {
      outcomesBefore = await interactionOutcomes(metricsPort);
      const figures = processFigures(pid);
      idle = { cpuSeconds: figures.cpuSeconds, rssMiB: figures.rssMiB };
      bot.child.kill('SIGWINCH');
    },
    async endWindow() {
      const figures = processFigures(pid);
      const line = await ask();
      const output = bot.output();
      return {
        label,
        eventLoopDelayMs: line
          ? { p50: line.p50Ms, p99: line.p99Ms, max: line.maxMs, mean: line.meanMs }
          : null,
        longestStallMs: line?.stalls.maxStallMs ?? null,
        cpuSeconds: round(figures.cpuSeconds - idle.cpuSeconds, 2),
        rssMiB: { idle: round(idle.rssMiB), peak: round(figures.peakRssMiB), end: round(figures.rssMiB) },
        heapUsedMiB: line ? round(line.memory.heapUsed / 1048576) : null,
        errorLogLines: output.split('\n').filter((text) => text.includes('"level":50')).length,
        unhandledRejections: (output.match(/unhandled rejection/g) ?? []).length,
        interactionOutcomes: Object.fromEntries(
          Object.entries(await interactionOutcomes(metricsPort))
            .map(([outcome, count]) => [outcome, count - (outcomesBefore[outcome] ?? 0)])
            .filter(([, count]) => count !== 0),
        ),
      };
    },
    async stop() {
      // A bot that does not end on SIGTERM (seen after a failed start) must not hang the bench.
      const timer = setTimeout(() => {
        console.error(`${label}: still running ${STOP_GRACE_MS / 1000} s after SIGTERM, killed`);
        bot.child.kill('SIGKILL');
      }, STOP_GRACE_MS);
      await bot.stop();
      clearTimeout(timer);
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
