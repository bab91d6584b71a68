/**
 * /usage show's plan lines (pure, issue 31): the plan (free, or the server subscriptions), the
 * allowance left this month (never below zero), the credit balance (below zero after a refund of
 * credit already spent), and the credit packs not refunded; under the budget line, nothing
 * without plans.
 */
import { describe, expect, it } from 'vitest';
import { planLines, usageReport } from '../../../../commands/usage/show.js';
import type { CreditPack } from '../../../../src/plans/creditBook.js';
import type { PlanStatus } from '../../../../src/plans/planAccount.js';
import { summarize } from '../../../../src/spend/aggregate.js';
import { english } from '../../../helpers/english.js';

const pack = (entitlementId: string, micros: number, at: string, refunded = false): CreditPack => ({
  entitlementId,
  skuId: '1300000000000000003',
  micros,
  userId: null,
  at: Date.parse(`${at}Z`),
  ...(refunded && { refundedAt: Date.parse(`${at}Z`) + 1 }),
});

const free: PlanStatus = {
  serverSkus: [],
  allowanceMicros: 500_000,
  allowanceUsedMicros: 120_000,
  creditBalanceMicros: 0,
  packs: [],
};

describe('/usage show plan lines', () => {
  it('the free allowance: the plan, what is left of it, the credit balance; no pack line', () => {
    expect(planLines(free, 'USD', english)).toEqual([
      "Plan: free allowance; USD\u00a00.38 of this month's USD\u00a00.50 allowance left; credit balance USD\u00a00.00.",
    ]);
  });

  it('a subscribed server with credit packs: the count of subscriptions, the packs not refunded, the latest day', () => {
    const status: PlanStatus = {
      serverSkus: ['1300000000000000001', '1300000000000000004'],
      allowanceMicros: 20_500_000,
      allowanceUsedMicros: 21_000_000,
      creditBalanceMicros: -40_000,
      packs: [
        pack('e1', 10_000_000, '2026-11-02T10:00:00'),
        pack('e2', 80_000, '2026-11-20T10:00:00', true),
        pack('e3', 5_000_000, '2026-11-09T23:59:00'),
      ],
    };
    const [plan, credits, ...rest] = planLines(status, 'USD', english);
    expect(plan).toBe(
      english.t('spend.planLine', {
        plan: english.t('spend.planSubscribed', { count: 2 }),
        left: english.money(0, 'USD'),
        allowance: english.money(20_500_000, 'USD'),
        credit: english.money(-40_000, 'USD'),
      }),
    );
    expect(plan).toContain('server subscription (2)');
    expect(plan).toContain('credit balance -USD\u00a00.04.');
    expect(credits).toBe('Credit packs: 2, USD\u00a015.00 in all; the latest on Nov 9, 2026.');
    expect(rest).toEqual([]);
    // Every pack refunded: no pack line.
    const refunded = { ...status, packs: [pack('e2', 80_000, '2026-11-20T10:00:00', true)] };
    expect(planLines(refunded, 'USD', english)).toHaveLength(1);
  });

  it('the lines go under the budget line, and are absent without plans', () => {
    const summary = summarize(['2026-11-02'], new Map());
    const lines = planLines(free, 'USD', english);
    const report = usageReport(summary, 'USD', 'Today', 'BUDGET', english, lines).split('\n');
    expect(report.slice(1, 3)).toEqual(['BUDGET', ...lines]);
    const without = usageReport(summary, 'USD', 'Today', 'BUDGET', english).split('\n');
    expect(without.slice(1)).toEqual(['BUDGET']);
  });
});
