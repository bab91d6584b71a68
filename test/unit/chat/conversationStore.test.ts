import { describe, expect, it } from 'vitest';
import {
  type Conversation,
  createConversationStore,
  keptTurns,
  MAX_STORED_TURNS,
} from '../../../src/chat/conversationStore.js';
import type { Turn } from '../../../src/chat/history.js';
import { createLogger } from '../../../src/lib/logger.js';
import { createRecent } from '../../../src/lib/recent.js';
import type { Store } from '../../../src/lib/store.js';

const logger = createLogger({ level: 'silent', secrets: [] });

/** A key/value store in memory that counts its reads and can refuse writes. */
function memoryStore() {
  const values = new Map<string, unknown>();
  const counts = { gets: 0, sets: 0 };
  const faults = { failWrites: false };
  const store = {
    async get(key: string) {
      counts.gets += 1;
      return values.get(key);
    },
    async set(key: string, value: unknown) {
      if (faults.failWrites) throw new Error('write refused');
      counts.sets += 1;
      values.set(key, value);
      return true;
    },
    async delete(key: string) {
      return values.delete(key);
    },
  } as unknown as Store;
  return { store, values, counts, faults };
}

const user = (content: string, time: number): Turn => ({
  role: 'user',
  content,
  authorId: 'u1',
  authorName: 'Member',
  time,
});
// With the message its buttons are on: the Regenerate check needs it back after a restart.
const reply = (content: string, time: number): Turn => ({
  role: 'assistant',
  content,
  time,
  id: `r${time}`,
  reply: { channelId: 'c', messageId: `m${time}` },
});
const append =
  (...turns: Turn[]) =>
  (current: Conversation): Conversation => ({ ...current, turns: [...current.turns, ...turns] });

describe('conversation store', () => {
  it('keeps as many turns as a request can send and one more for Regenerate, 500 at most', async () => {
    expect(keptTurns(40)).toBe(41);
    expect(keptTurns(2)).toBe(3);
    expect(keptTurns(1000)).toBe(MAX_STORED_TURNS);
    const { store, values } = memoryStore();
    const conversations = createConversationStore(store, logger, undefined, keptTurns(4));
    const turns = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? user(`q${i}`, i) : reply(`a${i}`, i)));
    for (let i = 0; i < turns.length; i += 2)
      await conversations.update('c', append(...turns.slice(i, i + 2)));
    // What is stored and what is read back (the cache, then the store): the newest five.
    expect(JSON.parse(values.get('conversation:c') as string).turns).toHaveLength(5);
    expect((await conversations.load('c')).turns).toEqual(turns.slice(-5));
    expect((await createConversationStore(store, logger).load('c')).turns).toEqual(turns.slice(-5));
  });

  it('stores one JSON string and reads it back', async () => {
    const { store, values } = memoryStore();
    const conversations = createConversationStore(store, logger);
    await conversations.update('c', append(user('hello "you"', 1), reply('hi ✨', 2)));
    const raw = values.get('conversation:c');
    expect(typeof raw).toBe('string');
    expect(JSON.parse(raw as string)).toMatchObject({ version: 2, turns: [{ content: 'hello "you"' }, {}] });
    const again = createConversationStore(store, logger);
    expect((await again.load('c')).turns).toEqual([user('hello "you"', 1), reply('hi ✨', 2)]);
  });

  it('reads values earlier versions stored as objects, and writes them back as a string', async () => {
    const { store, values } = memoryStore();
    values.set('conversation:v1', { version: 1, turns: [user('old', 1)] });
    values.set('conversation:v2', {
      version: 2,
      turns: [user('newer', 1)],
      trimNoticeShown: true,
      lastReply: { channelId: 'v2', messageId: 'm' },
    });
    const conversations = createConversationStore(store, logger);
    expect((await conversations.load('v1')).turns).toEqual([user('old', 1)]);
    expect(await conversations.load('v2')).toMatchObject({
      turns: [user('newer', 1)],
      trimNoticeShown: true,
      lastReply: { channelId: 'v2', messageId: 'm' },
    });
    await conversations.update('v1', append(reply('answer', 2)));
    expect(JSON.parse(values.get('conversation:v1') as string).turns).toHaveLength(2);
  });

  it('a stored string that is not a conversation reads as empty, and is never overwritten', async () => {
    const { store, values } = memoryStore();
    values.set('conversation:bad', '{"version": 2, "turns": [');
    const conversations = createConversationStore(store, logger);
    expect((await conversations.load('bad')).turns).toEqual([]);
    await expect(conversations.update('bad', append(user('x', 1)))).rejects.toThrow(/unreadable/);
    expect(values.get('conversation:bad')).toBe('{"version": 2, "turns": [');
  });

  it("a turn's updates start from the value it loaded or wrote, without reading it again", async () => {
    const { store, counts } = memoryStore();
    const conversations = createConversationStore(store, logger);
    await conversations.load('c');
    await conversations.update('c', append(user('q', 1), reply('a', 2)));
    await conversations.update('c', (current) => ({
      ...current,
      lastReply: { channelId: 'c', messageId: 'm' },
    }));
    expect(counts.gets).toBe(1);
    expect(counts.sets).toBe(2);
    // Every load reads the store: a turn starts from what is stored.
    expect((await conversations.load('c')).lastReply).toEqual({ channelId: 'c', messageId: 'm' });
    expect(counts.gets).toBe(2);
  });

  it('after a refused write, the next update reads the store again; a reset starts afresh', async () => {
    const { store, counts, faults } = memoryStore();
    const conversations = createConversationStore(store, logger);
    await conversations.update('c', append(user('kept', 1)));
    faults.failWrites = true;
    await expect(conversations.update('c', append(user('lost', 2)))).rejects.toThrow('write refused');
    faults.failWrites = false;
    const reads = counts.gets;
    await conversations.update('c', append(user('next', 3)));
    expect(counts.gets).toBe(reads + 1);
    expect((await conversations.load('c')).turns.map((turn) => turn.content)).toEqual(['kept', 'next']);

    await conversations.reset('c');
    await conversations.update('c', append(user('fresh', 4)));
    expect((await conversations.load('c')).turns.map((turn) => turn.content)).toEqual(['fresh']);
  });
});

describe('recent values', () => {
  it('keeps at most so many entries and so much size, dropping the oldest', () => {
    const recent = createRecent<string>({ maxEntries: 2, maxSize: 10, maxAgeMs: 1000 });
    recent.set('a', 'A', 4);
    recent.set('b', 'B', 4);
    recent.set('c', 'C', 1);
    expect([recent.get('a'), recent.get('b'), recent.get('c')]).toEqual([undefined, 'B', 'C']);
    recent.set('d', 'D', 8);
    expect([recent.get('b'), recent.get('c'), recent.get('d')]).toEqual([undefined, 'C', 'D']);
    recent.set('huge', 'H', 11);
    expect(recent.get('huge')).toBeUndefined();
    expect(recent.get('d')).toBe('D');
  });

  it('forgets values older than the age limit', () => {
    let time = 0;
    const recent = createRecent<string>({ maxEntries: 10, maxSize: 100, maxAgeMs: 1000 }, () => time);
    recent.set('a', 'A', 1);
    time = 1000;
    expect(recent.get('a')).toBe('A');
    time = 1001;
    expect(recent.get('a')).toBeUndefined();
  });
});
