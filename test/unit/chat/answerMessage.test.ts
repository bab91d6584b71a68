/**
 * Which members' messages the bot answers without a command, decided before any await: a
 * mention, a reply to the bot, a DM, a message in a thread the bot opened (with the Message
 * Content intent); never another bot's, a system message or a webhook's, nor members talking
 * among themselves. Then whether it gets a turn (`admitMessage`, over real settings, role
 * rules, budgets on a temporary SQLite store and real fair use): silence where the server turned
 * mentions off, where the bot may not post or where the channel is refused; the question it
 * extracts. The message is a structural stand-in of what the module reads; its replies recorded.
 */
import { describe, expect, it } from 'vitest';
import { createFairUse } from '../../../src/access/fairUse.js';
import {
  type AdmitMessageDeps,
  type AnswerableMessage,
  admitMessage,
  CANNOT_ANSWER_HERE,
  messageTrigger,
  type TriggerMessage,
} from '../../../src/chat/answerMessage.js';
import type { MessageTrigger } from '../../../src/chat/prompt.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { createLogger } from '../../../src/lib/logger.js';
import { createSettings } from '../../../src/settings/settingsStore.js';
import { createBudgets } from '../../../src/spend/budgets.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import { createRoleRules } from '../../../src/spend/roleRules.js';
import { english } from '../../helpers/english.js';
import { freshStore } from '../../helpers/tempStore.js';

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

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error('prices');
const prices = priced.prices;

async function setUp(options: { shuttingDown?: boolean; dmsEnabled?: boolean } = {}) {
  const { store } = await freshStore();
  const lines: { level: number; msg: string; missing?: string[] }[] = [];
  const logger = createLogger({
    level: 'debug',
    secrets: [],
    destination: { write: (line) => lines.push(JSON.parse(line)) },
  });
  const shutdown = new AbortController();
  if (options.shuttingDown) shutdown.abort();
  const deps = {
    config: {
      defaultModel: 'service-v1-flash',
      maxOutputTokens: 1000,
      historyMaxTokens: 4000,
      userInstall: true,
      dmsEnabled: options.dmsEnabled ?? true,
      rateLimitPerMinute: 5,
    },
    settings: createSettings(store),
    fairUse: createFairUse(),
    roleRules: createRoleRules(store),
    budgets: createBudgets(store, createLedger(store, prices, logger), 'USD'),
    logger,
    i18n: createI18n(),
    shutdown: shutdown.signal,
  } satisfies AdmitMessageDeps;
  return { deps, warnings: () => lines.filter((line) => line.level === 40) };
}

interface Posted {
  guildId?: string | null;
  content: string;
  thread?: { parentId: string };
  /** What the bot lacks in the channel; undefined: discord.js cannot tell. */
  missing?: string[];
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
    id: 'm1',
    channelId: shape.thread ? 'thread-1' : 'c1',
    guildId,
    content: shape.content,
    author: { bot: false, id: 'u1', displayName: 'Ada (global)' },
    member: guildId ? { displayName: 'Ada' } : null,
    guild: guildId ? { preferredLocale: 'en-US' } : null,
    system: false,
    webhookId: null,
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

describe('whether a message gets a turn', () => {
  it("extracts the question: the bot's mention stripped, members and roles named; the member's server name, the slot held", async () => {
    const { deps } = await setUp();
    const { msg, replies } = posted({ content: `<@${BOT}> ask <@2000> and <@&9000> about monads` });
    const admitted = await admitMessage(deps, msg, MENTION);
    expect(admitted).toMatchObject({
      prompt: 'ask @Bobby and @mods about monads',
      userName: 'Ada',
      prepared: { ok: true, settings: { model: 'service-v1-flash' } },
      where: { guildId: 'g1', channelId: 'c1', messageId: 'm1' },
    });
    expect(replies).toEqual([]);
    // The slot is held: the same member in the same channel waits for it.
    expect((await admitMessage(deps, msg, MENTION))?.prepared).toBeUndefined();
    expect(replies).toHaveLength(1);
    admitted?.prepared.slot.release();
  });

  it('stays silent where the server turned mentions off', async () => {
    const { deps, warnings } = await setUp();
    await deps.settings.updateGuild('g1', { answerMentions: false });
    const { msg, replies } = posted({ content: `<@${BOT}> hello` });
    expect(await admitMessage(deps, msg, MENTION)).toBeUndefined();
    expect(replies).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it('stays silent in a channel the server refuses (a thread follows its parent), but answers in an allowed one', async () => {
    const { deps } = await setUp();
    await deps.settings.updateGuild('g1', { allowedChannels: ['allowed'] });
    const refused = posted({ content: `<@${BOT}> hello` });
    expect(await admitMessage(deps, refused.msg, MENTION)).toBeUndefined();
    expect(refused.replies).toEqual([]);
    const inThread = posted({ content: `<@${BOT}> hello`, thread: { parentId: 'allowed' } });
    const admitted = await admitMessage(deps, inThread.msg, MENTION);
    expect(admitted?.prompt).toBe('hello');
    admitted?.prepared.slot.release();
  });

  it('only logs where the bot may not post: no reply, nothing admitted', async () => {
    const { deps, warnings } = await setUp();
    const { msg, replies } = posted({ content: `<@${BOT}> hello`, missing: ['SendMessages'] });
    expect(await admitMessage(deps, msg, MENTION)).toBeUndefined();
    expect(replies).toEqual([]);
    expect(warnings()).toMatchObject([{ msg: CANNOT_ANSWER_HERE, missing: ['SendMessages'] }]);
  });

  it('hints at a question after a bare mention, but stays silent on an empty reply (content Discord may withhold)', async () => {
    const { deps } = await setUp();
    const bare = posted({ content: `<@${BOT}>` });
    expect(await admitMessage(deps, bare.msg, MENTION)).toBeUndefined();
    expect(bare.replies).toEqual([english.t('chat.mentionHint')]);
    const emptyReply = posted({ content: '' });
    expect(
      await admitMessage(deps, emptyReply.msg, { ...MENTION, mentionsBot: false, repliesToBot: true }),
    ).toBeUndefined();
    expect(emptyReply.replies).toEqual([]);
  });

  it('refuses a DM when DMs are off, in words, and takes no new work while shutting down', async () => {
    const dmsOff = await setUp({ dmsEnabled: false });
    const dm = posted({ guildId: null, content: 'hello' });
    expect(
      await admitMessage(dmsOff.deps, dm.msg, { ...MENTION, inDm: true, mentionsBot: false }),
    ).toBeUndefined();
    expect(dm.replies).toHaveLength(1);
    expect(dm.replies[0]).not.toBe('');

    const closing = await setUp({ shuttingDown: true });
    const late = posted({ content: `<@${BOT}> hello` });
    expect(await admitMessage(closing.deps, late.msg, MENTION)).toBeUndefined();
    expect(late.replies).toEqual([english.t('errors.restartingNow')]);
    // Its fair-use slot was given back.
    const again = await admitMessage({ ...closing.deps, shutdown: { aborted: false } }, late.msg, MENTION);
    expect(again?.prompt).toBe('hello');
    again?.prepared.slot.release();
  });
});
