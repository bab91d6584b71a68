/**
 * The plan gate, the ledger and the credit book together (real objects on a SQLite store): for
 * any interleaving of requests (reserved at their worst case, settled at less or the same),
 * purchases of credit, refunds and server subscriptions, what is left of the allowance plus the
 * credit (refunds set aside) never falls below what is in flight, and at the end the ledger's
 * sums match: every operator-paid micro-unit was paid by the allowance or by credit, and the
 * credit drawn is what was credited, less refunds, less the balance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.js';
import { allShards } from '../../../src/lib/shards.js';
import { createCreditBook } from '../../../src/plans/creditBook.js';
import { createEntitlementCache } from '../../../src/plans/entitlementCache.js';
import { planStatus } from '../../../src/plans/planAccount.js';
import { createPlanGate } from '../../../src/plans/planGate.js';
import { chatCostMicros } from '../../../src/spend/cost.js';
import { createLedger } from '../../../src/spend/ledger.js';
import type { Plans } from '../../../src/spend/plans.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import { utcDay } from '../../../src/spend/records.js';
import { freshStore } from '../../helpers/tempStore.js';

const SERVER_SKU = '1500000000000000001';
const PACK = 15_000;
const plans: Plans = {
  freeMonthlyMicros: 20_000,
  skus: new Map([
    [SERVER_SKU, { kind: 'server', monthlyMicros: 20_000 }],
    ['1500000000000000002', { kind: 'credit', micros: PACK }],
  ]),
};
const loaded = loadPriceList('prices.json');
if (!loaded.ok) throw new Error('prices');
const prices = loaded.prices;
const MODEL = 'service-v1-pro';
const logger = createLogger({ level: 'silent', secrets: [] });

type Op =
  | { t: 'ask'; input: number; max: number }
  | { t: 'settle'; pick: number; share: number }
  | { t: 'buy' }
  | { t: 'refund'; pick: number }
  | { t: 'subscribe' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('ask' as const),
      input: fc.nat(2_000),
      max: fc.integer({ min: 100, max: 2_000 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('settle' as const),
      pick: fc.nat(),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ t: 'buy' as const }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('refund' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ t: 'subscribe' as const }) },
);

describe('paid plans over the real ledger', () => {
  it('allowance plus credit never falls below what is in flight, and the ledger sums match', async () => {
    const { store } = await freshStore();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 50 }), async (ops) => {
        run += 1;
        const guildId = `9${String(run).padStart(17, '0')}`;
        const now = Date.now();
        const ledger = createLedger(store, prices, logger);
        const credits = createCreditBook(store);
        const cache = createEntitlementCache(plans, () => now);
        const account = { plans, entitlements: cache, ledger, credits };
        const gate = createPlanGate({
          plans,
          currency: 'USD',
          entitlements: cache,
          status: (id, at) => planStatus(account, id, at),
          memberDay: { store, ledger: { userDaySpendMicros: async () => 0 }, shards: allShards(1) },
          logger,
        });
        const flying: { estimate: number; release(): void; input: number; max: number; plan: unknown }[] = [];
        const bought: string[] = [];
        let refunded = 0;
        let credited = 0;
        let seq = 0;

        const check = async () => {
          const status = await planStatus(account, guildId, now);
          const inFlight = flying.reduce((sum, f) => sum + f.estimate, 0);
          const left =
            status.allowanceMicros - status.allowanceUsedMicros + status.creditBalanceMicros + refunded;
          expect(left).toBeGreaterThanOrEqual(inFlight);
          expect(status.allowanceUsedMicros).toBeLessThanOrEqual(status.allowanceMicros);
        };

        for (const step of ops) {
          if (step.t === 'ask') {
            const estimate = chatCostMicros(prices, MODEL, step.input, step.max);
            const held = await gate.reserve({
              guildId,
              userId: 'u',
              amountMicros: estimate,
              now,
              userInstall: false,
              paidByServerKey: false,
            });
            if (held.ok)
              flying.push({
                estimate,
                release: held.release,
                input: step.input,
                max: step.max,
                plan: held.plan,
              });
          } else if (step.t === 'settle' && flying.length > 0) {
            const [done] = flying.splice(step.pick % flying.length, 1);
            if (!done) continue;
            const outputTokens = Math.floor(done.max * step.share);
            seq += 1;
            await ledger.charge({
              kind: 'chat',
              id: `${guildId}-${seq}`,
              time: now,
              guildId,
              channelId: 'c',
              userId: 'u',
              model: MODEL,
              inputTokens: done.input,
              outputTokens,
              estimated: false,
              outcome: 'stop',
              ...(done.plan !== undefined && {
                plan: done.plan as { payer: 'server'; allowanceMicros: number },
              }),
            });
            done.release();
          } else if (step.t === 'buy') {
            const entitlementId = `${guildId}-pack-${bought.length}`;
            await credits.credit(guildId, {
              entitlementId,
              skuId: '1500000000000000002',
              micros: PACK,
              userId: null,
              at: now,
            });
            bought.push(entitlementId);
            credited += PACK;
          } else if (step.t === 'refund' && bought.length > 0) {
            const id = bought[step.pick % bought.length] as string;
            if (await credits.refund(guildId, id, now)) refunded += PACK;
          } else if (step.t === 'subscribe') {
            cache.apply({
              id: `${guildId}-sub-${seq}`,
              skuId: SERVER_SKU,
              userId: null,
              guildId,
              deleted: false,
              consumed: false,
              startsAt: null,
              endsAt: null,
            });
          }
          await check();
        }
        for (const done of flying.splice(0)) done.release();

        const entries = await ledger.entries(guildId, utcDay(now), utcDay(now));
        const paid = entries.reduce((sum, e) => sum + e.costMicros, 0);
        const fromCredit = entries.reduce((sum, e) => sum + (e.planDraw?.creditMicros ?? 0), 0);
        const status = await planStatus(account, guildId, now);
        expect(status.allowanceUsedMicros + fromCredit).toBe(paid);
        expect(credited - refunded - status.creditBalanceMicros).toBe(fromCredit);
        const month = (await ledger.monthTotals(guildId)).get(utcDay(now).slice(0, 7));
        expect(month?.plan?.creditMicros ?? 0).toBe(fromCredit);
        await ledger.close();
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
