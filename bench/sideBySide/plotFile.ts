/** The streaming plot as PNG, rendered as the bot renders its /usage chart (resvg, no browser). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPng } from '../../src/spend/chart.js';
import { streamingPlotSvg } from './plot.js';
import type { SideBySideReport } from './report.js';

/** Always bench/results/streaming.png; also $PLOTS_DIR/streaming.png (`npm run plots`: the docs'). */
export function writeStreamingPlot(report: SideBySideReport): void {
  const png = renderPng(streamingPlotSvg(report));
  const dirs = ['bench/results', ...(process.env.PLOTS_DIR ? [process.env.PLOTS_DIR] : [])];
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'streaming.png'), png);
    console.error(`side by side: plot written to ${join(dir, 'streaming.png')}`);
  }
}
