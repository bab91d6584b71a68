/**
 * Retention on every kind of store (src/ops/retention.ts), on a fake clock (Date only: keyv
 * stamps lifetimes with Date.now, the sweep reads the same clock): what has a lifetime is gone
 * once it ends and not a day before, a new turn restarts a conversation's lifetime, ledger
 * entries go while day totals and month totals stay, and records stored without a lifetime by an
 * earlier version get one. Redis removes expired keys itself: there the sweep only gives legacy
 * keys their lifetime, which the test reads back from Redis.
 */
import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retentionRules } from '../../src/app/retention.js';
import { createConversationStore } from '../../src/chat/conversationStore.js';
import { createImagineRequests } from '../../src/images/imagineRequests.js';
import type { Store } from '../../src/lib/store.js';
import { createSweeper, DAY_MS } from '../../src/ops/retention.js';
import { createLedger } from '../../src/spend/ledger.js';
import { entryKey } from '../../src/spend/ledgerKeys.js';
import { STORE_KINDS, serverUrl, storeUrls } from '../helpers/storeUrls.js';
import { chatCharge, NOW, quietLogger, shippedPrices } from './support.js';

const settings = { conversationRetentionDays: 90, ledgerEntryRetentionDays: 400 };
const clock = { now: () => Date.now() };

function sweeper(store: Store, pageSize = 1_000) {
  return createSweeper({ store, rules: retentionRules(settings), clock, logger: quietLogger, pageSize });
}

/** Keys under `prefix` as the store lists them (expired ones not yet removed included). */
async function listed(store: Store, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of store.keys(prefix)) keys.push(...page);
  return keys.sort();
}

/** The lifetime Redis itself holds for a bot key (ms; -1: none). */
async function redisTtl(url: string, key: string): Promise<number> {
  const client = createClient({ url });
  await client.connect();
  try {
    return await client.pTTL(`keyv::keyv:${key}`);
  } finally {
    await client.close();
  }
}

const at = (days: number) => vi.setSystemTime(NOW + days * DAY_MS);

afterEach(() => {
  vi.useRealTimers();
});

for (const kind of STORE_KINDS) {
  describe.skipIf(serverUrl(kind) === undefined)(`store contract (${kind}): retention`, () => {
    const stores = storeUrls(kind);
    const removesItself = kind === 'redis';

    it('a conversation is removed 90 days after its last turn, not before; a new turn restarts its lifetime', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const url = await stores.fresh();
      const store = await stores.open(url);
      const conversations = createConversationStore(store, quietLogger, 90);
      const turn = (content: string) =>
        conversations.update('c-busy', (current) => ({
          ...current,
          turns: [
            ...current.turns,
            { role: 'user', content, authorId: 'u', authorName: 'U', time: Date.now() },
          ],
        }));
      await turn('day 0');
      await conversations.update('c-quiet', () => ({ turns: [], trimNoticeShown: false, lastReply: null }));
      at(60);
      await turn('day 60');
      if (removesItself) {
        const left = await redisTtl(url, 'conversation:c-busy');
        expect(left).toBeGreaterThan(89 * DAY_MS);
        expect(left).toBeLessThanOrEqual(90 * DAY_MS);
        return;
      }
      at(89);
      expect((await sweeper(store).sweep()).conversations?.removed).toBe(0);
      at(91);
      expect((await sweeper(store).sweep()).conversations?.removed).toBe(1);
      expect(await listed(store, 'conversation:')).toEqual(['conversation:c-busy']);
      at(149);
      expect((await sweeper(store).sweep()).conversations?.removed).toBe(0);
      expect((await conversations.load('c-busy')).turns.map((t) => t.content)).toEqual(['day 0', 'day 60']);
      at(151);
      expect((await sweeper(store).sweep()).conversations?.removed).toBe(1);
      expect(await listed(store, 'conversation:')).toEqual([]);
    });

    it('/imagine requests are removed 30 days after the request, a page at a time', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const url = await stores.fresh();
      const store = await stores.open(url);
      const requests = createImagineRequests(store);
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1)
        ids.push(await requests.save({ prompt: `p${i}`, size: '512x512', n: 1, userId: 'u' }));
      if (removesItself) {
        expect(await redisTtl(url, `imagine:${ids[0]}`)).toBeGreaterThan(29 * DAY_MS);
        return;
      }
      at(29);
      expect((await sweeper(store, 2).sweep())['imagine requests']).toEqual({
        removed: 0,
        stamped: 0,
        listed: 5,
      });
      at(31);
      expect((await sweeper(store, 2).sweep())['imagine requests']).toEqual({
        removed: 5,
        stamped: 0,
        listed: 5,
      });
      expect(await listed(store, 'imagine:')).toEqual([]);
    });

    it("ledger entries go after their retention; day totals, month totals and the export's absence stay consistent", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const url = await stores.fresh();
      const store = await stores.open(url);
      const ledger = createLedger(store, shippedPrices, quietLogger, { entryRetentionDays: 400 });
      for (let i = 0; i < 3; i += 1) await ledger.charge({ ...chatCharge(i, 'g'), time: Date.now() });
      await ledger.close();
      const day = new Date(NOW).toISOString().slice(0, 10);
      const before = await createLedger(store, shippedPrices, quietLogger).summary('g', day, day);
      if (removesItself) {
        expect(await redisTtl(url, entryKey('g', 1))).toBeGreaterThan(399 * DAY_MS);
        return;
      }
      at(399);
      expect((await sweeper(store).sweep())['ledger entries']).toMatchObject({ removed: 0, listed: 3 });
      at(401);
      expect((await sweeper(store).sweep())['ledger entries']).toMatchObject({ removed: 3, listed: 3 });
      const after = createLedger(store, shippedPrices, quietLogger);
      expect(await after.summary('g', day, day)).toEqual(before);
      expect(before.requests).toBe(3);
      expect(await after.entries('g', day, day)).toEqual([]);
      expect(await after.monthSpendMicros('g', NOW)).toBe(before.costMicros);
      // Numbering goes on after the removed entries: nothing is taken for a lost total.
      expect(await after.open()).toEqual({ scopes: 1, reconciled: 0 });
      expect((await after.charge({ ...chatCharge(9, 'g'), time: Date.now() })).seq).toBe(4);
      await after.close();
    });

    it('records an earlier version stored without a lifetime get one: conversations from the sweep, entries from their own time', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const url = await stores.fresh();
      const store = await stores.open(url);
      await store.set('conversation:legacy', JSON.stringify({ version: 1, turns: [] }));
      const old = { ...chatCharge(0, 'g'), time: NOW - 500 * DAY_MS, costMicros: 5, seq: 1, scope: 'g' };
      const recent = { ...old, id: 'r1', time: NOW - 10 * DAY_MS, seq: 2 };
      await store.setMany([
        { key: entryKey('g', 1), value: old },
        { key: entryKey('g', 2), value: recent },
      ]);
      const first = await sweeper(store).sweep();
      expect(first.conversations).toMatchObject({ stamped: 1, removed: 0 });
      expect(first['ledger entries']).toMatchObject({ stamped: 2, removed: removesItself ? 0 : 1 });
      if (removesItself) {
        expect(await redisTtl(url, 'conversation:legacy')).toBeGreaterThan(89 * DAY_MS);
        // Once done, later sweeps on Redis list nothing.
        expect(await sweeper(store).sweep()).toEqual({});
        return;
      }
      expect(await listed(store, 'ledger:g:entry:')).toEqual([entryKey('g', 2)]);
      expect(await store.get(entryKey('g', 2))).toEqual(recent);
      at(91);
      expect((await sweeper(store).sweep()).conversations).toMatchObject({ removed: 1, stamped: 0 });
      at(391);
      expect((await sweeper(store).sweep())['ledger entries']).toMatchObject({ removed: 1, stamped: 0 });
    });

    it.skipIf(removesItself)(
      'a record rewritten after it expired is kept: the removal checks the record as it is then',
      async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        at(0);
        const url = await stores.fresh();
        const store = await stores.open(url);
        await store.set('imagine:a', { prompt: 'old' }, DAY_MS);
        at(2);
        // Listed as expired, then its owner writes it again before the removal runs.
        await store.set('imagine:a', { prompt: 'new' }, DAY_MS);
        expect(await store.expire(['imagine:a'], Date.now(), { ms: DAY_MS, fromValueTime: false })).toEqual({
          removed: 0,
          stamped: 0,
        });
        expect(await store.get('imagine:a')).toEqual({ prompt: 'new' });
      },
    );
  });
}
