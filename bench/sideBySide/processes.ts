/** The processes of a round seen from outside: CPU seconds and peak RSS, and the machine. */
import { loadavg } from 'node:os';
import { machineFigures, processFigures } from '../processFigures.js';
import { round } from './measure.js';

/** A process that already exited (or never started) counts as 0. */
function figuresOf(pid: number | undefined) {
  if (pid === undefined) return undefined;
  try {
    return processFigures(pid);
  } catch {
    return undefined;
  }
}

export const cpuSecondsOf = (pid: number | undefined): number => figuresOf(pid)?.cpuSeconds ?? 0;

export const peakRssMiB = (pid: number | undefined): number => round(figuresOf(pid)?.peakRssMiB ?? 0);

export function machine() {
  return {
    ...machineFigures(),
    loadAverage1m: round(loadavg()[0] ?? 0),
  };
}
