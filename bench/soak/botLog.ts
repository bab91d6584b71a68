/**
 * The bot's output, read as it comes: warnings, errors, unhandled rejections, its memory lines, and
 * the lines of a probe preloaded into it that say where its RSS is.
 */
import { sleep } from './conditions.js';

const PROBE_MARK = 'SOAK_PROBE ';

/**
 * Preloaded into the bot (`--import data:`, nothing in the bot's code): on SIGUSR2, once the
 * bot's own handler has collected garbage, where its memory is: V8's heap as committed
 * (heapSize) and as resident (physical), V8's own malloc, and the process's anonymous and file
 * RSS. RSS minus the resident heap is the memory outside V8's heap (native: malloc, buffers, code).
 */
export const PROBE = `
import v8 from 'node:v8';
import { readFileSync } from 'node:fs';
process.on('SIGUSR2', () => setImmediate(() => {
  const h = v8.getHeapStatistics();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (f) => Number(new RegExp(f + ':\\\\s+(\\\\d+) kB').exec(status)?.[1] ?? 0);
  process.stderr.write(${JSON.stringify(PROBE_MARK)} + JSON.stringify({
    rss: kb('VmRSS') * 1024, rssAnon: kb('RssAnon') * 1024, rssFile: kb('RssFile') * 1024,
    heapSize: h.total_heap_size, physical: h.total_physical_size, used: h.used_heap_size,
    malloced: h.malloced_memory, external: h.external_memory,
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, [s.space_size, s.space_physical_size, s.space_used_size]])),
  }) + '\\n');
}));
`;

export interface ProbeLine {
  rss: number;
  rssAnon: number;
  rssFile: number;
  heapSize: number;
  physical: number;
  used: number;
  malloced: number;
  external: number;
  spaces: Record<string, [number, number, number]>;
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
  private memoryLines: NodeJS.MemoryUsage[] = [];
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
    if (level < 40 && !line.includes('"memory in use"') && !line.includes('"msg":"stopped"')) return;
    const entry = JSON.parse(line) as {
      level: number;
      msg?: string;
      memory?: NodeJS.MemoryUsage;
      err?: { type?: string; code?: string | number; message?: string };
    };
    const msg = entry.msg ?? '';
    // The message, and what failed (numbers out, so alike failures count together).
    const cause = entry.err
      ? ` (${entry.err.code ?? entry.err.type}: ${(entry.err.message ?? '').replace(/\d+/g, 'N').slice(0, 80)})`
      : '';
    if (msg === 'memory in use' && entry.memory) this.memoryLines.push(entry.memory);
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

  /** The memory line and the probe's line logged after SIGUSR2 (10 s at most), then forgotten. */
  async memoryNow(): Promise<{ memory?: NodeJS.MemoryUsage; probe?: ProbeLine }> {
    this.memoryLines = [];
    this.probeLines = [];
    for (let i = 0; i < 1000 && (this.memoryLines.length === 0 || this.probeLines.length === 0); i += 1)
      await sleep(10);
    const [memory] = this.memoryLines;
    const [probe] = this.probeLines;
    return { ...(memory && { memory }), ...(probe && { probe }) };
  }
}
