/**
 * Answers in Discord's Components V2 layout (the default), end to end: a long answer streamed into
 * cards of 4,000 characters with a code block across the cut, Stop and Regenerate inside the card,
 * /imagine as a gallery with alt text and Reroll beside its line, /usage as a private card with
 * its chart, a mention's reply (bot token), a user install's 5 follow-ups with the rest as a file
 * in the card, the classic layout where a server keeps it, and a V2 payload Discord refuses
 * answered classic. Every message write the bot made is checked against Discord's OpenAPI
 * description, and the local Discord holds it to Discord's component rules (componentRules.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { IS_COMPONENTS_V2, isV2, messageButtons } from '../../src/localDiscord/componentRules.js';
import type { LocalMessage } from '../../src/localDiscord/localDiscord.js';
import { SERVER_MANAGER_PERMISSIONS } from '../../src/localDiscord/model.js';
import { openGroupDm } from '../../src/localDiscord/places.js';
import { V2_LIMITS } from '../../src/reply/layout.js';
import { REST_FILE_NAME } from '../../src/reply/overflow.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import {
  answerPieces,
  PLAIN_REPLIES,
  settled,
  waitForExactReply,
  waitForIdle,
  waitForReply,
} from '../helpers/harness.js';

const suite = useHarness({
  discord: { channelCount: 30 },
  guildConfig: PLAIN_REPLIES,
  env: { IMAGINE_PROGRESS_INTERVAL_MS: '100' },
});
const { h, freshChannel, ask } = suite;

/** The card of a V2 message: its one container's children. */
function card(message: LocalMessage | undefined): Record<string, unknown>[] {
  expect(isV2(message?.flags)).toBe(true);
  expect(message?.components).toHaveLength(1);
  const [container] = (message?.components ?? []) as Record<string, unknown>[];
  expect(container?.type).toBe(17);
  return (container?.components ?? []) as Record<string, unknown>[];
}

const customIds = (message: LocalMessage | undefined) =>
  messageButtons(message?.components ?? []).map((button) => String(button.custom_id));

/** An ~8,500-character answer with a TypeScript block across the first 4,000-character cut. */
const LONG_WITH_CODE = [
  `Here is the plan.\n\n${'Some prose before the code. '.repeat(120)}`,
  '```ts',
  ...Array.from({ length: 60 }, (_, i) => `const value${i} = compute(${i}) * factor + offset; // step ${i}`),
  '```',
  `\n${'And prose after it. '.repeat(150)}`,
].join('\n');

afterAll(() => {
  // useHarness checks every V2 write against Discord's OpenAPI description; this file makes many.
  expect(h.discord.messageWrites.filter((write) => isV2(write.body.flags)).length).toBeGreaterThan(20);
});

describe('Components V2 answers', () => {
  it('a long answer streams into cards of at most 4,000 characters; the code block is closed and reopened across the cut', async () => {
    const channelId = freshChannel();
    expect(LONG_WITH_CODE.length).toBeGreaterThan(8000);
    h.service.enqueue({ text: LONG_WITH_CODE, chunks: 80, intervalMs: 5 });
    const interaction = ask({ prompt: 'plan please' }, { channelId });
    const expected = answerPieces('plan please', LONG_WITH_CODE);
    expect(expected).toHaveLength(3);
    const texts = await waitForExactReply(h, interaction, expected);
    expect(texts).toHaveLength(3); // classic would take 5
    const messages = h.discord.replyMessages(interaction);
    expect(messages[0]?.content.endsWith('```')).toBe(true);
    expect(messages[1]?.content.startsWith('```ts\n')).toBe(true);
    for (const message of messages) {
      // No content beside the flag; the text is in text displays within Discord's 4,000.
      expect(message.flags & IS_COMPONENTS_V2).toBe(IS_COMPONENTS_V2);
      for (const version of message.versions)
        expect(version.content.length).toBeLessThanOrEqual(V2_LIMITS.text);
      const displays = card(message).filter((component) => component.type === 10);
      expect(displays.length).toBeGreaterThan(0);
    }
    // The question quoted on top has a text display of its own; Regenerate is inside the last card.
    expect(card(messages[0])[0]).toMatchObject({ type: 10, content: '> plan please' });
    const last = card(messages.at(-1));
    expect(last.at(-1)).toMatchObject({
      type: 1,
      components: [{ type: 2, label: english.t('chat.regenerate') }],
    });
    expect(customIds(messages[0])).toEqual([]);
  });

  it('Stop and Regenerate pressed inside the card', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'word '.repeat(400), chunks: 400, intervalMs: 20 });
    const interaction = ask({ prompt: 'go on' }, { channelId });
    const streaming = await h.discord.waitFor(
      () => {
        const [first] = h.discord.replyMessages(interaction);
        return customIds(first).some((id) => id.startsWith('ask:stop:')) && first?.content.includes('word')
          ? first
          : undefined;
      },
      10_000,
      'Stop inside the streaming card',
    );
    expect(card(streaming).at(-1)).toMatchObject({ type: 1 });
    h.discord.clickButton(streaming, customIds(streaming)[0] as string, { user: suite.asker });
    const [stopped] = await waitForReply(h, interaction, ([text]) => text?.includes('⏹️') ?? false);
    expect(stopped).toContain('⏹️');
    await settled(h, interaction.id);
    const reply = h.discord.replyMessages(interaction)[0] as LocalMessage;
    const regenerate = customIds(reply).find((id) => id.startsWith('ask:regenerate:')) as string;
    expect(regenerate).toBeDefined();

    h.service.enqueue({ text: 'A fresh answer.' });
    const pressed = h.discord.clickButton(reply, regenerate, { user: suite.asker });
    await waitForReply(h, pressed, (texts) => texts.join('').includes('A fresh answer.'));
    await settled(h, pressed.id);
    const fresh = h.discord.replyMessages(pressed)[0];
    expect(card(fresh)[0]).toMatchObject({ type: 10, content: '> go on' });
    // The older card keeps its text and loses its buttons (not emptied: Discord would show nothing).
    const older = h.discord.messages.get(reply.id) as LocalMessage;
    expect(customIds(older)).toEqual([]);
    expect(older.content).toContain('word');
    expect(older.content).toContain('⏹️');
    expect(isV2(older.flags)).toBe(true);
  });

  it('/imagine n:4 posts a gallery with the prompt as alt text, its line as small text and Reroll beside it', async () => {
    const prompt = 'a lighthouse at dusk, oil painting';
    const interaction = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt, n: 4 },
      user: suite.asker,
    });
    const message = await h.discord.waitFor(
      () => {
        const [first] = h.discord.replyMessages(interaction);
        return first?.attachments.length === 4 ? first : undefined;
      },
      15_000,
      'the images',
    );
    await settled(h, interaction.id);
    const inside = card(message);
    expect(inside[0]).toMatchObject({ type: 10, content: `> ${prompt}` });
    expect(inside[1]).toMatchObject({
      type: 12,
      items: [1, 2, 3, 4].map((i) => ({
        media: { url: `attachment://image-${i}.png` },
        description: prompt,
      })),
    });
    expect(inside[2]).toMatchObject({
      type: 9,
      components: [
        { type: 10, content: expect.stringMatching(/^-# 4 images · 1024x1024 · service-image-v1/) },
      ],
      accessory: { type: 2, label: english.t('images.reroll') },
    });
    expect(message.attachments.map((file) => file.filename)).toEqual(
      [1, 2, 3, 4].map((i) => `image-${i}.png`),
    );
  });

  it('/usage show is a private card: the figures as text, the chart in a gallery', async () => {
    const admin = h.discord.user('admin', 'Admin');
    const interaction = h.discord.sendCommand({
      name: 'usage',
      subcommand: 'show',
      options: { period: 'today' },
      user: admin,
      permissions: SERVER_MANAGER_PERMISSIONS,
    });
    const message = await h.discord.waitFor(
      () => {
        const [first] = h.discord.replyMessages(interaction);
        return first?.attachments.length === 1 ? first : undefined;
      },
      10_000,
      'the usage card',
    );
    expect(message.flags & 64).toBe(64);
    const inside = card(message);
    expect(inside[0]).toMatchObject({ type: 10, content: expect.stringContaining('**Spend · Today') });
    expect(inside.at(-1)).toMatchObject({
      type: 12,
      items: [
        { media: { url: 'attachment://daily-spend.png' }, description: expect.stringContaining('Today') },
      ],
    });
  });

  it('a mention is answered with a card through the bot token', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'Hello from a card.' });
    const sent = h.discord.sendMessage({
      channelId,
      content: `<@${h.discord.applicationId}> hi`,
      user: suite.asker,
    });
    const [reply] = await h.discord.waitFor(
      () => {
        const replies = h.discord.replyTo(sent);
        return replies[0]?.content.includes('Hello from a card.') && customIds(replies[0]).length > 0
          ? replies
          : undefined;
      },
      10_000,
      'the mention’s card',
    );
    expect(card(reply)[0]).toMatchObject({
      type: 10,
      content: expect.stringContaining('Hello from a card.'),
    });
    await waitForIdle(h);
  });

  it('a user install’s 5 follow-ups: the reply takes 6 cards and ends with the rest as a file shown in the card', async () => {
    const alex = h.discord.user('alex', 'Alex');
    const group = openGroupDm(h.discord, [alex, h.discord.user('sam', 'Sam')]);
    const long = Array.from(
      { length: 60 },
      (_, i) => `Paragraph ${i}: ${'the quick brown fox jumps '.repeat(19)}`,
    ).join('\n\n');
    expect(long.length).toBeGreaterThan(6 * V2_LIMITS.text);
    h.service.enqueue({ text: long, chunks: 80 });
    const interaction = ask({ prompt: 'everything' }, { channelId: group.id, user: alex });
    await waitForReply(h, interaction, (texts) => texts.at(-1)?.includes(REST_FILE_NAME) ?? false, 20_000);
    await waitForIdle(h);
    expect(interaction.followUpIds).toHaveLength(5);
    const messages = h.discord.replyMessages(interaction);
    expect(messages).toHaveLength(6);
    const last = messages.at(-1) as LocalMessage;
    expect(last.attachments.map((file) => file.filename)).toEqual([REST_FILE_NAME]);
    expect(card(last)).toContainEqual({ type: 13, id: 30, file: { url: `attachment://${REST_FILE_NAME}` } });
    expect(h.discord.requestLog.filter((entry) => entry.status === 400)).toEqual([]);
  });

  it('a server that keeps the classic layout gets plain messages of 2,000 characters', async () => {
    const guildId = h.discord.guildId;
    await h.running.bot.capabilities.settings.updateGuild(guildId, { classicLayout: true });
    try {
      const channelId = freshChannel();
      const text = 'Plain words. '.repeat(400);
      h.service.enqueue({ text, chunks: 20 });
      const interaction = ask({ prompt: 'classic' }, { channelId });
      await waitForExactReply(h, interaction, answerPieces('classic', text, 2000));
      await settled(h, interaction.id);
      const messages = h.discord.replyMessages(interaction);
      expect(messages).toHaveLength(3);
      for (const message of messages) expect(isV2(message.flags)).toBe(false);
      expect(messages.at(-1)?.components).toMatchObject([{ type: 1, components: [{ type: 2 }] }]);
    } finally {
      await h.running.bot.capabilities.settings.updateGuild(guildId, { classicLayout: false });
    }
  });

  it('a V2 payload Discord refuses: logged once, counted, and the reply goes on classic, exact', async () => {
    const channelId = freshChannel();
    const refusal = {
      message: 'Invalid Form Body',
      code: 50035,
      errors: {
        components: { 0: { type: { _errors: [{ code: 'UNKNOWN_COMPONENT_TYPE', message: 'Unknown' }] } } },
      },
    };
    const refusesV2 = (method: string, path: string, json: Record<string, unknown>) =>
      method === 'PATCH' && path.startsWith('/webhooks/') && isV2(json.flags);
    // Twice: the first answer's write, and the second answer's (only the first is logged).
    h.discord.failNext(refusesV2, 400, refusal);
    const text = 'The words, after all. '.repeat(250); // over 2,000: the renderer cuts again
    h.service.enqueue({ text, chunks: 3 });
    const interaction = ask({ prompt: 'refused' }, { channelId });
    await waitForExactReply(h, interaction, answerPieces('refused', text, 2000));
    await settled(h, interaction.id);
    for (const message of h.discord.replyMessages(interaction)) expect(isV2(message.flags)).toBe(false);
    expect(customIds(h.discord.replyMessages(interaction).at(-1))[0]).toMatch(/^ask:regenerate:/);

    h.discord.failNext(refusesV2, 400, refusal);
    h.service.enqueue({ text: 'Short.' });
    const again = ask({ prompt: 'again' }, { channelId: freshChannel() });
    await waitForExactReply(h, again, ['Short.']);
    const logged = h.logs.filter((line) => line.includes('Discord refused a message in the V2 layout'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('UNKNOWN_COMPONENT_TYPE');
    const metrics = await h.running.bot.operations.metrics.registry.getSingleMetricAsString(
      'bot_components_v2_refused_total',
    );
    expect(metrics).toMatch(/bot_components_v2_refused_total 2$/m);
  });
});
