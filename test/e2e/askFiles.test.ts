/**
 * Files with /ask end to end: the real bot, the local Discord (an ATTACHMENT option, type 11,
 * with the file in `resolved.attachments`, served from its CDN) and the fake service. What
 * reaches the service (the files' text before the question, PDFs by page), the note under the
 * reply for files cut or not read, the refusal of a file past the size limit before anything,
 * and a hostile PDF ended by the memory watchdog while another member's reply streams on.
 */
import { describe, expect, it } from 'vitest';
import { sizeText } from '../../src/files/attachments.js';
import { FILE_MAX_BYTES, PDF_MAX_PAGES } from '../../src/files/readFiles.js';
import { memberFile } from '../../src/localDiscord/contextMenus.js';
import {
  type LocalInteraction,
  type LocalMessage,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { makeBombPdf, makeDocx, makePdf } from '../../src/localService/documents.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { PLAIN_REPLIES, waitForIdle, waitForReply } from '../helpers/harness.js';
import { loadSpecCopy, schemaProblems } from '../helpers/jsonSchema.js';

const suite = useHarness({
  discord: { channelCount: 20 },
  guildConfig: PLAIN_REPLIES,
  asker: { username: 'ann', globalName: 'Ann' },
});
const { h, freshChannel, ask, ephemeralText } = suite;

const done = (texts: string[]) =>
  texts.length > 0 && !texts.join('').includes('▌') && texts.join('').includes('Echo');

/** The reply's whole text, and the user message the service got for it (the last that ends with `question`). */
async function answer(interaction: LocalInteraction, question: string) {
  const texts = await waitForReply(h, interaction, done, 30_000);
  await waitForIdle(h);
  const sent = h.service
    .chatRequests()
    .map((request) => ((request.body.messages ?? []) as { content: string }[]).at(-1)?.content ?? '')
    .findLast((content) => content.endsWith(`Question:\n${question}`));
  return { reply: texts.join('\n'), sent: sent ?? '(no request ends with the question)' };
}

describe('/ask with a file', () => {
  it('registers the option as a file (type 11), and every command as bulk_set_application_commands takes it', () => {
    const spec = loadSpecCopy();
    const bulkSet = spec.operations.bulk_set_application_commands?.requestSchema ?? {};
    // One known difference: Discord's documentation and discord.js write default_member_permissions
    // as a string (a permission bit set), which Discord accepts; the description types it as an
    // integer. It is checked as the number it spells.
    const asSpecTypesIt = (command: Record<string, unknown>) =>
      typeof command.default_member_permissions === 'string'
        ? { ...command, default_member_permissions: Number(command.default_member_permissions) }
        : command;
    for (const commands of h.discord.commands.values())
      expect(schemaProblems(spec, bulkSet, commands.map(asSpecTypesIt))).toEqual([]);
    // The check is live: an option of a type Discord does not have fails it.
    const broken = [{ name: 'x', description: 'x', options: [{ type: 99, name: 'file', description: 'x' }] }];
    expect(schemaProblems(spec, bulkSet, broken)).not.toEqual([]);
    const registered = [...h.discord.commands.values()].flat().find((command) => command.name === 'ask');
    expect(
      (registered?.options as { name: string; type: number }[] | undefined)?.find(
        (option) => option.name === 'file',
      ),
    ).toMatchObject({
      type: 11,
    });
  });

  it('sends a text file before the question, fenced with its name', async () => {
    const asked = ask(
      { prompt: 'what is wrong here?' },
      {
        channelId: freshChannel(),
        files: { file: memberFile('app.log', 'ERROR disk full\n', 'text/plain') },
      },
    );
    const { sent, reply } = await answer(asked, 'what is wrong here?');
    expect(sent).toBe('Ann: File app.log:\n```\nERROR disk full\n\n```\n\nQuestion:\nwhat is wrong here?');
    // Stored marked as carrying files: their text may leave the memory first (chat/fileMemory.ts).
    const [stored] = (await h.running.bot.capabilities.conversations.load(asked.channelId)).turns;
    expect(stored).toMatchObject({ role: 'user', files: true });
    expect(reply).not.toContain('📎');
  });

  it('reads a PDF by page, and a Word document, by their bytes whatever their names say', async () => {
    const pdf = ask(
      { prompt: 'summarize' },
      {
        channelId: freshChannel(),
        files: {
          file: memberFile('report.bin', makePdf(['Revenue rose 12%', 'Costs fell', 'Outlook good'])),
        },
      },
    );
    expect((await answer(pdf, 'summarize')).sent).toBe(
      'Ann: File report.bin:\n```\n--- page 1 ---\nRevenue rose 12%\n\n--- page 2 ---\nCosts fell\n\n--- page 3 ---\nOutlook good\n\n```\n\nQuestion:\nsummarize',
    );
    const docx = ask(
      { prompt: 'next step?' },
      { channelId: freshChannel(), files: { file: memberFile('plan.docx', makeDocx(['Measure', 'Cut'])) } },
    );
    expect((await answer(docx, 'next step?')).sent).toBe(
      'Ann: File plan.docx:\n```\nMeasure\n\nCut\n```\n\nQuestion:\nnext step?',
    );
  });

  it('asks what is in a file given without a question', async () => {
    const asked = ask({}, { channelId: freshChannel(), files: { file: memberFile('notes.md', '# Notes') } });
    const { sent, reply } = await answer(asked, english.t('chat.fileDefaultQuestion'));
    expect(sent.endsWith(`Question:\n${english.t('chat.fileDefaultQuestion')}`)).toBe(true);
    expect(reply.startsWith(`> ${english.t('chat.fileDefaultQuestion')}`)).toBe(true);
  });

  it('names under the reply an image, a scan and a PDF cut at the page limit, and tells the model', async () => {
    const photo = ask(
      { prompt: 'what is this?' },
      {
        channelId: freshChannel(),
        files: { file: memberFile('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), 'image/png') },
      },
    );
    const seen = await answer(photo, 'what is this?');
    expect(seen.reply).toContain(`-# 📎 ${english.t('chat.fileImage', { name: 'photo.png' })}`);
    expect(seen.sent).toContain('File photo.png: not read (an image: the service reads text only)');

    const scan = ask(
      { prompt: 'read it' },
      {
        channelId: freshChannel(),
        files: { file: memberFile('scan.pdf', makePdf(['x'], { textLayer: false })) },
      },
    );
    expect((await answer(scan, 'read it')).reply).toContain(
      `-# 📎 ${english.t('chat.fileNoText', { name: 'scan.pdf' })}`,
    );

    const pages = PDF_MAX_PAGES + 2;
    const long = ask(
      { prompt: 'the last page?' },
      {
        channelId: freshChannel(),
        files: {
          file: memberFile(
            'book.pdf',
            makePdf(Array.from({ length: pages }, (_, page) => `Page ${page + 1}`)),
          ),
        },
      },
    );
    const cut = await answer(long, 'the last page?');
    expect(cut.reply).toContain(
      `-# 📎 ${english.t('chat.filePagesCut', { name: 'book.pdf', read: PDF_MAX_PAGES, total: pages })}`,
    );
    expect(cut.sent).toContain(`File book.pdf (pages 1-${PDF_MAX_PAGES} of ${pages} read):`);
    expect(cut.sent).not.toContain(`Page ${PDF_MAX_PAGES + 1}`);
  });

  it('refuses a file past the size limit privately, before any service call or charge', async () => {
    const before = h.service.chatRequests().length;
    const big = memberFile('dump.csv', Buffer.alloc(FILE_MAX_BYTES + 1, 0x61), 'text/csv');
    const asked = ask({ prompt: 'totals?' }, { channelId: freshChannel(), files: { file: big } });
    expect(await ephemeralText(asked)).toBe(
      english.t('chat.fileTooBig', {
        name: 'dump.csv',
        size: sizeText(FILE_MAX_BYTES + 1),
        limit: sizeText(FILE_MAX_BYTES),
      }),
    );
    await waitForIdle(h);
    expect(h.service.chatRequests().length).toBe(before);
  });

  it('ends a decompression bomb past its memory limit while another member’s reply streams on', async () => {
    const bomb = ask(
      { prompt: 'open this' },
      { channelId: freshChannel(), files: { file: memberFile('bomb.pdf', makeBombPdf(2048 * 1024 * 1024)) } },
    );
    const other = ask(
      { prompt: 'meanwhile, hello' },
      { channelId: freshChannel(), user: h.discord.user('bob', 'Bob') },
    );
    await waitForReply(h, other, done, 30_000);
    const seen = await answer(bomb, 'open this');
    expect(seen.reply).toContain(`-# 📎 ${english.t('chat.fileTooLarge', { name: 'bomb.pdf' })}`);
    expect(seen.sent).toContain('File bomb.pdf: not read (it needs more memory to read than the bot allows)');
  });
});

describe('files with a mention, a reply or a DM', () => {
  const botMention = () => `<@${h.discord.botUser.id}>`;

  /** The bot's finished reply to a member's message, and the user message the service got last. */
  async function replyTo(message: LocalMessage) {
    const texts = await h.discord.waitFor(
      () => {
        const shown = h.discord.replyTo(message).map((reply) => reply.content);
        return done(shown) ? shown : undefined;
      },
      30_000,
      `the bot's reply to "${message.content}"`,
    );
    await waitForIdle(h);
    const messages = (h.service.chatRequests().at(-1)?.body.messages ?? []) as { content: string }[];
    return { reply: texts.join('\n'), sent: messages.at(-1)?.content ?? '' };
  }

  it('a mention with a CSV sends its rows before the question', async () => {
    const message = h.discord.sendMessage({
      channelId: freshChannel(),
      user: suite.asker,
      content: `${botMention()} which region sold most?`,
      files: [memberFile('sales.csv', 'region,amount\nnorth,10\nsouth,32\n', 'text/csv')],
    });
    const { sent } = await replyTo(message);
    expect(sent).toBe(
      'Ann: File sales.csv:\n```\nregion,amount\nnorth,10\nsouth,32\n\n```\n\nQuestion:\nwhich region sold most?',
    );
  });

  it('a DM with only a PDF asks what is in it', async () => {
    const message = h.discord.sendMessage({
      dm: true,
      user: suite.asker,
      content: '',
      files: [memberFile('minutes.pdf', makePdf(['Decided: ship on Friday']))],
    });
    const { sent, reply } = await replyTo(message);
    expect(sent).toBe(
      `Ann: File minutes.pdf:\n\`\`\`\n--- page 1 ---\nDecided: ship on Friday\n\n\`\`\`\n\nQuestion:\n${english.t('chat.fileDefaultQuestion')}`,
    );
    expect(reply).not.toContain('📎');
  });

  it('a mention with a file past the size limit gets a reply saying so, and nothing reaches the service', async () => {
    const before = h.service.chatRequests().length;
    const message = h.discord.sendMessage({
      channelId: freshChannel(),
      user: suite.asker,
      content: `${botMention()} read this`,
      files: [memberFile('huge.log', Buffer.alloc(FILE_MAX_BYTES + 1, 0x61), 'text/plain')],
    });
    const expected = english.t('chat.fileTooBig', {
      name: 'huge.log',
      size: sizeText(FILE_MAX_BYTES + 1),
      limit: sizeText(FILE_MAX_BYTES),
    });
    await h.discord.waitFor(
      () => h.discord.replyTo(message).some((reply) => reply.content === expected) || undefined,
      10_000,
      'the refusal',
    );
    await waitForIdle(h);
    expect(h.service.chatRequests().length).toBe(before);
  });
});

describe('files and budgets', () => {
  it('a file’s text counts against the member’s budget before the service is called', async () => {
    const { ledger } = h.running.bot.capabilities.spend;
    const admin = h.discord.user('admin', 'Admin');
    const channelId = freshChannel();
    const spent = await ledger.userDaySpendMicros(h.discord.guildId, suite.asker.id, Date.now());
    // 100 micro-units left: a short question fits, a few thousand tokens of CSV do not.
    const set = h.discord.sendCommand({
      name: 'budget',
      subcommand: 'set',
      options: { daily_per_member: (spent + 100) / 1e6 },
      user: admin,
      permissions: SERVER_MANAGER_PERMISSIONS,
    });
    await ephemeralText(set);
    const calls = h.service.chatRequests().length;
    const rows = Array.from({ length: 4000 }, (_, row) => `row-${row},${row * 7}`).join('\n');
    const withFile = ask(
      { prompt: 'total?', max_tokens: 1 },
      { channelId, files: { file: memberFile('big.csv', rows, 'text/csv') } },
    );
    const [refusal] = await waitForReply(h, withFile, ([text]) => text?.includes('⛔') ?? false);
    expect(refusal).toMatch(/^⛔ This request could cost more than the .* left of your daily spending limit/);
    expect((h.discord.replyMessages(withFile)[0]?.flags ?? 0) & 64).toBe(64);
    expect(h.service.chatRequests().length).toBe(calls);
    // The same question without the file is served.
    await answer(ask({ prompt: 'total?', max_tokens: 1 }, { channelId }), 'total?');
    expect(h.service.chatRequests().length).toBe(calls + 1);
    await ephemeralText(
      h.discord.sendCommand({
        name: 'budget',
        subcommand: 'clear',
        options: { which: 'daily_per_member' },
        user: admin,
        permissions: SERVER_MANAGER_PERMISSIONS,
      }),
    );
  });
});
