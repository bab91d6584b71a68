import { describe, expect, it } from 'vitest';
import {
  atLeast,
  atMost,
  below,
  holds,
  judged,
  mbInMiB,
  notJudged,
  verdictLine,
} from '../../../bench/run/verdict.js';

describe("the benches' verdicts", () => {
  it('judge each bound at its edge, and a value not measured as a miss', () => {
    expect(atMost('rss', 320, 320, 'MiB').met).toBe(true);
    expect(atMost('rss', 320.01, 320, 'MiB').met).toBe(false);
    expect(below('p99', 50, 50, 'ms').met).toBe(false);
    expect(below('p99', 49.9, 50, 'ms').met).toBe(true);
    expect(atLeast('charges', 10_000, 10_000, '/s').met).toBe(true);
    expect(atLeast('charges', null, 10_000, '/s')).toMatchObject({ met: false, value: null });
    expect(atMost('rss', Number.NaN, 320, 'MiB').met).toBe(false);
    expect(holds('exact', false).met).toBe(false);
  });

  it('a report is met only when every verdict is; a figure not judged never fails it', () => {
    const verdicts = [atMost('rss', 300, 320, 'MiB'), notJudged('slope', 7, 'MiB/min', 'a quick run')];
    expect(judged({ a: 1 }, verdicts)).toMatchObject({ a: 1, targetMet: true });
    expect(judged({}, [...verdicts, holds('exact', false)]).targetMet).toBe(false);
    expect(verdictLine(atMost('rss', 400, 320, 'MiB'))).toBe('MISSED  rss: 400 MiB (target ≤ 320 MiB)');
    // 400 MB is not 400 MiB.
    expect(mbInMiB(400)).toBe(381.47);
  });
});
