/**
 * Event-loop stalls counted for their length (issue 32): a steady timer in the bot process (part
 * of a probe preloaded into it, as JavaScript source) fires every STALL_INTERVAL_MS and notes how
 * late each tick came (the gap since the previous tick minus the interval). A stall of 500 ms is
 * one late tick of 490 ms here, where a 1 ms-resolution histogram counts it as one sample among
 * hundreds taken while the loop was idle. Figures: the longest stall, how many ticks came more
 * than 50 and 200 ms late, and the share of the elapsed time spent in stalls over 50 ms (the sum
 * of those ticks' lateness over the time elapsed).
 */

export const STALL_INTERVAL_MS = 10;
export const STALL_OVER_MS = 50;
export const STALL_LONG_MS = 200;

/**
 * JavaScript (a probe's source) defining `stalls`: `read()` the figures since the last `reset()`,
 * `window()` the figures since the previous `window()` (then starts a new one), `skip()` forgets
 * the gap in progress (a collection the probe forced itself). The timer is unref'd: it never
 * keeps the bot alive.
 */
export const STALL_TIMER = `
const stalls = (() => {
  const every = ${STALL_INTERVAL_MS};
  const make = () => ({ since: performance.now(), ticks: 0, maxMs: 0, over: 0, overMs: 0, long: 0 });
  let all = make();
  let win = make();
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - every;
    last = now;
    for (const s of [all, win]) {
      s.ticks += 1;
      if (late > s.maxMs) s.maxMs = late;
      if (late > ${STALL_OVER_MS}) { s.over += 1; s.overMs += late; }
      if (late > ${STALL_LONG_MS}) s.long += 1;
    }
  }, every).unref();
  const r = (v, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
  const figures = (s) => {
    const elapsedMs = performance.now() - s.since;
    return {
      elapsedS: r(elapsedMs / 1000, 1), ticks: s.ticks, maxStallMs: r(s.maxMs),
      stallsOver${STALL_OVER_MS}Ms: s.over, stallsOver${STALL_LONG_MS}Ms: s.long,
      msInStallsOver${STALL_OVER_MS}Ms: r(s.overMs, 0),
      shareInStallsOver${STALL_OVER_MS}Ms: elapsedMs > 0 ? r(s.overMs / elapsedMs, 4) : 0,
    };
  };
  return {
    reset() { all = make(); win = make(); },
    read: () => figures(all),
    window() { const f = figures(win); win = make(); return f; },
    skip() { last = performance.now(); },
  };
})();
`;

/** What `stalls.read()` and `stalls.window()` give. */
export interface StallFigures {
  elapsedS: number;
  /** Timer ticks seen: about elapsed / STALL_INTERVAL_MS when the loop keeps up. */
  ticks: number;
  /** The latest a tick came: the longest stall. */
  maxStallMs: number;
  stallsOver50Ms: number;
  stallsOver200Ms: number;
  msInStallsOver50Ms: number;
  /** Time in stalls over 50 ms (their lateness summed) over the time elapsed: 0 to 1. */
  shareInStallsOver50Ms: number;
}

/** How the figures were taken, for the report beside them. */
export const STALL_METHOD = `a timer in the bot every ${STALL_INTERVAL_MS} ms; a stall is how late a tick came (gap minus ${STALL_INTERVAL_MS} ms); share: the lateness of ticks over ${STALL_OVER_MS} ms summed, over the time elapsed`;
