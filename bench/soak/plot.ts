/**
 * The soak as a picture (issue 32): the bot's RSS, V8's heap (committed and in use), external
 * memory over the minutes of the run, the heap after each forced collection as dots, the store's
 * restarts shaded, and the RSS slope judged (its window and the fitted line). Pure: a report in,
 * an SVG string out; writeSoakPlot writes bench/results/soak.svg (and soak.png, rendered as the
 * side-by-side plot is). 800 px wide, as docs/performance.md shows its plots.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeXml, renderPng } from '../../src/spend/chart.js';
import { TARGET_SLOPE } from './conditions.js';
import type { soakReport } from './report.js';
import type { TimelinePoint } from './sampler.js';

type SoakReport = ReturnType<typeof soakReport>;

const WIDTH = 800;
const HEIGHT = 440;
const LEFT = 62;
const RIGHT = WIDTH - 20;
const TOP = 104;
const BOTTOM = HEIGHT - 44;
const TEXT = '#2e3338';
const MUTED = '#6a7480';

interface Series {
  readonly label: string;
  readonly colour: string;
  readonly value: (point: TimelinePoint) => number | null;
}

const SERIES: readonly Series[] = [
  { label: 'RSS', colour: '#5865F2', value: (p) => p.rssMiB },
  { label: 'V8 heap committed', colour: '#9aa3b5', value: (p) => p.heapTotalMiB },
  { label: 'heap in use', colour: '#E8A33D', value: (p) => p.heapUsedMiB },
  { label: 'external', colour: '#8e5bb5', value: (p) => p.externalMiB },
];
const AFTER_GC = '#2e7d32';

/** 1, 2 or 5 times a power of ten: about `steps` grid steps up to `max`. */
function gridStep(max: number, steps: number): number {
  const rough = Math.max(max, 1e-9) / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].find((step) => step * power >= rough) ?? 10) * power;
}

function text(x: number, y: number, content: string, size = 12, fill = TEXT, anchor = ''): string {
  const anchored = anchor ? ` text-anchor="${anchor}"` : '';
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}" fill="${fill}"${anchored}>${escapeXml(content)}</text>`;
}

/** Least squares of RSS over the window: the line the judged slope is. */
function rssFit(points: readonly TimelinePoint[]): { slope: number; intercept: number } | undefined {
  if (points.length < 2) return undefined;
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.minute, 0) / n;
  const my = points.reduce((sum, p) => sum + p.rssMiB, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.minute - mx) ** 2, 0);
  if (sxx === 0) return undefined;
  const slope = points.reduce((sum, p) => sum + (p.minute - mx) * (p.rssMiB - my), 0) / sxx;
  return { slope, intercept: my - slope * mx };
}

export function soakPlotSvg(report: SoakReport): string {
  const timeline = report.timeline;
  const maxMinute = Math.max(1e-9, ...timeline.map((point) => point.minute));
  const maxMiB = Math.max(1, ...timeline.flatMap((p) => SERIES.map((s) => s.value(p) ?? 0)));
  const yStep = gridStep(maxMiB, 5);
  const yMax = Math.ceil((maxMiB * 1.05) / yStep) * yStep;
  const xStep = gridStep(maxMinute, 8);
  const x = (minute: number) => LEFT + (minute / maxMinute) * (RIGHT - LEFT);
  const y = (mib: number) => BOTTOM - (mib / yMax) * (BOTTOM - TOP);
  const parts: string[] = [];
  const slope = report.rssSlopeMiBPerMin;
  parts.push(
    text(
      12,
      22,
      `Soak: the bot's memory over ${report.minutes} minutes${report.quick ? ' (quick run)' : ''}`,
      16,
    ),
    text(
      12,
      42,
      `RSS slope over ${report.rssSlopeOver}: ${slope ?? 'not measured'} MiB/min (target ≤ ${TARGET_SLOPE}); no collections forced but at the dots`,
      12,
      MUTED,
    ),
  );
  // The store's restarts, then the judged window.
  for (const restart of report.restarts) {
    const from = x(restart.atMinute);
    const width = Math.max(1, x(restart.atMinute + restart.downSeconds / 60) - from);
    parts.push(
      `<rect x="${from.toFixed(1)}" y="${TOP}" width="${width.toFixed(1)}" height="${BOTTOM - TOP}" fill="#f4d6d6"/>`,
    );
  }
  const windowX = x(report.rssSlopeFromMinute);
  const windowWidth = Math.max(1, x(report.rssSlopeToMinute) - windowX);
  parts.push(
    `<rect x="${windowX.toFixed(1)}" y="${TOP}" width="${windowWidth.toFixed(1)}" height="${BOTTOM - TOP}" fill="#5865F2" fill-opacity="0.05"/>`,
  );
  for (let tick = 0; tick <= yMax + yStep / 2; tick += yStep) {
    parts.push(
      `<line x1="${LEFT}" x2="${RIGHT}" y1="${y(tick).toFixed(1)}" y2="${y(tick).toFixed(1)}" stroke="#e3e5e8"/>`,
      text(LEFT - 6, y(tick) + 4, `${tick}`, 11, MUTED, 'end'),
    );
  }
  for (let tick = 0; tick <= maxMinute + 1e-9; tick += xStep) {
    parts.push(
      `<line x1="${x(tick).toFixed(1)}" x2="${x(tick).toFixed(1)}" y1="${BOTTOM}" y2="${BOTTOM + 4}" stroke="${MUTED}"/>`,
      text(x(tick), BOTTOM + 17, `${Number(tick.toFixed(2))}`, 11, MUTED, 'middle'),
    );
  }
  parts.push(
    text(LEFT - 6, TOP - 6, 'MiB', 11, MUTED, 'end'),
    text((LEFT + RIGHT) / 2, HEIGHT - 10, 'minutes since the traffic started', 11, MUTED, 'middle'),
  );
  for (const series of SERIES) {
    const points = timeline.flatMap((point) => {
      const value = series.value(point);
      return value === null ? [] : [`${x(point.minute).toFixed(1)},${y(value).toFixed(1)}`];
    });
    parts.push(
      `<polyline class="series" data-series="${escapeXml(series.label)}" points="${points.join(' ')}" fill="none" stroke="${series.colour}" stroke-width="2"/>`,
    );
  }
  for (const point of timeline)
    if (point.heapAfterGcMiB !== null)
      parts.push(
        `<circle class="after-gc" cx="${x(point.minute).toFixed(1)}" cy="${y(point.heapAfterGcMiB).toFixed(1)}" r="3.5" fill="${AFTER_GC}"/>`,
      );
  const from = report.rssSlopeFromMinute;
  const to = report.rssSlopeToMinute;
  const line = rssFit(timeline.filter((point) => point.minute >= from && point.minute <= to));
  parts.push(
    `<line x1="${x(to).toFixed(1)}" x2="${x(to).toFixed(1)}" y1="${TOP}" y2="${BOTTOM}" stroke="${MUTED}" stroke-dasharray="2 3"/>`,
    text(x(to) - 4, TOP + 12, 'traffic ends', 11, MUTED, 'end'),
  );
  if (line) {
    parts.push(
      `<line class="fit" x1="${x(from).toFixed(1)}" y1="${y(line.intercept + line.slope * from).toFixed(1)}" x2="${x(to).toFixed(1)}" y2="${y(line.intercept + line.slope * to).toFixed(1)}" stroke="${TEXT}" stroke-width="1.5" stroke-dasharray="5 3"/>`,
    );
  }
  // The legend, in one row.
  const legend: [string, string][] = [
    ...SERIES.map((series): [string, string] => [series.label, series.colour]),
    ['heap after a forced GC', AFTER_GC],
    ['store down', '#f4d6d6'],
  ];
  let legendX = 12;
  for (const [label, colour] of legend) {
    parts.push(
      `<rect x="${legendX}" y="56" width="14" height="11" fill="${colour}"/>`,
      text(legendX + 19, 66, label, 12),
    );
    legendX += 19 + label.length * 6.8 + 14;
  }
  parts.push(
    `<line x1="12" x2="40" y1="80" y2="80" stroke="${TEXT}" stroke-width="1.5" stroke-dasharray="5 3"/>`,
    text(46, 84, 'the RSS slope judged, fitted over its window (shaded blue)', 11, MUTED),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans, sans-serif"><rect width="100%" height="100%" fill="#ffffff"/>${parts.join('')}</svg>`;
}

/** bench/results/soak.svg and soak.png; also in $PLOTS_DIR when set (the docs' images). */
/** `name`: `soak`, or `soak-hour` for the hour-long run (kept beside the 10-minute one). */
export function writeSoakPlot(report: SoakReport, name = 'soak'): void {
  const svg = soakPlotSvg(report);
  const png = renderPng(svg);
  for (const dir of ['bench/results', ...(process.env.PLOTS_DIR ? [process.env.PLOTS_DIR] : [])]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.svg`), svg);
    writeFileSync(join(dir, `${name}.png`), png);
    console.error(`soak: plot written to ${join(dir, `${name}.svg`)} (and ${name}.png)`);
  }
}
