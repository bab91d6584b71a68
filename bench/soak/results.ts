/** The soak's files: bench/results/soak.json and its plot, and for an hour or more soak-hour too. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { MINUTES } from './conditions.js';
import { writeSoakPlot } from './plot.js';
import type { soakReport } from './report.js';

type SoakReport = ReturnType<typeof soakReport>;

/** `heapGrowth`: the two heap snapshots compared (BENCH_SOAK_SNAPSHOTS=1), else undefined. */
export function writeSoakResults(report: SoakReport, heapGrowth: unknown): void {
  mkdirSync('bench/results', { recursive: true });
  // An hour or more is also kept as soak-hour: the docs show it beside the 10-minute run.
  for (const name of MINUTES >= 60 ? ['soak', 'soak-hour'] : ['soak']) {
    writeFileSync(`bench/results/${name}.json`, `${JSON.stringify({ ...report, heapGrowth }, null, 2)}\n`);
    writeSoakPlot(report, name);
  }
}
