/**
 * The side-by-side figures as a picture: one panel per measure (first visible, staleness, final
 * lag), in each a pair of bars per policy (1 and 50 replies at once), each bar labelled with its
 * figure. Pure: a report in, an SVG string out (plotFile.ts renders it). 800 px wide, the width
 * docs/performance.md shows it at, so 1 px of SVG is 1 px on the page.
 */
import { escapeXml } from '../../src/spend/chart.js';
import { isBot, POLICY_KEYS, POLICY_LABELS, type PolicyKey } from './conditions.js';
import type { LevelReport, PolicyLevel, SideBySideReport } from './report.js';

export const PLOT_WIDTH = 800;
/** The levels the plot shows: one reply alone, and 50 at once (the first-visible target's). */
export const PLOT_LEVELS = [1, 50] as const;
const LEVEL_COLOURS = ['#5865F2', '#E8A33D'];

export interface PlotMeasure {
  readonly title: string;
  readonly unit: 'ms' | 's';
  /** The mean, in `unit`; undefined: no figure. */
  value(policy: PolicyLevel): number | undefined;
  /** Replies that never got there within the wait (final lag only): drawn as "> wait". */
  missing?(policy: PolicyLevel): number;
}

export const PLOT_MEASURES: readonly PlotMeasure[] = [
  {
    title: 'First visible: first token to text on Discord (mean, ms)',
    unit: 'ms',
    value: (p) => p.firstVisibleMs?.mean,
  },
  {
    title: 'Staleness: age of text sent but not yet shown (mean, s)',
    unit: 's',
    value: (p) => (p.meanStalenessMs ? p.meanStalenessMs.mean / 1000 : undefined),
  },
  {
    title: 'Final lag: last token to the exact final text (mean, ms)',
    unit: 'ms',
    value: (p) => p.finalLagMs?.mean,
    missing: (p) => p.notFinal,
  },
];

const LABEL_X = 12;
const BARS_X = 245;
const BARS_RIGHT = PLOT_WIDTH - 70;
const BAR_HEIGHT = 13;
const POLICY_GAP = 10;
const PANEL_TITLE = 26;
const AXIS_ROOM = 22;
const TEXT = '#2e3338';
const MUTED = '#6a7480';

/** 1, 2 or 5 times a power of ten: about four grid steps up to `max`. */
function gridStep(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].find((step) => step * power >= rough) ?? 10) * power;
}

const figure = (value: number, unit: PlotMeasure['unit']) =>
  unit === 's' ? `${value.toFixed(2)} s` : `${Math.round(value).toLocaleString('en')} ms`;

interface TextStyle {
  size?: number;
  bold?: boolean;
  anchor?: 'middle' | 'end';
  fill?: string;
}

function text(x: number, y: number, content: string, style: TextStyle = {}): string {
  const { size = 12, bold = false, anchor, fill = TEXT } = style;
  const extra = `${bold ? ' font-weight="bold"' : ''}${anchor ? ` text-anchor="${anchor}"` : ''}`;
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(content)}</text>`;
}

function panel(
  measure: PlotMeasure,
  levels: readonly LevelReport[],
  policies: readonly PolicyKey[],
  finalWaitMs: number,
  top: number,
): { svg: string; height: number } {
  const wait = measure.unit === 's' ? finalWaitMs / 1000 : finalWaitMs;
  const bars = policies.flatMap((key) =>
    levels.map((level) => {
      const policy = level.policies[key];
      const missing = policy ? (measure.missing?.(policy) ?? 0) : 0;
      return { key, level, policy, value: policy ? measure.value(policy) : undefined, missing };
    }),
  );
  const max = Math.max(1e-9, ...bars.map((bar) => (bar.missing > 0 ? wait : (bar.value ?? 0))));
  const step = gridStep(max);
  const axisMax = Math.ceil(max / step) * step;
  const x = (value: number) => BARS_X + (value / axisMax) * (BARS_RIGHT - BARS_X);
  const groupHeight = levels.length * BAR_HEIGHT + POLICY_GAP;
  const plotTop = top + PANEL_TITLE;
  const plotBottom = plotTop + policies.length * groupHeight;
  const parts = [text(LABEL_X, top + 16, measure.title, { size: 14, bold: true })];
  for (let tick = 0; tick <= axisMax + step / 2; tick += step) {
    parts.push(
      `<line x1="${x(tick).toFixed(1)}" x2="${x(tick).toFixed(1)}" y1="${plotTop - 4}" y2="${plotBottom}" stroke="#e3e5e8"/>`,
      text(x(tick), plotBottom + 15, figure(tick, measure.unit), { size: 11, anchor: 'middle', fill: MUTED }),
    );
  }
  policies.forEach((key, index) => {
    const groupTop = plotTop + index * groupHeight;
    parts.push(
      text(LABEL_X, groupTop + (levels.length * BAR_HEIGHT) / 2 + 4, POLICY_LABELS[key], {
        bold: isBot(key),
      }),
    );
  });
  bars.forEach((bar, index) => {
    const policyIndex = Math.floor(index / levels.length);
    const levelIndex = index % levels.length;
    const y = plotTop + policyIndex * groupHeight + levelIndex * BAR_HEIGHT;
    const colour = LEVEL_COLOURS[levelIndex % LEVEL_COLOURS.length];
    // Replies still not final when the wait ended: a faded bar to the wait, "> 2 s".
    const end = bar.missing > 0 ? wait : (bar.value ?? 0);
    const width = Math.max(1, x(end) - BARS_X);
    const label =
      bar.policy === undefined
        ? 'not run'
        : bar.missing > 0
          ? `not final after ${figure(wait, measure.unit)}: ${bar.missing}/${bar.policy.replies} replies`
          : bar.value === undefined
            ? 'none'
            : figure(bar.value, measure.unit);
    parts.push(
      `<rect class="bar" data-policy="${bar.key}" data-replies="${bar.level.replies}" x="${BARS_X}" y="${(y + 1).toFixed(1)}" width="${width.toFixed(1)}" height="${BAR_HEIGHT - 2}" fill="${colour}"${bar.missing > 0 ? ' fill-opacity="0.35"' : ''}/>`,
    );
    // Figures right of their bar (the axis leaves room); the long not-final note on its faded bar.
    const inside = bar.missing > 0;
    parts.push(
      text(
        inside ? BARS_X + width - 4 : BARS_X + width + 4,
        y + BAR_HEIGHT - 2.5,
        label,
        inside ? { size: 11, anchor: 'end' } : { size: 11 },
      ),
    );
  });
  return { svg: parts.join(''), height: plotBottom + AXIS_ROOM - top };
}

/** The plot of a side-by-side report: every measure, for every policy at PLOT_LEVELS. */
export function streamingPlotSvg(report: SideBySideReport): string {
  const shown = report.levels.filter((level) => (PLOT_LEVELS as readonly number[]).includes(level.replies));
  const levels = shown.length > 0 ? shown : report.levels.slice(0, 2);
  const policies = POLICY_KEYS.filter((key) => levels.some((level) => level.policies[key]));
  const c = report.conditions;
  const head = [
    text(LABEL_X, 22, `Streaming side by side${report.quick ? ' (quick run)' : ''}: lower is better`, {
      size: 16,
      bold: true,
    }),
    text(
      LABEL_X,
      42,
      `${c.tokens.toLocaleString('en')}-token replies over ${c.streamMs / 1000} s; fake Discord ${c.rateLimit}, ${c.restDelayMs} ms per REST call`,
      { fill: MUTED },
    ),
    ...levels.flatMap((level, index) => {
      const x = LABEL_X + index * 200;
      return [
        `<rect x="${x}" y="54" width="14" height="11" fill="${LEVEL_COLOURS[index % LEVEL_COLOURS.length]}"/>`,
        text(x + 20, 64, `${level.replies} ${level.replies === 1 ? 'reply' : 'replies'} at once per policy`),
      ];
    }),
  ];
  let top = 78;
  const panels: string[] = [];
  for (const measure of PLOT_MEASURES) {
    const drawn = panel(measure, levels, policies, c.finalWaitMs, top);
    panels.push(drawn.svg);
    top += drawn.height + 12;
  }
  const height = Math.ceil(top);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PLOT_WIDTH}" height="${height}" viewBox="0 0 ${PLOT_WIDTH} ${height}" font-family="DejaVu Sans, sans-serif"><rect width="100%" height="100%" fill="#ffffff"/>${head.join('')}${panels.join('')}</svg>`;
}
