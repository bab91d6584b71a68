/** The capacity figures as written to bench/results/capacity.json. */
import { loadavg } from 'node:os';
import type { LocalDiscord, LocalInteraction } from '../../src/localDiscord/localDiscord.js';
import type { processFigures } from '../processFigures.js';
import { atMost, below, holds, judged } from '../run/verdict.js';
import {
  QUICK,
  round,
  SERVICE_MODE,
  STREAM_MS,
  STREAMS,
  TARGET_CPU_SHARE,
  TARGET_P99_MS,
  TARGET_RSS_MIB,
  TARGET_STALL_MS,
  TOKENS,
} from './conditions.js';
import type { ProbeLine } from './probe.js';
import { lagFigures } from './serviceProcess.js';
import { STALL_METHOD } from './stalls.js';

export const mib = (bytes: number) => round(bytes / 1048576);

/** Every 2 s: the delay since the previous sample, the memory, the replies not finished. */
export interface TimelinePoint {
  s: number;
  p99Ms: number;
  maxMs: number;
  /** The steady timer's longest stall since the previous sample. */
  maxStallMs: number;
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
  streaming: number;
}

type ServiceFigures = { cpuSeconds: number; lag: ReturnType<typeof lagFigures> } | undefined;

/** What the window (dispatch to the last final text) gathered. */
export interface CapacityWindow {
  readonly discord: LocalDiscord;
  readonly asks: readonly LocalInteraction[];
  /** Each finished reply's time of its exact final text. */
  readonly finished: Map<LocalInteraction, number>;
  readonly started: number;
  readonly end: number;
  readonly rateLimitedBefore: number;
  readonly requestsBefore: number;
  readonly discordConnections: number;
  readonly pressureBefore: number | undefined;
  readonly pressureAfter: number | undefined;
  readonly idle: ReturnType<typeof processFigures>;
  readonly window: ReturnType<typeof processFigures>;
  readonly idleThreads: Record<string, number>;
  readonly windowThreads: Record<string, number>;
  readonly idleProbe: ProbeLine | undefined;
  readonly peakProbe: ProbeLine | undefined;
  /** The probe's figures over the whole window. */
  readonly lag: ProbeLine | undefined;
  readonly promLag: { p50Ms: number; p99Ms: number; maxMs: number; meanMs: number };
  readonly benchCpu: number;
  readonly benchLag: Parameters<typeof lagFigures>[0];
  readonly serviceBefore: ServiceFigures;
  readonly serviceAfter: ServiceFigures;
  readonly timeline: TimelinePoint[];
  /** Everything the bot printed. */
  readonly output: string;
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

export function capacityReport(run: CapacityWindow) {
  const { discord, asks, finished, started, end, rateLimitedBefore, requestsBefore } = run;
  const { discordConnections, pressureBefore, pressureAfter, idle, window, idleThreads } = run;
  const { windowThreads, idleProbe, peakProbe, lag, promLag, benchCpu, benchLag } = run;
  const { serviceBefore, serviceAfter, timeline, output } = run;
  const cpuShare = round((window.cpuSeconds - idle.cpuSeconds) / ((end - started) / 1000), 2);
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
    // Stalls counted for their length (the steady timer, stalls.ts), over the same window.
    botStalls: lag?.stalls && { ...lag.stalls, method: STALL_METHOD },
    botPromClientLagMs: promLag,
    botCpuSeconds: round(window.cpuSeconds - idle.cpuSeconds),
    botCpuShareOfOneCore: cpuShare,
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
  return judged(report, [
    holds('all replies exact', report.allExact),
    atMost(
      `RSS peak at ${STREAMS.toLocaleString('en')} streams`,
      report.botRssMiB.peak,
      TARGET_RSS_MIB,
      'MiB',
    ),
    atMost('share of a core (bot CPU)', cpuShare, TARGET_CPU_SHARE, 'core'),
    below('event-loop delay p99 (1 ms histogram)', lag?.p99Ms, TARGET_P99_MS, 'ms'),
    atMost('longest event-loop stall (steady 10 ms timer)', lag?.stalls?.maxStallMs, TARGET_STALL_MS, 'ms'),
  ]);
}
