/**
 * "Summarize from here" end to end, with the Message Content intent (it is registered only
 * then): the real bot reads the channel through the local Discord's GET /channels/{id}/messages
 * and the service receives the chosen message and the ones after it (at most 50), oldest first,
 * trimmed to the history budget; refused privately where the bot, or the member, may not read the
 * channel.
 */
import { describe, expect, it } from 'vitest';
import { memberFile } from '../../src/localDiscord/contextMenus.js';
import { type LocalMessage, type LocalUser, PERMISSIONS } from '../../src/localDiscord/localDiscord.js';
import { MEMBER_PERMISSIONS } from '../../src/localDiscord/model.js';
import { openGroupDm } from '../../src/localDiscord/places.js';
import { usageScope, utcDay } from '../../src/spend/records.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { PLAIN_REPLIES, settled, waitForIdle, waitForReply } from '../helpers/harness.js';

const suite = useHarness({
  discord: { channelCount: 20 },
  env: { MESSAGE_CONTENT_INTENT: 'true' },
  guildConfig: PLAIN_REPLIES,
  asker: { username: 'ann', globalName: 'Ann' },
});
const { h, freshChannel, ephemeralText } = suite;
const SUMMARIZE = 'Summarize from here';

/** `count` messages in a fresh channel, alternating Bob and Cleo: "message <n> …". */
function conversation(count: number, channelId = freshChannel()): LocalMessage[] {
  const people = [h.discord.user('bob', 'Bob'), h.discord.user('cleo', 'Cleo')];
  return Array.from({ length: count }, (_, index) =>
    h.discord.sendMessage({
      content: `message ${index + 1} about the plan`,
      channelId,
      user: people[index % 2] as LocalUser,
    }),
  );
}

const done = (texts: string[]) =>
  texts.length > 0 && texts.join('').includes('Echo') && !texts.join('').includes('▌');
const link = (message: LocalMessage) =>
  `https://discord.com/channels/${h.discord.guildId}/${message.channelId}/${message.id}`;
const lastPrompt = () =>
  ((h.service.chatRequests().at(-1)?.body.messages ?? []) as { content: string }[]).at(-1)?.content ?? '';

describe('Summarize from here', () => {
  it('is registered as a message command with the intent', () => {
    const registered = [...h.discord.commands.values()].flat();
    expect(registered.find((command) => command.name === SUMMARIZE)).toMatchObject({
      type: 3,
      description: '',
    });
  });

  it('sends the chosen message and the 49 after it (no more), oldest first, as name: text lines', async () => {
    // 70 messages: the 10 before the chosen one and the 10 after its 49 followers are left out.
    const messages = conversation(70);
    const chosen = messages[10] as LocalMessage;
    const charged = async () =>
      (
        await h.running.bot.capabilities.spend.ledger.entries(
          usageScope({ guildId: h.discord.guildId, userId: suite.asker.id }),
          utcDay(Date.now()),
          utcDay(Date.now()),
        )
      ).length;
    const before = await charged();
    const interaction = h.discord.messageCommand(SUMMARIZE, chosen, { user: suite.asker });
    const [text] = await waitForReply(h, interaction, done);
    await waitForIdle(h);
    expect(text?.startsWith(`${english.t('images.summaryHead', { count: 50, link: link(chosen) })}\n`)).toBe(
      true,
    );
    const prompt = lastPrompt();
    const lines = Array.from(
      { length: 50 },
      (_, i) => `${i % 2 === 0 ? 'Bob' : 'Cleo'}: message ${i + 11} about the plan`,
    );
    expect(prompt).toBe(
      `Ann: Summarize these 50 messages from this channel, starting at ${link(chosen)} (oldest first, one per line as "name: text"): the main points, what was decided, and open questions.\n\`\`\`\n${lines.join('\n')}\n\`\`\``,
    );
    expect(prompt).not.toContain('message 10 ');
    expect(prompt).not.toContain('message 61 ');
    expect(await charged()).toBe(before + 1);
    // Remembered: a follow-up carries the summary's exchange.
    const next = suite.ask({ prompt: 'who spoke last?' }, { channelId: chosen.channelId });
    await waitForReply(h, next, done);
    await waitForIdle(h);
    const history = (h.service.chatRequests().at(-1)?.body.messages ?? []) as { content: string }[];
    expect(history[0]?.content).toBe(prompt);
  });

  it('names attachments, writes mentions as names, keeps a message’s lines under its author, drops the bot’s grey lines', async () => {
    const channelId = freshChannel();
    const bob = h.discord.user('bob', 'Bob');
    const first = h.discord.sendMessage({
      content: `hi <@${suite.asker.id}>\nEve: I approve`,
      channelId,
      user: bob,
      files: [memberFile('plan.txt', 'the plan', 'text/plain')],
    });
    const interaction = h.discord.messageCommand(SUMMARIZE, first, { user: suite.asker });
    await waitForReply(h, interaction, done);
    await waitForIdle(h);
    expect(lastPrompt()).toContain('```\nBob: hi @Ann\n  Eve: I approve [attachments: plan.txt]\n```');
    // Again: the bot's summary is in the channel now, without its small grey lines.
    await waitForReply(h, h.discord.messageCommand(SUMMARIZE, first, { user: suite.asker }), done);
    await waitForIdle(h);
    expect(lastPrompt()).toMatch(
      /\[attachments: plan\.txt\]\nService Bot: Echo: Ann: Summarize this message/,
    );
    expect(lastPrompt()).not.toContain('↪️');
  });

  it('leaves out the oldest messages that do not fit the history budget, and says so', async () => {
    const channelId = freshChannel();
    await h.running.bot.capabilities.settings.updateChannel(channelId, { historyTokens: 300 });
    const messages = conversation(50, channelId);
    const interaction = h.discord.messageCommand(SUMMARIZE, messages[0] as LocalMessage, {
      user: suite.asker,
    });
    const [text] = await waitForReply(
      h,
      interaction,
      (texts) => done(texts) && (texts.at(-1) ?? '').includes('left out'),
    );
    await waitForIdle(h);
    const prompt = lastPrompt();
    const omitted = Number(/\((\d+) earlier messages left out: no room\)/.exec(prompt)?.[1]);
    expect(omitted).toBeGreaterThan(0);
    // The newest kept, in order; the oldest gone.
    expect(prompt).toContain('Bob: message 49 about the plan\nCleo: message 50 about the plan\n```');
    expect(prompt).not.toContain(': message 1 about');
    // Within the budget: half of 300 tokens is at least the 1,000-character floor.
    expect(prompt.length - 'Ann: '.length).toBeLessThanOrEqual(1000);
    expect(text).toContain(
      english.t('images.summaryHead', { count: 50 - omitted, link: link(messages[0] as LocalMessage) }),
    );
    expect(h.discord.replyMessages(interaction).at(-1)?.content).toContain(
      english.t('images.summaryOmitted', { count: omitted }),
    );
  });
});

describe('Summarize from here: a message deleted meanwhile', () => {
  it('starts at the next message; with none after it, summarises the one the menu was used on', async () => {
    const [first, , third] = conversation(3);
    (first as LocalMessage).deleted = true;
    await waitForReply(
      h,
      h.discord.messageCommand(SUMMARIZE, first as LocalMessage, { user: suite.asker }),
      done,
    );
    await waitForIdle(h);
    expect(lastPrompt()).toContain('```\nCleo: message 2 about the plan\nBob: message 3 about the plan\n```');
    // Everything in the channel deleted (the bot's reply too).
    for (const message of h.discord.channelMessages((third as LocalMessage).channelId))
      message.deleted = true;
    const alone = h.discord.messageCommand(SUMMARIZE, third as LocalMessage, { user: suite.asker });
    const [text] = await waitForReply(h, alone, done);
    await waitForIdle(h);
    expect(text).toContain(english.t('images.summaryHead', { count: 1, link: link(third as LocalMessage) }));
    expect(lastPrompt()).toContain('```\nBob: message 3 about the plan\n```');
  });
});

describe('Summarize from here: refusals', () => {
  it('without Read Message History: a private refusal, nothing read or asked', async () => {
    const [message] = conversation(3);
    h.discord.withholdPermissions((message as LocalMessage).channelId, PERMISSIONS.readMessageHistory);
    const before = h.service.chatRequests().length;
    const reads = h.discord.requestLog.filter(
      (entry) => entry.method === 'GET' && entry.route.endsWith('/messages'),
    ).length;
    const interaction = h.discord.messageCommand(SUMMARIZE, message as LocalMessage, { user: suite.asker });
    expect(await ephemeralText(interaction)).toBe(english.t('images.cannotReadHistory'));
    expect(h.service.chatRequests().length).toBe(before);
    expect(
      h.discord.requestLog.filter((entry) => entry.method === 'GET' && entry.route.endsWith('/messages'))
        .length,
    ).toBe(reads);
  });

  it('for a member without View Channel or Read Message History there: a private refusal, nothing read or asked', async () => {
    const [message] = conversation(3);
    const reads = () =>
      h.discord.requestLog.filter((entry) => entry.method === 'GET' && entry.route.endsWith('/messages'))
        .length;
    const before = { asked: h.service.chatRequests().length, read: reads() };
    // Discord sends the member's permissions in the channel with the interaction.
    for (const withheld of [PERMISSIONS.readMessageHistory, PERMISSIONS.viewChannel]) {
      const interaction = h.discord.messageCommand(SUMMARIZE, message as LocalMessage, {
        user: suite.asker,
        permissions: String(BigInt(MEMBER_PERMISSIONS) & ~withheld),
      });
      expect(await ephemeralText(interaction)).toBe(english.t('images.memberCannotReadHistory'));
      await settled(h, interaction.id);
    }
    expect({ asked: h.service.chatRequests().length, read: reads() }).toEqual(before);
  });

  it('is rate-limited like /ask: refused privately, nothing asked', async () => {
    const [message] = conversation(2);
    const { settings } = h.running.bot.capabilities;
    await settings.updateGuild(h.discord.guildId, { requestsPerMinute: 1 });
    const dan = h.discord.user('dan', 'Dan');
    await waitForReply(h, h.discord.messageCommand(SUMMARIZE, message as LocalMessage, { user: dan }), done);
    await waitForIdle(h);
    const before = h.service.chatRequests().length;
    const again = h.discord.messageCommand(SUMMARIZE, message as LocalMessage, { user: dan });
    expect(await ephemeralText(again)).toMatch(/You are sending requests too fast/);
    expect(h.service.chatRequests().length).toBe(before);
    await settings.updateGuild(h.discord.guildId, { requestsPerMinute: undefined });
  });

  it('where the bot is not (a group DM, the app installed to the member): a private refusal, nothing read', async () => {
    const bob = h.discord.user('bob', 'Bob');
    const group = openGroupDm(h.discord, [suite.asker, bob]);
    const message = h.discord.sendMessage({ content: 'plans for friday', channelId: group.id, user: bob });
    const before = h.service.chatRequests().length;
    const reads = h.discord.requestLog.filter((entry) =>
      entry.route.startsWith(`/channels/${group.id}`),
    ).length;
    const interaction = h.discord.messageCommand(SUMMARIZE, message, { user: suite.asker, install: 'user' });
    expect(await ephemeralText(interaction)).toBe(english.t('images.botNotInChannel'));
    expect(h.service.chatRequests().length).toBe(before);
    expect(
      h.discord.requestLog.filter((entry) => entry.route.startsWith(`/channels/${group.id}`)).length,
    ).toBe(reads);
  });
});
