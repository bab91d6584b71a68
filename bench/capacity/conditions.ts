/** The capacity bench's conditions, read from the environment once. */

export const QUICK = process.env.BENCH_QUICK === '1';
export const STREAMS = Number(process.env.BENCH_CAPACITY_STREAMS ?? (QUICK ? 100 : 1000));
export const TOKENS = QUICK ? 300 : 1500;
export const STREAM_MS = Number(process.env.BENCH_STREAM_MS ?? (QUICK ? 10_000 : 30_000));
export const SERVICE_MODE = process.env.BENCH_SERVICE === 'inline' ? 'inline' : 'child';
export const PROBE_MARK = 'CAPACITY_PROBE ';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Issue 32's targets for the round: RSS peak, CPU, event-loop delay p99, the longest stall. */
export const TARGET_RSS_MIB = 320;
export const TARGET_CPU_SHARE = 0.5;
export const TARGET_P99_MS = 50;
export const TARGET_STALL_MS = 200;
