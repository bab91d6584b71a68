/**
 * Long prompts through a modal (Discord's form): /ask without `prompt` opens one (callback type 9,
 * its shape checked by the local Discord against Discord's published description), the member's
 * question keeps its line breaks, the options given with the command stay in effect (carried in
 * the form's custom id, so also after a restart), and the submit runs the normal /ask turn. The
 * same for /system set, whose form for another channel works for an hour and only for a member
 * who still has Manage Channels. Bad submits are in badInput.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import { memberFile } from '../../src/localDiscord/contextMenus.js';
import {
  ADMIN_PERMISSIONS,
  type LocalInteraction,
  type LocalMessage,
  MEMBER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { makePdf } from '../../src/localService/documents.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { PLAIN_REPLIES, settled, waitForIdle, waitForReply } from '../helpers/harness.js';
import { loadSpecCopy, schemaProblems } from '../helpers/jsonSchema.js';

/** The bot's clock: the real one, moved on by `offsetMs` (a form's age, without waiting for it). */
const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };

const suite = useHarness({
  clock,
  discord: { channelCount: 20 },
  guildConfig: PLAIN_REPLIES,
  asker: { username: 'ann', globalName: 'Ann' },
});
const { h, freshChannel, ask, ephemeralText } = suite;

/** Waits for the bot to answer `interaction` with a modal, and returns it. */
async function modalOf(interaction: LocalInteraction) {
  await settled(h, interaction.id);
  expect(interaction.callbacks.map((callback) => callback.type)).toEqual([9]);
  return interaction.modal as NonNullable<LocalInteraction['modal']>;
}

/** The submit's public reply, raw (the quote included), once the bot is done with it. */
async function answered(submit: LocalInteraction, done: (first: string) => boolean) {
  await waitForReply(h, submit, () => done(h.discord.replyMessages(submit)[0]?.content ?? ''));
  await waitForIdle(h);
  await settled(h, submit.id);
  return h.discord.replyMessages(submit).map((message) => message.content);
}

const QUESTION = 'Why does this fail?\n\n```ts\nconst x: number = "1";\n```\nThanks!';

describe('/ask through its form', () => {
  it('/ask without prompt opens a form with one paragraph field of 4,000 characters, and asks nothing yet', async () => {
    const before = h.service.chatRequests().length;
    const opened = ask({}, { channelId: freshChannel() });
    const modal = await modalOf(opened);
    expect(modal.customId).toBe('ask:modal:');
    expect(modal.title).toBe('Ask the model');
    // A Label (component 18) around a text input (4), as discord.js builds it now.
    expect(modal.components).toEqual([
      {
        type: 18,
        label: 'Your question',
        description: 'Line breaks are kept. Up to 4,000 characters.',
        component: {
          type: 4,
          custom_id: 'prompt',
          style: 2,
          required: true,
          min_length: 1,
          max_length: 4000,
        },
      },
      // And an optional upload of up to 3 files (component 19 in a Label).
      {
        type: 18,
        label: 'Files (optional)',
        description: 'Up to 3 files of 8.0 MB each: text, code, CSV, JSON, PDF or Word',
        component: { type: 19, custom_id: 'files', required: false, min_values: 0, max_values: 3 },
      },
    ]);
    // As create_interaction_response takes it, by Discord's OpenAPI description.
    const spec = loadSpecCopy();
    const [callback] = opened.callbacks;
    const body = { type: callback?.type, data: callback?.data };
    expect(
      schemaProblems(spec, spec.operations.create_interaction_response?.requestSchema ?? {}, body),
    ).toEqual([]);
    const tooMany = structuredClone(body);
    const upload = (tooMany.data?.components as { component: { max_values?: number } }[] | undefined)?.[1];
    if (upload) upload.component.max_values = 11;
    expect(
      schemaProblems(spec, spec.operations.create_interaction_response?.requestSchema ?? {}, tooMany),
    ).not.toEqual([]);
    expect(h.discord.replyMessages(opened)).toEqual([]);
    expect(h.service.chatRequests()).toHaveLength(before);
  });

  it('files uploaded in the form go before the question, each read by its bytes; the rest of the form as before', async () => {
    const opened = ask({}, { channelId: freshChannel() });
    await modalOf(opened);
    const submit = h.discord.submitModal(
      opened,
      { prompt: 'Compare these' },
      {
        files: {
          files: [memberFile('a.txt', 'alpha', 'text/plain'), memberFile('b.pdf', makePdf(['beta']))],
        },
      },
    );
    await answered(submit, (first) => first.includes('Echo'));
    expect(h.service.chatRequests().at(-1)?.body.messages).toEqual([
      {
        role: 'user',
        content:
          'Ann: File a.txt:\n```\nalpha\n```\n\nFile b.pdf:\n```\n--- page 1 ---\nbeta\n\n```\n\nQuestion:\nCompare these',
      },
    ]);
  });

  it('the submitted question keeps its line breaks: quoted on top, whole to the service and in memory', async () => {
    const channelId = freshChannel();
    const opened = ask({}, { channelId });
    await modalOf(opened);
    h.service.enqueue({ text: 'A string is not a number.', chunks: 3, intervalMs: 30 });
    const submit = h.discord.submitModal(opened, { prompt: QUESTION });
    const [text] = await answered(submit, (first) => first.endsWith('number.'));
    // The submit is answered like a command: deferred, then edited as the reply streams.
    expect(submit.callbacks.map((callback) => callback.type)).toEqual([5]);
    expect(text).toBe('> Why does this fail?\n> \n> \\`\\`\\`ts…\nA string is not a number.');
    expect(h.service.chatRequests().at(-1)?.body.messages).toEqual([
      { role: 'user', content: `Ann: ${QUESTION}` },
    ]);
    const turns = (await h.running.bot.capabilities.conversations.load(channelId)).turns;
    expect(turns.map((turn) => turn.content)).toEqual([QUESTION, 'A string is not a number.']);
  });

  it('the options given with the command stay in effect, carried in the form’s id (also after a restart)', async () => {
    const channelId = freshChannel();
    const opened = ask({ model: 'service-v1-pro', temperature: 0.7, max_tokens: 300 }, { channelId });
    const modal = await modalOf(opened);
    expect(modal.customId).toBe('ask:modal:m=service-v1-pro&t=0.7&x=300');
    expect(modal.title).toBe('Ask service-v1-pro');
    await h.restart();
    await h.discord.waitFor(() => h.discord.gatewayConnections() === 1);
    const submit = h.discord.submitModal(opened, { prompt: 'line one\nline two' });
    expect(await answered(submit, (first) => first.includes('Echo'))).toEqual([
      '> line one\n> line two\nEcho: Ann: line one\nline two',
    ]);
    expect(h.service.chatRequests().at(-1)?.body).toMatchObject({
      model: 'service-v1-pro',
      temperature: 0.7,
      max_tokens: 300,
      messages: [{ role: 'user', content: 'Ann: line one\nline two' }],
    });
    // Kept with the reply: Regenerate asks the same way, and keeps the quote.
    const reply = h.discord.replyMessages(submit)[0] as LocalMessage;
    const regenerateId = messageButtons(reply.components)[0]?.custom_id as string;
    const again = h.discord.clickButton(reply, regenerateId, {
      user: suite.asker,
    });
    expect(await answered(again, (first) => first.includes('Echo'))).toEqual([
      '> line one\n> line two\nEcho: Ann: line one\nline two',
    ]);
    expect(h.service.chatRequests().at(-1)?.body).toMatchObject({
      model: 'service-v1-pro',
      temperature: 0.7,
    });
  });

  it('thread:true through the form opens the thread from the reply, named after the first line', async () => {
    const channelId = freshChannel();
    const opened = ask({ thread: true }, { channelId });
    expect((await modalOf(opened)).customId).toBe('ask:modal:h=1');
    const submit = h.discord.submitModal(opened, { prompt: 'Trip to Lisbon\nthree days, on foot' });
    const [text] = await answered(submit, (first) => first.includes('Echo'));
    const bot = '@Service Bot';
    expect(text).toBe(
      `> Trip to Lisbon\n> three days, on foot\nEcho: Ann: Trip to Lisbon\nthree days, on foot\n\n-# ${english.t('chat.threadHowToContinue', { bot })}`,
    );
    const reply = h.discord.replyMessages(submit)[0];
    const thread = h.discord.threads().find((candidate) => candidate.id === reply?.id);
    expect(thread?.name).toBe('Trip to Lisbon');
    expect(thread?.parentId).toBe(channelId);
    // The conversation continues in the thread.
    expect((await h.running.bot.capabilities.conversations.load(thread?.id as string)).turns).toHaveLength(2);
  });

  it('what can be refused before the form is, privately, with no form: bad options, a thread the member may not open', async () => {
    const calls = h.service.chatRequests().length;
    const cases: [Parameters<typeof ask>[0], Parameters<typeof ask>[1], RegExp][] = [
      [{ temperature: 3 }, {}, /temperature must be a number from 0 to 2/],
      [{ model: 'gpt-9' }, {}, /Unknown model/],
      [{ thread: true }, { dm: true }, /Threads can only be opened in a server channel/],
      [
        { thread: true },
        { permissions: String(BigInt(MEMBER_PERMISSIONS) & ~(1n << 35n)) },
        /You cannot create threads in this channel/,
      ],
    ];
    for (const [options, extra, answer] of cases) {
      const refused = ask(options, { channelId: freshChannel(), ...extra });
      expect(await ephemeralText(refused)).toMatch(answer);
      expect(refused.modal).toBeUndefined();
    }
    expect(h.service.chatRequests()).toHaveLength(calls);
  });
});

describe('/system set through its form', () => {
  const admin = () => h.discord.user('sam', 'Sam');

  it('opens a form holding the current prompt; the submitted instructions keep their line breaks', async () => {
    const channelId = freshChannel();
    const first = h.discord.sendCommand({
      name: 'system',
      subcommand: 'set',
      options: { prompt: 'Be brief.' },
      channelId,
      user: admin(),
      permissions: ADMIN_PERMISSIONS,
    });
    await ephemeralText(first);
    const opened = h.discord.sendCommand({
      name: 'system',
      subcommand: 'set',
      channelId,
      user: admin(),
      permissions: ADMIN_PERMISSIONS,
    });
    const modal = await modalOf(opened);
    expect(modal.customId).toBe('system:modal:');
    expect(modal.fields).toMatchObject([
      { customId: 'prompt', style: 2, maxLength: 1500, value: 'Be brief.' },
    ]);
    const instructions = 'Answer in French.\nUse short sentences.\n\nNever use tables.';
    const submit = h.discord.submitModal(opened, { prompt: instructions });
    expect(await ephemeralText(submit)).toBe(
      `System prompt of <#${channelId}> set (${instructions.length} characters):\n> Answer in French.\n> Use short sentences.\n> \n> Never use tables.`,
    );
    expect((await h.running.bot.capabilities.settings.channel(channelId)).systemPrompt).toBe(instructions);
    const asked = ask({ prompt: 'hello' }, { channelId });
    await answered(asked, (text) => text.includes('Echo'));
    expect(h.service.chatRequests().at(-1)?.body).toMatchObject({
      messages: [
        { role: 'system', content: instructions },
        { role: 'user', content: 'Ann: hello' },
      ],
    });
  });

  it('for another channel given as an option: the form is sealed to it, and works from here', async () => {
    const here = freshChannel();
    const there = freshChannel();
    const { opened, modal } = await formFor(here, there);
    expect(modal.customId).toMatch(new RegExp(`^system:modal:${there}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{16}$`));
    const submit = h.discord.submitModal(opened, { prompt: 'Only about cats.' });
    expect(await ephemeralText(submit)).toMatch(new RegExp(`^System prompt of <#${there}> set`));
    expect((await h.running.bot.capabilities.settings.channel(there)).systemPrompt).toBe('Only about cats.');
    expect((await h.running.bot.capabilities.settings.channel(here)).systemPrompt).toBeUndefined();
  });

  /** /system set for `there`, run in `here` by the admin: a form sealed to `there`. */
  async function formFor(here: string, there: string) {
    const opened = h.discord.sendCommand({
      name: 'system',
      subcommand: 'set',
      channelId: here,
      channelOptions: { channel: there },
      user: admin(),
      permissions: ADMIN_PERMISSIONS,
    });
    return { opened, modal: await modalOf(opened) };
  }

  it('a form for another channel works for an hour after it opened, then asks for the command again', async () => {
    const here = freshChannel();
    const there = freshChannel();
    const { opened: early } = await formFor(here, there);
    const { opened: late } = await formFor(here, there);
    try {
      clock.offsetMs = 59 * 60_000;
      const inTime = h.discord.submitModal(early, { prompt: 'Within the hour.' });
      expect(await ephemeralText(inTime)).toMatch(new RegExp(`^System prompt of <#${there}> set`));
      clock.offsetMs = 61 * 60_000;
      const expired = h.discord.submitModal(late, { prompt: 'Too late.' });
      expect(await ephemeralText(expired)).toBe(english.t('config.systemFormExpired'));
      await settled(h, expired.id);
    } finally {
      clock.offsetMs = 0;
    }
    expect((await h.running.bot.capabilities.settings.channel(there)).systemPrompt).toBe('Within the hour.');
  });

  it('a form for another channel checks Manage Channels again on submit, where it is submitted', async () => {
    const here = freshChannel();
    const there = freshChannel();
    const { opened } = await formFor(here, there);
    // The admin lost Manage Channels while the form was open.
    const submit = h.discord.submitModal(
      opened,
      { prompt: 'Not any more.' },
      { permissions: MEMBER_PERMISSIONS },
    );
    expect(await ephemeralText(submit)).toBe(
      english.t('config.systemFormNeedsManageChannels', { channel: `<#${there}>` }),
    );
    await settled(h, submit.id);
    expect((await h.running.bot.capabilities.settings.channel(there)).systemPrompt).toBeUndefined();
  });
});
