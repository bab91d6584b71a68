/**
 * "Ask about this message" end to end: the real bot, the local Discord (a message command with
 * the target in `resolved`, the modal, its submit) and the fake service. What reaches the
 * service (the message, its author, its files read through the guarded downloader: text, PDFs
 * and Word documents as text, the others named), how
 * the answer refers to the message, and that it is billed, refused and remembered like /ask.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizeText } from '../../src/files/attachments.js';
import { FILE_MAX_BYTES } from '../../src/files/readFiles.js';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import { memberFile } from '../../src/localDiscord/contextMenus.js';
import type { LocalInteraction, LocalMessage } from '../../src/localDiscord/localDiscord.js';
import { openGroupDm } from '../../src/localDiscord/places.js';
import { makeDocx, makePdf } from '../../src/localService/documents.js';
import { usageScope, utcDay } from '../../src/spend/records.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { PLAIN_REPLIES, settled, waitForIdle, waitForReply } from '../helpers/harness.js';

const suite = useHarness({
  discord: { channelCount: 20 },
  guildConfig: PLAIN_REPLIES,
  asker: { username: 'ann', globalName: 'Ann' },
});
const { h, freshChannel, ephemeralText } = suite;
const ASK = 'Ask about this message';

/** A host on loopback reached by the name `localhost`: neither Discord's CDN nor allowlisted, so never fetched. */
let internalHits = 0;
const internal = createServer((_req, res) => {
  internalHits += 1;
  res.end('secret');
});
beforeAll(async () => {
  internal.listen(0, '127.0.0.1');
  await once(internal, 'listening');
});
afterAll(() => internal.close());

const link = (message: LocalMessage) =>
  `https://discord.com/channels/${h.discord.guildId}/${message.channelId}/${message.id}`;

/** Bob's message in a fresh channel. */
function bobSays(content: string, files: ReturnType<typeof memberFile>[] = [], channelId = freshChannel()) {
  const bob = h.discord.user('bob', 'Bob');
  return h.discord.sendMessage({ content, channelId, user: bob, files });
}

/** Ann uses the menu on `target` and submits `question` in the form; the submit's interaction. */
async function askAbout(
  target: LocalMessage,
  question: string,
  user = suite.asker,
): Promise<LocalInteraction> {
  const menu = h.discord.messageCommand(ASK, target, { user });
  await h.discord.waitFor(() => menu.modal, 10_000, 'the form');
  return h.discord.submitModal(menu, { question }, { user });
}

function replyDone(texts: string[]) {
  return texts.length > 0 && !texts.join('').includes('▌') && texts.join('').includes('Echo');
}

async function chargesOf(userId: string) {
  const day = utcDay(Date.now());
  return h.running.bot.capabilities.spend.ledger.entries(
    usageScope({ guildId: h.discord.guildId, userId }),
    day,
    day,
  );
}

describe('Ask about this message', () => {
  it('is registered as a message command (no description), and Summarize from here is not (no intent)', () => {
    const registered = [...h.discord.commands.values()].flat();
    expect(registered.find((command) => command.name === ASK)).toMatchObject({ type: 3, description: '' });
    expect(registered.some((command) => command.name === 'Summarize from here')).toBe(false);
    expect(() => h.discord.messageCommand('Summarize from here', bobSays('hi'))).toThrow(
      /no message command/,
    );
  });

  it('sends the message, its author and its files as text with the question; the answer links the message', async () => {
    const notes = 'line one\nline two with ``` fences\n';
    const target = bobSays(`<@${suite.asker.id}> the deploy failed with exit code 137`, [
      memberFile('notes.txt', notes, 'text/plain; charset=utf-8'),
      memberFile('config.json', '{"memory": "512Mi"}', 'application/json'),
      memberFile('huge.log', 'x'.repeat(FILE_MAX_BYTES + 1), 'text/plain'),
      // Named .bin, typed as anything: the reader goes by the bytes.
      memberFile('report.bin', makePdf(['Revenue rose 12%', 'Costs fell']), 'application/octet-stream'),
      memberFile('plan.docx', makeDocx(['Step one: measure', 'Step two: cut'])),
      memberFile('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png'),
      memberFile('binary.txt', Buffer.from([0x61, 0x00, 0x62]), 'text/plain'),
      memberFile(
        'secret.txt',
        'x',
        'text/plain',
        `http://localhost:${(internal.address() as AddressInfo).port}/secret.txt`,
      ),
    ]);
    const chargedBefore = (await chargesOf(suite.asker.id)).length;
    const submit = await askAbout(target, 'What does 137 mean?\nAnd what should I change?');
    const [text] = await waitForReply(h, submit, replyDone);
    await waitForIdle(h);

    // The answer starts with where the message is (a jump link) and the question, quoted.
    expect(
      text?.startsWith(
        `${english.t('images.askAboutHead', { author: 'Bob', link: link(target) })}\n> What does 137 mean?\n> And what should I change?\n`,
      ),
    ).toBe(true);
    const [sent] = (h.service.chatRequests().at(-1)?.body.messages ?? []) as {
      role: string;
      content: string;
    }[];
    const content = sent?.content ?? '';
    const start = `Ann: About this message from Bob (${link(target)}):\n\n\`\`\`\n@Ann the deploy failed with exit code 137\n\`\`\``;
    expect(content.slice(0, start.length)).toBe(start);
    expect(content).toContain(`Attachment notes.txt:\n\`\`\`\`\n${notes}\n\`\`\`\``);
    expect(content).toContain('Attachment config.json:\n```\n{"memory": "512Mi"}\n```');
    expect(content).toContain(
      `Attachment huge.log: not read (${sizeText(FILE_MAX_BYTES + 1)}, over the ${sizeText(FILE_MAX_BYTES)} the bot reads of a file)`,
    );
    expect(content).toContain(
      'Attachment report.bin:\n```\n--- page 1 ---\nRevenue rose 12%\n\n--- page 2 ---\nCosts fell\n\n```',
    );
    expect(content).toContain('Attachment plan.docx:\n```\nStep one: measure\n\nStep two: cut\n```');
    expect(content).toContain('Attachment photo.png: not read (an image: the service reads text only)');
    expect(content).toContain('Attachment binary.txt: not read (not text, a PDF or a Word document)');
    expect(content).toContain(
      'Attachment secret.txt: not read (its address is not a Discord attachment, and the bot fetches files only from Discord)',
    );
    expect(content.endsWith('\n\nQuestion:\nWhat does 137 mean?\nAnd what should I change?')).toBe(true);
    // Refused before connecting: the internal host never saw a request.
    expect(internalHits).toBe(0);
    // Billed like /ask, to the member who asked.
    expect((await chargesOf(suite.asker.id)).length).toBe(chargedBefore + 1);
    // The reply is public (the channel reads it) and carries Regenerate.
    const reply = h.discord.replyMessages(submit)[0];
    expect((reply?.flags ?? 0) & 64).toBe(0);

    // Remembered: the next /ask in the channel carries the exchange, context included.
    const next = suite.ask({ prompt: 'and in one word?' }, { channelId: target.channelId });
    await waitForReply(h, next, replyDone);
    await waitForIdle(h);
    const history = (h.service.chatRequests().at(-1)?.body.messages ?? []) as {
      role: string;
      content: string;
    }[];
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(history[0]?.content).toBe(content);
  });

  it('asks about the bot’s own reply without its small grey lines', async () => {
    const first = await askAbout(bobSays('first'), 'one?');
    await waitForReply(h, first, replyDone);
    await waitForIdle(h);
    const reply = h.discord.replyMessages(first)[0] as LocalMessage;
    expect(reply.content).toContain('-# ↪️');
    const second = await askAbout(reply, 'two?');
    await waitForReply(h, second, replyDone);
    await waitForIdle(h);
    const sent = ((h.service.chatRequests().at(-1)?.body.messages ?? []) as { content: string }[]).at(-1);
    expect(sent?.content).toMatch(
      /^Ann: About this message from Service Bot \(.*\):\n\n````\n> one\?\nEcho: Ann: About this message from Bob/,
    );
    expect(sent?.content).not.toContain('↪️');
  });

  it('cuts a long message to fit the channel’s history budget, and says so', async () => {
    const channelId = freshChannel();
    await h.running.bot.capabilities.settings.updateChannel(channelId, { historyTokens: 1000 });
    const target = bobSays('word '.repeat(2000), [], channelId);
    const submit = await askAbout(target, 'summary?');
    await waitForReply(h, submit, replyDone);
    await waitForIdle(h);
    const [sent] = (h.service.chatRequests().at(-1)?.body.messages ?? []) as { content: string }[];
    // Half of the budget left by the question: (1000 - 2) / 2 tokens, 4 characters each.
    expect(sent?.content).toMatch(/\(cut: the first \d+ of 10000 characters\)\n\nQuestion:\nsummary\?$/);
    expect(
      (sent?.content.length ?? 0) - 'Ann: '.length - '\n\nQuestion:\nsummary?'.length,
    ).toBeLessThanOrEqual(1996);
  });

  it('answers in a DM with a link there, and Regenerate keeps the link and the question', async () => {
    const dmMessage = h.discord.sendMessage({
      content: 'remember: the code is 42',
      dm: true,
      user: suite.asker,
    });
    await settled(h, dmMessage.id);
    await waitForIdle(h);
    const submit = await askAbout(dmMessage, 'what was the code?');
    const head = `${english.t('images.askAboutHead', { author: 'Ann', link: `https://discord.com/channels/@me/${h.discord.dmChannelOf(suite.asker)}/${dmMessage.id}` })}\n> what was the code?\n`;
    const [text] = await waitForReply(
      h,
      submit,
      (texts) => replyDone(texts) && (texts[0] ?? '').includes('-# context'),
    );
    await waitForIdle(h);
    expect(text?.startsWith(head)).toBe(true);
    const reply = h.discord.replyMessages(submit).at(-1) as LocalMessage;
    const regenerateId = JSON.stringify(messageButtons(reply.components)).match(
      /"custom_id":"(ask:regenerate:[^"]+)"/,
    )?.[1];
    expect(regenerateId).toBeDefined();
    const again = h.discord.clickButton(reply, regenerateId as string, { dm: true, user: suite.asker });
    const [regenerated] = await waitForReply(
      h,
      again,
      (texts) => replyDone(texts) && (texts[0] ?? '').includes('-# context'),
    );
    await waitForIdle(h);
    expect(regenerated?.startsWith(head)).toBe(true);
  });
});

describe('Ask about this message where the bot is not (installed to the member’s account)', () => {
  it('answers in a group DM through the interaction alone, with a link there', async () => {
    const bob = h.discord.user('bob', 'Bob');
    const group = openGroupDm(h.discord, [suite.asker, bob]);
    const message = h.discord.sendMessage({ content: 'is friday at 6 ok?', channelId: group.id, user: bob });
    const submit = await askAbout(message, 'when is it?');
    const [text] = await waitForReply(h, submit, replyDone);
    await waitForIdle(h);
    expect(
      text?.startsWith(
        `${english.t('images.askAboutHead', { author: 'Bob', link: `https://discord.com/channels/@me/${group.id}/${message.id}` })}\n`,
      ),
    ).toBe(true);
    const [sent] = (h.service.chatRequests().at(-1)?.body.messages ?? []) as { content: string }[];
    expect(sent?.content).toContain('```\nis friday at 6 ok?\n```');
    // Nothing went through the bot token to a channel the bot is not in.
    expect(h.discord.requestLog.filter((entry) => entry.route.startsWith(`/channels/${group.id}`))).toEqual(
      [],
    );
  });
});

describe('Ask about this message: refusals', () => {
  it('refuses privately a message with nothing to read, without a form', async () => {
    const target = bobSays('', [memberFile('photo.png', Buffer.from([1, 2, 3]), 'image/png')]);
    const menu = h.discord.messageCommand(ASK, target, { user: suite.asker });
    expect(await ephemeralText(menu)).toBe(english.t('images.nothingToAskAbout'));
    expect(menu.modal).toBeUndefined();
  });

  it('refuses a form submitted by someone else, or crafted, and asks nothing', async () => {
    const target = bobSays('a message');
    const menu = h.discord.messageCommand(ASK, target, { user: suite.asker });
    await h.discord.waitFor(() => menu.modal);
    const before = h.service.chatRequests().length;
    const eve = h.discord.user('eve', 'Eve');
    expect(await ephemeralText(h.discord.submitModal(menu, { question: 'mine?' }, { user: eve }))).toBe(
      english.t('images.askFormExpired'),
    );
    const crafted = h.discord.submitModal(
      menu,
      { question: 'x' },
      { customId: `${ASK}:ask:${'0'.repeat(32)}` },
    );
    expect(await ephemeralText(crafted)).toBe(english.t('images.askFormExpired'));
    const blank = h.discord.submitModal(menu, { question: ' \n ' });
    expect(await ephemeralText(blank)).toBe(english.t('images.askQuestionEmpty'));
    const long = h.discord.submitModal(menu, { question: 'x'.repeat(5000) });
    expect(await ephemeralText(long)).toBe(english.t('images.promptTooLong', { length: 5000, limit: 4000 }));
    // The form is still Ann's to submit; once.
    const first = h.discord.submitModal(menu, { question: 'ok?' });
    await waitForReply(h, first, replyDone);
    await waitForIdle(h);
    expect(h.service.chatRequests().length).toBe(before + 1);
    expect(await ephemeralText(h.discord.submitModal(menu, { question: 'again?' }))).toBe(
      english.t('images.askFormExpired'),
    );
  });

  it('answers about a message deleted after the menu was used, from what Discord sent with the menu', async () => {
    const target = bobSays('soon gone');
    const menu = h.discord.messageCommand(ASK, target, { user: suite.asker });
    await h.discord.waitFor(() => menu.modal);
    target.deleted = true;
    const submit = h.discord.submitModal(menu, { question: 'what did it say?' });
    await waitForReply(h, submit, replyDone);
    await waitForIdle(h);
    const [sent] = (h.service.chatRequests().at(-1)?.body.messages ?? []) as { content: string }[];
    expect(sent?.content).toContain('```\nsoon gone\n```');
  });

  it('is rate-limited and budgeted like /ask: refused privately, nothing asked', async () => {
    const { settings } = h.running.bot.capabilities;
    const { spend } = h.running.bot.capabilities;
    const target = bobSays('limits');
    await settings.updateGuild(h.discord.guildId, { requestsPerMinute: 1 });
    const carol = h.discord.user('carol', 'Carol');
    const first = await askAbout(target, 'one', carol);
    await waitForReply(h, first, replyDone);
    await waitForIdle(h);
    const before = h.service.chatRequests().length;
    const second = await askAbout(target, 'two', carol);
    expect(await ephemeralText(second)).toMatch(
      /You are sending requests too fast: this server allows 1 per minute/,
    );
    await settings.updateGuild(h.discord.guildId, { requestsPerMinute: undefined });

    const spent = await spend.ledger.monthSpendMicros(h.discord.guildId, Date.now());
    await spend.budgets.update(h.discord.guildId, { monthlyCapMicros: spent + 1 });
    const third = await askAbout(target, 'three');
    const [refused] = await waitForReply(h, third, ([text]) => text?.includes('⛔') ?? false);
    expect(refused).toMatch(/monthly spending cap/);
    expect((h.discord.replyMessages(third)[0]?.flags ?? 0) & 64).toBe(64);
    await spend.budgets.update(h.discord.guildId, { monthlyCapMicros: null });
    expect(h.service.chatRequests().length).toBe(before);
  });
});
