import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAT_MODELS } from '../../src/models.js';
import { amountToMicros, chatCostMicros, formatMoney, imageCostMicros } from '../../src/pricing/cost.js';
import { loadPriceList, type PriceList, parsePriceList, toMicros } from '../../src/pricing/prices.js';

const shipped = loadPriceList('prices.json');
if (!shipped.ok) throw new Error(shipped.problems.join('\n'));
const prices: PriceList = shipped.prices;
const model = fc.constantFrom(...CHAT_MODELS);
const tokens = fc.integer({ min: 0, max: 5_000_000 });

describe('price list', () => {
  it('the shipped file is valid and marked as placeholder', () => {
    expect(prices.currency).toBe('USD');
    expect(readFileSync('prices.json', 'utf8')).toMatch(/PLACEHOLDER/);
    expect(prices.chat['service-v1-flash']).toEqual({
      inputMicrosPerMillion: 100_000,
      outputMicrosPerMillion: 400_000,
    });
    expect(prices.imageMicrosBySize['2048x2048']).toBe(80_000);
  });

  it('names every bad entry', () => {
    const json = JSON.parse(readFileSync('prices.json', 'utf8'));
    json.chat['service-v1-pro'].input_per_million = -1;
    json.chat['service-v1-flash'].output_per_million = 'cheap';
    delete json.chat['service-v1-pro-extended'];
    json.chat['gpt-9'] = { input_per_million: 1, output_per_million: 1 };
    json.image.per_size['4096x4096'] = 1;
    json.image.per_image = 0.0000001;
    const result = parsePriceList(json);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = result.problems.join('\n');
    for (const entry of [
      'chat.service-v1-pro.input_per_million',
      'chat.service-v1-flash.output_per_million',
      'chat.service-v1-pro-extended is missing',
      'chat.gpt-9 is not a known model',
      'image.per_size.4096x4096 is not a known size',
      'image.per_image',
    ]) {
      expect(text).toContain(entry);
    }
  });

  it('converts prices to micro-units exactly, refusing more than 6 decimals', () => {
    expect(toMicros(0.1)).toBe(100_000);
    expect(toMicros(1.234567)).toBe(1_234_567);
    expect(toMicros(0.0000005)).toBeUndefined();
    expect(toMicros(-0.01)).toBeUndefined();
    expect(toMicros(Number.NaN)).toBeUndefined();
    expect(toMicros('1')).toBeUndefined();
  });
});

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
