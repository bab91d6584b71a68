/**
 * The daily-spend bar chart of /usage: an SVG built here, rasterised to PNG by resvg (a
 * well-kept Rust renderer with Node bindings; no browser). Text uses the system's fonts; on a
 * machine without any, the bars and grid still render.
 */
import { createRequire } from 'node:module';
import { formatLocaleOf } from '../i18n/locales.js';
import type { Translator } from '../i18n/translator.js';
import { formatMoney } from './cost.js';

export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 320;

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** How the chart writes its axes: money on the left, days (YYYY-MM-DD, UTC) below. */
export interface ChartFormat {
  money(micros: number, currency: string): string;
  day(day: string): string;
}

/** The dashboard's (English): formatMoney, and days as MM-DD. */
export const ENGLISH_CHART: ChartFormat = { money: formatMoney, day: (day) => day.slice(5) };

/** The chart in a translator's locale: its money, and short days (e.g. "14. Nov."). */
export function chartFormat(t: Translator): ChartFormat {
  const short = new Intl.DateTimeFormat(formatLocaleOf(t.locale), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return { money: t.money, day: (day) => short.format(new Date(`${day}T00:00:00Z`)) };
}

export function dailySpendSvg(
  days: readonly { day: string; costMicros: number }[],
  currency: string,
  title: string,
  format: ChartFormat = ENGLISH_CHART,
): string {
  // Room for the longest money label, e.g. "0,000481 USD" or "USD 1,000,000.00".
  const left = 120;
  const right = 20;
  const top = 40;
  const bottom = 50;
  const plotWidth = CHART_WIDTH - left - right;
  const plotHeight = CHART_HEIGHT - top - bottom;
  const max = Math.max(1, ...days.map((d) => d.costMicros));
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const bars = days
    .map((d, i) => {
      const height = (d.costMicros / max) * plotHeight;
      const x = left + i * slot + (slot - barWidth) / 2;
      return `<rect x="${x.toFixed(1)}" y="${(top + plotHeight - height).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${height.toFixed(1)}" fill="#5865F2"/>`;
    })
    .join('');
  const every = Math.ceil(days.length / 10);
  const labels = days
    .map((d, i) =>
      i % every === 0
        ? `<text x="${(left + i * slot + slot / 2).toFixed(1)}" y="${CHART_HEIGHT - bottom + 18}" font-size="11" text-anchor="middle" fill="#4f5660">${escapeXml(format.day(d.day))}</text>`
        : '',
    )
    .join('');
  const grid = [0, 0.5, 1]
    .map((f) => {
      const y = top + plotHeight - f * plotHeight;
      return `<line x1="${left}" x2="${CHART_WIDTH - right}" y1="${y}" y2="${y}" stroke="#e3e5e8"/><text x="${left - 8}" y="${y + 4}" font-size="11" text-anchor="end" fill="#4f5660">${escapeXml(format.money(Math.round(max * f), currency))}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}"><rect width="100%" height="100%" fill="#ffffff"/><text x="${left}" y="24" font-size="15" font-weight="bold" fill="#060607">${escapeXml(title)}</text>${grid}${bars}${labels}</svg>`;
}

/** resvg is loaded at the first chart, not at start (nothing before /usage needs it). */
let resvg: typeof import('@resvg/resvg-js') | undefined;

export function renderPng(svg: string): Buffer {
  resvg ??= createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  const { Resvg } = resvg;
  return Buffer.from(
    new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().asPng(),
  );
}
