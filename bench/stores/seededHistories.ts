/**
 * Many channels' histories, made up but alike real ones (sizes and turn counts as members and
 * replies give them), the same every run; and seeded straight into a store in batches.
 */
import {
  type Conversation,
  createConversationStore,
  MAX_STORED_TURNS,
} from '../../src/chat/conversationStore.js';
import type { Turn } from '../../src/chat/history.js';
import type { Store } from '../../src/lib/store.js';
import { NOW, quietLogger } from '../../src/localService/harness/charges.js';

/** A small deterministic generator (mulberry32), so every run seeds the same histories. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'the model writes text that grows into a long answer about code and ideas with some detail'.split(' ');

function prose(next: () => number, chars: number): string {
  let text = '';
  while (text.length < chars) text += `${WORDS[Math.floor(next() * WORDS.length)]} `;
  return text.slice(0, chars).trimEnd();
}

/**
 * Stored turns per channel: most channels hold a few exchanges, a tenth hold more than the 40
 * turns a request sends, a few are at the 500 the store keeps. Members write 20–300 characters;
 * replies run 100–2,000 (a reply of 1,500 tokens is about 6,000).
 */
function turnsFor(next: () => number): number {
  const roll = next();
  const range =
    roll < 0.6 ? [2, 10] : roll < 0.85 ? [10, 40] : roll < 0.97 ? [40, 120] : [120, MAX_STORED_TURNS];
  const [low = 2, high = 10] = range;
  return (low + Math.floor(next() * (high - low))) & ~1;
}

export function userTurn(next: () => number, time: number) {
  return {
    role: 'user' as const,
    content: prose(next, 20 + Math.floor(next() * 280)),
    authorId: String(100_000_000_000_000_000 + Math.floor(next() * 1e15)),
    authorName: `member ${Math.floor(next() * 1000)}`,
    time,
  };
}

export function assistantTurn(next: () => number, time: number) {
  return {
    role: 'assistant' as const,
    content: prose(next, 100 + Math.floor(next() * 1900)),
    time,
    id: Math.floor(next() * 2 ** 48).toString(16),
  };
}

export function conversationFor(next: () => number): Conversation {
  const count = Math.max(2, turnsFor(next));
  const turns: Turn[] = [];
  for (let i = 0; i < count; i += 2) turns.push(userTurn(next, NOW + i), assistantTurn(next, NOW + i + 1));
  return { turns, trimNoticeShown: count > 40, lastReply: { channelId: 'c', messageId: String(NOW) } };
}

/** What the conversation store writes for `conversation`, as keyv stores it: [key, raw value]. */
export async function encoded(channelId: string, conversation: Conversation): Promise<[string, string]> {
  let written: [string, unknown] | undefined;
  const capture = {
    get: async () => undefined,
    set: async (key: string, value: unknown) => {
      written = [key, value];
      return true;
    },
  } as unknown as Store;
  await createConversationStore(capture, quietLogger).update(channelId, () => conversation);
  const [key, value] = written as [string, unknown];
  // keyv's serializer gives this for values without Buffers or strings starting with ':'.
  return [`keyv:${key}`, JSON.stringify({ value })];
}

/** Seeds `channels` histories straight into the store's table (or its adapter), in batches. */
export async function seedHistories(
  store: Store,
  channels: number,
): Promise<{ bytes: number; seconds: number }> {
  const next = random(12);
  const adapter = store.store as {
    query?: (sql: string, ...values: unknown[]) => Promise<unknown>;
    setMany?: (entries: { key: string; value: string }[]) => Promise<unknown>;
  };
  const started = performance.now();
  let bytes = 0;
  const batch = 500;
  for (let first = 0; first < channels; first += batch) {
    const rows: [string, string][] = [];
    for (let i = first; i < Math.min(channels, first + batch); i += 1) {
      rows.push(await encoded(`channel${i}`, conversationFor(next)));
    }
    for (const [, value] of rows) bytes += value.length;
    if (store.kind === 'sqlite' && adapter.query) {
      await adapter.query(
        `INSERT INTO keyv (key, value) VALUES ${rows.map(() => '(?, ?)').join(', ')}`,
        ...rows.flat(),
      );
    } else {
      await adapter.setMany?.(rows.map(([key, value]) => ({ key, value })));
    }
  }
  // The seeding matches what keyv itself writes: one channel read back through the store.
  const [key, raw] = await encoded('channel0', conversationFor(random(12)));
  if (JSON.stringify(await store.get(key.slice('keyv:'.length))) !== JSON.stringify(JSON.parse(raw).value))
    throw new Error('seeded histories do not read back as written');
  return { bytes, seconds: (performance.now() - started) / 1000 };
}
