import { describe, expect, it } from 'vitest';
import { daysBetween, summarize } from '../../../src/spend/aggregate.js';

describe('summaries', () => {
  it('fills every day of the range', () => {
    const summary = summarize(daysBetween('2026-02-27', '2026-03-02'), new Map());
    expect(summary.byDay.map((d) => d.day)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(summary.costMicros).toBe(0);
  });
});
