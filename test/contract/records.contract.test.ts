/**
 * The store contract, part 3: what the bot keeps besides the ledger, on every kind of store
 * through the real modules: conversation history and the reply Regenerate works from, guild and
 * channel settings, /imagine requests for Reroll (with their TTL), each read back after a restart,
 * and a failing store that refuses writes and reads loudly and loses nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Conversation,
  createConversationStore,
  EMPTY_CONVERSATION,
  MAX_STORED_TURNS,
} from '../../src/chat/conversationStore.js';
import { regenerationBase, type Turn } from '../../src/chat/history.js';
import { createImagineRequests, IMAGINE_REQUEST_TTL_MS } from '../../src/images/imagineRequests.js';
import { DEFAULT_GUILD_CONFIG } from '../../src/settings/resolve.js';
import { createSettings } from '../../src/settings/settingsStore.js';
import { faultyAdapter, storeFaults } from '../helpers/faultyStore.js';
import { STORE_KINDS, serverUrl, storeUrls } from '../helpers/storeUrls.js';
import { NOW, quietLogger } from './support.js';

const user = (content: string, i: number): Turn => ({
  role: 'user',
  content,
  authorId: `u${i}`,
  authorName: `Member ${i} ✨`,
  time: NOW + i,
});
const reply = (content: string, i: number, id?: string): Turn => ({
  role: 'assistant',
  content,
  time: NOW + i,
  ...(id !== undefined && {
    id,
    options: { model: 'service-v1-pro', temperature: 0.25, maxTokens: 300 },
    reply: pressedOn(id),
  }),
});
/** The message a reply's buttons are on (and so where its Regenerate is pressed). */
const pressedOn = (id: string) => ({ channelId: 'c', messageId: `message-of-${id}` });

/** Appends turns to the channel's conversation, one update each, as the bot does. */
async function append(
  conversations: ReturnType<typeof createConversationStore>,
  channelId: string,
  turns: Turn[],
) {
  for (const turn of turns)
    await conversations.update(channelId, (current) => ({ ...current, turns: [...current.turns, turn] }));
}

/** A conversation's fields (a loaded one also carries its stored format's version). */
const fields = ({ turns, trimNoticeShown, lastReply }: Conversation): Conversation => ({
  turns,
  trimNoticeShown,
  lastReply,
});

afterEach(() => {
  vi.useRealTimers();
});

for (const kind of STORE_KINDS) {
  describe.skipIf(serverUrl(kind) === undefined)(
    `store contract (${kind}): history, settings, requests`,
    () => {
      const stores = storeUrls(kind);

      it('conversation history: appended turns load back after a restart, trimmed to the newest; reset forgets', async () => {
        const url = await stores.fresh();
        const store = await stores.open(url);
        const conversations = createConversationStore(store, quietLogger);
        const turns = [
          user('hello 👋 — ünïcødé, 中文, a NUL \u0000 and "quotes"', 0),
          reply('hi!', 1),
          user('x'.repeat(100_000), 2),
          reply('long answer', 3),
        ];
        await append(conversations, 'channel-1', turns);
        await append(conversations, 'thread-1', [user('in a thread', 4)]);
        await conversations.update('channel-1', (current) => ({
          ...current,
          trimNoticeShown: true,
          lastReply: { channelId: 'channel-1', messageId: 'm-4' },
        }));
        const many = Array.from({ length: MAX_STORED_TURNS + 20 }, (_, i) => user(`turn ${i}`, i));
        await conversations.update('busy', (current) => ({ ...current, turns: many }));

        await stores.close(store);
        const reopened = await stores.open(url);
        const again = createConversationStore(reopened, quietLogger);
        const expected: Conversation = {
          turns,
          trimNoticeShown: true,
          lastReply: { channelId: 'channel-1', messageId: 'm-4' },
        };
        expect(fields(await again.load('channel-1'))).toEqual(expected);
        expect((await again.load('thread-1')).turns).toEqual([user('in a thread', 4)]);
        expect((await again.load('busy')).turns).toEqual(many.slice(-MAX_STORED_TURNS));
        expect(await again.load('never-used')).toEqual(EMPTY_CONVERSATION);

        expect(fields(await again.reset('channel-1'))).toEqual(expected);
        expect(await again.load('channel-1')).toEqual(EMPTY_CONVERSATION);
        await stores.close(reopened);
        const third = createConversationStore(await stores.open(url), quietLogger);
        expect(await third.load('channel-1')).toEqual(EMPTY_CONVERSATION);
        expect((await third.load('thread-1')).turns).toHaveLength(1);
      });

      it('the stored reply Regenerate works from survives a restart; only the latest reply regenerates', async () => {
        const url = await stores.fresh();
        const store = await stores.open(url);
        await append(createConversationStore(store, quietLogger), 'c', [
          user('first question', 0),
          reply('first answer', 1, 'turn-1'),
        ]);
        await stores.close(store);

        const reopened = await stores.open(url);
        const conversations = createConversationStore(reopened, quietLogger);
        const loaded = await conversations.load('c');
        expect(regenerationBase(loaded.turns, 'turn-1', pressedOn('turn-1'))).toEqual({
          previous: [],
          userTurn: user('first question', 0),
        });
        expect(loaded.turns.at(-1)).toEqual(reply('first answer', 1, 'turn-1'));
        await append(conversations, 'c', [user('second', 2), reply('second answer', 3, 'turn-2')]);
        await stores.close(reopened);

        const third = createConversationStore(await stores.open(url), quietLogger);
        const turns = (await third.load('c')).turns;
        expect(regenerationBase(turns, 'turn-1', pressedOn('turn-1'))).toBeUndefined();
        expect(regenerationBase(turns, 'turn-2', pressedOn('turn-1'))).toBeUndefined();
        expect(regenerationBase(turns, 'turn-2', pressedOn('turn-2'))).toEqual({
          previous: [user('first question', 0), reply('first answer', 1, 'turn-1')],
          userTurn: user('second', 2),
        });
      });

      it('settings: guild and channel settings survive a restart; a cleared channel is removed', async () => {
        const url = await stores.fresh();
        const store = await stores.open(url);
        await store.set('guild-settings:old', { monthlyCapMicros: null, showCost: false });
        const settings = createSettings(store);
        await Promise.all([
          settings.updateGuild('g', { model: 'service-v1-pro' }),
          settings.updateGuild('g', { showCost: false, allowedChannels: ['parent', 'other'] }),
          settings.updateGuild('g', {
            requestsPerMinute: 3,
            allowedModels: ['service-v1-flash', 'service-v1-pro'],
          }),
          settings.updateChannel('parent', { systemPrompt: 'Be brief — «ünïcødé»', model: 'service-v1-pro' }),
          settings.updateChannel('parent', { temperature: 0.5 }),
          settings.updateChannel('thread', { model: 'service-v1-flash' }),
          settings.updateChannel('cleared', { maxTokens: 100 }),
        ]);
        await settings.updateChannel('cleared', { maxTokens: undefined });

        await stores.close(store);
        const reopened = await stores.open(url);
        const again = createSettings(reopened);
        expect(await again.guild('g')).toEqual({
          ...DEFAULT_GUILD_CONFIG,
          model: 'service-v1-pro',
          showCost: false,
          allowedChannels: ['parent', 'other'],
          requestsPerMinute: 3,
          allowedModels: ['service-v1-flash', 'service-v1-pro'],
        });
        expect(await again.guild('other')).toEqual(DEFAULT_GUILD_CONFIG);
        expect((await again.guild('old')).showCost).toBe(false);
        expect(await again.effectiveChannel('thread', 'parent')).toEqual({
          systemPrompt: 'Be brief — «ünïcødé»',
          model: 'service-v1-flash',
          temperature: 0.5,
        });
        expect(await again.channel('cleared')).toEqual({});
        expect(await reopened.get('settings:channel:cleared')).toBeUndefined();
      });

      it('/imagine requests for Reroll: readable across a restart until their TTL, gone after', async () => {
        const url = await stores.fresh();
        const store = await stores.open(url);
        const requests = createImagineRequests(store);
        const request = {
          prompt: 'a lighthouse at dusk, 🌅, "oil on canvas"',
          size: '1024x1024',
          n: 2,
          userId: 'u1',
        } as const;
        const id = await requests.save(request);
        expect(await requests.load(id)).toEqual(request);
        await stores.close(store);

        const reopened = await stores.open(url);
        const again = createImagineRequests(reopened);
        expect(await again.load(id)).toEqual(request);
        expect(await again.load('0'.repeat(32))).toBeUndefined();
        expect(await again.load('not-an-id')).toBeUndefined();
        // The TTL is fixed (30 days): the clock moves instead.
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + IMAGINE_REQUEST_TTL_MS - 60_000);
        expect(await again.load(id)).toEqual(request);
        vi.setSystemTime(Date.now() + 2 * 60_000);
        expect(await again.load(id)).toBeUndefined();
        vi.useRealTimers();
        expect(await reopened.get(`imagine:${id}`)).toBeUndefined();
      });

      it('a failing store: writes and reads reject (never "empty"), and everything stored before is intact after', async () => {
        const url = await stores.fresh();
        const faults = storeFaults();
        const store = await stores.open(url, { adapter: (real) => faultyAdapter(real, faults) });
        const conversations = createConversationStore(store, quietLogger);
        const settings = createSettings(store);
        const requests = createImagineRequests(store);
        await append(conversations, 'c', [user('kept', 0), reply('kept too', 1, 'turn-1')]);
        await settings.updateGuild('g', { showCost: false });
        const id = await requests.save({ prompt: 'kept', size: '512x512', n: 1, userId: 'u' });
        const before = await conversations.load('c');

        faults.failWrites = true;
        await expect(append(conversations, 'c', [user('lost?', 2)])).rejects.toThrow(Error);
        await expect(conversations.reset('c')).rejects.toThrow(Error);
        await expect(settings.updateGuild('g', { showCost: true })).rejects.toThrow(Error);
        await expect(settings.updateChannel('c', { maxTokens: 5 })).rejects.toThrow(Error);
        await expect(requests.save({ prompt: 'p', size: '512x512', n: 1, userId: 'u' })).rejects.toThrow(
          Error,
        );
        // A refused write leaves the cached settings as they were.
        expect((await settings.guild('g')).showCost).toBe(false);
        faults.failWrites = false;
        faults.failReads = true;
        await expect(conversations.load('c')).rejects.toThrow(Error);
        await expect(requests.load(id)).rejects.toThrow(Error);
        await expect(createSettings(store).guild('g')).rejects.toThrow(Error);
        faults.failReads = false;

        expect(await conversations.load('c')).toEqual(before);
        await stores.close(store);
        const reopened = await stores.open(url);
        expect(await createConversationStore(reopened, quietLogger).load('c')).toEqual(before);
        expect((await createSettings(reopened).guild('g')).showCost).toBe(false);
        expect(await createSettings(reopened).channel('c')).toEqual({});
        expect((await createImagineRequests(reopened).load(id))?.prompt).toBe('kept');
      });
    },
  );
}
