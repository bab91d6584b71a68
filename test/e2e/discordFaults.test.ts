/**
 * Discord failing under the real bot: 5xx answers to streamed edits, follow-ups and final writes;
 * 429 storms; and missing permissions. The final text is always exact, retries stay bounded, and
 * a request nothing could be shown for is not charged.
 */
import { describe, expect, it } from 'vitest';
import { CANNOT_ANSWER_HERE, REPLY_REFUSED } from '../../src/events/answerMessage.js';
import { bodyText, messageButtons } from '../../src/localDiscord/componentRules.js';
import { type LocalMessage, PERMISSIONS } from '../../src/localDiscord/localDiscord.js';
import { V2_LIMITS } from '../../src/reply/layout.js';
import { pieceText, splitMessage } from '../../src/reply/split.js';
import { STREAMING_CURSOR } from '../../src/reply/streamRenderer.js';
import { usageScope, utcDay } from '../../src/spend/records.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import {
  answerPieces,
  type Harness,
  PLAIN_REPLIES,
  settled,
  startHarness,
  waitForExactReply,
  waitForIdle,
} from '../helpers/harness.js';

type Match = (method: string, path: string, json: Record<string, unknown>) => boolean;

const suite = useHarness({
  discord: { channelCount: 20 },
  guildConfig: PLAIN_REPLIES,
});
const { h, ask, freshChannel } = suite;

const longText = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

/** Accepts the `n`th request `match` accepts (each failure is one-shot: register one per route). */
function nth(n: number, match: Match): Match {
  let seen = 0;
  return (method, path, json) => match(method, path, json) && ++seen === n;
}

const streaming = (json: Record<string, unknown>) => (bodyText(json) ?? '').endsWith(STREAMING_CURSOR);

/** The fake's answers on routes containing `key` (a token or a channel id), in order. */
const statuses = (harness: Harness, key: string) =>
  harness.discord.requestLog.filter((entry) => entry.route.includes(key)).map((entry) => entry.status);

const logLines = (harness: Harness) =>
  harness.logs.map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown });

/**
 * Four 5xx on the routes containing `key`, each followed by a success of the same request (the
 * REST client's own retry), every other answer a success; the turn never saw a failed write.
 */
function expectRetriedAtOnce(harness: Harness, key: string, channelId: string): void {
  const entries = harness.discord.requestLog.filter((entry) => entry.route.includes(key));
  const failed = entries.flatMap((entry, index) => (entry.status >= 500 ? [index] : []));
  expect(failed).toHaveLength(4);
  for (const index of failed) {
    const failure = entries[index];
    const next = entries
      .slice(index + 1)
      .find((entry) => entry.method === failure?.method && entry.route === failure?.route);
    expect(next?.status).toBeLessThan(300);
  }
  expect(entries.every((entry) => entry.status < 300 || entry.status >= 500)).toBe(true);
  const failedWrites = logLines(harness).filter(
    (line) =>
      line.channelId === channelId &&
      [
        'intermediate edit failed; the next edit catches up',
        'the final write failed; writing it again',
      ].includes(line.msg),
  );
  expect(failedWrites).toEqual([]);
}

/** The bot's finished reply to a member's message (its texts), once the bot is idle again. */
async function replyToMessage(
  harness: Harness,
  message: LocalMessage,
  expected: string[],
): Promise<string[]> {
  await harness.discord.waitFor(
    () => JSON.stringify(harness.discord.replyTo(message).map((m) => m.content)) === JSON.stringify(expected),
    20_000,
    `the bot's reply to "${message.content}" (now ${JSON.stringify(harness.discord.replyTo(message).map((m) => m.content.slice(0, 40)))})`,
  );
  await waitForIdle(harness);
  return harness.discord.replyTo(message).map((m) => m.content);
}

describe('5xx answers from Discord', () => {
  it('/ask: 500/502 on a streamed edit, a follow-up, a follow-up edit and the final edit are retried; the text is exact', async () => {
    const text = longText(1300);
    const expected = answerPieces('long', text);
    expect(expected.length).toBeGreaterThan(2);
    const last = expected.at(-1) as string;
    h.service.enqueue({ text, chunks: 35, intervalMs: 30 });
    const channelId = freshChannel();
    const interaction = ask({ prompt: 'long' }, { channelId });
    const { discord } = h;
    const webhook = `/webhooks/${discord.applicationId}/${interaction.token}`;
    discord.failNext(
      nth(
        2,
        (method, path, json) =>
          method === 'PATCH' &&
          decodeURIComponent(path) === `${webhook}/messages/@original` &&
          streaming(json),
      ),
      500,
      { message: '500: Internal Server Error', code: 0 },
    );
    discord.failNext(
      nth(1, (method, path) => method === 'POST' && path === webhook),
      502,
      {
        message: '502: Bad Gateway',
        code: 0,
      },
    );
    discord.failNext(
      nth(
        1,
        (method, path, json) =>
          method === 'PATCH' && /\/messages\/\d+$/.test(path) && path.startsWith(webhook) && streaming(json),
      ),
      502,
      { message: '502: Bad Gateway', code: 0 },
    );
    discord.failNext(
      (method, path, json) => path.startsWith(webhook) && method !== 'GET' && bodyText(json) === last,
      500,
      { message: '500: Internal Server Error', code: 0 },
    );
    expect(await waitForExactReply(h, interaction, expected, 20_000)).toEqual(expected);
    expect(h.discord.failuresLeft()).toBe(0);
    expectRetriedAtOnce(h, interaction.token, channelId);
  });

  it('a mention: 500/502 on the first post, a streamed edit, a follow-up and the final edit are retried; the text is exact', async () => {
    const text = longText(1300);
    const expected = splitMessage(text, V2_LIMITS.text).map(pieceText);
    const last = expected.at(-1) as string;
    const channelId = freshChannel();
    const { discord } = h;
    const messages = `/channels/${channelId}/messages`;
    h.service.enqueue({ text, chunks: 35, intervalMs: 30 });
    discord.failNext(
      nth(1, (method, path) => method === 'POST' && path === messages),
      500,
      {
        message: '500: Internal Server Error',
        code: 0,
      },
    );
    discord.failNext(
      nth(
        2,
        (method, path, json) => method === 'PATCH' && path.startsWith(`${messages}/`) && streaming(json),
      ),
      502,
      { message: '502: Bad Gateway', code: 0 },
    );
    discord.failNext(
      nth(3, (method, path) => method === 'POST' && path === messages),
      502,
      {
        message: '502: Bad Gateway',
        code: 0,
      },
    );
    discord.failNext((_method, path, json) => path.startsWith(messages) && bodyText(json) === last, 500, {
      message: '500: Internal Server Error',
      code: 0,
    });
    const question = discord.sendMessage({
      channelId,
      user: suite.asker,
      content: `<@${discord.botUser.id}> long please`,
    });
    expect(await replyToMessage(h, question, expected)).toEqual(expected);
    expect(h.discord.failuresLeft()).toBe(0);
    expectRetriedAtOnce(h, channelId, channelId);
  });

  it('the final edit failing past discord.js’s own retries (4 × 5xx in a row) is written again: the text is exact', async () => {
    const text = longText(40);
    const expected = answerPieces('final', text);
    h.service.enqueue({ text, chunks: 8, intervalMs: 20 });
    const interaction = ask({ prompt: 'final' }, { channelId: freshChannel() });
    for (let i = 0; i < 4; i += 1) {
      h.discord.failNext(
        (method, path, json) =>
          method === 'PATCH' && path.includes(interaction.token) && bodyText(json) === `> final\n${text}`,
        i % 2 === 0 ? 500 : 502,
        { message: 'Server Error', code: 0 },
      );
    }
    expect(await waitForExactReply(h, interaction, expected, 20_000)).toEqual(expected);
    expect(h.discord.failuresLeft()).toBe(0);
    // discord.js's four attempts all failed; the bot waited a second and wrote it once more.
    expect(statuses(h, interaction.token).slice(-5)).toEqual([500, 502, 500, 502, 200]);
    const lines = logLines(h).filter(
      (line) => line.interactionId === interaction.id || line.delayMs !== undefined,
    );
    expect(lines.filter((line) => line.msg === 'the final write failed; writing it again')).toMatchObject([
      { level: 40, delayMs: 1000 },
    ]);
    expect(lines.filter((line) => line.msg === 'request failed')).toEqual([]);
  });
});

describe('429 storms', () => {
  it('1 request per second and no rate-limit headers, on a long /ask reply and a long mention reply: exact, few 429s, all counted', async () => {
    const storm = await startHarness({
      guildConfig: PLAIN_REPLIES,
      discord: { rateLimit: { limit: 1, windowMs: 1000, headers: false } },
    });
    try {
      const text = longText(1300);
      const expected = splitMessage(text, V2_LIMITS.text).map(pieceText);
      // About 3 s of streaming each, an edit wanted every 40 ms: far more than Discord allows.
      storm.service.enqueue({ text, chunks: 40, intervalMs: 75 }, { text, chunks: 40, intervalMs: 75 });
      const user = storm.discord.user('member', 'Member');
      const [askChannel, mentionChannel] = storm.discord.channelIds as [string, string];
      const interaction = storm.discord.sendCommand({
        name: 'ask',
        options: { prompt: 'storm' },
        channelId: askChannel,
        user,
      });
      const question = storm.discord.sendMessage({
        channelId: mentionChannel,
        user,
        content: `<@${storm.discord.botUser.id}> storm`,
      });
      await waitForExactReply(storm, interaction, answerPieces('storm', text), 30_000);
      expect(await replyToMessage(storm, question, expected)).toEqual(expected);

      for (const key of [interaction.token, mentionChannel]) {
        const answers = statuses(storm, key);
        const written = answers.filter((status) => status < 300).length;
        const limited = answers.filter((status) => status === 429).length;
        // Each 429 makes discord.js wait out Retry-After: at most one per write that went through.
        expect(limited, `${key}: ${answers.join(' ')}`).toBeGreaterThan(0);
        expect(limited, `${key}: ${answers.join(' ')}`).toBeLessThanOrEqual(written);
        // About 5 s at one request a second: one 429 a second at most, never a burst.
        expect(limited).toBeLessThanOrEqual(10);
      }
      const invalid = storm.discord.requestLog.filter((entry) => [401, 403, 429].includes(entry.status));
      expect(storm.running.bot.restHealth.count()).toBe(invalid.length);
      expect(storm.running.bot.restHealth.counts()[429]).toBe(storm.discord.rateLimited);
    } finally {
      await storm.close();
    }
  });
});

describe('missing permissions', () => {
  const warnings = (harness: Harness, msg: string) =>
    logLines(harness).filter((line) => line.msg === msg && line.level === 40);
  /** The asker's charges in the channel today. */
  const chargesIn = async (channelId: string) => {
    const day = utcDay(Date.now());
    const scope = usageScope({ guildId: h.discord.guildId, userId: suite.asker.id });
    const entries = await h.running.bot.capabilities.spend.ledger.entries(scope, day, day);
    return entries.filter((entry) => entry.channelId === channelId && entry.userId === suite.asker.id);
  };
  const mention = (channelId: string, words: string) =>
    h.discord.sendMessage({ channelId, user: suite.asker, content: `<@${h.discord.botUser.id}> ${words}` });

  it.each([
    ['SendMessages', PERMISSIONS.sendMessages],
    ['ReadMessageHistory', PERMISSIONS.readMessageHistory],
  ])(
    'a mention where the bot lacks %s: no service call, no request to Discord, a warning naming it',
    async (name, bit) => {
      const channelId = freshChannel();
      h.discord.withholdPermissions(channelId, bit);
      const before = h.service.chatRequests().length;
      const question = mention(channelId, 'can you hear me?');
      await settled(h, question.id);
      expect(h.service.chatRequests()).toHaveLength(before);
      expect(h.discord.replyTo(question)).toEqual([]);
      // Nothing was even tried: no 403 counted against the bot.
      expect(
        h.discord.requestLog.filter((entry) => entry.route.startsWith(`/channels/${channelId}`)),
      ).toEqual([]);
      expect(warnings(h, CANNOT_ANSWER_HERE).filter((line) => line.messageId === question.id)).toMatchObject([
        { channelId, missing: [name] },
      ]);
      expect(await chargesIn(channelId)).toEqual([]);
    },
  );

  it('a mention in a bot thread whose channel withholds Send Messages in Threads: no service call, a warning', async () => {
    const channelId = freshChannel();
    const opened = ask({ prompt: 'open a thread', thread: true }, { channelId });
    await settled(h, opened.id);
    const thread = h.discord.threads().find((entry) => entry.parentId === channelId);
    expect(thread).toBeDefined();
    h.discord.withholdPermissions(channelId, PERMISSIONS.sendMessagesInThreads);
    const before = h.service.chatRequests().length;
    const question = mention(thread?.id as string, 'in the thread');
    await settled(h, question.id);
    expect(h.service.chatRequests()).toHaveLength(before);
    expect(warnings(h, CANNOT_ANSWER_HERE).filter((line) => line.messageId === question.id)).toMatchObject([
      { missing: ['SendMessagesInThreads'] },
    ]);
  });

  it.each([
    [50013, 'Missing Permissions'],
    [50001, 'Missing Access'],
  ])(
    '%i to the first post of a reply (after the service was called): logged, the stream stopped, no more requests',
    async (code, message) => {
      const channelId = freshChannel();
      h.service.enqueue({ text: longText(200), chunks: 40, intervalMs: 50 });
      h.discord.failNext(
        (method, path) => method === 'POST' && path === `/channels/${channelId}/messages`,
        403,
        {
          message,
          code,
        },
      );
      const question = mention(channelId, 'refused');
      await settled(h, question.id);
      await waitForIdle(h);
      expect(h.discord.failuresLeft()).toBe(0);
      expect(h.discord.replyTo(question)).toEqual([]);
      // The one refusal, then silence: the bot does not keep knocking.
      expect(statuses(h, channelId)).toEqual([403]);
      expect(warnings(h, REPLY_REFUSED).filter((line) => line.messageId === question.id)).toMatchObject([
        { channelId, code },
      ]);
      // The service stopped early (the bot closed the stream) and what it did is charged.
      expect(h.service.closedEarly.at(-1)).toBeDefined();
      expect(await chargesIn(channelId)).toMatchObject([
        { kind: 'chat', estimated: true, outcome: 'aborted' },
      ]);
      expect(
        logLines(h).filter((line) => line.msg === 'request failed' && line.messageId === question.id),
      ).toEqual([]);
    },
  );

  it('50013 to the place-in-line notice (before the service was called): the request is dropped, nothing charged', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: longText(60), chunks: 20, intervalMs: 50 });
    const firstQuestion = h.discord.sendMessage({
      channelId,
      user: h.discord.user('other', 'Other'),
      content: `<@${h.discord.botUser.id}> first`,
    });
    await h.discord.waitFor(() => h.discord.replyTo(firstQuestion).length > 0);
    h.discord.failNext(
      (method, path, json) =>
        method === 'POST' &&
        path === `/channels/${channelId}/messages` &&
        String(bodyText(json)).startsWith('⏳'),
      403,
      { message: 'Missing Permissions', code: 50013 },
    );
    const second = mention(channelId, 'second in line');
    await settled(h, second.id);
    await settled(h, firstQuestion.id);
    expect(h.discord.failuresLeft()).toBe(0);
    expect(
      h.service.chatRequests().filter((request) => JSON.stringify(request.body).includes('second in line')),
    ).toEqual([]);
    expect(h.discord.replyTo(second)).toEqual([]);
    expect(await chargesIn(channelId)).toEqual([]);
    expect(warnings(h, REPLY_REFUSED).filter((line) => line.messageId === second.id)).toHaveLength(1);
    // The reply before it was not disturbed.
    expect(h.discord.replyTo(firstQuestion).map((m) => m.content)).toEqual([longText(60)]);
  });

  it('/imagine and Reroll without Attach Files: refused privately before the service, nothing charged', async () => {
    const channelId = freshChannel();
    const first = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a fox' },
      channelId,
      user: suite.asker,
    });
    const [posted] = await h.discord.waitFor(() => {
      const messages = h.discord.replyMessages(first);
      return messages[0]?.attachments.length ? messages : undefined;
    });
    const imagesBefore = h.service.imageRequests().length;
    const chargesBefore = (await chargesIn(channelId)).length;
    h.discord.withholdPermissions(channelId, PERMISSIONS.attachFiles);

    const refused = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'another fox' },
      channelId,
      user: suite.asker,
    });
    expect(await suite.ephemeralText(refused)).toBe(english.t('images.noAttachFiles'));
    const [button] = messageButtons(posted?.components ?? []);
    const reroll = h.discord.clickButton(posted as LocalMessage, button?.custom_id as string, {
      user: suite.asker,
    });
    expect(await suite.ephemeralText(reroll)).toBe(english.t('images.noAttachFiles'));
    await settled(h, refused.id);
    await settled(h, reroll.id);
    expect(h.service.imageRequests()).toHaveLength(imagesBefore);
    expect(await chargesIn(channelId)).toHaveLength(chargesBefore);
    expect(refused.callbacks.map((callback) => callback.type)).toEqual([4]);
  });
});
