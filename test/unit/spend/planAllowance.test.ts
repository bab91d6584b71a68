import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawOrder,
  memberDailyAllowance,
  serverMonthlyAllowance,
  settleDraw,
} from '../../../src/spend/planAllowance.js';
import type { Plans } from '../../../src/spend/plans.js';

const SERVER_A = '100000000000000001';
const SERVER_B = '100000000000000002';
const MEMBER_A = '200000000000000001';
const MEMBER_B = '200000000000000002';
const CREDIT = '300000000000000001';

const plans: Plans = {
  freeMonthlyMicros: 500_000,
  skus: new Map([
    [SERVER_A, { kind: 'server', monthlyMicros: 20_000_000 }],
    [SERVER_B, { kind: 'server', monthlyMicros: 5_000_000 }],
    [MEMBER_A, { kind: 'member', dailyMicros: 2_000_000 }],
    [MEMBER_B, { kind: 'member', dailyMicros: 1_000_000 }],
    [CREDIT, { kind: 'credit', micros: 10_000_000 }],
  ]),
};

describe('plan allowances', () => {
  it('a server has the free allowance plus each active server subscription, added up', () => {
    expect(serverMonthlyAllowance(plans, [])).toBe(500_000);
    expect(serverMonthlyAllowance(plans, [SERVER_A])).toBe(20_500_000);
    expect(serverMonthlyAllowance(plans, [SERVER_A, SERVER_B])).toBe(25_500_000);
    // the same SKU seen twice counts once; member, credit and unknown SKUs add nothing
    expect(serverMonthlyAllowance(plans, [SERVER_B, SERVER_B, MEMBER_A, CREDIT, '999999999999999999'])).toBe(
      5_500_000,
    );
    expect(serverMonthlyAllowance({ ...plans, freeMonthlyMicros: 0 }, [])).toBe(0);
  });

  it('a member has the sum of their active member subscriptions, 0 without one', () => {
    expect(memberDailyAllowance(plans, [])).toBe(0);
    expect(memberDailyAllowance(plans, [SERVER_A, CREDIT])).toBe(0);
    expect(memberDailyAllowance(plans, [MEMBER_A])).toBe(2_000_000);
    expect(memberDailyAllowance(plans, [MEMBER_A, MEMBER_B, MEMBER_A])).toBe(3_000_000);
  });
});

describe('draw order', () => {
  const base = { allowanceMicros: 1_000, spentThisMonthMicros: 0, creditBalanceMicros: 0, inFlightMicros: 0 };

  it('draws on the allowance first, then credit, then refuses with what is missing', () => {
    expect(drawOrder({ ...base, creditBalanceMicros: 500, requestMicros: 800 })).toEqual({
      ok: true,
      fromAllowance: 800,
      fromCredit: 0,
    });
    expect(
      drawOrder({ ...base, spentThisMonthMicros: 700, creditBalanceMicros: 500, requestMicros: 600 }),
    ).toEqual({ ok: true, fromAllowance: 300, fromCredit: 300 });
    expect(
      drawOrder({ ...base, spentThisMonthMicros: 700, creditBalanceMicros: 500, requestMicros: 900 }),
    ).toEqual({ ok: false, shortMicros: 100 });
    expect(drawOrder({ ...base, allowanceMicros: 0, requestMicros: 1 })).toEqual({
      ok: false,
      shortMicros: 1,
    });
    expect(drawOrder({ ...base, allowanceMicros: 0, requestMicros: 0 })).toEqual({
      ok: true,
      fromAllowance: 0,
      fromCredit: 0,
    });
  });

  it('counts what is in flight: first against the allowance, the rest against credit', () => {
    // 1000 allowance, 400 spent, 900 in flight: the allowance is taken, 300 of the credit too
    const busy = { ...base, spentThisMonthMicros: 400, creditBalanceMicros: 1_000, inFlightMicros: 900 };
    expect(drawOrder({ ...busy, requestMicros: 700 })).toEqual({
      ok: true,
      fromAllowance: 0,
      fromCredit: 700,
    });
    expect(drawOrder({ ...busy, requestMicros: 701 })).toEqual({ ok: false, shortMicros: 1 });
    // spent past the allowance (settled from credit, already off the balance): in-flight is all credit
    const past = { ...base, spentThisMonthMicros: 1_500, creditBalanceMicros: 1_000, inFlightMicros: 200 };
    expect(drawOrder({ ...past, requestMicros: 800 })).toEqual({
      ok: true,
      fromAllowance: 0,
      fromCredit: 800,
    });
    expect(drawOrder({ ...past, requestMicros: 801 })).toEqual({ ok: false, shortMicros: 1 });
    // a balance below zero (a refunded pack already spent) gives nothing, and takes nothing from the allowance
    expect(drawOrder({ ...base, creditBalanceMicros: -5_000, requestMicros: 1_000 })).toEqual({
      ok: true,
      fromAllowance: 1_000,
      fromCredit: 0,
    });
  });

  it('settles at the actual cost in the same order', () => {
    const settle = { allowanceMicros: 1_000, spentThisMonthMicros: 700 };
    expect(settleDraw({ ...settle, actualMicros: 200 })).toEqual({ fromAllowance: 200, fromCredit: 0 });
    expect(settleDraw({ ...settle, actualMicros: 500 })).toEqual({ fromAllowance: 300, fromCredit: 200 });
    expect(settleDraw({ ...settle, spentThisMonthMicros: 1_200, actualMicros: 50 })).toEqual({
      fromAllowance: 0,
      fromCredit: 50,
    });
  });
});

/** A request with its worst case and an actual cost ≤ it, a settlement, a credit pack or a refund. */
const step = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 3_000_000 }), fc.integer({ min: 0, max: 3_000_000 }))
      .map(([a, b]) => ({ type: 'request' as const, worst: Math.max(a, b), actual: Math.min(a, b) })),
    weight: 4,
  },
  { arbitrary: fc.nat().map((pick) => ({ type: 'settle' as const, pick })), weight: 3 },
  {
    arbitrary: fc.integer({ min: 1, max: 5_000_000 }).map((micros) => ({ type: 'buy' as const, micros })),
    weight: 1,
  },
  { arbitrary: fc.nat().map((pick) => ({ type: 'refund' as const, pick })), weight: 1 },
);

describe('draw order property', () => {
  it('never overdraws the allowance, nor credit past what was in flight at a refund; draws sum to actual costs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(step, { maxLength: 80 }),
        (allowance, steps) => {
          let spent = 0; // settled this month, from the allowance first
          let balance = 0; // credited packs − refunds − settled credit draws
          let allowanceUsed = 0;
          let creditUsed = 0;
          let drawn = 0;
          let acceptedActual = 0;
          /** The lowest balance refunds can justify: a refund's own deficit plus what was in flight. */
          let floor = 0;
          const inFlight: { worst: number; actual: number }[] = [];
          const packs: number[] = [];
          const inFlightTotal = () => inFlight.reduce((sum, r) => sum + r.worst, 0);
          const settle = (index: number) => {
            const [request] = inFlight.splice(index, 1);
            if (!request) return;
            const part = settleDraw({
              allowanceMicros: allowance,
              spentThisMonthMicros: spent,
              actualMicros: request.actual,
            });
            spent += request.actual;
            allowanceUsed += part.fromAllowance;
            creditUsed += part.fromCredit;
            balance -= part.fromCredit;
            drawn += part.fromAllowance + part.fromCredit;
          };
          const check = () => {
            expect(allowanceUsed).toBeLessThanOrEqual(allowance);
            expect(balance).toBeGreaterThanOrEqual(floor);
            expect(allowanceUsed + creditUsed).toBe(spent);
          };
          for (const s of steps) {
            if (s.type === 'request') {
              const quiet = inFlight.length === 0;
              const draw = drawOrder({
                allowanceMicros: allowance,
                spentThisMonthMicros: spent,
                creditBalanceMicros: balance,
                inFlightMicros: inFlightTotal(),
                requestMicros: s.worst,
              });
              const room = Math.max(0, allowance - spent);
              if (draw.ok) {
                expect(draw.fromAllowance + draw.fromCredit).toBe(s.worst);
                if (quiet) expect(draw.fromAllowance).toBe(Math.min(s.worst, room));
                inFlight.push(s);
                acceptedActual += s.actual;
              } else {
                expect(draw.shortMicros).toBeGreaterThan(0);
                if (quiet) expect(draw.shortMicros).toBe(s.worst - room - Math.max(0, balance));
              }
            } else if (s.type === 'settle') {
              if (inFlight.length > 0) settle(s.pick % inFlight.length);
            } else if (s.type === 'buy') {
              packs.push(s.micros);
              balance += s.micros;
            } else if (packs.length > 0) {
              const [refunded] = packs.splice(s.pick % packs.length, 1);
              balance -= refunded ?? 0;
              floor = Math.min(floor, balance - inFlightTotal());
            }
            check();
          }
          while (inFlight.length > 0) settle(0);
          check();
          expect(drawn).toBe(acceptedActual);
        },
      ),
    );
  });
});
