/**
 * The chat use case. Every way of asking (/ask, its form, mentions, replies, DMs, threads,
 * message commands, Regenerate) enters `ask` or `regenerate`; Stop enters `stop`; /reset
 * `forget`. Adapters (commands/, src/events/) say where the question came from and where the
 * reply is written (a ChatReply: the reply port); this module never sees a discord.js object.
 * It owns the chat's mutable state: the channels' queue, their arrival order, and the replies
 * Stop can reach.
 */

import type { Voices } from '../i18n/voices.js';
import { createKeyedQueue } from '../lib/keyedQueue.js';
import { definedFields } from '../lib/objects.js';
import { countWaiting } from '../ops/countedQueue.js';
import type { Layout } from '../reply/layout.js';
import { parseWith, storedOptionsSchema } from '../settings/requestOptions.js';
import type { ChatSettings, RequestOptions } from '../settings/resolve.js';
import type { ServiceKeys } from '../settings/serviceKeys.js';
import { createArrivalOrder } from './arrivalOrder.js';
import { type ActiveReply, stopReply } from './controls.js';
import type { ConversationStore } from './conversationStore.js';
import { type MessageRef, regenerationBase, type TurnOptions } from './history.js';
import { runQueuedChatTurn } from './queue.js';
import { type ChatRequestInput, prepareChatRequest } from './request.js';
import type { ChatTurn } from './types.js';

/**
 * What the chat service reads: the conversations (Regenerate's first look, /reset), whether the
 * bot is shutting down, and what admission (request.ts) and the queued turn (queue.ts, turn.ts)
 * declare, less the state this service owns.
 */
export type ChatServiceDeps = {
  readonly conversations: Pick<ConversationStore, 'load' | 'reset'>;
  /** Servers' own service keys; undefined when none can be kept (no DATA_ENCRYPTION_KEY). */
  readonly serviceKeys?: Pick<ServiceKeys, 'keyFor'> | undefined;
  /** Aborted when the bot shuts down: no new turn is taken, running ones end with a note. */
  readonly shutdown: AbortSignal;
} & Parameters<typeof prepareChatRequest>[0] &
  Omit<Parameters<typeof runQueuedChatTurn>[0], 'channelQueue' | 'activeReplies'>;

/**
 * Where one request's reply is written: the reply port. An interaction writes through its token
 * (or, once the token ends, the bot token), a message reply through the bot token; a later
 * HTTP interactions endpoint gives another implementation of the same port.
 */
export interface ChatReply {
  /**
   * Says why the request is refused before anything was shown (privately where the surface
   * allows it). `channelRefused`: a channel the server does not allow the bot in, where a reply
   * to a message stays silent.
   */
  refuse(text: string, refusal: { readonly channelRefused: boolean }): Promise<unknown>;
  /** The first response, once the request is admitted (an interaction's deferral; nothing for a message). */
  acknowledge(): Promise<unknown>;
  /**
   * Where the reply's messages go (start, edit, follow up, attach, withdraw): the sink the
   * queued turn writes to (ReplySink, reply/sink.ts).
   */
  sink(layout: Layout): Parameters<typeof runQueuedChatTurn>[2];
}

/** What only the caller knows of the turn; who asks, where and with which settings is filled in. */
export type TurnShape = Pick<
  ChatTurn,
  'channelId' | 'replyChannelId' | 'ask' | 'options' | 'extraNote' | 'head'
>;

/** One request for a chat reply, however it was asked for. */
export interface AskRequest {
  /** Who asks, where, with which options, and in whose words a refusal is said (admission). */
  readonly asker: ChatRequestInput;
  readonly voices: Voices;
  /** Who reads a refusal once the turn runs (ChatTurn.refusalsSeenBy). */
  readonly refusalsSeenBy: ChatTurn['refusalsSeenBy'];
  readonly reply: ChatReply;
  /**
   * The turn's shape, built after the acknowledgement (it may talk to Discord, e.g. open a
   * thread), with the settings the request was admitted with.
   */
  shape(settings: ChatSettings): Promise<TurnShape>;
  /** Ends the turn like its Stop button (e.g. the interaction's token is about to end). */
  readonly abort?: AbortSignal | undefined;
}

/** A Regenerate press: the reply it was pressed on, and who pressed it. */
export interface RegenerateRequest extends Omit<AskRequest, 'shape' | 'asker'> {
  readonly asker: Omit<ChatRequestInput, 'options'>;
  readonly conversationId: string;
  readonly turnId: string;
  /** The message whose button was pressed, as Discord says (checked again in the queue). */
  readonly pressed: MessageRef;
  /** A moderator may regenerate another member's reply. */
  readonly canManageMessages: boolean;
  /** Where the new reply is shown (the channel the button was pressed in). */
  readonly replyChannelId: string;
  /** Wraps the new turn's shape (e.g. a reply only the member sees has a conversation of its own). */
  readonly reshape?: (shape: TurnShape) => TurnShape;
}

export interface ChatService {
  /** Admits, acknowledges, and streams one reply, in the channel's order of arrival. */
  ask(request: AskRequest): Promise<void>;
  /** Another take on a conversation's latest reply, or a private refusal why not. */
  regenerate(request: RegenerateRequest): Promise<void>;
  /** Presses Stop on a reply being streamed or waiting in line. */
  stop(
    stopId: string,
    presser: { readonly userId: string; readonly name: string; readonly canManageMessages: boolean },
  ): 'stopped' | 'finished' | 'forbidden';
  /**
   * Forgets a conversation, in its channel's queue (a reply being written finishes and is saved
   * first); `lastReply` is called there with the last reply's message, to take its buttons off.
   */
  forget(channelId: string, lastReply?: (reply: MessageRef) => Promise<void>): Promise<void>;
  /** Replies being streamed or waiting in line. */
  inProgress(): number;
  /** Turns waiting behind another in their channel (a metric). */
  waiting(): number;
}

/** The member's explicit options, kept with the reply for Regenerate. */
export function explicitOptions(options: RequestOptions): TurnOptions {
  return definedFields({
    model: options.model,
    temperature: options.temperature,
    maxTokens: options.maxTokens,
  });
}

export function createChatService(deps: ChatServiceDeps): ChatService {
  const channelQueue = countWaiting(createKeyedQueue());
  const activeReplies = new Map<string, ActiveReply>();
  const arrivalOrder = createArrivalOrder();
  const turnDeps = { ...deps, channelQueue, activeReplies };

  async function ask(request: AskRequest): Promise<void> {
    // Taken before anything is awaited: this request joins the channel's queue in arrival order.
    const arrival = arrivalOrder.arrive(request.asker.channelId);
    try {
      const prepared = await prepareChatRequest(deps, request.asker);
      if (!prepared.ok) {
        await request.reply.refuse(prepared.error, { channelRefused: prepared.channelRefused === true });
        return;
      }
      try {
        // Shutting down: take no new work, said in the words a refusal would have had.
        if (deps.shutdown.aborted) {
          await request.reply.refuse(request.asker.voice.t('errors.restartingNow'), {
            channelRefused: false,
          });
          return;
        }
        // Acknowledge before any other I/O: Discord allows 3 s for the first response.
        await request.reply.acknowledge();
        const shaped = await request.shape(prepared.settings);
        const { guildId, userId, userName, userInstall } = request.asker;
        // A server's own key pays for its requests; not its members' DMs, not user installs.
        const serviceKey = guildId && !userInstall ? await deps.serviceKeys?.keyFor(guildId) : undefined;
        const turn: ChatTurn = {
          ...shaped,
          ...(userInstall && { userInstall }),
          ...(serviceKey !== undefined && { serviceKey }),
          guildId,
          userId,
          userName,
          settings: prepared.settings,
          refusalsSeenBy: request.refusalsSeenBy,
          voices: request.voices,
        };
        await arrival.turn();
        const running = runQueuedChatTurn(
          turnDeps,
          turn,
          request.reply.sink(prepared.settings.layout),
          request.abort,
        );
        // It has its place in the channel's queue now (runQueuedChatTurn takes it synchronously).
        arrival.done();
        await running;
      } finally {
        prepared.slot.release();
      }
    } finally {
      arrival.done();
    }
  }

  return {
    ask,
    async regenerate(request) {
      const { conversationId, turnId, pressed } = request;
      const member = request.voices.member;
      // A first look, to refuse at once; the turn checks again in the channel's queue.
      const conversation = await deps.conversations.load(conversationId);
      const base = regenerationBase(conversation.turns, turnId, pressed);
      const refuse = (key: 'chat.notLatest' | 'chat.regenerateForbidden') =>
        request.reply.refuse(member.t(key), { channelRefused: false });
      if (!base) return void (await refuse('chat.notLatest'));
      if (base.userTurn.authorId !== request.asker.userId && !request.canManageMessages)
        return void (await refuse('chat.regenerateForbidden'));
      const last = conversation.turns.at(-1);
      // Options kept with an older version of the reply that no longer pass are dropped, not trusted.
      const stored = parseWith(
        storedOptionsSchema,
        last?.role === 'assistant' ? (last.options ?? {}) : {},
        member,
      );
      const options: RequestOptions = {
        ...(stored.ok ? definedFields(stored.value) : {}),
        origin: 'config.whereRegenerated',
      };
      const shape: TurnShape = {
        channelId: conversationId,
        replyChannelId: request.replyChannelId,
        ask: { kind: 'regenerate', turnId, pressed },
        options: explicitOptions(options),
        // The new reply starts as the old one did (e.g. with the question quoted).
        ...(last?.role === 'assistant' && last.head !== undefined && { head: last.head }),
      };
      await ask({
        ...request,
        asker: { ...request.asker, options },
        shape: async () => request.reshape?.(shape) ?? shape,
      });
    },
    stop: (stopId, presser) => stopReply(activeReplies, stopId, presser),
    async forget(channelId, lastReply) {
      await channelQueue.run(channelId, async () => {
        const reset = await deps.conversations.reset(channelId);
        if (reset.lastReply && lastReply) await lastReply(reset.lastReply);
      });
    },
    inProgress: () => activeReplies.size,
    waiting: () => channelQueue.waiting(),
  };
}
