/**
 * bench/docsTables: the targets table made from the benches' verdicts, and the generated region
 * of a markdown file replaced with everything around it kept.
 */
import { describe, expect, it } from 'vitest';
import { collectEntries, parseSummary, type Summary } from '../../../bench/docsTables/entries.js';
import { replaceRegion } from '../../../bench/docsTables/region.js';
import { entryRows, targetsRegion } from '../../../bench/docsTables/render.js';

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
