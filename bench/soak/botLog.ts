/**
 * The bot's output, read as it comes: warnings, errors, unhandled rejections, its memory lines, and
 * the lines of a probe preloaded into it that say where its RSS is.
 */
import { STALL_TIMER, type StallFigures } from '../capacity/stalls.js';
import { sleep } from './conditions.js';

const PROBE_MARK = 'SOAK_PROBE ';

/**
 * Preloaded into the bot (`--import data:`, nothing in the bot's code; the bot runs without
 * --expose-gc, so its own SIGUSR2 handler collects nothing). On SIGUSR2, where its memory is,
 * without collecting: process.memoryUsage(), V8's heap as committed (heapSize) and as resident
 * (physical), its spaces, V8's own malloc, the process's anonymous and file RSS, and the steady
 * timer's stalls since the previous sample (../capacity/stalls.ts). On SIGWINCH, a full collection
 * (through a gc of its own, from a new context: the bot's global has none), then the heap after
 * it; the stall that collection causes is left out of the stall figures.
 */
export const PROBE = `
import v8 from 'node:v8';
import vm from 'node:vm';
import { readFileSync } from 'node:fs';
${STALL_TIMER}
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc');
const botCollects = typeof globalThis.gc === 'function';
const write = (kind, extra) => {
  const h = v8.getHeapStatistics();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (f) => Number(new RegExp(f + ':\\\\s+(\\\\d+) kB').exec(status)?.[1] ?? 0);
  process.stderr.write(${JSON.stringify(PROBE_MARK)} + JSON.stringify({
    kind, botCollects, memory: process.memoryUsage(),
    rss: kb('VmRSS') * 1024, rssAnon: kb('RssAnon') * 1024, rssFile: kb('RssFile') * 1024,
    heapSize: h.total_heap_size, physical: h.total_physical_size, used: h.used_heap_size,
    malloced: h.malloced_memory, external: h.external_memory,
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, [s.space_size, s.space_physical_size, s.space_used_size]])),
    ...extra,
  }) + '\\n');
};
process.on('SIGUSR2', () => setImmediate(() => write('sample', { stalls: stalls.window() })));
process.on('SIGWINCH', () => setImmediate(() => {
  const started = performance.now();
  collect();
  stalls.skip();
  write('afterGc', { gcMs: Math.round((performance.now() - started) * 10) / 10 });
}));
`;

export interface ProbeLine {
  /** `sample`: as the bot is; `afterGc`: after a full collection the probe forced. */
  kind: 'sample' | 'afterGc';
  /** Whether the bot's own SIGUSR2 handler collects (it must not: no --expose-gc). */
  botCollects: boolean;
  memory: NodeJS.MemoryUsage;
  rss: number;
  rssAnon: number;
  rssFile: number;
  heapSize: number;
  physical: number;
  used: number;
  malloced: number;
  external: number;
  spaces: Record<string, [number, number, number]>;
  /** The steady timer's stalls since the previous sample (`sample` lines). */
  stalls?: StallFigures;
  /** How long the forced collection took (`afterGc` lines). */
  gcMs?: number;
}

/** What the bot's log says, read line by line as it comes (not kept whole). */

export class BotLog {
  readonly warnings = new Map<string, number>();
  readonly errors = new Map<string, number>();
  /** The first line of each error message, shortened. */
  readonly errorSamples = new Map<string, string>();
  unhandled = 0;
  uncaught = 0;
  /** Lines that are not JSON (a crash's stack trace, node's own warnings). */
  readonly other: string[] = [];
  otherCount = 0;
  stopped = false;
  private probeLines: ProbeLine[] = [];
  /** The first line of each warning message, shortened. */
  readonly warningSamples = new Map<string, string>();
  private partial = '';

  take(chunk: Buffer): void {
    const lines = (this.partial + chunk.toString('utf8')).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  private line(line: string): void {
    if (line.trim() === '') return;
    if (line.startsWith(PROBE_MARK)) {
      this.probeLines.push(JSON.parse(line.slice(PROBE_MARK.length)) as ProbeLine);
      return;
    }
    if (/uncaught/i.test(line)) this.uncaught += 1;
    if (!line.startsWith('{')) {
      this.otherCount += 1;
      if (this.other.length < 20) this.other.push(line.slice(0, 300));
      return;
    }
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level < 40 && !line.includes('"msg":"stopped"')) return;
    const entry = JSON.parse(line) as {
      level: number;
      msg?: string;
      err?: { type?: string; code?: string | number; message?: string };
    };
    const msg = entry.msg ?? '';
    // The message, and what failed (numbers out, so alike failures count together).
    const cause = entry.err
      ? ` (${entry.err.code ?? entry.err.type}: ${(entry.err.message ?? '').replace(/\d+/g, 'N').slice(0, 80)})`
      : '';
    if (msg === 'stopped') this.stopped = true;
    if (msg === 'unhandled rejection') this.unhandled += 1;
    if (level >= 50) {
      this.errors.set(msg + cause, (this.errors.get(msg + cause) ?? 0) + 1);
      if (!this.errorSamples.has(msg)) this.errorSamples.set(msg, line.slice(0, 700));
    } else if (level >= 40) {
      this.warnings.set(msg + cause, (this.warnings.get(msg + cause) ?? 0) + 1);
      if (!this.warningSamples.has(msg)) this.warningSamples.set(msg, line.slice(0, 700));
    }
  }

  /** The probe's next line of `kind` (10 s at most), then forgotten. */
  async probeLine(kind: ProbeLine['kind']): Promise<ProbeLine | undefined> {
    this.probeLines = [];
    for (let i = 0; i < 1000 && !this.probeLines.some((line) => line.kind === kind); i += 1) await sleep(10);
    return this.probeLines.find((line) => line.kind === kind);
  }
}
