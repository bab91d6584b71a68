/**
 * The bot measured from outside every sample: /proc for RSS and CPU, the probe (SIGUSR2) for its
 * memory as it is and its stalls, and at some samples (forcesGc) its heap after a full
 * collection (SIGWINCH), /metrics for its event-loop delay. Each minute, a fuller record: V8's
 * heap spaces too.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BotProcess } from '../../src/localService/harness/botProcess.js';
import { processFigures } from '../processFigures.js';
import type { BotLog } from './botLog.js';
import { MiB, round, SNAPSHOTS, sleep } from './conditions.js';
import { benchHeapAfterGc, scrapeLag } from './figures.js';
import type { Tracker } from './tracker.js';

export interface TimelinePoint {
  minute: number;
  rssMiB: number;
  /** The heap as it is (no collection forced). */
  heapUsedMiB: number | null;
  heapTotalMiB: number | null;
  externalMiB: number | null;
  arrayBuffersMiB: number | null;
  /** After a full collection the probe forced: only where `forcedGc`, else null. */
  heapAfterGcMiB: number | null;
  forcedGc: boolean;
  heapResidentMiB: number | null;
  outsideHeapMiB: number | null;
  rssFileMiB: number | null;
  lagP99Ms: number | null;
  lagMaxMs: number | null;
  /** The steady timer since the previous sample: the longest stall, ms in stalls over 50 ms. */
  maxStallMs: number | null;
  msInStallsOver50Ms: number | null;
  stallWindowS: number | null;
  botCpuPercent: number;
  inFlight: number;
  storeUp: boolean;
  benchHeapAfterGcMiB: number;
}

/**
 * Once a minute: the sample's memory, and V8's heap spaces that hold anything (MiB committed and
 * used; V8 reports no resident size per space here, only in all: heapResidentMiB).
 */
export interface MinuteRecord {
  minute: number;
  rssMiB: number;
  heapUsedMiB: number | null;
  heapTotalMiB: number | null;
  externalMiB: number | null;
  arrayBuffersMiB: number | null;
  heapAfterGcMiB: number | null;
  mallocedMiB: number | null;
  spacesMiB: Record<string, { size: number; used: number }>;
}

const mib = (bytes: number | undefined) => (bytes === undefined ? null : round(bytes / MiB, 1));

export class Sampler {
  readonly timeline: TimelinePoint[] = [];
  readonly perMinute: MinuteRecord[] = [];
  readonly snapshots: string[] = [];
  /** Forced collections: when, and how long each took in the bot. */
  readonly forcedGcs: { minute: number; ms: number | null }[] = [];
  storeUp = true;
  /** Whether the bot's own SIGUSR2 handler collected (it must not). */
  botCollects = false;
  /** When the traffic started (set again once the bot has settled). */
  trafficStart = performance.now();
  /** V8's heap spaces at the latest sample: [size, resident, used] bytes each. */
  lastSpaces: Record<string, [number, number, number]> = {};
  private lastCpu: number;
  private lastSampleAt = performance.now();

  constructor(
    private readonly bot: BotProcess,
    private readonly log: BotLog,
    private readonly metricsPort: number,
    private readonly tracker: Tracker,
    private readonly botDir: string,
  ) {
    this.lastCpu = processFigures(bot.child.pid as number).cpuSeconds;
  }

  /** RSS, memory, stalls, event-loop delay and CPU now; the heap after a collection if `gc`. */
  async sample(options: { gc: boolean; perMinute: boolean }): Promise<TimelinePoint> {
    const pid = this.bot.child.pid as number;
    const figures = processFigures(pid);
    const reading = this.log.probeLine('sample');
    this.bot.child.kill('SIGUSR2');
    const probe = await reading;
    if (probe) this.lastSpaces = probe.spaces;
    if (probe?.botCollects) this.botCollects = true;
    let afterGc: Awaited<typeof reading>;
    if (options.gc) {
      const collected = this.log.probeLine('afterGc');
      this.bot.child.kill('SIGWINCH');
      afterGc = await collected;
    }
    const lag = await scrapeLag(this.metricsPort);
    const now = performance.now();
    const minute = round((now - this.trafficStart) / 60_000, 2);
    if (options.gc) this.forcedGcs.push({ minute, ms: afterGc?.gcMs ?? null });
    const point: TimelinePoint = {
      minute,
      rssMiB: round(figures.rssMiB),
      heapUsedMiB: mib(probe?.memory.heapUsed),
      heapTotalMiB: mib(probe?.memory.heapTotal),
      externalMiB: mib(probe?.memory.external),
      arrayBuffersMiB: mib(probe?.memory.arrayBuffers),
      heapAfterGcMiB: mib(afterGc?.memory.heapUsed),
      forcedGc: options.gc,
      // V8's heap pages in RAM, and everything else in RSS (native: malloc, buffers, code, stacks).
      heapResidentMiB: mib(probe?.physical),
      outsideHeapMiB: probe ? round((figures.rssMiB * MiB - probe.physical) / MiB, 1) : null,
      // The part of RSS that is files mapped in: the node binary's and libraries' pages in use.
      rssFileMiB: mib(probe?.rssFile),
      lagP99Ms: lag?.p99Ms ?? null,
      lagMaxMs: lag?.maxMs ?? null,
      maxStallMs: probe?.stalls?.maxStallMs ?? null,
      msInStallsOver50Ms: probe?.stalls?.msInStallsOver50Ms ?? null,
      stallWindowS: probe?.stalls?.elapsedS ?? null,
      botCpuPercent: round(
        ((figures.cpuSeconds - this.lastCpu) / ((now - this.lastSampleAt) / 1000)) * 100,
        0,
      ),
      inFlight: this.tracker.pending.size,
      storeUp: this.storeUp,
      benchHeapAfterGcMiB: benchHeapAfterGc(),
    };
    this.lastCpu = figures.cpuSeconds;
    this.lastSampleAt = now;
    this.timeline.push(point);
    if (options.perMinute)
      this.perMinute.push({
        minute,
        rssMiB: point.rssMiB,
        heapUsedMiB: point.heapUsedMiB,
        heapTotalMiB: point.heapTotalMiB,
        externalMiB: point.externalMiB,
        arrayBuffersMiB: point.arrayBuffersMiB,
        heapAfterGcMiB: point.heapAfterGcMiB,
        mallocedMiB: mib(probe?.malloced),
        spacesMiB: Object.fromEntries(
          Object.entries(probe?.spaces ?? {})
            .filter(([, [size]]) => size > 0)
            .map(([name, [size, , used]]) => [
              name,
              { size: round(size / MiB, 2), used: round(used / MiB, 2) },
            ]),
        ),
      });
    const gcNote = point.forcedGc ? `, heap after a forced GC ${point.heapAfterGcMiB} MiB` : '';
    console.error(
      `soak ${point.minute.toFixed(2)} min: RSS ${point.rssMiB} MiB, heap ${point.heapUsedMiB} MiB${gcNote}, longest stall ${point.maxStallMs} ms, lag p99 ${point.lagP99Ms} ms, CPU ${point.botCpuPercent} %, in flight ${point.inFlight}, asks ${JSON.stringify(this.tracker.counts.ask)}`,
    );
    return point;
  }

  /** With BENCH_SOAK_SNAPSHOTS=1, a heap snapshot of the bot, its path kept under `label`. */
  async snapshot(label: string): Promise<void> {
    if (!SNAPSHOTS) return;
    const before = new Set(readdirSync(this.botDir));
    this.bot.child.kill('SIGPWR');
    for (let i = 0; i < 600; i += 1) {
      await sleep(100);
      const made = readdirSync(this.botDir).find(
        (name) => name.endsWith('.heapsnapshot') && !before.has(name),
      );
      if (made) {
        // Written once the size stops changing.
        await sleep(3000);
        this.snapshots.push(`${label}: ${join(this.botDir, made)}`);
        // Writing it stops the bot's loop for a second or more: the stall window that holds it is
        // read here and left out, like a forced collection's.
        const discarded = this.log.probeLine('sample');
        this.bot.child.kill('SIGUSR2');
        await discarded;
        return;
      }
    }
  }
}
