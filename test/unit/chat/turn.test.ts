/**
 * One chat turn (chat/turn.ts) on real parts: ledger, budgets and conversations over a temporary
 * SQLite store, the shipped prices, the service client talking to the local fake service over
 * HTTP and SSE, the real stream renderer, logger and metrics. Only what writes to Discord is a
 * recorder: the reply's sink, the bot token's REST client and the alert channel.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoppedByMember } from '../../../src/chat/controls.js';
import { createConversationStore } from '../../../src/chat/conversationStore.js';
import { type ChatTurnDeps, runChatTurn } from '../../../src/chat/turn.js';
import type { ChatTurn } from '../../../src/chat/types.js';
import { systemClock } from '../../../src/lib/clock.js';
import { createLogger } from '../../../src/lib/logger.js';
import type { FakeService } from '../../../src/localService/fakeService.js';
import { shippedPrices } from '../../../src/localService/harness/charges.js';
import { createMetrics } from '../../../src/ops/metrics.js';
import { REQUEST_ENDED } from '../../../src/ops/requestEnd.js';
import { createEditPacing } from '../../../src/reply/editPacing.js';
import type { ReplySink } from '../../../src/reply/streamRenderer.js';
import type { ServiceClient } from '../../../src/service/client.js';
import { createBudgets } from '../../../src/spend/budgets.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { startServiceClient } from '../../helpers/chatDeps.js';
import { english } from '../../helpers/english.js';
import { freshStore } from '../../helpers/tempStore.js';

const GUILD = 'g1';
const CHANNEL = 'c1';
const MODEL = 'service-v1-flash';
const silent = createLogger({ level: 'silent', secrets: [] });

let fake: FakeService;
let service: ServiceClient;

let closeService: () => Promise<void>;

beforeAll(async () => {
  ({ fake, service, close: closeService } = await startServiceClient());
});
afterAll(async () => {
  await closeService();
});

/** A recording reply sink: every write of the reply's message, and any refusal. */
function recordingSink() {
  const writes: string[] = [];
  const refusals: string[] = [];
  const sink: ReplySink = {
    editOriginal: async (content) => {
      writes.push(content);
      return 'm-reply';
    },
    sendFollowUp: async () => {
      throw new Error('no follow-up expected');
    },
    editFollowUp: async () => {
      throw new Error('no follow-up expected');
    },
    refuse: async (content) => {
      refusals.push(content);
    },
  };
  return { sink, writes, refusals };
}

/** The turn's parts over a fresh store; with `capMicros`, the server's monthly cap. */
async function setUp(capMicros?: number) {
  const { store } = await freshStore();
  const ledger = createLedger(store, shippedPrices, silent);
  const budgets = createBudgets(store, ledger, shippedPrices.currency);
  if (capMicros !== undefined) await budgets.update(GUILD, { monthlyCapMicros: capMicros });
  const conversations = createConversationStore(store, silent);
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'info',
    secrets: [],
    destination: { write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const metrics = createMetrics({
    queueWaiting: () => 0,
    shards: () => ({ ready: 1, total: 1 }),
    discordInvalid: () => ({ totals: {}, window: 0 }),
    storeFailures: () => new Map(),
  });
  const deps: ChatTurnDeps = {
    config: { systemPromptRole: 'user', historyMaxTurns: 20, streamEditIntervalMs: 10 },
    clock: systemClock,
    logger,
    conversations,
    service,
    shutdown: new AbortController().signal,
    editPacing: { botToken: createEditPacing(), interaction: createEditPacing(800) },
    prices: shippedPrices,
    budgets,
    ledger,
    metrics,
    shardOf: () => 0,
    discordRest: { get: async () => ({}), patch: async () => undefined },
    notify: async () => undefined,
  };
  const today = new Date(systemClock.now()).toISOString().slice(0, 10);
  const entries = () => ledger.entries(GUILD, today, today);
  const ended = () => logs.filter((line) => line.msg === REQUEST_ENDED);
  return { deps, conversations, entries, ended };
}

const turn: ChatTurn = {
  guildId: GUILD,
  channelId: CHANNEL,
  replyChannelId: CHANNEL,
  userId: 'u1',
  userName: 'Ann',
  ask: { kind: 'new', prompt: 'What is 2+2?' },
  settings: {
    model: MODEL,
    temperature: undefined,
    maxTokens: 1000,
    historyTokens: 2000,
    systemPrompt: undefined,
    showCost: false,
    showContext: false,
    answerInLanguage: false,
    layout: 'classic',
    sources: { model: 'default', temperature: 'default', maxTokens: 'default', historyTokens: 'default' },
  },
  options: {},
  refusalsSeenBy: 'channel',
  voices: { member: english, server: english },
};

const stopHandle = (controller = new AbortController()) => ({ id: 'stop1', signal: controller.signal });

describe('runChatTurn', () => {
  it('streams the answer into the reply, charges it once and remembers the exchange', async () => {
    const { deps, conversations, entries, ended } = await setUp();
    const { sink, writes, refusals } = recordingSink();
    const asked = fake.chatRequests().length;
    fake.enqueue({ parts: ['Four, ', 'of course.'], usage: { input_tokens: 30, output_tokens: 5 } });

    await runChatTurn(deps, turn, stopHandle(), sink);

    const requests = fake.chatRequests().slice(asked);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({
      model: MODEL,
      stream: true,
      messages: [{ role: 'user', content: expect.stringContaining('What is 2+2?') }],
    });
    expect(refusals).toEqual([]);
    expect(writes.at(-1)).toContain('Four, of course.');
    const charged = await entries();
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ kind: 'chat', model: MODEL, inputTokens: 30, outputTokens: 5 });
    // The price list's arithmetic, written out: one rounding per request, up.
    const price = shippedPrices.chat[MODEL];
    const cost = Math.ceil((30 * price.inputMicrosPerMillion + 5 * price.outputMicrosPerMillion) / 1_000_000);
    expect(charged[0]?.costMicros).toBe(cost);
    expect(ended()).toMatchObject([{ outcome: 'completed', costMicros: cost }]);
    const remembered = await conversations.load(CHANNEL);
    expect(remembered.turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'What is 2+2?'],
      ['assistant', 'Four, of course.'],
    ]);
  });

  it('the service failing mid-stream: the partial text kept, the failure said, charged as estimated, not remembered', async () => {
    const { deps, conversations, entries, ended } = await setUp();
    const { sink, writes } = recordingSink();
    fake.enqueue({
      parts: ['Hello ', 'there ', 'friend'],
      usage: null,
      errorAfterChunks: { after: 2, message: 'upstream broke' },
    });

    await runChatTurn(deps, turn, stopHandle(), sink);

    const last = writes.at(-1) ?? '';
    expect(last).toContain('Hello there');
    expect(last).not.toContain('friend');
    expect(last).toContain('⚠️');
    const charged = await entries();
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ kind: 'chat', outcome: 'interrupted', estimated: true });
    // The text shown was billed: its tokens estimated, since the stream sent no usage.
    const entry = charged[0];
    expect(entry?.kind === 'chat' ? entry.outputTokens : 0).toBeGreaterThan(0);
    expect(entry?.costMicros).toBeGreaterThan(0);
    expect(ended()).toMatchObject([{ outcome: 'interrupted', costMicros: charged[0]?.costMicros }]);
    expect((await conversations.load(CHANNEL)).turns).toEqual([]);
  });

  it('a budget refusal is said before the service is called, and costs nothing', async () => {
    const { deps, conversations, entries, ended } = await setUp(1);
    const { sink, writes, refusals } = recordingSink();
    const asked = fake.chatRequests().length;

    await runChatTurn(deps, turn, stopHandle(), sink);

    expect(fake.chatRequests().length).toBe(asked);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(/^⛔ /);
    expect(writes).toEqual([]);
    expect(await entries()).toEqual([]);
    expect(ended()).toMatchObject([{ outcome: 'refused', costMicros: 0 }]);
    expect((await conversations.load(CHANNEL)).turns).toEqual([]);
  });

  it('Stop mid-stream: the text so far kept with who stopped it, charged, remembered', async () => {
    const { deps, conversations, entries, ended } = await setUp();
    const { sink, writes } = recordingSink();
    let release = () => {};
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.enqueue({ parts: ['Counting: ', 'one ', 'two'], hold: { afterChunks: 1, until } });
    const controller = new AbortController();

    try {
      const running = runChatTurn(deps, turn, stopHandle(controller), sink);
      await expect.poll(() => writes.some((write) => write.includes('Counting:'))).toBe(true);
      controller.abort(new StoppedByMember('Bob'));
      await running;
    } finally {
      release();
    }

    const last = writes.at(-1) ?? '';
    expect(last).toContain('Counting:');
    expect(last).not.toContain('two');
    expect(last).toContain('Bob');
    expect(await entries()).toHaveLength(1);
    expect(ended()).toMatchObject([{ outcome: 'stopped' }]);
    const remembered = await conversations.load(CHANNEL);
    expect(remembered.turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(remembered.turns[1]?.content).toContain('Counting:');
  });
});
