/** The scale bench's conditions, read from the environment once. */

export const QUICK = process.env.BENCH_QUICK === '1';
/**
 * The idle server counts, each in a fresh bot: the heap per idle server is the slope between the
 * first two (issue 32: 1 and 5,000 servers), the RSS target is read at the last (10,000).
 */
export const SERVERS = (process.env.BENCH_SCALE_SERVERS ?? (QUICK ? '1,2000' : '1,5000,10000'))
  .split(',')
  .map(Number);
/** The servers the ignored messages go to (a bot of its own). */
export const IGNORED_SERVERS = Number(process.env.BENCH_SCALE_IGNORED_SERVERS ?? (QUICK ? 200 : 1000));
export const MESSAGES = Number(process.env.BENCH_SCALE_MESSAGES ?? (QUICK ? 100_000 : 1_000_000));
export const BATCH = QUICK ? 20_000 : 100_000;
export const CHANNELS = 10;
export const MEMBERS = 3;
/** Discord's most servers per shard. */
export const PER_SHARD = 2500;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
export const MiB = 1024 * 1024;
