import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlans, type PlansResult, parsePlans, plansCurrencyProblem } from '../../../src/spend/plans.js';
import { loadPriceList, type PriceList } from '../../../src/spend/prices.js';

const SERVER = '1234567890123456789';
const MEMBER = '12345678901234567';
const CREDIT = '12345678901234567890';

/** The shape of the issue, exactly. */
const ISSUE_SHAPE = {
  freeMonthlyUsd: 0.5,
  skus: {
    [SERVER]: { kind: 'server', monthlyUsd: 20 },
    [MEMBER]: { kind: 'member', dailyUsd: 2 },
    [CREDIT]: { kind: 'credit', usd: 10 },
  },
};

function problemsOf(result: PlansResult): string[] {
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

const dir = mkdtempSync(join(tmpdir(), 'plans-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('plan file', () => {
  it('accepts the exact shape of the issue, in micro-units', () => {
    const result = loadPlans(file('plans.json', JSON.stringify(ISSUE_SHAPE)));
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.plans.freeMonthlyMicros).toBe(500_000);
    expect([...result.plans.skus]).toEqual([
      [SERVER, { kind: 'server', monthlyMicros: 20_000_000 }],
      [MEMBER, { kind: 'member', dailyMicros: 2_000_000 }],
      [CREDIT, { kind: 'credit', micros: 10_000_000 }],
    ]);
  });

  it('allows a free allowance of 0, an empty skus and extra optional fields', () => {
    const result = parsePlans({
      freeMonthlyUsd: 0,
      skus: {},
      note: 'launch prices',
    });
    expect(result).toEqual({ ok: true, plans: { freeMonthlyMicros: 0, skus: new Map() } });
    const named = parsePlans({
      freeMonthlyUsd: 1,
      skus: { [SERVER]: { kind: 'server', monthlyUsd: 5, name: 'Pro' } },
    });
    expect(named.ok && named.plans.skus.get(SERVER)).toEqual({ kind: 'server', monthlyMicros: 5_000_000 });
  });

  it('converts amounts exactly, with no float drift', () => {
    const result = parsePlans({
      freeMonthlyUsd: 0.1,
      skus: {
        // 16.4 × 1e6 and 1.000007 × 1e6 are 16399999.999999998 and 1000007.0000000001 in floats
        [SERVER]: { kind: 'server', monthlyUsd: 16.4 },
        [MEMBER]: { kind: 'member', dailyUsd: 0.000001 },
        [CREDIT]: { kind: 'credit', usd: 1.234567 },
        '40000000000000000': { kind: 'credit', usd: 1.000007 },
      },
    });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.plans.freeMonthlyMicros).toBe(100_000);
    expect(result.plans.skus.get(SERVER)).toEqual({ kind: 'server', monthlyMicros: 16_400_000 });
    expect(result.plans.skus.get(MEMBER)).toEqual({ kind: 'member', dailyMicros: 1 });
    expect(result.plans.skus.get(CREDIT)).toEqual({ kind: 'credit', micros: 1_234_567 });
    expect(result.plans.skus.get('40000000000000000')).toEqual({ kind: 'credit', micros: 1_000_007 });
  });

  it('names every problem in one line with its field path', () => {
    const problems = problemsOf(
      parsePlans({
        freeMonthlyUsd: -1,
        skus: {
          '1234': { kind: 'server', monthlyUsd: 20 },
          [SERVER]: { kind: 'server', monthlyUsd: 0 },
          [MEMBER]: { kind: 'member', dailyUsd: '2' },
          [CREDIT]: { kind: 'credit', usd: 0.0000001 },
          '11111111111111111': { kind: 'gift', usd: 1 },
          '22222222222222222': 'server',
          '33333333333333333': { kind: 'credit', usd: Number.NaN },
          '44444444444444444': { kind: 'member', monthlyUsd: 2 },
        },
      }),
    );
    expect(problems).toEqual([
      'freeMonthlyUsd must be an amount in USD, 0 or more, e.g. 0.5 (at most 6 decimals)',
      // '1234' is an array index, so JavaScript lists it first; the others keep the file's order.
      'skus.1234 is not a Discord SKU id: use the 17 to 20 digit id from the Developer Portal',
      `skus.${SERVER}.monthlyUsd must be a positive amount in USD, e.g. 20 (at most 6 decimals, for a "server" SKU)`,
      `skus.${MEMBER}.dailyUsd must be a positive amount in USD, e.g. 2 (at most 6 decimals, for a "member" SKU)`,
      `skus.${CREDIT}.usd must be a positive amount in USD, e.g. 10 (at most 6 decimals, for a "credit" SKU)`,
      'skus.11111111111111111.kind must be one of "server", "member", "credit"',
      'skus.22222222222222222 must be an object with a kind and an amount, e.g. {"kind": "server", "monthlyUsd": 20}',
      'skus.33333333333333333.usd must be a positive amount in USD, e.g. 10 (at most 6 decimals, for a "credit" SKU)',
      'skus.44444444444444444.dailyUsd must be a positive amount in USD, e.g. 2 (at most 6 decimals, for a "member" SKU)',
    ]);
  });

  it('refuses ids that are not snowflakes, whatever their length or characters', () => {
    for (const id of [
      '1234567890123456',
      '123456789012345678901',
      'abcdefghijklmnopq',
      ' 12345678901234567',
    ]) {
      const problems = problemsOf(
        parsePlans({ freeMonthlyUsd: 0, skus: { [id]: { kind: 'credit', usd: 1 } } }),
      );
      expect(problems).toEqual([
        `skus.${id} is not a Discord SKU id: use the 17 to 20 digit id from the Developer Portal`,
      ]);
    }
  });

  it('refuses a missing free allowance, a missing or wrong skus, and a file that is not an object', () => {
    expect(problemsOf(parsePlans({ skus: [] }))).toEqual([
      'freeMonthlyUsd must be an amount in USD, 0 or more, e.g. 0.5 (at most 6 decimals)',
      'skus must be an object of SKU ids, e.g. {"123456789012345678": {"kind": "credit", "usd": 10}}',
    ]);
    expect(problemsOf(parsePlans({ freeMonthlyUsd: '0.5', skus: {} }))).toHaveLength(1);
    expect(problemsOf(parsePlans({ freeMonthlyUsd: 0.5 }))).toHaveLength(1);
    expect(problemsOf(parsePlans([ISSUE_SHAPE]))).toEqual(['the plan file must be a JSON object']);
    expect(problemsOf(parsePlans(null))).toEqual(['the plan file must be a JSON object']);
  });

  it('reports a missing file and bad JSON in one line each', () => {
    const missing = join(dir, 'missing.json');
    expect(problemsOf(loadPlans(missing))).toEqual([`cannot read ${missing}: ENOENT`]);
    const bad = file('bad.json', '{"freeMonthlyUsd": 0.5,');
    expect(problemsOf(loadPlans(bad))).toEqual([`${bad} is not valid JSON`]);
    expect(problemsOf(loadPlans(dir))).toEqual([`cannot read ${dir}: EISDIR`]);
  });

  it('applies only with a price list in USD', () => {
    const shipped = loadPriceList('prices.json');
    if (!shipped.ok) throw new Error(shipped.problems.join('\n'));
    expect(plansCurrencyProblem(shipped.prices)).toBeUndefined();
    const euros: PriceList = { ...shipped.prices, currency: 'EUR' };
    expect(plansCurrencyProblem(euros)).toBe(
      "the plan file's amounts are in USD but the price list's currency is EUR: use a price list in USD or remove PLANS_FILE",
    );
  });
});
