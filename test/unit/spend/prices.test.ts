import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPriceList, type PriceList, parsePriceList, toMicros } from '../../../src/spend/prices.js';

const shipped = loadPriceList('prices.json');
if (!shipped.ok) throw new Error(shipped.problems.join('\n'));
const prices: PriceList = shipped.prices;

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
