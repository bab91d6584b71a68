/** The soak's figures as written to bench/results/soak.json: slopes, counts, the ledger, the machine. */
import type { LocalDiscord } from '../../src/localDiscord/localDiscord.js';
import { STALL_METHOD } from '../capacity/stalls.js';
import { machineFigures } from '../processFigures.js';
import { atMost, holds, judged, notJudged } from '../run/verdict.js';
import type { BotLog } from './botLog.js';
import {
  ASK_CHANNELS,
  ASKS_PER_S,
  CHANNELS_PER_GUILD,
  FLOOD_MEMBERS,
  FLOOD_PER_S,
  GC_EVERY_S,
  GUILDS,
  IMAGE_EVERY_S,
  MENTIONS_PER_S,
  MINUTES,
  MiB,
  QUICK,
  REPLY_CHUNKS,
  REPLY_INTERVAL_MS,
  round,
  SAMPLE_S,
  SLOPE_WINDOW_LABEL,
  SLOPE_WINDOW_MIN,
  seconds,
  TARGET_SLOPE,
  TARGET_STALL_MS,
  WARMUP_S,
} from './conditions.js';
import { git, quantiles, slope } from './figures.js';
import type { checkLedger } from './ledgerCheck.js';
import { replyText } from './requests.js';
import type { StoreRestart } from './restarts.js';
import type { Sampler, TimelinePoint } from './sampler.js';
import type { Tracker } from './tracker.js';
import type { Traffic } from './traffic.js';

/** What the run gathered, part by part, for the report. */
export interface SoakRun {
  readonly discord: LocalDiscord;
  readonly log: BotLog;
  readonly sampler: Sampler;
  readonly tracker: Tracker;
  readonly traffic: Traffic;
  readonly restarts: readonly StoreRestart[];
  readonly ledger: Awaited<ReturnType<typeof checkLedger>>;
  /** The samples: settled before the traffic, after the warm-up, at its end, at the very end. */
  readonly idle: TimelinePoint;
  readonly afterWarmup: TimelinePoint | undefined;
  readonly last: TimelinePoint;
  readonly end: TimelinePoint;
  readonly peakRss: number;
  readonly spacesAtEndOfTraffic: Record<string, number>;
  readonly trafficSeconds: number;
  readonly drainSeconds: number;
  readonly exitCode: number | null;
  readonly stopSeconds: number;
  readonly botStartSeconds: number;
  readonly benchRssStart: number;
  readonly benchCpuStart: NodeJS.CpuUsage;
  readonly loadBefore: number;
  readonly loadAfter: number;
  readonly pressureBefore: number | undefined;
  readonly pressureAfter: number | undefined;
  /** When the soak began (performance.now()), PostgreSQL's start included. */
  readonly started: number;
}

/**
 * The commit, and the files changed and not committed (the build is of the working tree), read
 * when this module loads, at the soak's start: an hour's run may end on a later commit.
 */
const TREE_AT_START = {
  commit: git(['rev-parse', '--short', 'HEAD']),
  uncommitted: git(['status', '--porcelain', '--untracked-files=no'])
    .split('\n')
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/).slice(1).join(' ')),
};

export function soakReport(run: SoakRun) {
  const { discord, log, sampler, tracker, traffic, restarts, ledger, idle, afterWarmup, last, end } = run;
  const { peakRss, spacesAtEndOfTraffic, trafficSeconds, drainSeconds, exitCode, stopSeconds } = run;
  const { botStartSeconds, benchRssStart, benchCpuStart, started } = run;
  const { loadBefore, loadAfter, pressureBefore, pressureAfter } = run;
  const { timeline, trafficStart, snapshots } = sampler;
  const { counts, latencies, errorReplies, wrongSamples, unansweredSamples } = tracker;
  const { floodSent, floodDeferred } = traffic;
  // The samples of the traffic: up to its last one (its minute is rounded, so not by time).
  const inTraffic = timeline.slice(0, timeline.indexOf(last) + 1);
  const measured = inTraffic.filter((point) => point.minute * 60 >= WARMUP_S);
  // The judged window: the last SLOPE_WINDOW_MIN of the traffic (half a sample's leeway).
  const windowFrom = last.minute - SLOPE_WINDOW_MIN - SAMPLE_S / 120;
  const judgedPoints = inTraffic.filter((point) => point.minute >= windowFrom);
  type Series = 'rssMiB' | 'heapUsedMiB' | 'externalMiB' | 'arrayBuffersMiB' | 'heapAfterGcMiB';
  type Key = Series | 'heapResidentMiB' | 'outsideHeapMiB';
  const seriesSlope = (points: readonly TimelinePoint[], key: Key) => {
    const fitted = slope(
      points.flatMap((point) => (point[key] === null ? [] : [{ x: point.minute, y: point[key] }])),
    );
    return fitted === null ? null : round(fitted, 2);
  };
  const rssSlope = seriesSlope(judgedPoints, 'rssMiB');
  const heapSlope = seriesSlope(measured, 'heapAfterGcMiB');
  const residentSlope = seriesSlope(measured, 'heapResidentMiB');
  const outsideSlope = seriesSlope(measured, 'outsideHeapMiB');
  const heaps = timeline.flatMap((point) => (point.heapAfterGcMiB === null ? [] : [point.heapAfterGcMiB]));
  const lags = timeline.slice(1).flatMap((point) => (point.lagP99Ms === null ? [] : [point.lagP99Ms]));
  const lagMaxes = timeline.slice(1).flatMap((point) => (point.lagMaxMs === null ? [] : [point.lagMaxMs]));
  // Stalls from the idle sample to the end (traffic, drain, the ledger's retries).
  const stallPoints = timeline.slice(1).filter((point) => point.maxStallMs !== null);
  const stallSeconds = stallPoints.reduce((sum, point) => sum + (point.stallWindowS ?? 0), 0);
  const stallMsOver50 = stallPoints.reduce((sum, point) => sum + (point.msInStallsOver50Ms ?? 0), 0);
  const longestStall = stallPoints.length > 0 ? Math.max(...stallPoints.map((p) => p.maxStallMs ?? 0)) : null;
  const unhandled = log.unhandled + log.uncaught;
  const report = {
    minutes: MINUTES,
    quick: QUICK,
    store: 'postgres',
    storeRestarts: restarts.length,
    // The judged slope: over SLOPE_WINDOW_LABEL of the traffic; the others after the warm-up.
    rssSlopeMiBPerMin: rssSlope,
    rssSlopeOver: SLOPE_WINDOW_LABEL,
    rssSlopeFromMinute: round(Math.max(0, windowFrom), 2),
    rssSlopeToMinute: last.minute,
    rssSlopeSamples: judgedPoints.length,
    targetRssSlopeMiBPerMin: TARGET_SLOPE,
    rssSlopeMet: rssSlope !== null && rssSlope <= TARGET_SLOPE,
    // The heap as it is (no collection forced), external and array buffers over the same window.
    slopesOverWindowMiBPerMin: {
      heapUsed: seriesSlope(judgedPoints, 'heapUsedMiB'),
      external: seriesSlope(judgedPoints, 'externalMiB'),
      arrayBuffers: seriesSlope(judgedPoints, 'arrayBuffersMiB'),
      heapResident: seriesSlope(judgedPoints, 'heapResidentMiB'),
      outsideHeap: seriesSlope(judgedPoints, 'outsideHeapMiB'),
    },
    rssSlopeAfterWarmupMiBPerMin: seriesSlope(measured, 'rssMiB'),
    // Only from the samples that forced a collection (forcedCollections), after the warm-up.
    heapAfterGcSlopeMiBPerMin: heapSlope,
    warmupMinutes: round(WARMUP_S / 60, 2),
    slopeSamples: measured.length,
    forcedCollections: {
      count: sampler.forcedGcs.length,
      atMinutes: sampler.forcedGcs.map((gc) => gc.minute),
      botMs: sampler.forcedGcs.map((gc) => gc.ms),
      everyMinutes: GC_EVERY_S / 60,
      botCollectsOnItsOwnSignal: sampler.botCollects,
      note: 'the bot runs without --expose-gc and is not made to collect garbage except at these samples (before the traffic, after the warm-up, every everyMinutes, at the end of the traffic and at the very end), where the probe forces a full collection to read the heap after GC, after RSS and the rest were read; the stall figures leave those collections out',
    },
    rssMiB: {
      start: idle.rssMiB,
      afterWarmup: afterWarmup?.rssMiB ?? null,
      endOfTraffic: last.rssMiB,
      end: end.rssMiB,
      max: round(peakRss),
    },
    heapAfterGcMiB: {
      start: idle.heapAfterGcMiB,
      afterWarmup: afterWarmup?.heapAfterGcMiB ?? null,
      endOfTraffic: last.heapAfterGcMiB,
      end: end.heapAfterGcMiB,
      max: heaps.length > 0 ? Math.max(...heaps) : null,
    },
    // Where the RSS slope comes from: V8's heap pages in RAM, and the rest (see the header).
    heapResidentSlopeMiBPerMin: residentSlope === null ? null : round(residentSlope, 2),
    outsideHeapSlopeMiBPerMin: outsideSlope === null ? null : round(outsideSlope, 2),
    // V8's heap spaces as committed at the last sample of the traffic (before its collection).
    heapSpacesMiBAtEndOfTraffic: spacesAtEndOfTraffic,
    asks: { ...counts.ask, latencySeconds: quantiles(latencies.ask) },
    mentions: { ...counts.mention, latencySeconds: quantiles(latencies.mention) },
    images: { ...counts.image, latencySeconds: quantiles(latencies.image) },
    // The clear errors members saw, by wording (ids and numbers out).
    errorReplies: [...errorReplies].sort((a, b) => b[1] - a[1]).map(([reply, count]) => ({ count, reply })),
    wrongSamples,
    unansweredSamples,
    drainSeconds,
    ledger,
    errors: {
      unhandled,
      unhandledRejections: log.unhandled,
      uncaughtLines: log.uncaught,
      botExitCode: exitCode,
      stoppedGracefully: exitCode === 0 && log.stopped,
      stopSeconds,
      // What the bot logged at error and warn level, by message and cause.
      errorLines: [...log.errors].map(([line, count]) => ({ count, line })),
      warningLines: [...log.warnings].map(([line, count]) => ({ count, line })),
      otherLines: log.otherCount,
    },
    eventLoopDelayMs: {
      p99Median: quantiles(lags).p50,
      p99Max: quantiles(lags).max,
      max: quantiles(lagMaxes).max,
      note: "the bot's prom-client figures per sample window (10 ms resolution)",
    },
    // Stalls counted for their length, from the traffic's start to the end.
    stalls: {
      maxStallMs: longestStall,
      msInStallsOver50Ms: Math.round(stallMsOver50),
      shareInStallsOver50Ms: stallSeconds > 0 ? round(stallMsOver50 / (stallSeconds * 1000), 4) : null,
      seconds: round(stallSeconds),
      method: STALL_METHOD,
    },
    restarts,
    sampleSeconds: SAMPLE_S,
    traffic: {
      seconds: trafficSeconds,
      asksPerSecond: ASKS_PER_S,
      askChannels: ASK_CHANNELS,
      mentionsPerSecond: MENTIONS_PER_S,
      imageEverySeconds: IMAGE_EVERY_S,
      ignoredPerSecond: FLOOD_PER_S,
      ignoredSent: floodSent,
      ignoredMembers: FLOOD_MEMBERS,
      ignoredTicksHeldBack: floodDeferred,
      servers: GUILDS,
      channels: GUILDS * CHANNELS_PER_GUILD,
      replyCharacters: replyText(0).length,
      replySeconds: round((REPLY_CHUNKS * REPLY_INTERVAL_MS) / 1000, 1),
    },
    discord: { rateLimited429: discord.rateLimited, unknownRoutes: discord.unknownRoutes.length },
    benchProcess: {
      rssMiB: { start: round(benchRssStart), end: round(process.memoryUsage().rss / MiB) },
      heapAfterGcMiB: {
        start: timeline[0]?.benchHeapAfterGcMiB ?? null,
        end: timeline.at(-1)?.benchHeapAfterGcMiB ?? null,
      },
      // The local Discord and the fake service: their share of a core over the run.
      cpuShareOfOneCore: round(
        (process.cpuUsage(benchCpuStart).user + process.cpuUsage(benchCpuStart).system) /
          1e6 /
          seconds(trafficStart),
        2,
      ),
    },
    botStartSeconds,
    heapSnapshots: snapshots,
    perMinute: sampler.perMinute,
    timeline,
    machine: {
      ...machineFigures(),
      loadAverage1m: { start: round(loadBefore, 2), end: round(loadAfter, 2) },
      // The share of the run in which some task waited for a CPU (0: never; 1: all the time).
      cpuPressure:
        pressureBefore !== undefined && pressureAfter !== undefined
          ? round((pressureAfter - pressureBefore) / 1e6 / seconds(trafficStart), 2)
          : null,
      note: 'a shared machine: other work ran beside the soak',
      ...TREE_AT_START,
      seconds: round(seconds(started)),
      date: new Date().toISOString(),
    },
  };
  const unanswered = counts.ask.unanswered + counts.mention.unanswered + counts.image.unanswered;
  const wrong = counts.ask.wrong + counts.mention.wrong + counts.image.wrong;
  return judged(report, [
    // A quick run (a minute or so) is too short for a slope to mean anything.
    QUICK
      ? notJudged(
          `RSS slope over ${SLOPE_WINDOW_LABEL}`,
          rssSlope,
          'MiB/min',
          `a quick run; ≤ ${TARGET_SLOPE} in full runs`,
        )
      : atMost(`RSS slope over ${SLOPE_WINDOW_LABEL}`, rssSlope, TARGET_SLOPE, 'MiB/min'),
    holds('nothing lost: ledger entries equal what the service billed', ledger.matches),
    atMost('requests unanswered', unanswered, 0, 'requests'),
    atMost('replies wrong (neither exact nor a clear error)', wrong, 0, 'replies'),
    atMost('bot longest stall (steady timer)', longestStall, TARGET_STALL_MS, 'ms'),
    holds(
      'no unhandled error, stopped gracefully (exit 0)',
      unhandled === 0 && exitCode === 0 && log.stopped,
    ),
  ]);
}
