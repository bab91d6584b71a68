/** The scale bench's conditions, read from the environment once. */

export const QUICK = process.env.BENCH_QUICK === '1';
export const SERVERS = (process.env.BENCH_SCALE_SERVERS ?? (QUICK ? '200,2000' : '1000,10000'))
  .split(',')
  .map(Number);
export const IGNORED_SERVERS = SERVERS[0] as number;
export const MESSAGES = Number(process.env.BENCH_SCALE_MESSAGES ?? (QUICK ? 100_000 : 1_000_000));
export const BATCH = QUICK ? 20_000 : 100_000;
export const CHANNELS = 10;
export const MEMBERS = 3;
/** Discord's most servers per shard. */
export const PER_SHARD = 2500;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
export const MiB = 1024 * 1024;
