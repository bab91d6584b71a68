/**
 * Cost arithmetic, in integer micro-units (1e-6 of the currency); never floats.
 *
 * Rounding rule: a chat request costs ceil((input × input price + output × output price) / 1e6)
 * micro-units, prices being micro-units per million tokens: one rounding per request, always up,
 * so the ledger never shows less than the service can bill. Images cost n × the price per image
 * (the size's price when the list has one), exactly.
 */
import type { ChatModel } from '../service/models.js';
import type { ImageSize } from '../service/types.js';
import type { PriceList } from './prices.js';
import type { UsageRecord } from './records.js';

const MILLION = 1_000_000n;

export function chatCostMicros(
  prices: Pick<PriceList, 'chat'>,
  model: ChatModel,
  inputTokens: number,
  outputTokens: number,
): number {
  const price = prices.chat[model];
  const numerator =
    BigInt(inputTokens) * BigInt(price.inputMicrosPerMillion) +
    BigInt(outputTokens) * BigInt(price.outputMicrosPerMillion);
  return Number((numerator + MILLION - 1n) / MILLION);
}

export function imagePriceMicros(
  prices: Pick<PriceList, 'imageMicros' | 'imageMicrosBySize'>,
  size: ImageSize,
): number {
  return prices.imageMicrosBySize[size] ?? prices.imageMicros;
}

export function imageCostMicros(
  prices: Pick<PriceList, 'imageMicros' | 'imageMicrosBySize'>,
  size: ImageSize,
  n: number,
): number {
  return n * imagePriceMicros(prices, size);
}

/** What one billed request costs at these prices. */
export function recordCostMicros(prices: PriceList, record: UsageRecord): number {
  return record.kind === 'chat'
    ? chatCostMicros(prices, record.model as ChatModel, record.inputTokens, record.outputTokens)
    : imageCostMicros(prices, record.size as ImageSize, record.n);
}

/**
 * Money in English, for logs, the usage CLI, CSV and the dashboard: the currency code and up to 6
 * decimals, trailing zeros trimmed to 2. What members read in Discord goes through
 * `Translator.money` (i18n/format.ts), in their locale.
 */
export function formatMoney(micros: number, currency: string): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / 1_000_000);
  let fraction = String(abs % 1_000_000).padStart(6, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}${currency} ${whole.toLocaleString('en-US')}.${fraction}`;
}

/** An amount typed by an admin (currency units) to micro-units. */
export function amountToMicros(amount: number): number {
  return Math.round(amount * 1_000_000);
}
