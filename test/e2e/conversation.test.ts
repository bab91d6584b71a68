/**
 * Conversations beyond /ask, end to end through the fake Discord: mentions, replies, DMs and
 * threads; /reset; the Stop and Regenerate buttons (also after a restart).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import {
  INTENTS,
  type LocalMessage,
  type LocalUser,
  MEMBER_PERMISSIONS,
  MODERATOR_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { STREAMING_CURSOR } from '../../src/reply/streamRenderer.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { PLAIN_REPLIES, settled, waitForExactReply, waitForIdle, waitForReply } from '../helpers/harness.js';

const { h, freshChannel, ephemeralText, ask } = useHarness({
  discord: { channelCount: 30 },
  guildConfig: PLAIN_REPLIES,
});
let ann: LocalUser;
let bob: LocalUser;
let mod: LocalUser;
beforeAll(() => {
  ann = h.discord.user('ann', 'Ann');
  bob = h.discord.user('bob', 'Bob');
  mod = h.discord.user('mod', 'Mod');
});

const botMention = () => `<@${h.discord.botUser.id}>`;
/** What the first message of a thread the bot opened says without the Message Content intent. */
const threadNote = () => `\n\n-# ${english.t('chat.threadHowToContinue', { bot: '@Service Bot' })}`;

/** The bot's finished reply to a member's message (its texts), once the bot is idle again. */
async function replyToMessage(message: LocalMessage): Promise<string[]> {
  await h.discord.waitFor(
    () => {
      const texts = h.discord.replyTo(message).map((m) => m.content);
      const last = texts.at(-1);
      return last !== undefined && !last.endsWith(STREAMING_CURSOR) && !last.startsWith('⏳');
    },
    10_000,
    `the bot's reply to "${message.content}"`,
  );
  await waitForIdle(h);
  return h.discord.replyTo(message).map((m) => m.content);
}

const buttonIds = (message: LocalMessage | undefined): string[] =>
  messageButtons(message?.components ?? []).map((button) => button.custom_id as string);

const lastMessages = () => h.service.chatRequests().at(-1)?.body.messages;

describe('mentions, replies and DMs', () => {
  it('a mention continues the conversation /ask started, and so does a reply to the bot', async () => {
    const channelId = freshChannel();
    await waitForExactReply(h, ask({ prompt: 'my name is Ann' }, { channelId, user: ann }), [
      'Echo: Ann: my name is Ann',
    ]);

    const question = h.discord.sendMessage({
      channelId,
      user: bob,
      content: `${botMention()} what is her name?`,
    });
    expect(await replyToMessage(question)).toEqual(['Echo: Bob: what is her name?']);
    expect(lastMessages()).toEqual([
      { role: 'user', content: 'Ann: my name is Ann' },
      { role: 'assistant', content: 'Echo: Ann: my name is Ann' },
      { role: 'user', content: 'Bob: what is her name?' },
    ]);
    const botReply = h.discord.replyTo(question)[0] as LocalMessage;
    expect(botReply?.referenceId).toBe(question.id);
    expect(botReply?.versions.some((version) => version.pinged)).toBe(false);
    // A fast reply needs no typing indicator.
    expect(h.discord.requestLog.some((entry) => entry.route === `/channels/${channelId}/typing`)).toBe(false);
    await waitForIdle(h);

    const followUp = h.discord.sendMessage({
      channelId,
      user: ann,
      content: 'and who am I?',
      replyTo: botReply,
    });
    expect(await replyToMessage(followUp)).toEqual(['Echo: Ann: and who am I?']);
    expect(lastMessages()).toHaveLength(5);
    await waitForIdle(h);
  });

  it('works without the Message Content intent: unmentioned messages and silent replies are left alone', async () => {
    const intents = h.discord.intents();
    expect(intents & INTENTS.guildMessages).toBe(INTENTS.guildMessages);
    expect(intents & INTENTS.directMessages).toBe(INTENTS.directMessages);
    expect(intents & INTENTS.messageContent).toBe(0);

    const channelId = freshChannel();
    const asked = h.discord.sendMessage({ channelId, user: ann, content: `hey ${botMention()}, ping?` });
    await replyToMessage(asked);
    const botReply = h.discord.replyTo(asked)[0] as LocalMessage;
    const before = h.service.chatRequests().length;
    const plain = h.discord.sendMessage({ channelId, user: ann, content: 'just chatting' });
    // A reply with its ping switched off arrives without content when the intent is not granted.
    const silent = h.discord.sendMessage({
      channelId,
      user: ann,
      content: 'quiet reply',
      replyTo: botReply,
      replyPing: false,
    });
    await settled(h, plain.id);
    await settled(h, silent.id);
    expect(h.discord.replyTo(plain)).toEqual([]);
    expect(h.discord.replyTo(silent)).toEqual([]);
    expect(h.service.chatRequests().length).toBe(before);
  });

  it('answers DMs without a mention, continuing the DM conversation', async () => {
    const first = h.discord.sendMessage({ dm: true, user: ann, content: 'hello in private' });
    // DMs have no server settings: the context and cost line is always there.
    expect((await replyToMessage(first))[0]).toMatch(
      /^Echo: Ann: hello in private\n\n-# context \d+ % · 💰 /,
    );
    await waitForIdle(h);
    const second = h.discord.sendMessage({ dm: true, user: ann, content: 'still there?' });
    expect((await replyToMessage(second))[0]).toMatch(/^Echo: Ann: still there\?\n\n-# context/);
    expect(lastMessages()).toEqual([
      { role: 'user', content: 'Ann: hello in private' },
      { role: 'assistant', content: 'Echo: Ann: hello in private' },
      { role: 'user', content: 'Ann: still there?' },
    ]);
    await waitForIdle(h);
  });

  it('shows typing while a slow service has not started answering', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'took a while', headersDelayMs: 1300 });
    const asked = h.discord.sendMessage({ channelId, user: ann, content: `${botMention()} slow one` });
    expect(await replyToMessage(asked)).toEqual(['took a while']);
    expect(
      h.discord.requestLog.filter((entry) => entry.route === `/channels/${channelId}/typing`),
    ).toHaveLength(1);
  });

  it('turns other mentions into names, and answers a bare mention with a hint instead of a request', async () => {
    const channelId = freshChannel();
    const before = h.service.chatRequests().length;
    const bare = h.discord.sendMessage({ channelId, user: ann, content: botMention() });
    expect(await replyToMessage(bare)).toEqual([english.t('chat.mentionHint')]);
    expect(h.service.chatRequests().length).toBe(before);

    const named = h.discord.sendMessage({
      channelId,
      user: ann,
      content: `${botMention()} say hi to <@${bob.id}>`,
    });
    expect(await replyToMessage(named)).toEqual(['Echo: Ann: say hi to @Bob']);
    await waitForIdle(h);
  });
});

describe('threads', () => {
  it('/ask thread:true opens a thread from the reply; the thread has its own memory', async () => {
    const channelId = freshChannel();
    await waitForExactReply(h, ask({ prompt: 'parent talk' }, { channelId, user: ann }), [
      'Echo: Ann: parent talk',
    ]);

    const opened = ask(
      { prompt: 'Plan a trip to Lisbon\nwith details', thread: true },
      { channelId, user: ann },
    );
    // Without the Message Content intent, the thread's first message says how to go on there.
    await waitForExactReply(h, opened, [`Echo: Ann: Plan a trip to Lisbon\nwith details${threadNote()}`]);
    expect(h.discord.replyMessages(opened)[0]?.content).toContain(
      '-# 💬 To continue in this thread, mention @Service Bot or reply to its messages',
    );
    expect(lastMessages()).toEqual([{ role: 'user', content: 'Ann: Plan a trip to Lisbon\nwith details' }]);
    const thread = h.discord.threads().at(-1);
    expect(thread).toMatchObject({
      parentId: channelId,
      name: 'Plan a trip to Lisbon',
      ownerId: h.discord.botUser.id,
    });
    expect(thread?.id).toBe(opened.originalId);

    const inThread = h.discord.sendMessage({
      channelId: thread?.id as string,
      user: bob,
      content: `${botMention()} how long?`,
    });
    expect(await replyToMessage(inThread)).toEqual(['Echo: Bob: how long?']);
    expect(lastMessages()).toEqual([
      { role: 'user', content: 'Ann: Plan a trip to Lisbon\nwith details' },
      { role: 'assistant', content: 'Echo: Ann: Plan a trip to Lisbon\nwith details' },
      { role: 'user', content: 'Bob: how long?' },
    ]);
    await waitForIdle(h);

    // The parent channel's conversation did not see the thread.
    await waitForExactReply(h, ask({ prompt: 'back here' }, { channelId, user: ann }), [
      'Echo: Ann: back here',
    ]);
    expect(lastMessages()).toHaveLength(3);

    const nested = ask({ prompt: 'again', thread: true }, { channelId: thread?.id as string, user: ann });
    expect(await ephemeralText(nested)).toMatch(/already a thread/);
    const inDm = h.discord.sendCommand({
      name: 'ask',
      options: { prompt: 'x', thread: true },
      dm: true,
      user: ann,
    });
    expect(await ephemeralText(inDm)).toMatch(/only be opened in a server channel/);
  });

  it('/ask thread:true needs the member’s own Create Public Threads: refused privately, nothing asked or charged', async () => {
    const channelId = freshChannel();
    const day = new Date().toISOString().slice(0, 10);
    const entries = async () =>
      (await h.running.bot.capabilities.spend.ledger.entries(h.discord.guildId, day, day)).length;
    const charged = await entries();
    const calls = h.service.chatRequests().length;
    const threads = h.discord.threads().length;
    const noThreads = String(BigInt(MEMBER_PERMISSIONS) & ~(1n << 35n));
    const refused = ask(
      { prompt: 'Our secret plan', thread: true },
      { channelId, user: ann, permissions: noThreads },
    );
    expect(await ephemeralText(refused)).toBe(english.t('chat.memberCannotCreateThreads'));
    await settled(h, refused.id);
    expect(h.discord.replyMessages(refused)).toHaveLength(1);
    expect(h.service.chatRequests()).toHaveLength(calls);
    expect(h.discord.threads()).toHaveLength(threads);
    expect((await h.running.bot.capabilities.conversations.load(channelId)).turns).toEqual([]);
    expect(await entries()).toBe(charged);

    // With the permission (an ordinary member's, as a new server gives it), the thread opens.
    const opened = ask(
      { prompt: 'Our open plan', thread: true },
      { channelId, user: ann, permissions: MEMBER_PERMISSIONS },
    );
    await waitForExactReply(h, opened, [`Echo: Ann: Our open plan${threadNote()}`]);
    expect(h.discord.threads()).toHaveLength(threads + 1);
    expect(h.discord.threads().at(-1)).toMatchObject({ parentId: channelId, name: 'Our open plan' });
  });
});

describe('/reset', () => {
  it('needs Manage Messages in a channel (not in your own DM), and forgets the conversation', async () => {
    const channelId = freshChannel();
    const first = ask({ prompt: 'remember me' }, { channelId, user: ann });
    await waitForExactReply(h, first, ['Echo: Ann: remember me']);
    const reply = h.discord.replyMessages(first)[0];
    expect(buttonIds(reply)[0]).toMatch(/^ask:regenerate:/);

    const refused = h.discord.sendCommand({ name: 'reset', channelId, user: ann });
    expect(await ephemeralText(refused)).toMatch(/Manage Messages/);
    await settled(h, refused.id);
    expect((await h.running.bot.capabilities.conversations.load(channelId)).turns).toHaveLength(2);

    const reset = h.discord.sendCommand({
      name: 'reset',
      channelId,
      user: mod,
      permissions: MODERATOR_PERMISSIONS,
    });
    const [text] = await waitForReply(h, reset, ([t]) => t?.startsWith('🧹') ?? false);
    expect(text).toMatch(/Mod reset this channel’s conversation/);
    expect((await h.running.bot.capabilities.conversations.load(channelId)).turns).toEqual([]);
    // Its last reply can no longer be regenerated, so it loses the button.
    expect(buttonIds(reply)).toEqual([]);

    await waitForExactReply(h, ask({ prompt: 'fresh' }, { channelId, user: ann }), ['Echo: Ann: fresh']);
    expect(lastMessages()).toEqual([{ role: 'user', content: 'Ann: fresh' }]);

    const inDm = h.discord.sendCommand({ name: 'reset', dm: true, user: ann });
    await waitForReply(h, inDm, ([t]) => t?.startsWith('🧹') ?? false);
    expect((await h.running.bot.capabilities.conversations.load(h.discord.dmChannelOf(ann))).turns).toEqual(
      [],
    );
  });
});

describe('Stop', () => {
  it('by the asker: keeps the partial text, charges it (estimated) and remembers it; a stranger is refused', async () => {
    const channelId = freshChannel();
    const full = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    h.service.enqueue({ text: full, chunks: 60, intervalMs: 60, usage: null });
    const asked = ask({ prompt: 'talk a lot' }, { channelId, user: ann });
    const streaming = await h.discord.waitFor(() => {
      const message = h.discord.replyMessages(asked)[0];
      return message && buttonIds(message)[0]?.startsWith('ask:stop:') && message.content.includes('word3')
        ? message
        : undefined;
    });
    const stopId = buttonIds(streaming)[0] as string;

    const stranger = h.discord.clickButton(streaming, stopId, { user: bob });
    expect(await ephemeralText(stranger)).toMatch(/Only the member who asked/);

    const stop = h.discord.clickButton(streaming, stopId, { user: ann });
    const [final] = await waitForReply(h, asked, ([t]) => t?.includes('⏹️') ?? false);
    await waitForIdle(h);
    expect(stop.callbacks.map((callback) => callback.type)).toEqual([6]);
    const [partial, stopNote] = (final as string).split('\n\n');
    expect(stopNote).toBe('-# ⏹️ Stopped by Ann.');
    expect(full.startsWith(partial as string)).toBe(true);
    expect((partial as string).length).toBeLessThan(full.length);
    expect(buttonIds(h.discord.replyMessages(asked)[0])[0]).toMatch(/^ask:regenerate:/);

    const turns = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    expect(turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['user', 'talk a lot'],
      ['assistant', partial],
    ]);
    const day = new Date().toISOString().slice(0, 10);
    const entries = await h.running.bot.capabilities.spend.ledger.entries(h.discord.guildId, day, day);
    expect(entries.at(-1)).toMatchObject({ outcome: 'stopped', estimated: true, channelId });
    expect(entries.at(-1)?.costMicros).toBeGreaterThan(0);

    // Stop after the reply finished: nothing to stop.
    const late = h.discord.clickButton(streaming, stopId, { user: ann });
    expect(await ephemeralText(late)).toMatch(/already finished/);
  });

  it('mid-bold: no edit shows an unclosed **, and the final text closes it', async () => {
    const channelId = freshChannel();
    const full = 'Some **Part of it, told slowly one word at a time until the very end of it**';
    h.service.enqueue({ text: full, intervalMs: 150, usage: null });
    const asked = ask({ prompt: 'bold' }, { channelId, user: ann });
    const streaming = await h.discord.waitFor(() => {
      const message = h.discord.replyMessages(asked)[0];
      return message && buttonIds(message)[0]?.startsWith('ask:stop:') && message.content.includes('Part of')
        ? message
        : undefined;
    });
    h.discord.clickButton(streaming, buttonIds(streaming)[0] as string, { user: ann });
    const [final] = await waitForReply(h, asked, ([t]) => t?.includes('⏹️') ?? false);
    await waitForIdle(h);
    const [partial] = (final as string).split('\n\n');
    expect(partial).toMatch(/^Some \*\*Part of[^*]*\*\*$/);
    const versions = h.discord.replyMessages(asked)[0]?.versions.map((version) => version.content) ?? [];
    expect(versions.some((version) => version.includes('**Part'))).toBe(true);
    for (const version of versions) expect(version.split('**').length % 2, version).toBe(1);
  });

  it('by a moderator, while the request is still waiting in line: it never reaches the service', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'slow first answer', chunks: 5, intervalMs: 120 });
    const first = ask({ prompt: 'first' }, { channelId, user: ann });
    await h.discord.waitFor(() => h.discord.replyMessages(first)[0]?.content.includes('slow'));
    const before = h.service.chatRequests().length;
    const queued = ask({ prompt: 'second' }, { channelId, user: bob });
    const waiting = await h.discord.waitFor(() => {
      const message = h.discord.replyMessages(queued)[0];
      return message?.content.startsWith('⏳') && buttonIds(message).length > 0 ? message : undefined;
    });
    h.discord.clickButton(waiting, buttonIds(waiting)[0] as string, {
      user: mod,
      permissions: MODERATOR_PERMISSIONS,
    });
    await waitForExactReply(h, queued, ['-# ⏹️ Cancelled before it started; nothing was charged.']);
    await waitForExactReply(h, first, ['slow first answer']);
    expect(h.service.chatRequests().length).toBe(before);
  });
});

describe('Regenerate', () => {
  it('replaces the last reply; older replies lose the button; only the asker or a moderator; after a restart too', async () => {
    const channelId = freshChannel();
    const q1 = ask({ prompt: 'q1' }, { channelId, user: ann });
    await waitForExactReply(h, q1, ['Echo: Ann: q1']);
    const q2 = ask({ prompt: 'q2', temperature: 0.3 }, { channelId, user: ann });
    await waitForExactReply(h, q2, ['Echo: Ann: q2']);
    const reply1 = h.discord.replyMessages(q1)[0] as LocalMessage;
    const reply2 = h.discord.replyMessages(q2)[0] as LocalMessage;
    expect(buttonIds(reply1)).toEqual([]);
    const regenerate2 = buttonIds(reply2)[0] as string;
    expect(regenerate2).toMatch(new RegExp(`^ask:regenerate:${channelId}:[0-9a-f]{16}$`));

    const stranger = h.discord.clickButton(reply2, regenerate2, { user: bob });
    expect(await ephemeralText(stranger)).toMatch(/Only the member who asked/);

    h.service.enqueue({ text: 'second take', chunks: 3, intervalMs: 30 });
    const again = h.discord.clickButton(reply2, regenerate2, { user: ann });
    await waitForExactReply(h, again, ['second take']);
    // The same question, without the reply it replaces, with the same options.
    expect(h.service.chatRequests().at(-1)?.body).toMatchObject({
      temperature: 0.3,
      messages: [
        { role: 'user', content: 'Ann: q1' },
        { role: 'assistant', content: 'Echo: Ann: q1' },
        { role: 'user', content: 'Ann: q2' },
      ],
    });
    const turns = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    expect(turns.map((turn) => turn.content)).toEqual(['q1', 'Echo: Ann: q1', 'q2', 'second take']);
    expect(buttonIds(reply2)).toEqual([]);
    const old = h.discord.clickButton(reply2, regenerate2, { user: ann });
    expect(await ephemeralText(old)).toBe(english.t('chat.notLatest'));

    const reply3 = h.discord.replyMessages(again)[0] as LocalMessage;
    await h.restart();
    await h.discord.waitFor(() => h.discord.gatewayConnections() === 1);
    const byModerator = h.discord.clickButton(reply3, buttonIds(reply3)[0] as string, {
      user: mod,
      permissions: MODERATOR_PERMISSIONS,
    });
    await waitForExactReply(h, byModerator, ['Echo: Ann: q2']);
    const after = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    expect(after.map((turn) => turn.content)).toEqual(['q1', 'Echo: Ann: q1', 'q2', 'Echo: Ann: q2']);
    // The question stays Ann's; the regeneration is charged to whoever pressed.
    const day = new Date().toISOString().slice(0, 10);
    const entries = await h.running.bot.capabilities.spend.ledger.entries(h.discord.guildId, day, day);
    expect(entries.at(-1)?.userId).toBe(mod.id);
  });
});

describe('Regenerate, pressed where it does not belong', () => {
  it('a button naming channel A’s reply, pressed on a message in channel B or on an older reply, is refused; the real one works', async () => {
    const channelA = freshChannel();
    const channelB = freshChannel();
    const a1 = ask({ prompt: 'a secret in A' }, { channelId: channelA, user: ann });
    await waitForExactReply(h, a1, ['Echo: Ann: a secret in A']);
    const a2 = ask({ prompt: 'another in A' }, { channelId: channelA, user: ann });
    await waitForExactReply(h, a2, ['Echo: Ann: another in A']);
    const b1 = ask({ prompt: 'hello B' }, { channelId: channelB, user: ann });
    await waitForExactReply(h, b1, ['Echo: Ann: hello B']);
    const replyA1 = h.discord.replyMessages(a1)[0] as LocalMessage;
    const replyA2 = h.discord.replyMessages(a2)[0] as LocalMessage;
    const replyB = h.discord.replyMessages(b1)[0] as LocalMessage;
    const regenerateA = buttonIds(replyA2)[0] as string;
    expect(regenerateA).toMatch(new RegExp(`^ask:regenerate:${channelA}:[0-9a-f]{16}$`));

    const { conversations } = h.running.bot.capabilities;
    const stored = async () =>
      JSON.stringify([await conversations.load(channelA), await conversations.load(channelB)]);
    const before = await stored();
    const calls = h.service.chatRequests().length;
    // Messages everyone in B sees (the refusals are private).
    const publicInB = () =>
      h.discord.channelMessages(channelB).filter((message) => (message.flags & 64) === 0);
    const messagesInB = publicInB().length;
    // The asker herself (so the asker check passes), and a moderator: neither may pull A's
    // conversation into B, nor act on a reply of A that is not the latest.
    for (const [message, presser] of [
      [replyB, { user: ann }],
      [replyB, { user: mod, permissions: MODERATOR_PERMISSIONS }],
      [replyA1, { user: ann }],
    ] as const) {
      const crafted = h.discord.clickButton(message, regenerateA, presser);
      expect(await ephemeralText(crafted)).toBe(english.t('chat.notLatest'));
      await settled(h, crafted.id);
    }
    expect(h.service.chatRequests()).toHaveLength(calls);
    expect(await stored()).toBe(before);
    expect(publicInB()).toHaveLength(messagesInB);
    expect(buttonIds(replyA2)).toEqual([regenerateA]);

    h.service.enqueue({ text: 'another take in A' });
    const genuine = h.discord.clickButton(replyA2, regenerateA, { user: ann });
    await waitForExactReply(h, genuine, ['another take in A']);
    expect((await conversations.load(channelA)).turns.map((turn) => turn.content)).toEqual([
      'a secret in A',
      'Echo: Ann: a secret in A',
      'another in A',
      'another take in A',
    ]);
  });

  it('the first reply of a thread (in the parent channel) regenerates the thread’s conversation', async () => {
    const channelId = freshChannel();
    const opened = ask({ prompt: 'thread start', thread: true }, { channelId, user: ann });
    await waitForExactReply(h, opened, [`Echo: Ann: thread start${threadNote()}`]);
    const thread = h.discord.threads().at(-1)?.id as string;
    const reply = h.discord.replyMessages(opened)[0] as LocalMessage;
    expect(reply.channelId).toBe(channelId);
    const regenerate = buttonIds(reply)[0] as string;
    expect(regenerate).toMatch(new RegExp(`^ask:regenerate:${thread}:`));
    h.service.enqueue({ text: 'a better start' });
    const again = h.discord.clickButton(reply, regenerate, { user: ann });
    await waitForExactReply(h, again, ['a better start']);
    expect(
      (await h.running.bot.capabilities.conversations.load(thread)).turns.map((turn) => turn.content),
    ).toEqual(['thread start', 'a better start']);
  });
});

describe('with the Message Content intent (MESSAGE_CONTENT_INTENT=true)', () => {
  const { h: withIntent } = useHarness({
    env: { MESSAGE_CONTENT_INTENT: 'true' },
    guildConfig: PLAIN_REPLIES,
  });

  it('answers every message in a thread it opened, and still only mentions elsewhere', async () => {
    const d = withIntent.discord;
    expect(d.intents() & INTENTS.messageContent).toBe(INTENTS.messageContent);
    const channelId = d.channelIds[0] as string;
    const user = d.user('ann', 'Ann');
    const opened = d.sendCommand({
      name: 'ask',
      options: { prompt: 'start', thread: true },
      channelId,
      user,
    });
    // With the intent every message there is read: the first message has no hint.
    await waitForExactReply(withIntent, opened, ['Echo: Ann: start']);
    expect(d.replyMessages(opened)[0]?.content).not.toContain('To continue in this thread');
    const thread = d.threads().at(-1)?.id as string;

    const plain = d.sendMessage({ channelId: thread, user, content: 'no mention needed' });
    await d.waitFor(() => d.replyTo(plain)[0]?.content === 'Echo: Ann: no mention needed');
    expect(withIntent.service.chatRequests().at(-1)?.body.messages).toHaveLength(3);
    await waitForIdle(withIntent);

    const before = withIntent.service.chatRequests().length;
    const elsewhere = d.sendMessage({ channelId, user, content: 'talking to people' });
    await settled(withIntent, elsewhere.id);
    expect(d.replyTo(elsewhere)).toEqual([]);
    expect(withIntent.service.chatRequests().length).toBe(before);
  });
});
