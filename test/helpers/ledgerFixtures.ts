/** What the ledger's unit tests share: the shipped prices, a quiet logger, and chat charges. */
import { createLogger } from '../../src/lib/logger.js';
import type { ChatModel } from '../../src/service/models.js';
import { loadPriceList } from '../../src/spend/prices.js';
import type { UsageRecord } from '../../src/spend/records.js';

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
