/** The soak's conditions (read from the environment once) and the small helpers every part uses. */

export const QUICK = process.env.BENCH_QUICK === '1';
export const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? (QUICK ? 1.25 : 10));
export const RUN_S = MINUTES * 60;
/** Samples before this are the warm-up (JIT, caches filling, V8 sizing its heap). */
export const WARMUP_S = QUICK ? 20 : Math.min(120, RUN_S * 0.2);
export const SAMPLE_S = QUICK ? 5 : 15;
export const RESTARTS = Number(process.env.BENCH_SOAK_RESTARTS ?? (QUICK ? 1 : 3));
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
export const TARGET_SLOPE = 1;

export const MiB = 1024 * 1024;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
export const seconds = (since: number) => (performance.now() - since) / 1000;
