/**
 * The history bench's retention part: 460 simulated days of steady traffic (50 servers, 20 billed
 * requests a day each, 20 conversations a day of which half in channels never used again, 5
 * /imagine requests a day; quick: 10 servers, 5 requests) through the real ledger, conversation
 * store and /imagine requests, with the retention sweep every 10 simulated days; Date.now is
 * moved day by day (keyv stamps lifetimes with it). Records of each kind and the file's size
 * every 50 days.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { conversationRetention, createConversationStore } from '../../src/chat/conversationStore.js';
import { createImagineRequests, imagineRetention } from '../../src/images/imagineRequests.js';
import { createLogger } from '../../src/lib/logger.js';
import { openStore, type Store } from '../../src/lib/store.js';
import { createSweeper, DAY_MS } from '../../src/ops/retention.js';
import { createLedger } from '../../src/spend/ledger.js';
import { ledgerEntryRetention } from '../../src/spend/ledgerKeys.js';
import type { PriceList } from '../../src/spend/prices.js';
import type { UsageRecord } from '../../src/spend/records.js';

const logger = createLogger({ level: 'silent', secrets: [] });
const NOW = Date.parse('2026-11-22T12:00:00Z');
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function countByKind(store: Store): Promise<Record<string, number>> {
  const counts: Record<string, number> = { entries: 0, dayTotals: 0, conversations: 0, imagine: 0 };
  for await (const page of store.keys('ledger:'))
    for (const key of page) {
      if (key.includes(':entry:')) counts.entries = (counts.entries ?? 0) + 1;
      else if (key.includes(':day:')) counts.dayTotals = (counts.dayTotals ?? 0) + 1;
    }
  for await (const page of store.keys('conversation:'))
    counts.conversations = (counts.conversations ?? 0) + page.length;
  for await (const page of store.keys('imagine:')) counts.imagine = (counts.imagine ?? 0) + page.length;
  return counts;
}

export async function retentionFigures(dir: string, prices: PriceList, quick: boolean) {
  const path = join(dir, 'retention.sqlite');
  const servers = quick ? 10 : 50;
  const perDay = quick ? 5 : 20;
  const days = 460;
  const realNow = Date.now;
  let simulated = NOW - days * DAY_MS;
  Date.now = () => simulated;
  const store = await openStore(`sqlite://${path}`);
  const ledger = createLedger(store, prices, logger, { entryRetentionDays: 400, now: () => simulated });
  const conversations = createConversationStore(store, logger, 90);
  const imagine = createImagineRequests(store);
  const sweeper = createSweeper({
    store,
    // The rules of what this benchmark writes (the bot's full list is src/app/retention.ts `retentionRules`).
    rules: [...imagineRetention, ...conversationRetention(90), ...ledgerEntryRetention(400)],
    clock: { now: () => simulated },
    logger,
  });
  const timeline: Record<string, number | string>[] = [];
  let id = 0;
  try {
    for (let day = 1; day <= days; day += 1) {
      simulated += DAY_MS;
      const charges: Promise<unknown>[] = [];
      for (let server = 0; server < servers; server += 1)
        for (let i = 0; i < perDay; i += 1) {
          id += 1;
          const record: UsageRecord = {
            id: `r${id}`,
            time: simulated,
            guildId: `g${server}`,
            channelId: `c${i % 4}`,
            userId: `u${(id * 7) % 40}`,
            kind: 'chat',
            model: 'service-v1-flash',
            inputTokens: 900,
            outputTokens: 400,
            estimated: false,
            outcome: 'completed',
          };
          charges.push(ledger.charge(record));
        }
      await Promise.all(charges);
      for (let c = 0; c < 20; c += 1) {
        // Half the channels are used every day, half are new each day and never used again.
        const channel = c < 10 ? `steady-${c}` : `once-${day}-${c}`;
        await conversations.update(channel, (current) => ({
          ...current,
          turns: [
            ...current.turns,
            {
              role: 'user' as const,
              content: `day ${day}: ${'words '.repeat(40)}`,
              authorId: 'u',
              authorName: 'U',
              time: simulated,
            },
          ].slice(-40),
        }));
      }
      for (let i = 0; i < 5; i += 1)
        await imagine.save({ prompt: `a picture ${day}-${i}`, size: '512x512', n: 1, userId: 'u' });
      if (day % 10 === 0) await sweeper.sweep();
      if (day % 50 === 0 || day === days) {
        const size = statSync(path).size + (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0);
        timeline.push({ day, ...(await countByKind(store)), fileMiB: mib(size) });
      }
    }
  } finally {
    await ledger.close();
    await store.disconnect();
    Date.now = realNow;
  }
  return { servers, requestsPerServerPerDay: perDay, days, timeline };
}
