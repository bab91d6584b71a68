import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAT_MODELS } from '../../../src/service/models.js';
import { amountToMicros, chatCostMicros, formatMoney, imageCostMicros } from '../../../src/spend/cost.js';
import { loadPriceList, type PriceList } from '../../../src/spend/prices.js';

const shipped = loadPriceList('prices.json');
if (!shipped.ok) throw new Error(shipped.problems.join('\n'));
const prices: PriceList = shipped.prices;
const model = fc.constantFrom(...CHAT_MODELS);
const tokens = fc.integer({ min: 0, max: 5_000_000 });

describe('cost (integer micro-units)', () => {
  it('rounds each request up to the next micro-unit, as documented', () => {
    // flash: 0.1 per million input, 0.4 per million output → 1 input token = 0.1 micro-units.
    expect(chatCostMicros(prices, 'service-v1-flash', 1, 0)).toBe(1);
    expect(chatCostMicros(prices, 'service-v1-flash', 10, 0)).toBe(1);
    expect(chatCostMicros(prices, 'service-v1-flash', 11, 0)).toBe(2);
    expect(chatCostMicros(prices, 'service-v1-flash', 1_000_000, 1_000_000)).toBe(500_000);
    expect(chatCostMicros(prices, 'service-v1-flash', 0, 0)).toBe(0);
  });

  it('property: never negative, an integer, and exactly ceil(price × tokens / 1e6)', () => {
    fc.assert(
      fc.property(model, tokens, tokens, (m, input, output) => {
        const cost = chatCostMicros(prices, m, input, output);
        const p = prices.chat[m];
        const exact = input * p.inputMicrosPerMillion + output * p.outputMicrosPerMillion;
        expect(Number.isInteger(cost)).toBe(true);
        expect(cost).toBeGreaterThanOrEqual(0);
        expect(cost * 1_000_000).toBeGreaterThanOrEqual(exact);
        expect((cost - 1) * 1_000_000).toBeLessThan(exact);
      }),
    );
  });

  it('property: monotone in input and output tokens', () => {
    fc.assert(
      fc.property(
        model,
        tokens,
        tokens,
        fc.nat(10_000),
        fc.nat(10_000),
        (m, input, output, more, moreOut) => {
          expect(chatCostMicros(prices, m, input + more, output + moreOut)).toBeGreaterThanOrEqual(
            chatCostMicros(prices, m, input, output),
          );
        },
      ),
    );
  });

  it('property: additive up to the one-micro-unit rounding of each request', () => {
    fc.assert(
      fc.property(model, tokens, tokens, tokens, tokens, (m, a, b, c, d) => {
        const separate = chatCostMicros(prices, m, a, b) + chatCostMicros(prices, m, c, d);
        const together = chatCostMicros(prices, m, a + c, b + d);
        expect(separate - together).toBeGreaterThanOrEqual(0);
        expect(separate - together).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('property: images cost n × the size price, exactly additive', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('512x512', '1024x1024', '2048x2048' as const),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (size, n, m) => {
          expect(imageCostMicros(prices, size, n + m)).toBe(
            imageCostMicros(prices, size, n) + imageCostMicros(prices, size, m),
          );
          expect(imageCostMicros(prices, size, n)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('formats money without floats in the ledger', () => {
    expect(formatMoney(1_234_567, 'USD')).toBe('USD 1.234567');
    expect(formatMoney(500_000, 'EUR')).toBe('EUR 0.50');
    expect(formatMoney(12_000_000_000, 'USD')).toBe('USD 12,000.00');
    expect(formatMoney(1, 'USD')).toBe('USD 0.000001');
    expect(amountToMicros(25.5)).toBe(25_500_000);
  });
});
