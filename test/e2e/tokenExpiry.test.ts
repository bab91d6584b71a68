/**
 * The 15-minute interaction token, end to end with a short lifetime: replies (/ask, queued,
 * Stop and Regenerate, /imagine) that outlive their token go on through the bot token, a margin
 * before it expires; a token Discord refuses sooner (50027, 10015) is left at once. Whatever
 * the route, the member sees one continuous reply with the exact text and nothing pings.
 */
import { describe, expect, it } from 'vitest';
import { bodyText, messageButtons } from '../../src/localDiscord/componentRules.js';
import type { LocalInteraction, LocalMessage, LocalUser } from '../../src/localDiscord/localDiscord.js';
import { makePng } from '../../src/localService/png.js';
import { V2_LIMITS } from '../../src/reply/layout.js';
import { pieceText, splitMessage } from '../../src/reply/split.js';
import { STREAMING_CURSOR } from '../../src/reply/streamRenderer.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { type Harness, PLAIN_REPLIES, settled, waitForIdle } from '../helpers/harness.js';

/** Tokens live 1.5 s here, for the bot and for the fake Discord (which then answers 50027). */
const TTL_MS = 1500;

const exact = (text: string) => splitMessage(text, V2_LIMITS.text).map(pieceText);
/** An /ask reply's messages: the question quoted on top of the first, then the answer. */
const exactReply = (prompt: string, text: string) => exact(`> ${prompt}\n${text}`);

/** Paragraphs of about 250 characters (a V2 message holds 16), tagged so that two replies never share a message. */
function longText(tag: string, paragraphs: number): string {
  return Array.from({ length: paragraphs }, (_, i) =>
    `${tag} ${i}${i === 0 ? ' @everyone <@123456789012345678>' : ''}: ${'lorem ipsum dolor sit amet '.repeat(8)}`.trim(),
  ).join('\n\n');
}

const buttonIds = (message: LocalMessage | undefined): string[] =>
  messageButtons(message?.components ?? []).map((button) => button.custom_id as string);

/** The bot's public messages in a channel, oldest first: what members see there. */
function useChannel(h: Harness) {
  const botMessages = (channelId: string) =>
    h.discord
      .channelMessages(channelId)
      .filter((message) => message.authorId === h.discord.botUser.id && (message.flags & 64) === 0);
  const texts = (channelId: string) => botMessages(channelId).map((message) => message.content);
  const waitForTexts = async (channelId: string, expected: string[]) => {
    await h.discord.waitFor(
      () => JSON.stringify(texts(channelId)) === JSON.stringify(expected),
      15_000,
      `channel texts ${JSON.stringify(expected).slice(0, 200)} (now ${JSON.stringify(texts(channelId)).slice(0, 300)})`,
    );
    await waitForIdle(h);
  };
  /** REST requests (method, status) made with this interaction's token. */
  const tokenRequests = (interaction: LocalInteraction) =>
    h.discord.requestLog.filter((entry) =>
      entry.route.startsWith(`/webhooks/${h.discord.applicationId}/${interaction.token}`),
    );
  /** Bot-token requests on one message of a channel. */
  const channelRoute = (channelId: string, messageId: string | undefined, method = 'PATCH') =>
    h.discord.requestLog.filter(
      (entry) => entry.method === method && entry.route === `/channels/${channelId}/messages/${messageId}`,
    );
  const channelPosts = (channelId: string) =>
    h.discord.requestLog.filter(
      (entry) => entry.method === 'POST' && entry.route === `/channels/${channelId}/messages`,
    );
  return { botMessages, texts, waitForTexts, tokenRequests, channelRoute, channelPosts };
}

describe('a reply that outlives its token (tokens live 1.5 s)', () => {
  const suite = useHarness({
    discord: { channelCount: 20, interactionTokenTtlMs: TTL_MS },
    interactionTokenTtlMs: TTL_MS,
    guildConfig: PLAIN_REPLIES,
    env: { IMAGINE_PROGRESS_INTERVAL_MS: '100' },
    asker: { username: 'ann', globalName: 'Ann' },
  });
  const { h, freshChannel, ask } = suite;
  const { botMessages, texts, waitForTexts, tokenRequests, channelRoute, channelPosts } = useChannel(h);

  it('a reply streaming 3 s, and one waiting behind it in the queue, each end as one continuous exact reply through the bot token', async () => {
    const channelId = freshChannel();
    const first = longText('Alpha', 24);
    const second = longText('Bravo', 20);
    expect(exact(first)).toHaveLength(2);
    expect(exact(second)).toHaveLength(2);
    h.service.enqueue(
      { text: first, chunks: 60, intervalMs: 50 },
      { text: second, chunks: 10, intervalMs: 30 },
    );
    const a = ask({ prompt: 'long one' }, { channelId });
    await h.discord.waitFor(() => h.discord.replyMessages(a)[0]?.content.startsWith('> long one\nAlpha 0'));
    // Another member (one request in flight per member and channel).
    const b = ask({ prompt: 'queued one' }, { channelId, user: h.discord.user('bob', 'Bob') });
    await h.discord.waitFor(() => h.discord.replyMessages(b)[0]?.content.startsWith('⏳'));

    const [a0, a1] = exactReply('long one', first);
    const [b0, b1] = exactReply('queued one', second);
    await waitForTexts(channelId, [a0, b0, a1, b1] as string[]);
    const [, , a1Message, b1Message] = botMessages(channelId);

    // Each reply wrote with its token while it lived, never after: no write was refused.
    for (const interaction of [a, b]) {
      const requests = tokenRequests(interaction);
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.every((entry) => entry.status === 200)).toBe(true);
      expect(Math.max(...requests.map((entry) => entry.at))).toBeLessThan(interaction.createdAt + TTL_MS);
      // Then the first message was edited through the channel route (bot token).
      expect(
        channelRoute(channelId, interaction.originalId).filter((e) => e.status === 200).length,
      ).toBeGreaterThan(0);
    }
    // The rest of each reply followed as bot messages, edited through the channel route too.
    expect([a1Message?.kind, b1Message?.kind]).toEqual(['channel', 'channel']);
    expect(channelRoute(channelId, a1Message?.id).length).toBeGreaterThan(0);
    expect(channelPosts(channelId).filter((entry) => entry.status === 200)).toHaveLength(2);
    // The first message streamed on seamlessly: text only grew, ending exact.
    const versions = h.discord.messages.get(a.originalId as string)?.versions.map((v) => v.content) ?? [];
    expect(versions.slice(0, -1).every((v) => v.endsWith(STREAMING_CURSOR))).toBe(true);
    // No ping on any route (the text mentions @everyone and a user).
    expect(
      botMessages(channelId)
        .flatMap((m) => m.versions)
        .filter((v) => v.pinged),
    ).toEqual([]);
    expect(h.logs.some((line) => line.includes('the reply continues through the bot token'))).toBe(true);
    // The conversation remembers both replies whole.
    const turns = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    expect(turns.filter((turn) => turn.role === 'assistant').map((turn) => turn.content)).toEqual([
      first,
      second,
    ]);
  });

  it('a reply whose first text comes after its token expired still fills the "thinking…" message (its id looked up in time)', async () => {
    const channelId = freshChannel();
    const text = 'Late but whole: @everyone this arrives after the token is gone.';
    h.service.enqueue({ text, chunks: 4, intervalMs: 30, headersDelayMs: 2000 });
    const interaction = ask({ prompt: 'slow start' }, { channelId });
    await waitForTexts(channelId, [`> slow start\n${text}`]);
    expect(botMessages(channelId)[0]?.id).toBe(interaction.originalId);
    expect(tokenRequests(interaction).map((entry) => `${entry.method} ${entry.status}`)).toEqual(['GET 200']);
    expect(channelRoute(channelId, interaction.originalId).length).toBeGreaterThan(0);
  });

  it('Stop and Regenerate work on a reply that switched to the bot token', async () => {
    const channelId = freshChannel();
    const full = Array.from({ length: 140 }, (_, i) => `word${i} ${'x'.repeat(40)}`).join(' ');
    h.service.enqueue({ text: full, chunks: 70, intervalMs: 60, usage: null });
    const asked = ask({ prompt: 'talk a lot' }, { channelId });
    // Streaming in its second message, posted with the bot token, with the Stop button.
    const streaming = await h.discord.waitFor(() => {
      const message = botMessages(channelId)[1];
      return message?.kind === 'channel' && buttonIds(message)[0]?.startsWith('ask:stop:')
        ? message
        : undefined;
    }, 10_000);
    const ann = suite.asker as LocalUser;
    h.discord.clickButton(streaming, buttonIds(streaming)[0] as string, { user: ann });
    await h.discord.waitFor(() => texts(channelId).at(-1)?.includes('⏹️'), 10_000);
    await waitForIdle(h);
    const turns = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    const partial = turns.at(-1)?.content ?? '';
    expect(full.startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan(full.length);
    expect(texts(channelId)).toEqual(exactReply('talk a lot', `${partial}\n\n-# ⏹️ Stopped by Ann.`));
    const last = botMessages(channelId).at(-1) as LocalMessage;
    expect(last.id).toBe(streaming.id);
    expect(buttonIds(last)[0]).toMatch(/^ask:regenerate:/);
    expect(tokenRequests(asked).every((entry) => entry.status === 200)).toBe(true);

    h.service.enqueue({ text: 'second take', chunks: 3, intervalMs: 30 });
    const again = h.discord.clickButton(last, buttonIds(last)[0] as string, { user: ann });
    // The new take starts with the same question, quoted (Regenerate keeps it).
    await h.discord.waitFor(() => h.discord.replyMessages(again)[0]?.content === '> talk a lot\nsecond take');
    await waitForIdle(h);
    await settled(h, again.id);
    // The switched reply lost its button to the new one; the conversation holds the new take.
    expect(buttonIds(h.discord.messages.get(last.id))).toEqual([]);
    expect(buttonIds(h.discord.replyMessages(again)[0])[0]).toMatch(/^ask:regenerate:/);
    const after = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    expect(after.map((turn) => turn.content)).toEqual(['talk a lot', 'second take']);
  });

  it('/imagine: progress and the images (attachments, over two messages) arrive through the bot token when generation outlives the token', async () => {
    const channelId = freshChannel();
    const big = [1, 2].map((seed) => makePng(96, 96, 300 + seed, 1));
    h.service.enqueueImages({ headersDelayMs: 2000, images: big.map((bytes) => ({ bytes })) });
    const limit = Math.ceil((big[0]?.length ?? 0) * 1.5);
    const interaction = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a slow @everyone fox', n: 2 },
      channelId,
      user: suite.asker,
      attachmentSizeLimit: limit,
    });
    await h.discord.waitFor(
      () => botMessages(channelId).length === 2 && botMessages(channelId)[1]?.attachments.length === 1,
      15_000,
    );
    await settled(h, interaction.id);
    const [first, second] = botMessages(channelId);
    expect(first?.id).toBe(interaction.originalId);
    expect(first?.content).toContain('> a slow @everyone fox');
    expect(first?.content).toContain('service-image-v1');
    expect(buttonIds(first)[0]).toMatch(/^imagine:reroll:/);
    expect(first?.attachments.map((file) => [file.filename, file.data])).toEqual([['image-1.png', big[0]]]);
    expect(second?.kind).toBe('channel');
    expect(second?.content).toBe(`-# ${english.t('images.imagesOf', { numbers: '2', total: 2 })}`);
    expect(second?.attachments.map((file) => [file.filename, file.data])).toEqual([['image-2.png', big[1]]]);
    // Progress went on through the channel route after the switch, then the result.
    const progress =
      first?.versions.map((version) => version.content).filter((text) => text.startsWith('🎨')) ?? [];
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(channelRoute(channelId, interaction.originalId).length).toBeGreaterThanOrEqual(2);
    expect(tokenRequests(interaction).every((entry) => entry.status === 200)).toBe(true);
    expect(
      botMessages(channelId)
        .flatMap((m) => m.versions)
        .filter((v) => v.pinged),
    ).toEqual([]);
  });
});

describe('a token Discord refuses early (15-minute tokens)', () => {
  const { h, freshChannel, ask } = useHarness({
    discord: { channelCount: 10 },
    guildConfig: PLAIN_REPLIES,
  });
  const { texts, waitForTexts, tokenRequests, channelRoute, botMessages } = useChannel(h);

  it.each([
    ['50027 Invalid Webhook Token (the token died)', 'expire'],
    ['10015 Unknown Webhook', 'unknown'],
  ])('%s after some text: the reply continues through the bot token, exact, nothing lost', async (_, how) => {
    const channelId = freshChannel();
    const text = longText(`Charlie-${how}`, 22);
    expect(exact(text)).toHaveLength(2);
    h.service.enqueue({ text, chunks: 40, intervalMs: 40 });
    const interaction = ask({ prompt: 'die early' }, { channelId });
    await h.discord.waitFor(() => (h.discord.replyMessages(interaction)[0]?.content.length ?? 0) > 100);
    if (how === 'expire') h.discord.expireToken(interaction);
    else {
      h.discord.failNext((method, path) => method === 'PATCH' && path.includes(interaction.token), 404, {
        message: 'Unknown Webhook',
        code: 10015,
      });
    }
    await waitForTexts(channelId, exactReply('die early', text));
    expect(texts(channelId)).toEqual(exactReply('die early', text));
    // One refusal, then the bot token for the rest of the reply.
    const refused = tokenRequests(interaction).filter((entry) => entry.status !== 200);
    expect(refused.map((entry) => entry.status)).toEqual([how === 'expire' ? 401 : 404]);
    const refusedAt = refused[0]?.at ?? 0;
    expect(tokenRequests(interaction).filter((entry) => entry.at > refusedAt)).toEqual([]);
    expect(channelRoute(channelId, interaction.originalId).length).toBeGreaterThan(0);
    expect(botMessages(channelId)[1]?.kind).toBe('channel');
    const versions =
      h.discord.messages.get(interaction.originalId as string)?.versions.map((v) => v.content) ?? [];
    // Text only ever grew: each version is the final text's prefix plus the cursor.
    for (const version of versions.slice(0, -1)) {
      expect(`> die early\n${text}`.startsWith(version.replace(STREAMING_CURSOR, ''))).toBe(true);
    }
    expect(h.logs.some((line) => line.includes('Discord refused the interaction token'))).toBe(true);
    const turns = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    expect(turns.at(-1)?.content).toBe(text);
  });

  it('a failure after the token died replaces the half-streamed reply (no Stop button, no cursor), not a new message beside it', async () => {
    const channelId = freshChannel();
    const text = longText('Delta', 5);
    expect(exact(text)).toHaveLength(1);
    h.service.enqueue({ text, chunks: 30, intervalMs: 40 });
    const interaction = ask({ prompt: 'fail late' }, { channelId });
    await h.discord.waitFor(() => (h.discord.replyMessages(interaction)[0]?.content.length ?? 0) > 100);
    h.discord.expireToken(interaction);
    // The final write (through the bot token) is refused for good: the error boundary reports it.
    h.discord.failNext(
      (method, path, json) =>
        method === 'PATCH' &&
        path === `/channels/${channelId}/messages/${interaction.originalId}` &&
        bodyText(json) === `> fail late\n${text}`,
      400,
      { message: 'Invalid Form Body', code: 50035 },
    );
    await h.discord.waitFor(() => texts(channelId).some((content) => content.startsWith('⚠️')), 15_000);
    await waitForIdle(h);
    expect(h.discord.failuresLeft()).toBe(0);
    const shown = botMessages(channelId);
    expect(shown.map((message) => message.id)).toEqual([interaction.originalId]);
    expect(shown[0]?.content).toMatch(/^⚠️ Discord refused the bot's request \(error 50035/);
    expect(buttonIds(shown[0])).toEqual([]);
    expect(
      h.discord.requestLog.filter(
        (e) => e.method === 'POST' && e.route === `/channels/${channelId}/messages`,
      ),
    ).toEqual([]);
  });
});
