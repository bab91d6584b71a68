/**
 * Per-channel conversation memory in keyv, keyed by channel id (a thread or a DM is a channel
 * of its own). Callers serialise writes per channel (the per-channel queue), because keyv has
 * no atomic read-modify-write.
 */
import { z } from 'zod';
import type { Logger } from '../logger.js';
import type { Store } from '../store.js';
import type { Turn } from './history.js';

/** More than any request sends; bounds the stored value. */
export const MAX_STORED_TURNS = 500;

const turnSchema = z.union([
  z.object({
    role: z.literal('user'),
    content: z.string(),
    authorId: z.string(),
    authorName: z.string(),
    time: z.number(),
  }),
  z.object({ role: z.literal('assistant'), content: z.string(), time: z.number() }),
]);
const conversationSchema = z.object({ version: z.literal(1), turns: z.array(turnSchema) });

export interface ConversationStore {
  load(channelId: string): Promise<Turn[]>;
  /** Appends a completed exchange. */
  append(channelId: string, turns: readonly Turn[]): Promise<void>;
}

const key = (channelId: string) => `conversation:${channelId}`;

export function createConversationStore(store: Store, logger: Logger): ConversationStore {
  async function read(channelId: string): Promise<Turn[] | 'unreadable'> {
    const raw: unknown = await store.get(key(channelId));
    if (raw === undefined) return [];
    const parsed = conversationSchema.safeParse(raw);
    if (parsed.success) return parsed.data.turns;
    logger.error({ channelId }, 'stored conversation is unreadable; leaving it untouched');
    return 'unreadable';
  }

  return {
    async load(channelId) {
      const turns = await read(channelId);
      return turns === 'unreadable' ? [] : turns;
    },
    async append(channelId, turns) {
      const existing = await read(channelId);
      // Never overwrite a value we could not read: it may be recoverable by hand.
      if (existing === 'unreadable') return;
      const next = [...existing, ...turns].slice(-MAX_STORED_TURNS);
      await store.set(key(channelId), { version: 1, turns: next });
    },
  };
}
