/**
 * bench/docsTables: the targets table made from the benches' verdicts, and the generated region
 * of a markdown file replaced with everything around it kept.
 */
import { describe, expect, it } from 'vitest';
import { collectEntries, parseSummary, type Summary } from '../../../bench/docsTables/entries.js';
import { figuresRegion } from '../../../bench/docsTables/figures.js';
import { replaceRegion } from '../../../bench/docsTables/region.js';
import { entryRows, targetsRegion } from '../../../bench/docsTables/render.js';
import { streamingRegion } from '../../../bench/docsTables/streaming.js';

const summaryJson = {
  date: '2026-11-28T08:42:08.156Z',
  quick: false,
  machine: {
    cpu: 'Intel(R) Xeon(R) Processor @ 2.50GHz',
    cores: 2,
    ramGiB: 23.5,
    node: 'v24.21.0',
    date: '2026-11-28T08:42:08.156Z',
    loadAverage1mAtStart: 0.6,
  },
  benches: {
    capacity: {
      status: 'missed',
      seconds: 60,
      result: {
        verdicts: [
          {
            measure: 'RSS peak at 1,000 streams',
            value: 402.5,
            unit: 'MiB',
            target: '≤ 320 MiB',
            met: false,
          },
          { measure: 'event-loop delay p99', value: 11.4, unit: 'ms', target: '< 50 ms', met: true },
          { measure: 'all replies exact', value: true, unit: '', target: 'yes', met: true },
          { measure: 'share of a core', value: null, unit: '', target: '≤ 0.5', met: false },
        ],
        targetMet: false,
      },
    },
    ledger: { status: 'ok', seconds: 5, result: { chargesPerSecond: 78503 } },
    startup: { status: 'failed', seconds: 3, result: null },
    soak: { status: 'skipped', seconds: 0, result: null },
    load: { status: 'skipped', seconds: 0, result: null },
  },
};

function summary(): Summary {
  const parsed = parseSummary(summaryJson);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

const earlier = (name: string) =>
  name === 'soak'
    ? { result: { quick: true, rssSlopeMiBPerMin: 4 }, date: '2026-11-27T10:00:00.000Z' }
    : undefined;

describe('the targets table', () => {
  const entries = collectEntries(summary(), ['capacity', 'history'], earlier);

  it('has one row per verdict, met or missed, with its measured value, unit and bench', () => {
    const capacity = entries.find((entry) => entry.name === 'capacity');
    expect(capacity && entryRows(capacity)).toEqual([
      '| RSS peak at 1,000 streams | ≤ 320 MiB | 402.5 MiB | **no** | `capacity` |',
      '| event-loop delay p99 | < 50 ms | 11.4 ms | yes | `capacity` |',
      '| all replies exact | yes | yes | yes | `capacity` |',
      '| share of a core | ≤ 0.5 | not measured | **no** | `capacity` |',
    ]);
  });

  it('says which benches are not judged, failed, from an earlier run or without a result', () => {
    const region = targetsRegion(summary(), entries);
    expect(region).toContain(
      'Run: full (`npm run bench`), 2026-11-28 08:42 UTC, on 2 × Intel(R) Xeon(R) Processor @ 2.50GHz, 23.5 GiB, Node v24.21.0, load average (1 min) 0.6 at start.',
    );
    expect(region).toContain('4 targets judged in code, **2 missed**.');
    expect(region).toContain('| not judged in code yet | - | - | - | `ledger` |');
    expect(region).toContain(
      '| the bench failed (see bench/results/startup.log) | - | - | **no** | `startup` (failed in this run) |',
    );
    expect(region).toContain(
      '| not judged in code yet | - | - | - | `soak` (earlier quick run, 2026-11-27 10:00 UTC) |',
    );
    expect(region).toContain('| no result | - | - | - | `load` |');
    expect(region).toContain('| no result | - | - | - | `history` |');
    expect(region).toContain('Not judged in code yet: `ledger`, `soak`.');
  });

  it('keeps a pipe in a measure inside its cell', () => {
    const [row] = entryRows({
      name: 'x',
      kind: 'run',
      result: { verdicts: [{ measure: 'a | b', value: 1, unit: 'ms', target: '< 2 ms', met: true }] },
    });
    expect(row).toBe('| a \\| b | < 2 ms | 1 ms | yes | `x` |');
  });

  it('refuses a summary without its machine', () => {
    expect(parseSummary({ ...summaryJson, machine: undefined })).toMatch(/no machine/);
  });
});

describe('the generated region', () => {
  const text = [
    '# Title',
    '',
    'Prose before.',
    '<!-- bench:targets begin -->',
    'old table',
    '<!-- bench:targets end -->',
    'Prose after, kept  exactly.\r',
    '',
  ].join('\n');

  it('is replaced and everything outside its markers kept byte for byte', () => {
    const replaced = replaceRegion(text, 'targets', '| new | table |');
    expect(replaced).toBe(
      [
        '# Title',
        '',
        'Prose before.',
        '<!-- bench:targets begin -->',
        '',
        '| new | table |',
        '',
        '<!-- bench:targets end -->',
        'Prose after, kept  exactly.\r',
        '',
      ].join('\n'),
    );
    expect(replaceRegion(replaced, 'targets', '| new | table |')).toBe(replaced);
  });

  it('is an error without its end marker, without its begin marker, or marked twice', () => {
    expect(() => replaceRegion(text.replace('<!-- bench:targets end -->', ''), 'targets', 'x')).toThrow(
      /no "<!-- bench:targets end -->" marker/,
    );
    expect(() => replaceRegion(text, 'other', 'x')).toThrow(/no "<!-- bench:other begin -->" marker/);
    expect(() => replaceRegion(`${text}${text}`, 'targets', 'x')).toThrow(/marked twice/);
  });
});

describe('the streaming table', () => {
  const policy = (over: Record<string, unknown>) => ({
    replies: 50,
    firstVisibleMs: { mean: 30.4, p50: 30, p95: 32.2, max: 40 },
    meanStalenessMs: { mean: 281, p50: 280, p95: 290, max: 286 },
    finalLagMs: { mean: 29.4, p50: 29, p95: 32.1, max: 35 },
    notFinal: 0,
    editsPerReply: 74,
    rateLimited429: 0,
    exact: 50,
    ...over,
  });
  const result = {
    date: '2026-11-28T12:20:00.000Z',
    quick: false,
    conditions: { tokens: 1500, streamMs: 30_000, finalWaitMs: 2000 },
    levels: [
      {
        replies: 50,
        policies: {
          ours: policy({}),
          discordOllama: policy({ finalLagMs: undefined, notFinal: 50, exact: 0 }),
        },
      },
    ],
  };

  it('has a row per level and policy, ours in bold, replies not final named with the wait', () => {
    const { body, problem } = streamingRegion(result);
    expect(problem).toBeUndefined();
    expect(body).toContain('a full run, 2026-11-28 12:20 UTC, 1,500-token replies over 30 s');
    expect(body).toContain('| 50 | **ours** | **30/32** | **0.28/0.29** | **29/32** | 74 | 0 | 50/50 |');
    expect(body).toContain(
      '| 50 | discord-ollama-like (edit/chunk) | 30/32 | 0.28/0.29 | > 2 s: 50/50 | 74 | 0 | 0/50 |',
    );
    expect(body.split('\n').filter((line) => line.startsWith('| 50 '))).toHaveLength(2);
  });

  it('says there are no results when the file is missing or holds no levels', () => {
    expect(streamingRegion(undefined).problem).toMatch(/sideBySide.json/);
    expect(streamingRegion({ date: 'x' }).body).toMatch(/^No results/);
  });
});

describe('the figures tables', () => {
  const titles = (name: string) => `Title of ${name}`;

  it('shows each bench’s picked figures under its title, an earlier result with its date, the hour soak as a soak', () => {
    const body = figuresRegion(
      [
        { name: 'capacity', kind: 'run', result: { streams: 1000, botRssMiB: { idle: 149.2, peak: 385.5 } } },
        {
          name: 'soak-hour',
          kind: 'earlier',
          date: '2026-11-28T12:10:00.000Z',
          result: { minutes: 60, store: 'postgres', storeRestarts: 6 },
        },
        { name: 'startup', kind: 'run', result: { ms: 900 } },
        { name: 'export', kind: 'none' },
      ],
      titles,
    );
    expect(body).toContain('**Title of capacity** (`capacity`)\n\n| measure | figure |');
    expect(body).toContain('| bot RSS idle / peak (target ≤ 320 MiB) | 149.2 / 385.5 MiB |');
    expect(body).toContain('**Title of soak-hour** (`soak-hour`) (earlier run, 2026-11-28 12:10 UTC)');
    expect(body).toContain('| minutes / store / store restarts | 60 / postgres / 6 |');
    // No picked figures (startup) or no result (export): no section.
    expect(body).not.toContain('startup');
    expect(body).not.toContain('export');
  });

  it('says there are no results when no bench has any', () => {
    expect(figuresRegion([{ name: 'capacity', kind: 'none' }], titles)).toMatch(/^No results/);
  });
});
