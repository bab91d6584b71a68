/** The soak's conditions (read from the environment once) and the small helpers every part uses. */

export const QUICK = process.env.BENCH_QUICK === '1';
/** `tsx bench/soak.ts --long`: the hour-long soak (issue 32); BENCH_SOAK_MINUTES wins over both. */
export const LONG = process.argv.includes('--long');
export const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? (LONG ? 60 : QUICK ? 1.25 : 10));
export const RUN_S = MINUTES * 60;
/**
 * The RSS slope judged: over the last 30 minutes of the traffic, or its last half when it is
 * shorter than an hour (said so in the report).
 */
export const SLOPE_WINDOW_MIN = Math.min(30, MINUTES / 2);
export const SLOPE_WINDOW_LABEL =
  SLOPE_WINDOW_MIN === 30 ? 'the last 30 minutes' : `the last half of the run (${SLOPE_WINDOW_MIN} min)`;
/**
 * The bot collects garbage on its own; the soak forces a full collection (to read the heap
 * after GC) only before the traffic, at the first sample after the warm-up, every GC_EVERY_S
 * (BENCH_SOAK_GC_EVERY_MIN, default 5), at the end of the traffic and at the very end.
 */
export const GC_EVERY_S = Number(process.env.BENCH_SOAK_GC_EVERY_MIN ?? 5) * 60;
/** Samples before this are the warm-up (JIT, caches filling, V8 sizing its heap). */
export const WARMUP_S = QUICK ? 20 : Math.min(120, RUN_S * 0.2);
export const SAMPLE_S = QUICK ? 5 : 15;
/** 3 in 10 minutes (1 in a quick run), one more per 10 minutes of a longer soak. */
export const RESTARTS = Number(
  process.env.BENCH_SOAK_RESTARTS ?? (QUICK ? 1 : Math.max(3, Math.round(MINUTES / 10))),
);
export const DOWN_S = Number(process.env.BENCH_SOAK_DOWN_S ?? 5);
/** After the traffic stops, how long requests may take to get their final reply. */
export const DRAIN_S = 60;
export const SNAPSHOTS = process.env.BENCH_SOAK_SNAPSHOTS === '1';

export const GUILDS = 100;
export const CHANNELS_PER_GUILD = 10;
export const ASK_CHANNELS = 20;
export const ASKS_PER_S = 3;
export const MENTIONS_PER_S = 1;
export const IMAGE_EVERY_S = 4;
export const FLOOD_PER_S = 200;
export const FLOOD_MEMBERS = 50_000;
export const REPLY_WORDS = 60;
export const REPLY_CHUNKS = 30;
export const REPLY_INTERVAL_MS = 80;
/** A request's messages and interaction stay in the local Discord this long after its final reply. */
export const KEEP_ANSWERED_MS = 60_000;
/** Issue 32's targets: RSS slope (SLOPE_WINDOW_MIN) in MiB a minute; the longest stall. */
export const TARGET_SLOPE = 0.5;
export const TARGET_STALL_MS = 200;

export const MiB = 1024 * 1024;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
export const seconds = (since: number) => (performance.now() - since) / 1000;

/** Whether the sample `atS` seconds into the traffic forces a collection (see GC_EVERY_S). */
export function forcesGc(atS: number): boolean {
  const firstAfterWarmup = atS >= WARMUP_S && atS - SAMPLE_S < WARMUP_S;
  return atS === 0 || firstAfterWarmup || atS % GC_EVERY_S === 0 || atS + SAMPLE_S > RUN_S;
}
