/**
 * A process seen from outside, on Linux: its CPU time and memory from /proc (the benches' bot
 * process); and the machine it ran on, and how busy that was.
 */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

export function processFigures(pid: number): { cpuSeconds: number; rssMiB: number; peakRssMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return {
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    rssMiB: kb('VmRSS') / 1024,
    peakRssMiB: kb('VmHWM') / 1024,
  };
}

/** Microseconds some task waited for a CPU since boot (Linux PSI), when the kernel reports it. */
export function cpuPressureMicros(): number | undefined {
  try {
    return Number(/^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]);
  } catch {
    return undefined;
  }
}

/** The machine, as the reports name it: CPU model and count, RAM, and node's version. */
export function machineFigures() {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    ramGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
  };
}
