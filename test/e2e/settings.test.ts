/**
 * Guild and channel settings (/config, /system) and fair use, end to end: precedence of command
 * option > channel > server > bot default, refusals that name the setting, the rate limit, one
 * request in flight per member, queue positions, the context line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  type LocalInteraction,
  type LocalUser,
  MODERATOR_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { type CommandOptions, useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { settled, waitForIdle, waitForReply } from '../helpers/harness.js';

// The cost line has tests of its own; the context line stays on here.
const suite = useHarness({
  discord: { channelCount: 30 },
  guildConfig: { showCost: false },
  asker: { username: 'ann', globalName: 'Ann' },
});
const { h, freshChannel, ephemeralText, ask } = suite;
let admin: LocalUser;
let ann: LocalUser;
beforeAll(() => {
  admin = h.discord.user('admin', 'Admin');
  ann = suite.asker;
});

function asAdmin(
  name: string,
  subcommand: string,
  options: CommandOptions = {},
  channelOptions?: Record<string, string>,
  channelId?: string,
): LocalInteraction {
  return h.discord.sendCommand({
    name,
    subcommand,
    options,
    user: admin,
    permissions: ADMIN_PERMISSIONS,
    ...(channelOptions && { channelOptions }),
    ...(channelId && { channelId }),
  });
}

/** Asks and waits for the finished reply; returns the body the service received. */
async function askedBody(channelId: string, options: CommandOptions = {}) {
  const interaction = ask({ prompt: 'hi', ...options }, { channelId });
  await waitForReply(h, interaction, ([text]) => text?.includes('-# context') ?? false);
  await waitForIdle(h);
  return h.service.chatRequests().at(-1)?.body as Record<string, unknown>;
}

describe('settings precedence', () => {
  it('command option > channel > server > bot default, for model and max_tokens', async () => {
    const one = freshChannel();
    const two = freshChannel();
    expect(await askedBody(one)).toMatchObject({ model: 'service-v1-flash', max_tokens: 2048 });

    expect(
      await ephemeralText(asAdmin('config', 'set', { model: 'service-v1-pro', max_tokens: 500 })),
    ).toMatch(/Model: service-v1-pro \(server\)[\s\S]*Max tokens per reply: 500 \(server\)/);
    expect(await askedBody(one)).toMatchObject({ model: 'service-v1-pro', max_tokens: 500 });

    const channelSet = asAdmin(
      'config',
      'set',
      { model: 'service-v1-pro-extended', temperature: 0.2 },
      { channel: one },
    );
    expect(await ephemeralText(channelSet)).toMatch(/Model: service-v1-pro-extended \(channel\)/);
    expect(await askedBody(one)).toMatchObject({ model: 'service-v1-pro-extended', temperature: 0.2 });
    expect(await askedBody(two)).toMatchObject({ model: 'service-v1-pro' });
    expect((await askedBody(two)).temperature).toBeUndefined();

    expect(
      await askedBody(one, { model: 'service-v1-flash', temperature: 1.5, max_tokens: 10 }),
    ).toMatchObject({
      model: 'service-v1-flash',
      temperature: 1.5,
      max_tokens: 10,
    });

    // The server's max_tokens is also a cap: asking for more is refused, naming the setting.
    const before = h.service.chatRequests().length;
    expect(await ephemeralText(ask({ prompt: 'hi', max_tokens: 501 }, { channelId: two }))).toBe(
      'max_tokens can be at most 500 here (this server’s setting, /config).',
    );
    expect(h.service.chatRequests().length).toBe(before);

    await ephemeralText(asAdmin('config', 'clear', { setting: 'model' }, { channel: one }));
    expect(await askedBody(one)).toMatchObject({ model: 'service-v1-pro' });
    await ephemeralText(asAdmin('config', 'clear', { setting: 'model' }));
    await ephemeralText(asAdmin('config', 'clear', { setting: 'max_tokens' }));
    await ephemeralText(asAdmin('config', 'clear', { setting: 'temperature' }, { channel: one }));
    expect(await askedBody(one)).toMatchObject({ model: 'service-v1-flash', max_tokens: 2048 });
  });

  it('allowed models: a forbidden model is refused privately, naming the setting', async () => {
    const channelId = freshChannel();
    const set = asAdmin('config', 'models', { allowed: 'service-v1-flash, service-v1-pro' });
    expect(await ephemeralText(set)).toContain(
      english.t('config.showAllowedModels', { models: english.list(['service-v1-flash', 'service-v1-pro']) }),
    );
    const before = h.service.chatRequests().length;
    const refused = await ephemeralText(
      ask({ prompt: 'hi', model: 'service-v1-pro-extended' }, { channelId }),
    );
    expect(refused).toMatch(/service-v1-pro-extended \(from your command option\) is not allowed/);
    expect(refused).toMatch(/allowed models setting \(\/config models\)/);
    expect(h.service.chatRequests().length).toBe(before);
    expect(await ephemeralText(asAdmin('config', 'models', { allowed: 'gpt-9' }))).toMatch(
      /Unknown model gpt-9/,
    );
    expect(await askedBody(channelId, { model: 'service-v1-pro' })).toMatchObject({
      model: 'service-v1-pro',
    });
    await ephemeralText(asAdmin('config', 'models', { allowed: 'all' }));
  });

  it('/system: a channel’s system prompt goes first in every request there (threads inherit it)', async () => {
    const channelId = freshChannel();
    const set = asAdmin(
      'system',
      'set',
      { prompt: 'Answer like a pirate. <@&1234> @everyone' },
      undefined,
      channelId,
    );
    expect(await ephemeralText(set)).toMatch(/System prompt of <#\d+> set/);
    expect(h.discord.replyMessages(set)[0]?.versions.some((version) => version.pinged)).toBe(false);
    const body = await askedBody(channelId);
    expect(body.messages).toEqual([
      { role: 'system', content: 'Answer like a pirate. <@&1234> @everyone' },
      { role: 'user', content: 'Ann: hi' },
    ]);
    expect(await ephemeralText(asAdmin('system', 'show', {}, undefined, channelId))).toMatch(
      /> Answer like a pirate/,
    );

    const member = h.discord.sendCommand({ name: 'system', subcommand: 'clear', channelId, user: ann });
    expect(await ephemeralText(member)).toMatch(/Manage Channels/);
    // Manage Channels here does not reach a channel where the member lacks it.
    const elsewhere = h.discord.sendCommand({
      name: 'system',
      subcommand: 'clear',
      user: admin,
      permissions: ADMIN_PERMISSIONS,
      channelOptions: { channel: channelId },
      channelPermissions: { [channelId]: MODERATOR_PERMISSIONS },
    });
    expect(await ephemeralText(elsewhere)).toBe(
      `Only members with the Manage Channels permission in <#${channelId}> can change its system prompt.`,
    );
    expect((await h.running.bot.capabilities.settings.channel(channelId)).systemPrompt).toBeDefined();
    await ephemeralText(asAdmin('system', 'clear', {}, undefined, channelId));
    expect((await askedBody(channelId)).messages).not.toContainEqual(
      expect.objectContaining({ role: 'system' }),
    );
  });

  it('only Manage Server members may use /config', async () => {
    const member = h.discord.sendCommand({
      name: 'config',
      subcommand: 'set',
      options: { model: 'service-v1-pro' },
      user: ann,
    });
    expect(await ephemeralText(member)).toMatch(/Manage Server/);
    expect((await h.running.bot.capabilities.settings.guild(h.discord.guildId)).model).toBeUndefined();
  });

  it('allowed channels and answer_mentions: refusals name the setting; mentions are left alone', async () => {
    const allowed = freshChannel();
    const other = freshChannel();
    await ephemeralText(asAdmin('config', 'channels', { action: 'allow' }, { channel: allowed }));
    expect(await ephemeralText(ask({ prompt: 'hi' }, { channelId: other }))).toBe(
      english.t('errors.channelNotAllowed'),
    );
    const imagine = h.discord.sendCommand({
      name: 'imagine',
      options: { prompt: 'a cat' },
      channelId: other,
      user: ann,
    });
    expect(await ephemeralText(imagine)).toBe(english.t('errors.channelNotAllowed'));
    expect(h.service.imageRequests()).toHaveLength(0);
    const before = h.service.chatRequests().length;
    const mention = h.discord.sendMessage({
      channelId: other,
      user: ann,
      content: `<@${h.discord.botUser.id}> hello?`,
    });
    await settled(h, mention.id);
    expect(h.discord.replyTo(mention)).toEqual([]);
    expect(h.service.chatRequests().length).toBe(before);
    await askedBody(allowed);
    await ephemeralText(asAdmin('config', 'channels', { action: 'everywhere' }));

    await ephemeralText(asAdmin('config', 'features', { answer_mentions: false }));
    const ignored = h.discord.sendMessage({
      channelId: other,
      user: ann,
      content: `<@${h.discord.botUser.id}> hi`,
    });
    await settled(h, ignored.id);
    expect(h.discord.replyTo(ignored)).toEqual([]);
    await ephemeralText(asAdmin('config', 'features', { answer_mentions: true }));
  });
});

describe('fair use', () => {
  it('limits each member to the server’s requests per minute (chat and images), with a clear "try again in"', async () => {
    await ephemeralText(asAdmin('config', 'set', { rate_limit: 2 }));
    const carl = h.discord.user('carl', 'Carl');
    for (const channelId of [freshChannel(), freshChannel()]) {
      const interaction = ask({ prompt: 'hi' }, { channelId, user: carl });
      await waitForReply(h, interaction, ([text]) => text?.includes('-# context') ?? false);
      await waitForIdle(h);
    }
    const before = h.service.chatRequests().length;
    const third = await ephemeralText(ask({ prompt: 'hi' }, { channelId: freshChannel(), user: carl }));
    expect(third).toMatch(
      /^You are sending requests too fast: this server allows 2 per minute per member\. Try again in (\d+) sec\.$/,
    );
    const seconds = Number(/in (\d+) s/.exec(third)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(h.service.chatRequests().length).toBe(before);
    // /imagine draws on the same allowance.
    const imagine = h.discord.sendCommand({ name: 'imagine', options: { prompt: 'a cat' }, user: carl });
    expect(await ephemeralText(imagine)).toMatch(/sending requests too fast/);
    expect(h.service.imageRequests()).toHaveLength(0);
    // Other members are not affected.
    await askedBody(freshChannel());
    await ephemeralText(asAdmin('config', 'clear', { setting: 'rate_limit' }));
  });

  it('one request in flight per member and channel', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'a slow answer', chunks: 4, intervalMs: 100 });
    const first = ask({ prompt: 'slow' }, { channelId });
    await h.discord.waitFor(() => first.callbacks.length > 0);
    const second = await ephemeralText(ask({ prompt: 'impatient' }, { channelId }));
    expect(second).toMatch(/already have a request running in this channel/);
    await waitForReply(h, first, ([text]) => text?.startsWith('a slow answer\n') ?? false);
  });

  it('a long queue tells each waiting member their place as it moves', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'first, slowly', chunks: 4, intervalMs: 80 });
    const first = ask({ prompt: 'one' }, { channelId });
    await h.discord.waitFor(() => first.callbacks.length > 0);
    const users = ['dora', 'emil', 'fay'].map((name) => h.discord.user(name, name));
    const waiting = users.map((user) => ask({ prompt: 'me too' }, { channelId, user }));
    const last = waiting[2] as LocalInteraction;
    await waitForReply(h, last, ([text]) => text?.includes('Echo: fay: me too') ?? false);
    const seen = (h.discord.replyMessages(last)[0]?.versions ?? []).map((version) => version.content);
    const notices = [...new Set(seen.filter((text) => text.startsWith('⏳')))];
    expect(notices).toEqual([
      '⏳ You are number 3 in line in this channel; the bot answers one request at a time here.',
      '⏳ You are number 2 in line in this channel; the bot answers one request at a time here.',
      '⏳ Waiting for the reply before yours in this channel…',
    ]);
    await waitForIdle(h);
  });
});

describe('context line', () => {
  it('shows how full the history budget is, and says once when old turns start to drop', async () => {
    const channelId = freshChannel();
    // 100 tokens of history in this channel: each exchange below is about 55.
    await ephemeralText(asAdmin('config', 'set', { history_tokens: 100 }, { channel: channelId }));
    const prompt = 'x'.repeat(100);
    const footers: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const interaction = ask({ prompt }, { channelId });
      const [text] = await waitForReply(h, interaction, ([t]) => t?.includes('-# context') ?? false);
      await waitForIdle(h);
      footers.push((text as string).split('\n').at(-1) as string);
    }
    expect(footers).toEqual([
      '-# context 55 %',
      '-# context 100 %',
      '-# context 100 % · the oldest messages no longer fit and are being forgotten',
      '-# context 100 %',
    ]);
  });
});
