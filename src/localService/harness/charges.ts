/**
 * Ledger charges for the spend tests and the store benchmarks: the shipped prices, a quiet logger,
 * a fixed "now", and chat and image charges with exact amounts. Part of the harness that the
 * tests and the bench share (this folder); the bot itself never imports it.
 */
import { createLogger } from '../../lib/logger.js';
import type { ChatModel } from '../../service/models.js';
import { loadPriceList } from '../../spend/prices.js';
import type { UsageRecord } from '../../spend/records.js';

const loaded = loadPriceList('prices.json');
if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
export const shippedPrices = loaded.prices;

export const quietLogger = createLogger({ level: 'silent', secrets: [] });

export const NOW = Date.parse('2026-11-22T12:00:00Z');

/** Chat charge `r<i>` in `guildId`, of three members, growing a little with `i`. */
export function chatCharge(i: number, guildId: string, model: ChatModel = 'service-v1-flash'): UsageRecord {
  return {
    id: `r${i}`,
    time: NOW,
    guildId,
    channelId: 'c',
    userId: `u${i % 3}`,
    kind: 'chat',
    model,
    inputTokens: 1000 + i,
    outputTokens: 500 + i,
    estimated: false,
    outcome: 'completed',
  };
}

let nextImage = 0;
/** An image charge of n × 512x512 (20,000 micro-units each with the shipped prices): exact amounts. */
export function imageCharge(guildId: string | null, userId: string, n: number, time = NOW): UsageRecord {
  nextImage += 1;
  return {
    id: `img${nextImage}`,
    time,
    guildId,
    channelId: 'c',
    userId,
    kind: 'image',
    model: 'service-image-v1',
    size: '512x512',
    n,
    imagesDelivered: n,
    estimated: false,
    outcome: 'completed',
  };
}
