/**
 * The chat use case (chat/chatService.ts) on real parts: admission over real settings, role
 * rules, budgets and fair use, the channels' queue and arrival order, the turn streaming from the
 * local fake service over HTTP and SSE, conversations and the ledger on a temporary SQLite store
 * (test/helpers/chatDeps.ts). Only the ports are recorders: the reply port (refuse, acknowledge,
 * and its sink) and the bot token's REST client.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AskRequest,
  type ChatReply,
  type ChatService,
  createChatService,
  type RegenerateRequest,
} from '../../../src/chat/chatService.js';
import type { ChatRequestInput } from '../../../src/chat/request.js';
import type { FakeService } from '../../../src/localService/fakeService.js';
import { REQUEST_ENDED } from '../../../src/ops/requestEnd.js';
import { parseButtonId } from '../../../src/reply/buttons.js';
import type { ServiceClient } from '../../../src/service/client.js';
import {
  type ChatDepsOptions,
  chatServiceDeps,
  deferred,
  recordingReply,
  startServiceClient,
  type Write,
} from '../../helpers/chatDeps.js';
import { english } from '../../helpers/english.js';

const GUILD = 'g1';
const CHANNEL = 'c1';

let fake: FakeService;
let service: ServiceClient;
let closeService: () => Promise<void>;

// A fake service per test: a script one test queued and did not use never answers another's.
beforeEach(async () => {
  ({ fake, service, close: closeService } = await startServiceClient());
});
afterEach(async () => {
  await closeService();
});

async function setUp(options: ChatDepsOptions = {}) {
  const parts = await chatServiceDeps(service, options);
  const chat = createChatService(parts.deps);
  return { ...parts, chat };
}

function asker(overrides: Partial<ChatRequestInput> = {}): ChatRequestInput {
  return {
    guildId: GUILD,
    channelId: CHANNEL,
    parentId: null,
    userId: 'u1',
    userName: 'Ada',
    options: {},
    roleIds: [],
    voice: english,
    ...overrides,
  };
}

/** A new question in `asker`'s channel; `shape` may be given to watch or hold it. */
function ask(
  reply: ChatReply,
  prompt: string,
  overrides: Partial<ChatRequestInput> = {},
  extra: Partial<AskRequest> = {},
): AskRequest {
  const who = asker(overrides);
  return {
    asker: who,
    voices: { member: english, server: english },
    refusalsSeenBy: 'channel',
    reply,
    shape: async () => ({
      channelId: who.channelId,
      replyChannelId: who.channelId,
      ask: { kind: 'new', prompt },
      options: {},
    }),
    ...extra,
  };
}

/** The Stop button's id on a write of the reply (its first button's custom id). */
function stopIdOf(write: Write | undefined): string {
  const row = write?.components?.[0] as { components: { custom_id: string }[] } | undefined;
  const customId = row?.components[0]?.custom_id ?? '';
  const { action, argument } = parseButtonId(customId);
  expect(action).toBe('stop');
  return argument;
}

/** The last message's content of each chat request the fake service received from `since` on. */
function askedSince(since: number): string[] {
  return fake
    .chatRequests()
    .slice(since)
    .map((request) => {
      const messages = request.body.messages as { content: string }[];
      return messages.at(-1)?.content ?? '';
    });
}

/** A reply the fake service holds after its first piece until `release`. */
function heldReply(parts: string[]) {
  const gate = deferred();
  fake.enqueue({ parts, hold: { afterChunks: 1, until: gate.promise } });
  return { release: gate.resolve };
}

describe('ask', () => {
  it('acknowledges an admitted request before its turn runs, streams the answer into the sink, and remembers it', async () => {
    const { chat, conversations } = await setUp();
    const port = recordingReply();
    const since = fake.chatRequests().length;
    fake.enqueue({ parts: ['Four, ', 'of course.'], usage: { input_tokens: 30, output_tokens: 5 } });
    let atShape: { events: unknown[]; writes: number; asked: number } | undefined;

    await chat.ask(
      ask(
        port.reply,
        'What is 2+2?',
        {},
        {
          shape: async (settings) => {
            atShape = {
              events: [...port.events],
              writes: port.writes.length,
              asked: fake.chatRequests().length,
            };
            expect(settings.model).toBe('service-v1-flash');
            return {
              channelId: CHANNEL,
              replyChannelId: CHANNEL,
              ask: { kind: 'new', prompt: 'What is 2+2?' },
              options: {},
            };
          },
        },
      ),
    );

    // Acknowledged first: nothing written, the service not yet asked when the turn was shaped.
    expect(atShape).toEqual({ events: [{ kind: 'acknowledge' }], writes: 0, asked: since });
    expect(port.events).toEqual([{ kind: 'acknowledge' }]);
    expect(askedSince(since)).toEqual([expect.stringContaining('What is 2+2?')]);
    expect(port.last()).toContain('Four, of course.');
    expect(port.refusals).toEqual([]);
    const remembered = await conversations.load(CHANNEL);
    expect(remembered.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['user', 'What is 2+2?'],
      ['assistant', 'Four, of course.'],
    ]);
    expect(remembered.lastReply).toEqual({ channelId: CHANNEL, messageId: 'm-reply', v2: true });
  });

  it('refuses a channel the server does not allow (channelRefused), never acknowledging nor calling the service', async () => {
    const { chat, settings, deps } = await setUp();
    await settings.updateGuild(GUILD, { allowedChannels: ['allowed'] });
    const since = fake.chatRequests().length;
    const refused = recordingReply();
    let shaped = false;
    await chat.ask(
      ask(
        refused.reply,
        'hello',
        {},
        {
          shape: async () => {
            shaped = true;
            throw new Error('a refused request is not shaped');
          },
        },
      ),
    );
    expect(refused.events).toEqual([
      { kind: 'refuse', text: english.t('errors.channelNotAllowed'), channelRefused: true },
    ]);
    expect(shaped).toBe(false);
    expect(refused.writes).toEqual([]);
    expect(askedSince(since)).toEqual([]);
    expect(deps.fairUse.inProgress(GUILD)).toEqual([]);

    // The allowed channel (a thread follows its parent) is answered.
    const allowed = recordingReply();
    await chat.ask(ask(allowed.reply, 'hello there', { channelId: 'thread-1', parentId: 'allowed' }));
    expect(allowed.events).toEqual([{ kind: 'acknowledge' }]);
    expect(allowed.last()).toContain('Echo: ');
    expect(askedSince(since)).toEqual([expect.stringContaining('hello there')]);
  });

  it('refuses a second request of the member in the channel while the first holds its slot (fair use), then takes the next once it ended', async () => {
    const { chat, deps } = await setUp();
    const held = heldReply(['First ', 'answer.']);
    const first = recordingReply();
    const running = chat.ask(ask(first.reply, 'first'));
    await vi.waitFor(() => expect(first.last()).toContain('First'));

    const since = fake.chatRequests().length;
    const busy = recordingReply();
    await chat.ask(ask(busy.reply, 'second'));
    expect(busy.events).toEqual([
      { kind: 'refuse', text: english.t('errors.chatBusy'), channelRefused: false },
    ]);
    expect(busy.writes).toEqual([]);
    expect(askedSince(since)).toEqual([]);

    held.release();
    await running;
    expect(first.last()).toContain('First answer.');
    expect(deps.fairUse.inProgress(GUILD)).toEqual([]);
    // Its slot released: the member's next request in the channel runs.
    const next = recordingReply();
    await chat.ask(ask(next.reply, 'third'));
    expect(next.events).toEqual([{ kind: 'acknowledge' }]);
    expect(askedSince(since)).toEqual([expect.stringContaining('third')]);
  });

  it('refuses a member over the rate limit in words, acknowledging nothing', async () => {
    const { chat } = await setUp({ rateLimitPerMinute: 1 });
    const first = recordingReply();
    await chat.ask(ask(first.reply, 'one'));
    expect(first.events).toEqual([{ kind: 'acknowledge' }]);
    const since = fake.chatRequests().length;
    const tooFast = recordingReply();
    await chat.ask(ask(tooFast.reply, 'two'));
    // The rate limit's words (the wait they name depends on the clock), not the busy slot's.
    const said = english.t('errors.tooFastServer', { perMinute: 1, wait: '<wait>' }).split('<wait>')[0] ?? '';
    expect(tooFast.events).toMatchObject([{ kind: 'refuse', channelRefused: false }]);
    const refusal = tooFast.events[0];
    expect(refusal?.kind === 'refuse' ? refusal.text.slice(0, said.length) : undefined).toBe(said);
    expect(askedSince(since)).toEqual([]);
  });

  it('takes no new work while shutting down: refused with the restarting text, its slot given back', async () => {
    const shutdown = new AbortController();
    shutdown.abort();
    const { chat, deps, conversations } = await setUp({ shutdown: shutdown.signal });
    const since = fake.chatRequests().length;
    const late = recordingReply();
    await chat.ask(ask(late.reply, 'hello'));
    expect(late.events).toEqual([
      { kind: 'refuse', text: english.t('errors.restartingNow'), channelRefused: false },
    ]);
    expect(late.writes).toEqual([]);
    expect(askedSince(since)).toEqual([]);
    expect(deps.fairUse.inProgress(GUILD)).toEqual([]);
    expect((await conversations.load(CHANNEL)).turns).toEqual([]);

    // The same fair use, the bot running again: the member's request in the channel is taken.
    const running = createChatService({ ...deps, shutdown: new AbortController().signal });
    const again = recordingReply();
    await running.ask(ask(again.reply, 'hello again'));
    expect(again.events).toEqual([{ kind: 'acknowledge' }]);
    expect(askedSince(since)).toEqual([expect.stringContaining('hello again')]);
  });

  it('runs two requests in a channel in their order of arrival, even when the first is shaped later', async () => {
    const { chat, conversations } = await setUp();
    const since = fake.chatRequests().length;
    const slowShape = deferred();
    const first = recordingReply('m-a');
    const second = recordingReply('m-b');
    let secondShaped = false;
    const runFirst = chat.ask(
      ask(
        first.reply,
        'question A',
        { userId: 'u1', userName: 'Ada' },
        {
          shape: async () => {
            await slowShape.promise;
            return {
              channelId: CHANNEL,
              replyChannelId: CHANNEL,
              ask: { kind: 'new', prompt: 'question A' },
              options: {},
            };
          },
        },
      ),
    );
    const runSecond = chat.ask(
      ask(
        second.reply,
        'question B',
        { userId: 'u2', userName: 'Bob' },
        {
          shape: async () => {
            secondShaped = true;
            return {
              channelId: CHANNEL,
              replyChannelId: CHANNEL,
              ask: { kind: 'new', prompt: 'question B' },
              options: {},
            };
          },
        },
      ),
    );
    // B is acknowledged and shaped while A is still being shaped; only then is A's shape done.
    await vi.waitFor(() => expect(secondShaped).toBe(true));
    expect(first.events).toEqual([{ kind: 'acknowledge' }]);
    slowShape.resolve();
    await Promise.all([runFirst, runSecond]);

    const asked = askedSince(since);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('question A');
    expect(asked[1]).toContain('question B');
    // B's request carried A's exchange: A was answered first.
    const secondBody = fake.chatRequests()[since + 1]?.body.messages as { content: string }[];
    expect(secondBody.map((message) => message.content).join('\n')).toContain('Echo: ');
    const remembered = await conversations.load(CHANNEL);
    expect(remembered.turns.map((turn) => turn.content)).toEqual([
      expect.stringContaining('question A'),
      expect.stringContaining('question A'),
      expect.stringContaining('question B'),
      expect.stringContaining('question B'),
    ]);
    expect(remembered.lastReply).toEqual({ channelId: CHANNEL, messageId: 'm-b', v2: true });
  });
});

describe('stop', () => {
  it("says 'finished' for an unknown reply, 'forbidden' to another member, and stops the asker's reply", async () => {
    const { chat, conversations, lines } = await setUp();
    expect(chat.stop('no-such-reply', { userId: 'u1', name: 'Ada', canManageMessages: false })).toBe(
      'finished',
    );
    const held = heldReply(['Counting: ', 'one ', 'two']);
    const port = recordingReply();
    const running = chat.ask(ask(port.reply, 'count'));
    try {
      await vi.waitFor(() => expect(port.last()).toContain('Counting:'));
      const stopId = stopIdOf(port.writes.at(-1));
      expect(chat.stop(stopId, { userId: 'u2', name: 'Bob', canManageMessages: false })).toBe('forbidden');
      expect(chat.stop(stopId, { userId: 'u1', name: 'Ada', canManageMessages: false })).toBe('stopped');
      await running;
      // Ended: its Stop button finds nothing to stop.
      expect(chat.stop(stopId, { userId: 'u1', name: 'Ada', canManageMessages: false })).toBe('finished');
    } finally {
      held.release();
    }
    await running;
    expect(port.last()).toContain('Counting:');
    expect(port.last()).not.toContain('two');
    expect(port.last()).toContain(english.t('chat.stoppedBy', { name: 'Ada' }));
    expect(lines.filter((line) => line.msg === REQUEST_ENDED)).toMatchObject([{ outcome: 'stopped' }]);
    const remembered = await conversations.load(CHANNEL);
    expect(remembered.turns.map((turn) => turn.role)).toEqual(['user', 'assistant']);
  });
});

describe('regenerate', () => {
  /** A conversation with one answered question, its reply shown as message m-reply. */
  async function answered() {
    const parts = await setUp();
    const first = recordingReply('m-reply');
    fake.enqueue({ text: 'The first take.' });
    await parts.chat.ask(ask(first.reply, 'Tell me something'));
    const last = (await parts.conversations.load(CHANNEL)).turns.at(-1);
    if (last?.role !== 'assistant' || !last.id) throw new Error('no reply to regenerate');
    return { ...parts, turnId: last.id };
  }

  function press(
    chat: ChatService,
    reply: ChatReply,
    overrides: Partial<RegenerateRequest> & { userId?: string },
  ): Promise<void> {
    const { userId = 'u1', ...rest } = overrides;
    return chat.regenerate({
      asker: { ...asker({ userId }) },
      voices: { member: english, server: english },
      refusalsSeenBy: 'member',
      reply,
      conversationId: CHANNEL,
      turnId: 'unset',
      pressed: { channelId: CHANNEL, messageId: 'm-reply' },
      canManageMessages: false,
      replyChannelId: CHANNEL,
      ...rest,
    });
  }

  it("refuses a press on a reply that is not the latest, or on a crafted button, with 'chat.notLatest'", async () => {
    const { chat, turnId } = await answered();
    const since = fake.chatRequests().length;
    const stale = recordingReply();
    await press(chat, stale.reply, { turnId: 'an-older-reply' });
    const elsewhere = recordingReply();
    await press(chat, elsewhere.reply, { turnId, pressed: { channelId: 'c-other', messageId: 'm-reply' } });
    const otherMessage = recordingReply();
    await press(chat, otherMessage.reply, { turnId, pressed: { channelId: CHANNEL, messageId: 'm-older' } });
    for (const port of [stale, elsewhere, otherMessage]) {
      expect(port.events).toEqual([
        { kind: 'refuse', text: english.t('chat.notLatest'), channelRefused: false },
      ]);
      expect(port.writes).toEqual([]);
    }
    expect(askedSince(since)).toEqual([]);
  });

  it("refuses another member's press with 'chat.regenerateForbidden'", async () => {
    const { chat, turnId } = await answered();
    const since = fake.chatRequests().length;
    const stranger = recordingReply();
    await press(chat, stranger.reply, { turnId, userId: 'u2' });
    expect(stranger.events).toEqual([
      { kind: 'refuse', text: english.t('chat.regenerateForbidden'), channelRefused: false },
    ]);
    expect(askedSince(since)).toEqual([]);
  });

  it("replaces the latest reply with another take on the asker's press", async () => {
    const { chat, conversations, turnId } = await answered();
    const since = fake.chatRequests().length;
    fake.enqueue({ text: 'The second take.' });
    const port = recordingReply('m-regenerated');
    await press(chat, port.reply, { turnId });
    expect(port.events).toEqual([{ kind: 'acknowledge' }]);
    expect(port.last()).toContain('The second take.');
    expect(askedSince(since)).toEqual([expect.stringContaining('Tell me something')]);
    const remembered = await conversations.load(CHANNEL);
    expect(remembered.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['user', 'Tell me something'],
      ['assistant', 'The second take.'],
    ]);
    expect(remembered.lastReply).toEqual({ channelId: CHANNEL, messageId: 'm-regenerated', v2: true });
  });
});

describe('forget', () => {
  it('resets the conversation in its queue: a reply being written is saved first, and lastReply gets its message', async () => {
    const { chat, conversations } = await setUp();
    const earlier = recordingReply('m-earlier');
    await chat.ask(ask(earlier.reply, 'earlier question'));
    const held = heldReply(['Writing ', 'still.']);
    const port = recordingReply('m-latest');
    const running = chat.ask(ask(port.reply, 'latest question'));
    const lastReplies: unknown[] = [];
    try {
      await vi.waitFor(() => expect(port.last()).toContain('Writing'));
      const forgetting = chat.forget(CHANNEL, async (reply) => {
        lastReplies.push(reply);
      });
      held.release();
      await Promise.all([running, forgetting]);
    } finally {
      held.release();
    }
    // Reset after the latest reply was saved: its message's buttons are the ones taken off.
    expect(port.last()).toContain('Writing still.');
    expect(lastReplies).toEqual([{ channelId: CHANNEL, messageId: 'm-latest', v2: true }]);
    expect(await conversations.load(CHANNEL)).toMatchObject({ turns: [], lastReply: null });
  });
});

describe('inProgress', () => {
  it('counts a reply while it streams, and none once it ended', async () => {
    const { chat } = await setUp();
    expect(chat.inProgress()).toBe(0);
    const held = heldReply(['Still ', 'going.']);
    const port = recordingReply();
    const running = chat.ask(ask(port.reply, 'go'));
    try {
      await vi.waitFor(() => expect(port.last()).toContain('Still'));
      expect(chat.inProgress()).toBe(1);
      expect(chat.waiting()).toBe(0);
    } finally {
      held.release();
    }
    await running;
    expect(port.last()).toContain('Still going.');
    expect(chat.inProgress()).toBe(0);
  });
});
