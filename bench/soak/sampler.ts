/**
 * The bot measured from outside every sample: /proc for RSS and CPU, SIGUSR2 for its heap after a
 * full collection and the probe's split of RSS, /metrics for its event-loop delay.
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
  heapAfterGcMiB: number | null;
  heapTotalMiB: number | null;
  externalMiB: number | null;
  heapResidentMiB: number | null;
  outsideHeapMiB: number | null;
  rssFileMiB: number | null;
  lagP99Ms: number | null;
  lagMaxMs: number | null;
  botCpuPercent: number;
  inFlight: number;
  storeUp: boolean;
  benchHeapAfterGcMiB: number;
}

export class Sampler {
  readonly timeline: TimelinePoint[] = [];
  readonly snapshots: string[] = [];
  storeUp = true;
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

  /** RSS, heap after a full collection, where RSS is, event-loop delay and CPU, now. */
  async sample(): Promise<TimelinePoint> {
    const pid = this.bot.child.pid as number;
    const figures = processFigures(pid);
    const reading = this.log.memoryNow();
    this.bot.child.kill('SIGUSR2');
    const { memory, probe } = await reading;
    if (probe) this.lastSpaces = probe.spaces;
    const lag = await scrapeLag(this.metricsPort);
    const now = performance.now();
    const mib = (bytes: number | undefined) => (bytes === undefined ? null : round(bytes / MiB, 1));
    const point: TimelinePoint = {
      minute: round((now - this.trafficStart) / 60_000, 2),
      rssMiB: round(figures.rssMiB),
      heapAfterGcMiB: mib(memory?.heapUsed),
      heapTotalMiB: mib(memory?.heapTotal),
      externalMiB: mib(memory?.external),
      // V8's heap pages in RAM, and everything else in RSS (native: malloc, buffers, code, stacks).
      heapResidentMiB: mib(probe?.physical),
      outsideHeapMiB: probe ? round((figures.rssMiB * MiB - probe.physical) / MiB, 1) : null,
      // The part of RSS that is files mapped in: the node binary's and libraries' pages in use.
      rssFileMiB: mib(probe?.rssFile),
      lagP99Ms: lag?.p99Ms ?? null,
      lagMaxMs: lag?.maxMs ?? null,
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
    console.error(
      `soak ${point.minute.toFixed(2)} min: RSS ${point.rssMiB} MiB, heap after GC ${point.heapAfterGcMiB} MiB, lag p99 ${point.lagP99Ms} ms, CPU ${point.botCpuPercent} %, in flight ${point.inFlight}, asks ${JSON.stringify(this.tracker.counts.ask)}`,
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
        return;
      }
    }
  }
}
