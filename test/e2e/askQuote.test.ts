/**
 * The question on screen: Discord shows others only "Ann used /ask", so an /ask reply starts with
 * the question quoted (shortened when long, made safe for Discord's markdown, never pinging),
 * Regenerate keeps it (also after a restart), and answers to members' messages (mentions,
 * replies), which reply to the message, do not repeat it. The full question is what the service
 * receives and what the conversation remembers.
 */
import { describe, expect, it } from 'vitest';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import type { LocalMessage } from '../../src/localDiscord/localDiscord.js';
import { fenceAfter } from '../../src/reply/split.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { PLAIN_REPLIES, settled, waitForIdle, waitForReply } from '../helpers/harness.js';

const suite = useHarness({
  discord: { channelCount: 20 },
  guildConfig: PLAIN_REPLIES,
  asker: { username: 'ann', globalName: 'Ann' },
});
const { h, freshChannel, ask } = suite;

const buttonIds = (message: LocalMessage | undefined): string[] =>
  messageButtons(message?.components ?? []).map((button) => button.custom_id as string);

/** The reply's messages as Discord shows them (raw: the quote included), once the bot is idle. */
async function rawReply(interaction: ReturnType<typeof ask>, done: (first: string) => boolean) {
  await waitForReply(h, interaction, () => done(h.discord.replyMessages(interaction)[0]?.content ?? ''));
  await waitForIdle(h);
  await settled(h, interaction.id);
  return h.discord.replyMessages(interaction);
}

const lastRequest = () => h.service.chatRequests().at(-1)?.body;

describe('the question on top of an /ask reply', () => {
  it('a short question is quoted above the answer, from the first streamed text to the final one', async () => {
    const channelId = freshChannel();
    h.service.enqueue({
      text: 'A monad is a monoid in the category of endofunctors.',
      chunks: 5,
      intervalMs: 40,
    });
    const interaction = ask({ prompt: 'what is a monad?' }, { channelId });
    const [message] = await rawReply(interaction, (first) => first.endsWith('endofunctors.'));
    expect(message?.content).toBe('> what is a monad?\nA monad is a monoid in the category of endofunctors.');
    const shown = message?.versions.map((version) => version.content).filter((text) => text !== '') ?? [];
    expect(shown.length).toBeGreaterThan(1);
    for (const version of shown) expect(version.startsWith('> what is a monad?\nA')).toBe(true);
    expect(lastRequest()?.messages).toEqual([{ role: 'user', content: 'Ann: what is a monad?' }]);
  });

  it('a long question is shortened on screen (3 lines, 200 characters, …); the service and memory get all of it', async () => {
    const channelId = freshChannel();
    const question = `Please review this: ${'the quick brown fox jumps over the lazy dog '.repeat(30).trim()}`;
    expect(question.length).toBeGreaterThan(1000);
    const interaction = ask({ prompt: question }, { channelId });
    const [message] = await rawReply(interaction, (first) => first.includes('Echo: Ann: Please'));
    const [head, ...rest] = (message?.content ?? '').split('\n');
    expect(head).toMatch(/^> Please review this: the quick brown fox .*[a-z]…$/);
    expect(head?.length).toBeLessThanOrEqual(200);
    expect(rest.join('\n')).toBe(`Echo: Ann: ${question}`);
    expect(lastRequest()?.messages).toEqual([{ role: 'user', content: `Ann: ${question}` }]);
    const turns = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    expect(turns[0]?.content).toBe(question);
    // The quote counts against the first message's 2,000 characters: no version is ever longer.
    for (const reply of h.discord.replyMessages(interaction)) {
      for (const version of reply.versions) expect(version.content.length).toBeLessThanOrEqual(2000);
    }
  });

  it('code fences, quote markers and mentions in the question: escaped, never an open code block, never a ping', async () => {
    const channelId = freshChannel();
    const other = h.discord.user('bob', 'Bob');
    const question = `>>> why does \`\`\`js fail for <@${other.id}> and @everyone?`;
    h.service.enqueue({ text: 'Because:\n```js\nlet x = 1;\n```\nDone.', chunks: 4, intervalMs: 30 });
    const interaction = ask({ prompt: question }, { channelId });
    const [message] = await rawReply(interaction, (first) => first.endsWith('Done.'));
    const head = `> \\>>> why does \\\`\\\`\\\`js fail for <@${other.id}> and @everyone?\n`;
    expect(message?.content).toBe(`${head}Because:\n\`\`\`js\nlet x = 1;\n\`\`\`\nDone.`);
    // The quote opens no block: the answer's own code block is the one that opens and closes.
    expect(fenceAfter(head)).toBeNull();
    expect(message?.allowedMentions).toMatchObject({ parse: [] });
    expect(message?.versions.some((version) => version.pinged)).toBe(false);
    expect(lastRequest()?.messages).toEqual([{ role: 'user', content: `Ann: ${question}` }]);
  });

  it('Regenerate starts the new reply with the same quote, also after a restart; mentions and replies get none', async () => {
    const channelId = freshChannel();
    const asked = ask({ prompt: 'name a colour' }, { channelId });
    const [first] = await rawReply(asked, (text) => text.includes('Echo'));
    expect(first?.content).toBe('> name a colour\nEcho: Ann: name a colour');

    h.service.enqueue({ text: 'blue', chunks: 2 });
    const again = h.discord.clickButton(first as LocalMessage, buttonIds(first)[0] as string, {
      user: suite.asker,
    });
    const [second] = await rawReply(again, (text) => text.endsWith('blue'));
    expect(second?.content).toBe('> name a colour\nblue');

    await h.restart();
    await h.discord.waitFor(() => h.discord.gatewayConnections() === 1);
    h.service.enqueue({ text: 'green', chunks: 2 });
    const third = h.discord.clickButton(second as LocalMessage, buttonIds(second)[0] as string, {
      user: suite.asker,
    });
    const [thirdMessage] = await rawReply(third, (text) => text.endsWith('green'));
    expect(thirdMessage?.content).toBe('> name a colour\ngreen');
    const turns = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    expect(turns.map((turn) => turn.content)).toEqual(['name a colour', 'green']);

    // A mention, and a reply to the bot: the answer replies to the member's message, unquoted.
    const mention = h.discord.sendMessage({
      channelId,
      user: suite.asker,
      content: `<@${h.discord.botUser.id}> and another?`,
    });
    await h.discord.waitFor(() => h.discord.replyTo(mention)[0]?.content === 'Echo: Ann: and another?');
    await settled(h, mention.id);
    await waitForIdle(h);
    const reply = h.discord.sendMessage({
      channelId,
      user: suite.asker,
      content: 'one more',
      replyTo: h.discord.replyTo(mention)[0] as LocalMessage,
    });
    await h.discord.waitFor(() => h.discord.replyTo(reply)[0]?.content === 'Echo: Ann: one more');
    await settled(h, reply.id);
    await waitForIdle(h);
    // Regenerating a mention's answer keeps it unquoted, as it was.
    h.service.enqueue({ text: 'again, unquoted', chunks: 2 });
    const replyMessage = h.discord.replyTo(reply)[0] as LocalMessage;
    const regenerated = h.discord.clickButton(replyMessage, buttonIds(replyMessage)[0] as string, {
      user: suite.asker,
    });
    const [unquoted] = await rawReply(regenerated, (text) => text.endsWith('unquoted'));
    expect(unquoted?.content).toBe('again, unquoted');
  });

  it('thread:true: the thread starts from the reply, which starts with the question', async () => {
    const channelId = freshChannel();
    const asked = ask({ prompt: 'plan a trip', thread: true }, { channelId });
    const [message] = await rawReply(asked, (text) => text.includes('Echo'));
    const bot = '@Service Bot';
    expect(message?.content).toBe(
      `> plan a trip\nEcho: Ann: plan a trip\n\n-# ${english.t('chat.threadHowToContinue', { bot })}`,
    );
    expect(h.discord.threads().find((thread) => thread.id === message?.id)?.name).toBe('plan a trip');
    // The reply's id came with the deferral (with_response): the bot never read the reply back.
    const readBack = h.discord.requestLog.filter(
      (entry) => entry.method === 'GET' && entry.route.includes(asked.token),
    );
    expect(readBack).toEqual([]);
  });
});
