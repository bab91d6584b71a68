import { describe, expect, it } from 'vitest';
import { MAX_CAP, parseCap } from '../../../src/spend/caps.js';

describe('parseCap', () => {
  it('reads a cap in currency units as micro-units', () => {
    expect(parseCap(12.5)).toBe(12_500_000);
    expect(parseCap(0)).toBe(0);
    expect(parseCap(MAX_CAP)).toBe(MAX_CAP * 1_000_000);
  });

  it('is null when no cap was given', () => {
    expect(parseCap(undefined)).toBeNull();
    expect(parseCap(null)).toBeNull();
  });

  it('refuses what is not a number from 0 to MAX_CAP', () => {
    for (const value of [-0.01, MAX_CAP + 1, Number.NaN, Number.POSITIVE_INFINITY, '5']) {
      expect(parseCap(value)).toBe('invalid');
    }
  });
});
