/**
 * The price list: per chat model an input and an output price per million tokens, and a price
 * per image (optionally per size), in one currency. Prices are decimals in the file and integer
 * micro-units (1e-6 of the currency) everywhere after loading.
 */

import { readJsonFile } from '../lib/jsonFile.js';
import { isRecord } from '../lib/objects.js';
import { CHAT_MODELS, type ChatModel } from '../service/models.js';
import { IMAGE_SIZES, type ImageSize } from '../service/types.js';

export interface ChatPrice {
  /** Micro-units per million input tokens. */
  readonly inputMicrosPerMillion: number;
  readonly outputMicrosPerMillion: number;
}

export interface PriceList {
  readonly currency: string;
  readonly chat: Readonly<Record<ChatModel, ChatPrice>>;
  readonly imageMicros: number;
  readonly imageMicrosBySize: Readonly<Partial<Record<ImageSize, number>>>;
}

export const MICROS = 1_000_000;

/** A decimal price to micro-units; undefined unless it is a finite, non-negative number with ≤ 6 decimals. */
export function toMicros(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  const micros = Math.round(value * MICROS);
  if (Math.abs(micros - value * MICROS) > 1e-6 * Math.max(1, micros)) return undefined;
  return Number.isSafeInteger(micros) ? micros : undefined;
}

/** Validates a parsed price file; every problem names its entry. */
export function parsePriceList(
  json: unknown,
): { ok: true; prices: PriceList } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (!isRecord(json)) return { ok: false, problems: ['the price file must be a JSON object'] };
  const currency = json.currency;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    problems.push('currency must be a three-letter code such as "USD"');
  }
  const chat: Partial<Record<ChatModel, ChatPrice>> = {};
  const chatJson = isRecord(json.chat) ? json.chat : {};
  if (!isRecord(json.chat)) problems.push('chat must be an object of model prices');
  for (const model of Object.keys(chatJson)) {
    if (!(CHAT_MODELS as readonly string[]).includes(model))
      problems.push(`chat.${model} is not a known model`);
  }
  for (const model of CHAT_MODELS) {
    const entry = chatJson[model];
    if (!isRecord(entry)) {
      problems.push(`chat.${model} is missing`);
      continue;
    }
    const input = toMicros(entry.input_per_million);
    const output = toMicros(entry.output_per_million);
    if (input === undefined)
      problems.push(`chat.${model}.input_per_million must be a non-negative number with at most 6 decimals`);
    if (output === undefined)
      problems.push(`chat.${model}.output_per_million must be a non-negative number with at most 6 decimals`);
    if (input !== undefined && output !== undefined)
      chat[model] = { inputMicrosPerMillion: input, outputMicrosPerMillion: output };
  }
  const image = isRecord(json.image) ? json.image : undefined;
  if (!image) problems.push('image must be an object with per_image');
  const imageMicros = toMicros(image?.per_image);
  if (image && imageMicros === undefined)
    problems.push('image.per_image must be a non-negative number with at most 6 decimals');
  const bySize: Partial<Record<ImageSize, number>> = {};
  if (image?.per_size !== undefined) {
    if (!isRecord(image.per_size)) problems.push('image.per_size must be an object of sizes');
    else {
      for (const [size, value] of Object.entries(image.per_size)) {
        const micros = toMicros(value);
        if (!(IMAGE_SIZES as readonly string[]).includes(size))
          problems.push(`image.per_size.${size} is not a known size`);
        else if (micros === undefined)
          problems.push(`image.per_size.${size} must be a non-negative number with at most 6 decimals`);
        else bySize[size as ImageSize] = micros;
      }
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    prices: {
      currency: currency as string,
      chat: chat as Record<ChatModel, ChatPrice>,
      imageMicros: imageMicros as number,
      imageMicrosBySize: bySize,
    },
  };
}

export function loadPriceList(
  path: string,
): { ok: true; prices: PriceList } | { ok: false; problems: string[] } {
  const read = readJsonFile(path);
  return read.ok ? parsePriceList(read.json) : { ok: false, problems: [read.problem] };
}
