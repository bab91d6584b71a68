/**
 * Figures from outside the bot: its event-loop delay from /metrics, this process's
 * own heap; and the arithmetic of the report (slopes, quantiles).
 */
import { execFileSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MiB, round } from './conditions.js';

// This process's own full collection, to show the local Discord and the fake service stay flat.
setFlagsFromString('--expose-gc');
const benchGc = runInNewContext('gc') as () => void;

/** The bot's event-loop delay (prom-client's figures since the previous scrape). */
export async function scrapeLag(port: number): Promise<{ p99Ms: number; maxMs: number } | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const value = (name: string) =>
      round(
        Number(new RegExp(`^bot_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]) * 1000,
        2,
      );
    return { p99Ms: value('p99'), maxMs: value('max') };
  } catch {
    return undefined;
  }
}

/** Least-squares slope of y over x. */
export function slope(points: readonly { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  if (sxx === 0) return null;
  return points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0) / sxx;
}

export function benchHeapAfterGc(): number {
  benchGc();
  return round(process.memoryUsage().heapUsed / MiB);
}

export function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

export function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0, 2);
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}
