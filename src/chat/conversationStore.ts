/**
 * Per-channel conversation memory in keyv, keyed by channel id (a thread or a DM is a channel
 * of its own). Callers serialise writes per channel (the per-channel queue), because keyv has
 * no atomic read-modify-write.
 *
 * Cost (bench/stores.ts, 100,000 channels): a turn reads the conversation once (`load`) and
 * writes it twice (`update`: the exchange, then the newest reply). The value is stored as one
 * JSON string (keyv's own serializer walks objects in JavaScript, several times slower than
 * JSON.stringify, and parses with a reviver); values stored as objects by earlier versions
 * read as before. An update right after this process read or wrote the channel starts from
 * that value instead of reading it again (recent.ts).
 */
import { z } from 'zod';
import type { Logger } from '../lib/logger.js';
import { createRecent } from '../lib/recent.js';
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';
import type { Turn } from './history.js';

/** The most turns a channel's record ever keeps, whatever HISTORY_MAX_TURNS says. */
export const MAX_STORED_TURNS = 500;

/**
 * The turns a channel keeps: as many as a request can send (HISTORY_MAX_TURNS, the new prompt
 * included), and one more so that Regenerate, which sends the history before the exchange it
 * replaces, has as many; at most MAX_STORED_TURNS. Turns past that were never sent again, yet
 * each write carried them and each cached copy held them (a busy channel's record grew to 500
 * turns, about 300 KB rewritten per exchange, for an hour: issue 32's soak).
 */
export const keptTurns = (historyMaxTurns: number) => Math.min(MAX_STORED_TURNS, historyMaxTurns + 1);

/** Where a reply is (see AssistantTurn.reply and Conversation.lastReply). */
// `v2`: the message is a V2 card (reply/layout.ts): its buttons go by editing the card, not by emptying it.
const replyRefSchema = z.object({
  channelId: z.string(),
  messageId: z.string(),
  v2: z.literal(true).optional().catch(undefined),
});
export type ReplyRef = z.infer<typeof replyRefSchema>;

const turnSchema = z.union([
  z.object({
    role: z.literal('user'),
    content: z.string(),
    authorId: z.string(),
    authorName: z.string(),
    time: z.number(),
    files: z.literal(true).optional(),
  }),
  z.object({
    role: z.literal('assistant'),
    content: z.string(),
    time: z.number(),
    id: z.string().optional(),
    options: z
      .object({
        model: z.string().optional(),
        temperature: z.number().optional(),
        maxTokens: z.number().optional(),
      })
      .optional(),
    head: z.string().optional(),
    reply: replyRefSchema.optional(),
  }),
]);

const storedSchema = z.union([
  z.object({ version: z.literal(1), turns: z.array(turnSchema) }),
  z.object({
    version: z.literal(2),
    turns: z.array(turnSchema),
    trimNoticeShown: z.boolean(),
    lastReply: replyRefSchema.nullable(),
  }),
]);

export interface Conversation {
  readonly turns: readonly Turn[];
  /** The reply that first dropped old turns said so; later ones do not repeat it. */
  readonly trimNoticeShown: boolean;
  /** Where the newest reply is, so its buttons can be removed when a newer one arrives. */
  readonly lastReply: ReplyRef | null;
}

export const EMPTY_CONVERSATION: Conversation = { turns: [], trimNoticeShown: false, lastReply: null };

export interface ConversationStore {
  /** The channel's conversation; an unreadable stored value reads as empty (and is logged). */
  load(channelId: string): Promise<Conversation>;
  /**
   * Read-modify-write of one channel's conversation; resolves to the value it replaced. Throws
   * (and writes nothing) when the stored value is unreadable: it is left for the operator to
   * recover.
   */
  update(channelId: string, change: (current: Conversation) => Conversation): Promise<Conversation>;
  /** Forgets the channel's conversation; resolves to what it was. */
  reset(channelId: string): Promise<Conversation>;
}

const key = (channelId: string) => `conversation:${channelId}`;

/** A stored value: a JSON string, or (as earlier versions stored it) the object itself. */
function decode(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** About the characters of a conversation's JSON (for a value stored as an object). */
function approximateSize(conversation: Conversation): number {
  return conversation.turns.reduce((sum, turn) => sum + turn.content.length + 150, 200);
}

/** CONVERSATION_RETENTION_DAYS' default. */
export const CONVERSATION_RETENTION_DAYS = 90;

/**
 * `retentionDays`: each write gives the conversation that lifetime again, so a channel's memory
 * is removed that long after its last turn (ops/retention.ts sweeps what expired, by the rule
 * below).
 */
export const conversationRetention = (retentionDays: number): readonly RetentionRule[] => [
  {
    what: 'conversations',
    prefix: 'conversation:',
    lifetime: { ms: retentionDays * 86_400_000, fromValueTime: false },
    why: "a channel's memory lasts CONVERSATION_RETENTION_DAYS after its last turn",
  },
];

export function createConversationStore(
  store: Store,
  logger: Logger,
  retentionDays = CONVERSATION_RETENTION_DAYS,
  maxTurns = MAX_STORED_TURNS,
): ConversationStore {
  const recent = createRecent<Conversation>();
  const lifetimeMs = retentionDays * 86_400_000;

  async function read(channelId: string): Promise<Conversation | 'unreadable'> {
    const raw: unknown = await store.get(key(channelId));
    if (raw === undefined) {
      recent.set(channelId, EMPTY_CONVERSATION, 0);
      return EMPTY_CONVERSATION;
    }
    const parsed = storedSchema.safeParse(decode(raw));
    if (!parsed.success) {
      recent.delete(channelId);
      logger.error({ channelId }, 'stored conversation is unreadable; leaving it untouched');
      return 'unreadable';
    }
    const conversation =
      parsed.data.version === 1 ? { ...EMPTY_CONVERSATION, turns: parsed.data.turns } : parsed.data;
    recent.set(channelId, conversation, typeof raw === 'string' ? raw.length : approximateSize(conversation));
    return conversation;
  }

  return {
    async load(channelId) {
      const current = await read(channelId);
      return current === 'unreadable' ? EMPTY_CONVERSATION : current;
    },
    async update(channelId, change) {
      const current = recent.get(channelId) ?? (await read(channelId));
      // Never overwrite a value we could not read: it may be recoverable by hand.
      if (current === 'unreadable') throw new Error('the stored conversation is unreadable');
      const next = change(current);
      const stored = {
        version: 2 as const,
        turns: next.turns.slice(-maxTurns),
        trimNoticeShown: next.trimNoticeShown,
        lastReply: next.lastReply,
      };
      const text = JSON.stringify(stored);
      // A write that failed (or timed out, and may still land) leaves nothing to start from.
      recent.delete(channelId);
      await store.set(key(channelId), text, lifetimeMs);
      recent.set(channelId, stored, text.length);
      return current;
    },
    async reset(channelId) {
      recent.delete(channelId);
      const current = await read(channelId);
      recent.delete(channelId);
      await store.delete(key(channelId));
      return current === 'unreadable' ? EMPTY_CONVERSATION : current;
    },
  };
}
