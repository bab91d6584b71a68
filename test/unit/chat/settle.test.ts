/**
 * The one ending of a chat turn (chat/settle.ts) without a bot: a real ledger and conversation
 * store over a temporary SQLite file, the shipped price list, the real stream renderer writing
 * into a recording sink, and a recorder for the bot token's REST calls. Each ending is settled
 * once: a finished, a stopped and a failed reply.
 */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { stopControls } from '../../../src/chat/controls.js';
import {
  type Conversation,
  createConversationStore,
  EMPTY_CONVERSATION,
} from '../../../src/chat/conversationStore.js';
import type { AssistantTurn, Turn, UserTurn } from '../../../src/chat/history.js';
import { type SettleDeps, settleTurn } from '../../../src/chat/settle.js';
import type { ChatTurn, Ending, PreparedTurn } from '../../../src/chat/types.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { createLogger } from '../../../src/lib/logger.js';
import { NOW, quietLogger, shippedPrices } from '../../../src/localService/harness/charges.js';
import type { RequestRecord } from '../../../src/ops/metrics.js';
import { startReplyTrace } from '../../../src/ops/replyTrace.js';
import type { MessageComponents } from '../../../src/reply/buttons.js';
import { createStreamRenderer, type ReplySink } from '../../../src/reply/streamRenderer.js';
import { ServiceError } from '../../../src/service/errors.js';
import type { Usage } from '../../../src/service/types.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { freshStore } from '../../helpers/tempStore.js';

const t = createI18n().translator('en-US');
const MODEL = 'service-v1-flash';
const DAY = '2026-11-22';
const clock = { now: () => NOW };

/** The price list's arithmetic, written out: one rounding per request, up. */
function expectedCost(usage: Usage): number {
  const price = shippedPrices.chat[MODEL];
  return Math.ceil(
    (usage.inputTokens * price.inputMicrosPerMillion + usage.outputTokens * price.outputMicrosPerMillion) /
      1_000_000,
  );
}

const userTurn: UserTurn = {
  role: 'user',
  content: 'What is 2+2?',
  authorId: 'u1',
  authorName: 'Ann',
  time: NOW,
};
const earlier: Turn[] = [
  { role: 'user', content: 'hi', authorId: 'u1', authorName: 'Ann', time: NOW - 60_000 },
  {
    role: 'assistant',
    content: 'hello',
    time: NOW - 59_000,
    id: 'old',
    reply: { channelId: 'c1', messageId: 'm-old' },
  },
];

/** Everything settling reads, real where it stores, recorders where it writes to Discord. */
async function setUp(stored: Conversation) {
  const { store } = await freshStore();
  const ledger = createLedger(store, shippedPrices, quietLogger);
  const conversations = createConversationStore(store, quietLogger);
  await conversations.update('c1', () => stored);
  const patches: { route: string; body: unknown }[] = [];
  const ended: RequestRecord[] = [];
  const deps: SettleDeps = {
    ledger,
    prices: shippedPrices,
    clock,
    conversations,
    discordRest: {
      get: async () => ({}),
      patch: async (route, options) => {
        patches.push({ route, body: options?.body });
        return undefined;
      },
    },
    metrics: {
      registry: new Registry(),
      requestEnded: (record) => ended.push(record),
      componentsRefused: () => {},
      interactionRequest: () => {},
    },
    shardOf: () => 0,
  };
  // What the reply's message shows, write after write.
  const writes: { content: string; components: MessageComponents | undefined }[] = [];
  const sink: ReplySink = {
    editOriginal: async (content, components) => {
      writes.push({ content, components });
      return 'm-new';
    },
    sendFollowUp: async () => {
      throw new Error('no follow-up expected');
    },
    editFollowUp: async () => {
      throw new Error('no follow-up expected');
    },
    refuse: async () => {
      throw new Error('no refusal expected');
    },
  };
  const trace = startReplyTrace(clock);
  const renderer = createStreamRenderer(trace.sink(sink), {
    intervalMs: 10,
    clock,
    voice: t,
    controls: stopControls(t, 'stop1'),
  });
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({ secrets: [], destination: { write: (line) => lines.push(JSON.parse(line)) } });
  const prepared: PreparedTurn = {
    log,
    conversation: stored,
    previous: stored.turns,
    userTurn,
    messages: [],
    history: { turns: [...stored.turns, userTurn], dropped: 0, estimatedTokens: 50 },
    promptTokens: 50,
  };
  const turn: ChatTurn = {
    guildId: 'g1',
    channelId: 'c1',
    replyChannelId: 'c1',
    userId: 'u1',
    userName: 'Ann',
    ask: { kind: 'new', prompt: userTurn.content },
    settings: {
      model: MODEL,
      temperature: undefined,
      maxTokens: 1000,
      historyTokens: 100,
      systemPrompt: undefined,
      showCost: true,
      showContext: true,
      answerInLanguage: false,
      layout: 'classic',
      sources: { model: 'default', temperature: 'default', maxTokens: 'default', historyTokens: 'default' },
    },
    options: {},
    refusalsSeenBy: 'channel',
    voices: { member: t, server: t },
  };
  const settle = async (shown: string, ending: Ending) => {
    renderer.push(shown);
    await settleTurn(deps, turn, prepared, renderer, ending, trace);
    await ledger.close();
  };
  return { settle, ledger, conversations, patches, ended, writes, lines };
}

/** The regenerate button's custom id on a write, if any. */
const buttonOf = (components: MessageComponents | undefined) =>
  JSON.stringify(components ?? []).match(/"custom_id":"([^"]+)"/)?.[1];

describe('settling a chat turn', () => {
  it('a finished reply: charged once at the service usage, remembered, its Regenerate moved to it', async () => {
    const { settle, ledger, conversations, patches, ended, writes, lines } = await setUp({
      ...EMPTY_CONVERSATION,
      turns: earlier,
      lastReply: { channelId: 'c1', messageId: 'm-old' },
    });
    const usage = { inputTokens: 1234, outputTokens: 321, estimated: false };
    await settle('2+2 is 4.', {
      kind: 'completed',
      result: { id: 'x', model: MODEL, text: '2+2 is 4.', finishReason: 'stop', usage, truncated: false },
    });

    const cost = expectedCost(usage);
    expect(cost).toBe(252);
    const entries = await ledger.entries('g1', DAY, DAY);
    expect(entries).toEqual([
      expect.objectContaining({
        guildId: 'g1',
        userId: 'u1',
        kind: 'chat',
        model: MODEL,
        inputTokens: 1234,
        outputTokens: 321,
        estimated: false,
        outcome: 'stop',
        costMicros: cost,
      }),
    ]);

    const conversation = await conversations.load('c1');
    const reply = conversation.turns.at(-1) as AssistantTurn;
    expect(conversation.turns).toEqual([
      ...earlier,
      userTurn,
      {
        role: 'assistant',
        content: '2+2 is 4.',
        time: NOW,
        id: reply.id,
        reply: { channelId: 'c1', messageId: 'm-new' },
      },
    ]);
    expect(reply.id).toMatch(/^[0-9a-f]{16}$/);
    expect(conversation.lastReply).toEqual({ channelId: 'c1', messageId: 'm-new' });

    // The final write: the text, the memory gauge (50 tokens sent, 3 in the reply, of 100) and the
    // cost, and Regenerate in place of Stop.
    const money = t.money(cost, 'USD');
    expect(writes.at(-1)?.content).toBe(
      `2+2 is 4.\n\n-# ${t.t('chat.context', { percent: 53 })} · ${t.t('spend.costChat', {
        money,
        tokens: t.t('spend.tokens', { input: 1234, output: 321 }),
      })}`,
    );
    expect(buttonOf(writes.at(-1)?.components)).toBe(`ask:regenerate:c1:${reply.id}`);
    // The previous reply loses its buttons, with the bot token.
    expect(patches).toEqual([{ route: '/channels/c1/messages/m-old', body: { components: [] } }]);
    expect(ended).toEqual([
      expect.objectContaining({ kind: 'chat', outcome: 'completed', inputTokens: 1234, costMicros: cost }),
    ]);
    expect(lines.filter((line) => line.msg === 'request ended')).toHaveLength(1);
  });

  it('a stopped reply: charged its estimate, remembered as shown, who stopped it said under it', async () => {
    const { settle, ledger, conversations, patches, writes } = await setUp(EMPTY_CONVERSATION);
    // The service sent no usage before the stop: the client's estimate, marked so.
    const usage = { inputTokens: 40, outputTokens: 3, estimated: true };
    await settle('Two plus', { kind: 'stopped', stoppedBy: 'Mod', usage });

    const cost = expectedCost(usage);
    const entries = await ledger.entries('g1', DAY, DAY);
    expect(entries).toEqual([
      expect.objectContaining({
        inputTokens: 40,
        outputTokens: 3,
        estimated: true,
        outcome: 'stopped',
        costMicros: cost,
      }),
    ]);

    const conversation = await conversations.load('c1');
    const reply = conversation.turns.at(-1) as AssistantTurn;
    expect(conversation.turns).toEqual([
      userTurn,
      {
        role: 'assistant',
        content: 'Two plus',
        time: NOW,
        id: reply.id,
        reply: { channelId: 'c1', messageId: 'm-new' },
      },
    ]);
    const money = t.money(cost, 'USD');
    expect(writes.at(-1)?.content).toBe(
      `Two plus\n\n-# ${t.t('chat.stoppedBy', { name: 'Mod' })}\n-# ${t.t('chat.context', { percent: 52 })} · ${t.t(
        'spend.costChatEstimated',
        { money, tokens: t.t('spend.tokens', { input: 40, output: 3 }) },
      )}`,
    );
    expect(buttonOf(writes.at(-1)?.components)).toBe(`ask:regenerate:c1:${reply.id}`);
    // No earlier reply: nothing to take buttons off.
    expect(patches).toEqual([]);
  });

  it('a reply stopped before the service billed it: nothing charged, still remembered', async () => {
    const { settle, ledger, conversations, writes, ended } = await setUp(EMPTY_CONVERSATION);
    await settle('Two', { kind: 'stopped', stoppedBy: 'Mod', usage: undefined });

    expect(await ledger.entries('g1', DAY, DAY)).toEqual([]);
    expect((await conversations.load('c1')).turns.map((turn) => turn.content)).toEqual([
      userTurn.content,
      'Two',
    ]);
    expect(writes.at(-1)?.content).toBe(
      `Two\n\n-# ${t.t('chat.stoppedByUncharged', { name: 'Mod' })}\n-# ${t.t('chat.context', { percent: 51 })}`,
    );
    expect(ended).toEqual([expect.objectContaining({ outcome: 'stopped', costMicros: 0 })]);
  });

  it('a failed reply: charged what broke off, not remembered, the failure said and no button left', async () => {
    const stored: Conversation = {
      ...EMPTY_CONVERSATION,
      turns: earlier,
      lastReply: { channelId: 'c1', messageId: 'm-old' },
    };
    const { settle, ledger, conversations, patches, writes, ended } = await setUp(stored);
    const usage = { inputTokens: 500, outputTokens: 7, estimated: true };
    const error = new ServiceError({
      kind: 'interrupted',
      say: (voice) => voice.t('errors.connectionDropped'),
      usage,
    });
    await settle('The answer i', { kind: 'failed', error, shuttingDown: false });

    const cost = expectedCost(usage);
    expect(await ledger.entries('g1', DAY, DAY)).toEqual([
      expect.objectContaining({
        inputTokens: 500,
        outputTokens: 7,
        estimated: true,
        outcome: 'interrupted',
        costMicros: cost,
      }),
    ]);
    // The memory is as it was: the failed exchange is not in it, the previous reply still the latest.
    const after = await conversations.load('c1');
    expect(after.turns).toEqual(earlier);
    expect(after.lastReply).toEqual({ channelId: 'c1', messageId: 'm-old' });
    const money = t.money(cost, 'USD');
    expect(writes.at(-1)).toEqual({
      content: `The answer i\n\n-# ⚠️ ${t.t('errors.connectionDropped')}\n-# ${t.t('spend.costChatEstimated', {
        money,
        tokens: t.t('spend.tokens', { input: 500, output: 7 }),
      })}`,
      components: [],
    });
    expect(patches).toEqual([]);
    expect(ended).toEqual([expect.objectContaining({ outcome: 'interrupted', costMicros: cost })]);
  });
});
