/**
 * Hostile and broken input, as crafted interactions that bypass Discord's own checks (the bot
 * must not rely on them): each gets a clear private answer, never reaches the service, changes
 * nothing stored, and the bot keeps serving. One row per line of the "Bad input" table in docs/faults.md.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import {
  ADMIN_PERMISSIONS,
  type LocalMessage,
  MEMBER_PERMISSIONS,
  type SendCommandInput,
} from '../../src/localDiscord/localDiscord.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { settled, waitForExactReply } from '../helpers/harness.js';

const { h, ask, freshChannel, ephemeralText } = useHarness({
  discord: { channelCount: 10 },
  guildConfig: { showCost: false, showContext: false },
});

type Crafted = Omit<SendCommandInput, 'user'> & { readonly admin?: boolean };

const ZERO_WIDTH = '\u200b\u200d\u2060\ufeff';
const FORM_GONE = english.t('errors.formGone');
const commands: [string, Crafted, RegExp | string][] = [
  ['an unknown command', { name: 'nosuch' }, english.t('errors.commandGone')],
  ['/ask with an empty prompt', { name: 'ask', options: { prompt: '' } }, /Your prompt is empty/],
  ['/ask with a whitespace prompt', { name: 'ask', options: { prompt: ' \n\t ' } }, /Your prompt is empty/],
  ['/ask with a zero-width prompt', { name: 'ask', options: { prompt: ZERO_WIDTH } }, /Your prompt is empty/],
  [
    '/ask with a 10,000-character prompt',
    { name: 'ask', options: { prompt: 'x'.repeat(10_000) } },
    /10,000 characters; the limit is 4,000/,
  ],
  ['/ask with a number as prompt', { name: 'ask', options: { prompt: 42 } }, /Your prompt is empty/],
  ['/ask with an unknown model', { name: 'ask', options: { prompt: 'x', model: 'gpt-9' } }, /Unknown model/],
  [
    '/ask with temperature 3',
    { name: 'ask', options: { prompt: 'x', temperature: 3 } },
    /temperature must be a number from 0 to 2/,
  ],
  [
    '/ask with a text temperature',
    { name: 'ask', options: { prompt: 'x', temperature: 'hot' } },
    /temperature must be a number/,
  ],
  [
    '/ask with max_tokens 0',
    { name: 'ask', options: { prompt: 'x', max_tokens: 0 } },
    /max_tokens must be a whole number/,
  ],
  [
    '/ask with max_tokens 1.5',
    { name: 'ask', options: { prompt: 'x', max_tokens: 1.5 } },
    /max_tokens must be a whole number/,
  ],
  [
    '/ask with max_tokens 999999',
    { name: 'ask', options: { prompt: 'x', max_tokens: 999_999 } },
    /max_tokens must be a whole number/,
  ],
  [
    '/ask with thread "yes"',
    { name: 'ask', options: { prompt: 'x', thread: 'yes' } },
    /thread must be true or false/,
  ],
  [
    '/imagine with n 0',
    { name: 'imagine', options: { prompt: 'x', n: 0 } },
    /n must be a whole number from 1 to 4/,
  ],
  [
    '/imagine with n 5',
    { name: 'imagine', options: { prompt: 'x', n: 5 } },
    /n must be a whole number from 1 to 4/,
  ],
  [
    '/imagine with n "five"',
    { name: 'imagine', options: { prompt: 'x', n: 'five' } },
    /n must be a whole number/,
  ],
  [
    '/imagine with an unknown size',
    { name: 'imagine', options: { prompt: 'x', size: '4096x4096' } },
    /size must be one of/,
  ],
  [
    '/imagine with a zero-width prompt',
    { name: 'imagine', options: { prompt: ZERO_WIDTH } },
    /Your prompt is empty/,
  ],
  [
    '/imagine with a 10,000-character prompt',
    { name: 'imagine', options: { prompt: 'x'.repeat(10_000) } },
    /the limit is 1,000/,
  ],
  [
    '/config set with a text temperature',
    { name: 'config', subcommand: 'set', options: { temperature: 'x' }, admin: true },
    /temperature must be a number/,
  ],
  [
    '/config set with max_tokens -1',
    { name: 'config', subcommand: 'set', options: { max_tokens: -1 }, admin: true },
    /max_tokens must be a whole number/,
  ],
  [
    '/config clear of an unknown setting',
    { name: 'config', subcommand: 'clear', options: { setting: 'constructor' }, admin: true },
    'Unknown setting.',
  ],
  [
    '/config channels with an unknown action',
    { name: 'config', subcommand: 'channels', options: { action: 'nuke' }, admin: true },
    /Choose allow, remove or everywhere/,
  ],
  [
    '/budget set with a negative cap',
    { name: 'budget', subcommand: 'set', options: { monthly: -5 }, admin: true },
    /A cap must be a number from 0/,
  ],
  [
    '/budget set with a text cap',
    { name: 'budget', subcommand: 'set', options: { monthly: 'lots' }, admin: true },
    /A cap must be a number from 0/,
  ],
  [
    '/budget clear of an unknown cap',
    { name: 'budget', subcommand: 'clear', options: { which: 7 }, admin: true },
    /Choose which cap to clear/,
  ],
  [
    '/budget alerts without a channel',
    { name: 'budget', subcommand: 'alerts', options: { channel: 'general' }, admin: true },
    /Give the channel/,
  ],
  [
    '/usage for an unknown period',
    { name: 'usage', subcommand: 'show', options: { period: 'forever' }, admin: true },
    'Unknown period.',
  ],
  [
    '/usage with a number as period',
    { name: 'usage', subcommand: 'show', options: { period: 5 }, admin: true },
    'Unknown period.',
  ],
  [
    '/system set with a zero-width prompt',
    { name: 'system', subcommand: 'set', options: { prompt: ZERO_WIDTH }, admin: true },
    /Your prompt is empty/,
  ],
];

const buttons: [string, string, RegExp | string][] = [
  ['a button of no known command', 'zzz:do:1', english.t('errors.buttonGone')],
  ['a malformed button id', ':::', english.t('errors.buttonGone')],
  ['an empty button id', '', english.t('errors.buttonGone')],
  ['an /ask button with an unknown action', 'ask:explode:1', 'This button is no longer supported.'],
  [
    'a Regenerate button from an older version (no conversation id)',
    'ask:regenerate:0123456789abcdef',
    english.t('chat.notLatest'),
  ],
  [
    'a Stop button of a reply that never existed',
    'ask:stop:deadbeefdeadbeef',
    'This reply has already finished.',
  ],
  ['a Reroll button with a malformed id', 'imagine:reroll:../../etc', /too old to reroll/],
];

/** A form's submit: which form (opened by /ask or /system set), the values, a crafted custom id. */
interface CraftedSubmit {
  readonly form: 'ask' | 'system';
  readonly values: Record<string, string>;
  readonly customId?: string;
  /** Submitted by a member without Manage Channels. */
  readonly member?: boolean;
}
const submits: [string, CraftedSubmit, RegExp | string][] = [
  ['an /ask form with an empty question', { form: 'ask', values: { prompt: '' } }, /Your prompt is empty/],
  [
    'an /ask form with only line breaks and spaces',
    { form: 'ask', values: { prompt: ' \n\n\t \n' } },
    /Your prompt is empty/,
  ],
  [
    'an /ask form with only invisible characters',
    { form: 'ask', values: { prompt: ZERO_WIDTH } },
    /Your prompt is empty/,
  ],
  [
    'an /ask form with 4,001 characters',
    { form: 'ask', values: { prompt: 'x'.repeat(4001) } },
    'Your prompt is 4,001 characters; the limit is 4,000.',
  ],
  [
    'an /ask form whose id carries an unknown model',
    { form: 'ask', values: { prompt: 'x' }, customId: 'ask:modal:m=gpt-9' },
    /Unknown model/,
  ],
  [
    'an /ask form whose id carries temperature 3',
    { form: 'ask', values: { prompt: 'x' }, customId: 'ask:modal:t=3' },
    /temperature must be a number from 0 to 2/,
  ],
  [
    'an /ask form whose id carries max_tokens 0.5',
    { form: 'ask', values: { prompt: 'x' }, customId: 'ask:modal:x=0.5' },
    /max_tokens must be a whole number/,
  ],
  [
    'an /ask form whose id carries thread "yes"',
    { form: 'ask', values: { prompt: 'x' }, customId: 'ask:modal:h=yes' },
    /thread must be true or false/,
  ],
  [
    'an /ask form id with an unknown key',
    { form: 'ask', values: { prompt: 'x' }, customId: 'ask:modal:q=1' },
    FORM_GONE,
  ],
  [
    'an /ask form id with a repeated key',
    { form: 'ask', values: { prompt: 'x' }, customId: 'ask:modal:m=service-v1-pro&m=service-v1-flash' },
    FORM_GONE,
  ],
  [
    'an /ask form with an unknown action',
    { form: 'ask', values: { prompt: 'x' }, customId: 'ask:explode:' },
    FORM_GONE,
  ],
  ['a form of no known command', { form: 'ask', values: { prompt: 'x' }, customId: 'zzz:modal:' }, FORM_GONE],
  ['a malformed form id', { form: 'ask', values: { prompt: 'x' }, customId: ':::' }, FORM_GONE],
  [
    'a /system form with empty instructions',
    { form: 'system', values: { prompt: '   ' } },
    /Write the instructions/,
  ],
  [
    'a /system form with 1,501 characters',
    { form: 'system', values: { prompt: 'y'.repeat(1501) } },
    english.t('chat.promptTooLong', { length: 1501, limit: 1500 }),
  ],
  [
    'a /system form id naming another channel with a forged seal',
    { form: 'system', values: { prompt: 'x' }, customId: 'system:modal:1234567890.AAAAAAAAAAAAAAAA' },
    FORM_GONE,
  ],
  [
    'a /system form submitted by a member without Manage Channels',
    { form: 'system', values: { prompt: 'x' }, member: true },
    /Only members with the Manage Channels permission in this channel/,
  ],
];

/** Everything a bad request could have changed. */
async function snapshot() {
  const { capabilities } = h.running.bot;
  const guildId = h.discord.guildId;
  const day = new Date().toISOString().slice(0, 10);
  return JSON.stringify({
    ledger: await capabilities.spend.ledger.summary(guildId, day, day),
    conversation: await capabilities.conversations.load(h.discord.channelIds[0] as string),
    guild: await capabilities.settings.guild(guildId),
    channel: await capabilities.settings.channel(h.discord.channelIds[0] as string),
    budget: await capabilities.spend.budgets.settings(guildId),
  });
}

let botMessage: LocalMessage;
beforeAll(async () => {
  // Some history, spend and a bot message to press crafted buttons on.
  const first = ask({ prompt: 'remember me' }, { channelId: h.discord.channelIds[0] as string });
  await waitForExactReply(h, first, ['Echo: Member: remember me']);
  botMessage = h.discord.replyMessages(first)[0] as LocalMessage;
});

describe('bad input never reaches the service and changes nothing', () => {
  it.each(commands)('%s', async (_what, crafted, answer) => {
    const before = await snapshot();
    const calls = h.service.requests.length;
    const { admin, ...input } = crafted;
    const interaction = h.discord.sendCommand({
      ...input,
      channelId: h.discord.channelIds[0] as string,
      ...(admin && { permissions: ADMIN_PERMISSIONS }),
    });
    const text = await ephemeralText(interaction);
    if (typeof answer === 'string') expect(text).toBe(answer);
    else expect(text).toMatch(answer);
    await settled(h, interaction.id);
    expect(h.service.requests.length).toBe(calls);
    expect(await snapshot()).toBe(before);
  });

  it('/ask with no prompt opens its form, and nothing else happens', async () => {
    const before = await snapshot();
    const calls = h.service.requests.length;
    const opened = ask({}, { channelId: h.discord.channelIds[0] as string });
    await settled(h, opened.id);
    expect(opened.callbacks.map((callback) => callback.type)).toEqual([9]);
    expect(h.service.requests.length).toBe(calls);
    expect(await snapshot()).toBe(before);
  });

  it.each(submits)('%s', async (_what, crafted, answer) => {
    const before = await snapshot();
    const calls = h.service.requests.length;
    const channelId = h.discord.channelIds[0] as string;
    const opened =
      crafted.form === 'ask'
        ? ask({}, { channelId })
        : h.discord.sendCommand({
            name: 'system',
            subcommand: 'set',
            channelId,
            permissions: ADMIN_PERMISSIONS,
          });
    await settled(h, opened.id);
    const submit = h.discord.submitModal(opened, crafted.values, {
      ...(crafted.customId !== undefined && { customId: crafted.customId }),
      ...(crafted.member && { permissions: MEMBER_PERMISSIONS }),
    });
    const text = await ephemeralText(submit);
    if (typeof answer === 'string') expect(text).toBe(answer);
    else expect(text).toMatch(answer);
    await settled(h, submit.id);
    expect(h.service.requests.length).toBe(calls);
    expect(await snapshot()).toBe(before);
  });

  it.each(buttons)('%s', async (_what, customId, answer) => {
    const before = await snapshot();
    const calls = h.service.requests.length;
    const click = h.discord.clickButton(botMessage, customId);
    const text = await ephemeralText(click);
    if (typeof answer === 'string') expect(text).toBe(answer);
    else expect(text).toMatch(answer);
    await settled(h, click.id);
    expect(h.service.requests.length).toBe(calls);
    expect(await snapshot()).toBe(before);
  });

  it('a Regenerate button naming another channel’s latest reply, pressed on a message elsewhere', async () => {
    const elsewhere = freshChannel();
    const asked = ask({ prompt: 'kept elsewhere' }, { channelId: elsewhere });
    await waitForExactReply(h, asked, ['Echo: Member: kept elsewhere']);
    const components = [
      { components: messageButtons(h.discord.replyMessages(asked)[0]?.components ?? []) },
    ] as {
      components: { custom_id: string }[];
    }[];
    const customId = components[0]?.components[0]?.custom_id as string;
    expect(customId).toMatch(new RegExp(`^ask:regenerate:${elsewhere}:`));
    const conversationElsewhere = () => h.running.bot.capabilities.conversations.load(elsewhere);
    const before = await snapshot();
    const storedElsewhere = JSON.stringify(await conversationElsewhere());
    const calls = h.service.requests.length;
    // The asker's own button, genuine in its channel, pressed on the bot's message in another one.
    const click = h.discord.clickButton(botMessage, customId);
    expect(await ephemeralText(click)).toBe(english.t('chat.notLatest'));
    await settled(h, click.id);
    expect(h.service.requests.length).toBe(calls);
    expect(await snapshot()).toBe(before);
    expect(JSON.stringify(await conversationElsewhere())).toBe(storedElsewhere);
  });

  it('a mention with only invisible characters gets the hint, not a request', async () => {
    const calls = h.service.requests.length;
    const message = h.discord.sendMessage({ content: `<@${h.discord.botUser.id}> ${ZERO_WIDTH}` });
    await settled(h, message.id);
    expect(h.discord.replyTo(message).map((reply) => reply.content)).toEqual([
      'Write your question after the mention, for example: @me what is a monad?',
    ]);
    expect(h.service.requests.length).toBe(calls);
  });

  it('the bot keeps serving afterwards', async () => {
    const after = ask({ prompt: 'still here?' }, { channelId: freshChannel() });
    await waitForExactReply(h, after, ['Echo: Member: still here?']);
  });
});
