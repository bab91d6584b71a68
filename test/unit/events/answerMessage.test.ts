/**
 * Which members' messages the bot answers without a command, decided before any await: a
 * mention, a reply to the bot, a DM, a message in a thread the bot opened (with the Message
 * Content intent); never another bot's, a system message or a webhook's, nor members talking
 * among themselves. Then what the message asks (`readMessage`) and its answer (`answerMessage`),
 * through a real chat service (chat/chatService.ts over real settings, role rules, budgets and
 * conversations on a temporary SQLite store, real fair use, the local fake service over HTTP
 * and SSE): silence where the server turned mentions off, where the bot may not post or where
 * the channel is refused; the question it extracts; refusals said in a reply. The message is a
 * structural stand-in of what the module reads, its replies recorded; the bot's REST client is
 * discord.js's, its requests answered by a recorder.
 */
import { REST, type RESTOptions } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatService } from '../../../src/chat/chatService.js';
import type { MessageTrigger } from '../../../src/chat/prompt.js';
import {
  type AnswerableMessage,
  type AnswerMessageDeps,
  answerMessage,
  CANNOT_ANSWER_HERE,
  messageTrigger,
  REPLY_REFUSED,
  readMessage,
  type TriggerMessage,
} from '../../../src/events/answerMessage.js';
import { createExtractor } from '../../../src/files/extractor.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { bodyText } from '../../../src/localDiscord/componentRules.js';
import type { FakeService } from '../../../src/localService/fakeService.js';
import type { ServiceClient } from '../../../src/service/client.js';
import { chatServiceDeps, deferred, startServiceClient } from '../../helpers/chatDeps.js';
import { english } from '../../helpers/english.js';

const BOT = '1000';

interface Shape {
  authorIsBot?: boolean;
  system?: boolean;
  webhookId?: string | null;
  inGuild?: boolean;
  mentions?: string[];
  repliedTo?: string | null;
  thread?: { ownerId: string | null } | null;
}

function message(shape: Shape = {}): TriggerMessage {
  const mentioned = new Set(shape.mentions ?? []);
  const thread = shape.thread ?? null;
  return {
    author: { bot: shape.authorIsBot ?? false },
    system: shape.system ?? false,
    webhookId: shape.webhookId ?? null,
    client: { user: { id: BOT } },
    channel: thread ? { isThread: () => true, ownerId: thread.ownerId } : { isThread: () => false },
    inGuild: () => shape.inGuild ?? true,
    mentions: {
      users: { has: (id) => mentioned.has(id) },
      repliedUser: shape.repliedTo ? { id: shape.repliedTo } : null,
    },
  };
}

describe('messages the bot answers', () => {
  it('answers a mention, a reply to the bot and any DM, saying why', () => {
    expect(messageTrigger(message({ mentions: [BOT] }), false)).toEqual({
      inDm: false,
      mentionsBot: true,
      repliesToBot: false,
      inBotThread: false,
      contentIntent: false,
    });
    expect(messageTrigger(message({ repliedTo: BOT }), false)).toMatchObject({
      repliesToBot: true,
      mentionsBot: false,
    });
    expect(messageTrigger(message({ inGuild: false }), false)).toMatchObject({
      inDm: true,
      mentionsBot: false,
    });
  });

  it("ignores members talking among themselves: no mention of the bot, a reply to someone else, another member's mention", () => {
    expect(messageTrigger(message(), true)).toBeUndefined();
    expect(messageTrigger(message({ repliedTo: '2000', mentions: ['2000'] }), true)).toBeUndefined();
  });

  it('never answers another bot, a system message or a webhook, even when they mention it or come in a DM', () => {
    expect(messageTrigger(message({ authorIsBot: true, mentions: [BOT] }), true)).toBeUndefined();
    expect(messageTrigger(message({ authorIsBot: true, inGuild: false }), true)).toBeUndefined();
    expect(messageTrigger(message({ system: true, mentions: [BOT] }), true)).toBeUndefined();
    expect(messageTrigger(message({ webhookId: 'hook-1', repliedTo: BOT }), true)).toBeUndefined();
  });

  it("answers a plain message in a thread the bot opened only with the Message Content intent, never in someone else's thread", () => {
    const inBotThread = message({ thread: { ownerId: BOT } });
    expect(messageTrigger(inBotThread, true)).toMatchObject({ inBotThread: true, contentIntent: true });
    expect(messageTrigger(inBotThread, false)).toBeUndefined();
    expect(messageTrigger(message({ thread: { ownerId: '2000' } }), true)).toBeUndefined();
    expect(messageTrigger(message({ thread: { ownerId: null } }), true)).toBeUndefined();
  });
});

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

/** A request the bot's REST client sent. */
interface Sent {
  readonly method: string;
  readonly path: string;
  readonly body: Record<string, unknown> | undefined;
}

/**
 * The bot's REST client (discord.js's), its requests recorded and answered as Discord would:
 * a posted message gets an id; with `refuse`, posting a message is refused (Missing Permissions).
 */
function recordingRest(options: { refuse?: boolean } = {}) {
  const sent: Sent[] = [];
  const makeRequest: RESTOptions['makeRequest'] = async (url, init) => {
    const path = new URL(url).pathname.replace(/^\/api\/v\d+/, '');
    const method = init.method ?? 'GET';
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    sent.push({ method, path, body });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (method === 'POST' && path.endsWith('/typing')) return new Response(null, { status: 204 });
    if (method === 'POST' && options.refuse)
      return json(403, { code: 50013, message: 'Missing Permissions' });
    if (method === 'POST') return json(200, { id: `reply-${sent.length}`, content: body?.content });
    return json(200, { id: path.split('/').at(-1), content: body?.content });
  };
  const rest = new REST({ api: 'http://discord.test/api', makeRequest, retries: 0 }).setToken('bot-token');
  const messages = () => sent.filter((request) => !request.path.endsWith('/typing'));
  return { rest, sent, messages };
}

async function setUp(options: { shuttingDown?: boolean; dmsEnabled?: boolean; refuse?: boolean } = {}) {
  const shutdown = new AbortController();
  if (options.shuttingDown) shutdown.abort();
  const parts = await chatServiceDeps(service, {
    shutdown: shutdown.signal,
    dmsEnabled: options.dmsEnabled ?? true,
    rateLimitPerMinute: 5,
  });
  const chat = createChatService(parts.deps);
  const discord = recordingRest({ refuse: options.refuse ?? false });
  const deps = {
    chat,
    settings: parts.settings,
    logger: parts.deps.logger,
    i18n: createI18n(),
    discordRest: discord.rest,
    // No message here has files: a downloader that is never asked (the e2e tests read real ones).
    files: {
      downloader: { downloadFile: async () => ({ ok: false as const, reason: 'no files here' }) },
      extractor: createExtractor(),
      allowedHosts: [],
    },
    shutdown: shutdown.signal,
  } satisfies AnswerMessageDeps;
  const asked = () => fake.chatRequests().map((request) => request.body.messages as { content: string }[]);
  return { ...parts, chatDeps: parts.deps, deps, discord, asked };
}

interface Posted {
  guildId?: string | null;
  content: string;
  thread?: { parentId: string };
  /** What the bot lacks in the channel; undefined: discord.js cannot tell. */
  missing?: string[];
  /** The message's id (default m1). */
  id?: string;
}

/** A member's message in server g1 (or a DM), mentioning the bot unless told; its replies recorded. */
function posted(shape: Posted) {
  const replies: string[] = [];
  const guildId = shape.guildId === undefined ? 'g1' : shape.guildId;
  const users = new Map([
    [BOT, { displayName: 'Bot' }],
    ['2000', { displayName: 'Bob' }],
  ]);
  const msg: AnswerableMessage = {
    id: shape.id ?? 'm1',
    channelId: shape.thread ? 'thread-1' : 'c1',
    guildId,
    content: shape.content,
    author: { bot: false, id: 'u1', displayName: 'Ada (global)' },
    member: guildId ? { displayName: 'Ada' } : null,
    guild: guildId ? { preferredLocale: 'en-US' } : null,
    system: false,
    webhookId: null,
    attachments: new Map(),
    client: { user: { id: BOT } },
    channel: {
      isThread: () => shape.thread !== undefined,
      ownerId: null,
      parentId: shape.thread?.parentId ?? 'category-1',
      permissionsFor: () => (shape.missing ? { missing: () => shape.missing ?? [] } : null),
    },
    inGuild: () => guildId !== null,
    mentions: {
      users: { has: (id) => shape.content.includes(`<@${id}>`), get: (id) => users.get(id) },
      members: guildId ? { get: (id) => (id === '2000' ? { displayName: 'Bobby' } : undefined) } : null,
      roles: { get: (id) => (id === '9000' ? { name: 'mods' } : undefined) },
      repliedUser: null,
    },
    reply: async ({ content }) => {
      replies.push(content);
    },
  };
  return { msg, replies };
}

const MENTION: MessageTrigger = {
  inDm: false,
  mentionsBot: true,
  repliesToBot: false,
  inBotThread: false,
  contentIntent: false,
};

describe('what a message asks (readMessage)', () => {
  it("extracts the question: the bot's mention stripped, members and roles named; the member's server name", async () => {
    const { deps } = await setUp();
    const { msg, replies } = posted({ content: `<@${BOT}> ask <@2000> and <@&9000> about monads` });
    expect(await readMessage(deps, msg, MENTION)).toMatchObject({
      prompt: 'ask @Bobby and @mods about monads',
      userName: 'Ada',
      where: { guildId: 'g1', channelId: 'c1', messageId: 'm1' },
    });
    expect(replies).toEqual([]);
  });

  it('stays silent where the server turned mentions off', async () => {
    const { deps, warnings } = await setUp();
    await deps.settings.updateGuild('g1', { answerMentions: false });
    const { msg, replies } = posted({ content: `<@${BOT}> hello` });
    expect(await readMessage(deps, msg, MENTION)).toBeUndefined();
    expect(replies).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it('only logs where the bot may not post: no reply, nothing asked', async () => {
    const { deps, warnings } = await setUp();
    const { msg, replies } = posted({ content: `<@${BOT}> hello`, missing: ['SendMessages'] });
    expect(await readMessage(deps, msg, MENTION)).toBeUndefined();
    expect(replies).toEqual([]);
    expect(warnings()).toMatchObject([{ msg: CANNOT_ANSWER_HERE, missing: ['SendMessages'] }]);
  });

  it('hints at a question after a bare mention, but stays silent on an empty reply (content Discord may withhold)', async () => {
    const { deps } = await setUp();
    const bare = posted({ content: `<@${BOT}>` });
    expect(await readMessage(deps, bare.msg, MENTION)).toBeUndefined();
    expect(bare.replies).toEqual([english.t('chat.mentionHint')]);
    const emptyReply = posted({ content: '' });
    expect(
      await readMessage(deps, emptyReply.msg, { ...MENTION, mentionsBot: false, repliesToBot: true }),
    ).toBeUndefined();
    expect(emptyReply.replies).toEqual([]);
  });
});

describe('answering a message (answerMessage, through the chat service)', () => {
  it("answers the question in a reply to the member's message, named as in the server, holding the member's slot while it streams", async () => {
    const { deps, discord, asked } = await setUp();
    const gate = deferred();
    fake.enqueue({ parts: ['Monads ', 'are burritos.'], hold: { afterChunks: 1, until: gate.promise } });
    const { msg, replies } = posted({ content: `<@${BOT}> ask <@2000> and <@&9000> about monads` });
    const answering = answerMessage(deps, msg, MENTION);
    try {
      await vi.waitFor(() => expect(discord.messages()).not.toEqual([]));
      // The slot is held: the same member in the same channel is told to wait for it.
      const again = posted({ content: `<@${BOT}> and another thing`, id: 'm2' });
      await answerMessage(deps, again.msg, MENTION);
      expect(again.replies).toEqual([english.t('errors.chatBusy')]);
    } finally {
      gate.resolve();
    }
    await answering;

    expect(replies).toEqual([]);
    expect(asked()).toHaveLength(1);
    expect(asked()[0]?.at(-1)?.content).toBe('Ada: ask @Bobby and @mods about monads');
    const [first, ...edits] = discord.messages();
    expect(first).toMatchObject({
      method: 'POST',
      path: '/channels/c1/messages',
      body: { message_reference: { message_id: 'm1' } },
    });
    expect(edits.at(-1)).toMatchObject({ method: 'PATCH', path: '/channels/c1/messages/reply-1' });
    expect(String(bodyText(edits.at(-1)?.body ?? {}))).toContain('Monads are burritos.');
  });

  it('stays silent where the server turned mentions off: nothing asked, nothing sent', async () => {
    const { deps, discord, asked, warnings } = await setUp();
    await deps.settings.updateGuild('g1', { answerMentions: false });
    const { msg, replies } = posted({ content: `<@${BOT}> hello` });
    await answerMessage(deps, msg, MENTION);
    expect(replies).toEqual([]);
    expect(discord.sent).toEqual([]);
    expect(asked()).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it('stays silent in a channel the server refuses (a thread follows its parent), but answers in an allowed one', async () => {
    const { deps, discord, asked } = await setUp();
    await deps.settings.updateGuild('g1', { allowedChannels: ['allowed'] });
    const refused = posted({ content: `<@${BOT}> hello` });
    await answerMessage(deps, refused.msg, MENTION);
    expect(refused.replies).toEqual([]);
    expect(discord.sent).toEqual([]);
    expect(asked()).toEqual([]);

    const inThread = posted({ content: `<@${BOT}> hello`, thread: { parentId: 'allowed' } });
    await answerMessage(deps, inThread.msg, MENTION);
    expect(inThread.replies).toEqual([]);
    expect(asked().map((messages) => messages.at(-1)?.content)).toEqual(['Ada: hello']);
    expect(discord.messages()[0]).toMatchObject({ method: 'POST', path: '/channels/thread-1/messages' });
    expect(String(bodyText(discord.messages().at(-1)?.body ?? {}))).toContain('Echo: Ada: hello');
  });

  it('only logs where the bot may not post: no reply, nothing asked, nothing sent', async () => {
    const { deps, discord, asked, warnings } = await setUp();
    const { msg, replies } = posted({ content: `<@${BOT}> hello`, missing: ['SendMessages'] });
    await answerMessage(deps, msg, MENTION);
    expect(replies).toEqual([]);
    expect(discord.sent).toEqual([]);
    expect(asked()).toEqual([]);
    expect(warnings()).toMatchObject([{ msg: CANNOT_ANSWER_HERE, missing: ['SendMessages'] }]);
  });

  it('hints at a question after a bare mention, but stays silent on an empty reply; neither is asked', async () => {
    const { deps, discord, asked } = await setUp();
    const bare = posted({ content: `<@${BOT}>` });
    await answerMessage(deps, bare.msg, MENTION);
    expect(bare.replies).toEqual([english.t('chat.mentionHint')]);
    const emptyReply = posted({ content: '' });
    await answerMessage(deps, emptyReply.msg, { ...MENTION, mentionsBot: false, repliesToBot: true });
    expect(emptyReply.replies).toEqual([]);
    expect(discord.sent).toEqual([]);
    expect(asked()).toEqual([]);
  });

  it('refuses a DM when DMs are off, in words', async () => {
    const { deps, discord, asked } = await setUp({ dmsEnabled: false });
    const dm = posted({ guildId: null, content: 'hello' });
    await answerMessage(deps, dm.msg, { ...MENTION, inDm: true, mentionsBot: false });
    expect(dm.replies).toEqual([english.t('errors.dmsOff')]);
    expect(discord.sent).toEqual([]);
    expect(asked()).toEqual([]);
  });

  it('takes no new work while shutting down, saying so; its fair-use slot is given back', async () => {
    const closing = await setUp({ shuttingDown: true });
    const late = posted({ content: `<@${BOT}> hello` });
    await answerMessage(closing.deps, late.msg, MENTION);
    expect(late.replies).toEqual([english.t('errors.restartingNow')]);
    expect(closing.discord.sent).toEqual([]);
    expect(closing.asked()).toEqual([]);
    // Its fair-use slot was given back: the same fair use, the bot running again, answers it.
    const running = createChatService({ ...closing.chatDeps, shutdown: new AbortController().signal });
    await answerMessage({ ...closing.deps, chat: running }, late.msg, MENTION);
    expect(late.replies).toEqual([english.t('errors.restartingNow')]);
    expect(closing.asked().map((messages) => messages.at(-1)?.content)).toEqual(['Ada: hello']);
  });

  it('stops the turn when Discord refuses the reply for permissions, and logs why', async () => {
    const { deps, discord, warnings } = await setUp({ refuse: true });
    const { msg, replies } = posted({ content: `<@${BOT}> hello` });
    await answerMessage(deps, msg, MENTION);
    expect(replies).toEqual([]);
    // One refused post; nothing knocked again after it.
    expect(discord.messages()).toMatchObject([{ method: 'POST', path: '/channels/c1/messages' }]);
    expect(warnings()).toMatchObject([{ msg: REPLY_REFUSED, code: 50013 }]);
  });
});
