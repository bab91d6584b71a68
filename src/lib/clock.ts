/** Injected wherever time matters, so tests and benchmarks control or observe it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
