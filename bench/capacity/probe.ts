/**
 * The bot process seen from inside and out: a probe preloaded into it (`--import data:`, nothing
 * in the bot's code) that prints its event-loop delay and memory on a signal; its threads' CPU.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { TICKS_PER_SECOND } from '../processFigures.js';
import { PROBE_MARK, round } from './conditions.js';
import { STALL_TIMER, type StallFigures } from './stalls.js';

/**
 * Preloaded into the bot: its event-loop delay since the last SIGWINCH (a 1 ms histogram, and the
 * stalls a steady timer saw, stalls.ts), and its memory, printed on SIGUSR2 (which the bot itself
 * answers with a log line at info level, off here).
 */
export const PROBE = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
${STALL_TIMER}
const h = monitorEventLoopDelay({ resolution: 1 });
const w = monitorEventLoopDelay({ resolution: 1 });
h.enable();
w.enable();
process.on('SIGWINCH', () => { h.reset(); w.reset(); stalls.reset(); });
process.on('SIGUSR2', () => {
  const ns = (v) => Math.round(v / 1e4) / 100;
  process.stderr.write(${JSON.stringify(PROBE_MARK)} + JSON.stringify({
    at: performance.now() + performance.timeOrigin,
    p50Ms: ns(h.percentile(50)), p90Ms: ns(h.percentile(90)), p99Ms: ns(h.percentile(99)),
    p999Ms: ns(h.percentile(99.9)), maxMs: ns(h.max), meanMs: ns(h.mean), samples: h.count,
    sinceLast: { p99Ms: ns(w.percentile(99)), maxMs: ns(w.max), maxStallMs: stalls.window().maxStallMs },
    stalls: stalls.read(),
    memory: process.memoryUsage(),
  }) + '\\n');
  w.reset();
});
`;

export interface ProbeLine {
  at: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  meanMs: number;
  samples: number;
  /** The event-loop delay since the previous line. */
  sinceLast: { p99Ms: number; maxMs: number; maxStallMs: number };
  /** The steady timer's stalls since the last SIGWINCH. */
  stalls: StallFigures;
  memory: NodeJS.MemoryUsage;
}

/**
 * CPU seconds of each kind of thread of a process (Linux): the main thread's JavaScript apart
 * from V8's helpers (concurrent marking, parallel scavenges), which the process figure includes.
 */
export function threadCpuSeconds(pid: number): Record<string, number> {
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

/** The bot's own event-loop figures (prom-client) since the previous scrape. */
export async function scrapeLag(port: number) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name: string) =>
    round(
      Number(new RegExp(`^bot_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]) * 1000,
      2,
    );
  return { p50Ms: value('p50'), p99Ms: value('p99'), maxMs: value('max'), meanMs: value('mean') };
}
