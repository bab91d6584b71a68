import { describe, expect, it } from 'vitest';
import { POLICY_KEYS, POLICY_LABELS, type PolicyKey } from '../../../bench/sideBySide/conditions.js';
import { PLOT_LEVELS, PLOT_MEASURES, streamingPlotSvg } from '../../../bench/sideBySide/plot.js';
import type { LevelReport, PolicyLevel, SideBySideReport } from '../../../bench/sideBySide/report.js';
import { renderPng } from '../../../src/spend/chart.js';

const stats = (mean: number) => ({ mean, p50: mean, p95: mean, max: mean });

function policyLevel(replies: number, scale: number, notFinal = 0): PolicyLevel {
  return {
    replies,
    deferredMs: stats(5),
    askedMs: stats(10),
    upstreamSeconds: stats(5),
    firstVisibleMs: stats(30 * scale),
    botShareOfFirstVisibleMs: stats(5),
    meanStalenessMs: stats(200 * scale),
    finalLagMs: notFinal === replies ? null : stats(40 * scale),
    notFinal,
    editsPerReply: 10,
    requestsPerReply: 12,
    rateLimited429: 0,
    exact: replies - notFinal,
    cpuSeconds: 1,
    peakRssMiB: 100,
  };
}

function level(replies: number): LevelReport {
  const policies: Partial<Record<PolicyKey, PolicyLevel>> = {};
  POLICY_KEYS.forEach((key, index) => {
    policies[key] = policyLevel(replies, index + 1, key === 'discordOllama' ? replies : 0);
  });
  return { replies, rounds: [], policies };
}

const report: SideBySideReport = {
  date: '2026-01-01T00:00:00.000Z',
  quick: true,
  machine: { cpu: 'test', cores: 2, ramGiB: 4, node: 'v24', loadAverage1m: 0 },
  conditions: {
    restDelayMs: 25,
    rateLimit: '5 edits per 2 s per token',
    tokens: 250,
    replyChars: 1400,
    streamMs: 5000,
    finalWaitMs: 2000,
    levels: [1, 10, 50],
  },
  levels: [level(1), level(10), level(50)],
  durationSeconds: 1,
};

describe('the side-by-side streaming plot', () => {
  const svg = streamingPlotSvg(report);

  it('has a panel for every measure, titled with its unit', () => {
    expect(PLOT_MEASURES.map((measure) => measure.title.split(':')[0])).toEqual([
      'First visible',
      'Staleness',
      'Final lag',
    ]);
    for (const measure of PLOT_MEASURES) {
      expect(svg).toContain(measure.title);
      expect(measure.title).toContain(`${measure.unit})`);
    }
  });

  it('names every policy and draws a bar per policy, level and measure (only the plotted levels)', () => {
    for (const name of ['ours', 'llmcord-like', 'discord-ollama-like', 'TuringAI-like'])
      expect(svg).toContain(`>${name}`);
    for (const key of POLICY_KEYS) expect(svg).toContain(POLICY_LABELS[key]);
    const bars = [...svg.matchAll(/class="bar" data-policy="(\w+)" data-replies="(\d+)"/g)];
    expect(bars).toHaveLength(POLICY_KEYS.length * PLOT_LEVELS.length * PLOT_MEASURES.length);
    for (const key of POLICY_KEYS) {
      for (const replies of PLOT_LEVELS) {
        const own = bars.filter((bar) => bar[1] === key && bar[2] === String(replies));
        expect(own, `${key} at ${replies}`).toHaveLength(PLOT_MEASURES.length);
      }
    }
  });

  it('labels bars with their figures, and replies not final within the wait as such', () => {
    expect(svg).toContain('>30 ms<');
    expect(svg).toContain('>0.20 s<');
    expect(svg).toContain('not final after 2,000 ms: 50/50 replies');
  });

  it('renders to a PNG', () => {
    const png = renderPng(svg);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
