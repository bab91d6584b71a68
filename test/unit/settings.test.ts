import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfigSet } from '../../commands/config.js';
import { regenerationBase } from '../../src/chatTurn.js';
import { contextPercent, type Turn } from '../../src/conversation/history.js';
import { createFairUse } from '../../src/fairUse.js';
import { createKeyedQueue } from '../../src/keyedQueue.js';
import { isForTheBot, promptFromMessage } from '../../src/messageChat.js';
import { CHAT_MODELS } from '../../src/models.js';
import { createEditPacing } from '../../src/render/editPacing.js';
import { createNotice } from '../../src/render/notice.js';
import {
  type ChannelConfig,
  channelAllowed,
  DEFAULT_GUILD_CONFIG,
  type GuildConfig,
  mergeChannelConfigs,
  parseModelList,
  resolveChatSettings,
} from '../../src/settings/resolve.js';

const defaults = { model: 'service-v1-flash', maxOutputTokens: 2048, historyMaxTokens: 6000 } as const;

describe('settings resolution', () => {
  const level = fc.record(
    {
      model: fc.constantFrom(...CHAT_MODELS),
      temperature: fc.double({ min: 0, max: 2, noNaN: true }),
    },
    { requiredKeys: [] },
  );

  it('takes each value from the highest level that sets it: option > channel > server > default', () => {
    fc.assert(
      fc.property(level, level, level, (option, channel, guild) => {
        const resolved = resolveChatSettings(
          defaults,
          { ...DEFAULT_GUILD_CONFIG, ...guild },
          channel,
          option,
        );
        expect(resolved.ok).toBe(true);
        if (!resolved.ok) return;
        const expected = option.model ?? channel.model ?? guild.model ?? defaults.model;
        expect(resolved.settings.model).toBe(expected);
        expect(resolved.settings.temperature).toBe(
          option.temperature ?? channel.temperature ?? guild.temperature,
        );
        const source = option.model
          ? 'option'
          : channel.model
            ? 'channel'
            : guild.model
              ? 'guild'
              : 'default';
        expect(resolved.settings.sources.model).toBe(source);
      }),
    );
  });

  it('refuses a model outside the allowed list wherever it came from, naming the setting', () => {
    const guild: GuildConfig = { ...DEFAULT_GUILD_CONFIG, allowedModels: ['service-v1-flash'] };
    const fromChannel = resolveChatSettings(defaults, guild, { model: 'service-v1-pro' }, {});
    expect(fromChannel).toEqual({
      ok: false,
      error:
        'The model service-v1-pro (from this channel’s setting) is not allowed on this server: the server’s allowed models setting (/config models) permits service-v1-flash.',
    });
    expect(resolveChatSettings(defaults, guild, {}, {}).ok).toBe(true);
    const regenerated = resolveChatSettings(
      defaults,
      guild,
      {},
      { model: 'service-v1-pro', origin: 'the old reply' },
    );
    expect(regenerated.ok === false && regenerated.error).toMatch(
      /^The model service-v1-pro \(from the old reply\)/,
    );
  });

  it('treats max_tokens as default and cap, never above the operator’s limit', () => {
    const guild: GuildConfig = { ...DEFAULT_GUILD_CONFIG, maxTokens: 300 };
    const channel: ChannelConfig = { maxTokens: 100 };
    const resolved = resolveChatSettings(defaults, guild, channel, {});
    expect(resolved.ok && resolved.settings.maxTokens).toBe(100);
    expect(resolveChatSettings(defaults, guild, channel, { maxTokens: 101 })).toEqual({
      ok: false,
      error: 'max_tokens can be at most 100 here (this channel’s setting, /config).',
    });
    const beyond = resolveChatSettings(defaults, { ...DEFAULT_GUILD_CONFIG, maxTokens: 99_999 }, {}, {});
    expect(beyond.ok && beyond.settings.maxTokens).toBe(2048);
    expect(resolveChatSettings(defaults, DEFAULT_GUILD_CONFIG, {}, { maxTokens: 4096 })).toMatchObject({
      ok: false,
      error: 'max_tokens can be at most 2048 here (the bot’s default).',
    });
  });

  it('threads take their own settings over their parent’s, field by field', () => {
    expect(
      mergeChannelConfigs({ model: 'service-v1-pro', systemPrompt: 'p' }, { model: 'service-v1-flash' }),
    ).toEqual({
      model: 'service-v1-flash',
      systemPrompt: 'p',
    });
    const guild: GuildConfig = { ...DEFAULT_GUILD_CONFIG, allowedChannels: ['1'] };
    expect(channelAllowed(guild, '1', null)).toBe(true);
    expect(channelAllowed(guild, 'thread', '1')).toBe(true);
    expect(channelAllowed(guild, '2', null)).toBe(false);
    expect(channelAllowed(DEFAULT_GUILD_CONFIG, '2', null)).toBe(true);
  });

  it('parses model lists and /config set values, refusing what is out of range', () => {
    expect(parseModelList('ALL')).toBeNull();
    expect(parseModelList('service-v1-pro,  service-v1-flash')).toEqual([
      'service-v1-flash',
      'service-v1-pro',
    ]);
    expect(parseModelList('service-v1-pro, nope')).toEqual({
      error: expect.stringMatching(/Unknown model nope/),
    });
    expect(parseModelList(' , ')).toEqual({ error: expect.stringMatching(/List one or more/) });
    const limits = { maxOutputTokens: 2048, allowedModels: null };
    expect(parseConfigSet({ max_tokens: 2048, history_tokens: 100, rate_limit: 3 }, limits)).toEqual({
      ok: true,
      patch: { maxTokens: 2048, historyTokens: 100, requestsPerMinute: 3 },
    });
    for (const bad of [
      { max_tokens: 2049 },
      { history_tokens: 99 },
      { rate_limit: 0 },
      { temperature: 3 },
      {},
    ]) {
      expect(parseConfigSet(bad, limits).ok).toBe(false);
    }
    expect(
      parseConfigSet({ model: 'service-v1-pro' }, { ...limits, allowedModels: ['service-v1-flash'] }),
    ).toEqual({
      ok: false,
      error: 'service-v1-pro is not among the allowed models (/config models).',
    });
  });
});

describe('messages to the bot', () => {
  const names = {
    user: (id: string) => (id === '2' ? 'Bob' : undefined),
    role: (id: string) => (id === '9' ? 'mods' : undefined),
  };

  it('strips the bot’s mentions and names everyone else', () => {
    expect(promptFromMessage('<@1> hello <@!1>', '1', names)).toBe('hello');
    expect(promptFromMessage('<@1> ask <@2> and <@3> in <@&9>', '1', names)).toBe(
      'ask @Bob and @someone in @mods',
    );
    expect(promptFromMessage('  <@1>  ', '1', names)).toBe('');
    expect(promptFromMessage('line one\n<@1> line two', '1', names)).toBe('line one\n line two');
  });

  it('never leaves a raw user or role mention in a prompt', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('<@1>', '<@!2>', '<@&9>', '<@3>'))),
        (parts) => {
          expect(promptFromMessage(parts.join(' '), '1', names)).not.toMatch(/<@[!&]?\d+>/);
        },
      ),
    );
  });

  it('answers DMs, mentions and replies; thread messages only with the intent', () => {
    const none = {
      inDm: false,
      mentionsBot: false,
      repliesToBot: false,
      inBotThread: false,
      contentIntent: false,
    };
    expect(isForTheBot(none)).toBe(false);
    expect(isForTheBot({ ...none, inDm: true })).toBe(true);
    expect(isForTheBot({ ...none, mentionsBot: true })).toBe(true);
    expect(isForTheBot({ ...none, repliesToBot: true })).toBe(true);
    expect(isForTheBot({ ...none, inBotThread: true })).toBe(false);
    expect(isForTheBot({ ...none, inBotThread: true, contentIntent: true })).toBe(true);
  });
});

describe('conversation helpers', () => {
  const user = (content: string): Turn => ({
    role: 'user',
    content,
    authorId: 'a',
    authorName: 'A',
    time: 0,
  });
  const reply = (content: string, id?: string): Turn => ({
    role: 'assistant',
    content,
    time: 0,
    ...(id && { id }),
  });

  it('regenerates only the latest reply, from the question before it', () => {
    const turns = [user('q1'), reply('a1', 'x'), user('q2'), reply('a2', 'y')];
    expect(regenerationBase(turns, 'y')).toEqual({ previous: turns.slice(0, 2), userTurn: turns[2] });
    expect(regenerationBase(turns, 'x')).toBeUndefined();
    expect(regenerationBase([reply('a', 'y')], 'y')).toBeUndefined();
    expect(regenerationBase([], 'y')).toBeUndefined();
  });

  it('reports context use in whole percent, at most 100', () => {
    expect(contextPercent(0, 6000)).toBe(0);
    expect(contextPercent(55, 100)).toBe(55);
    expect(contextPercent(250, 100)).toBe(100);
    expect(contextPercent(1, 0)).toBe(100);
  });
});

describe('queue positions', () => {
  it('tells each waiting task its place whenever the line moves, until it starts', async () => {
    const queue = createKeyedQueue();
    const seen: Record<string, number[]> = { b: [], c: [] };
    const releases: (() => void)[] = [];
    const task = () => new Promise<void>((resolve) => releases.push(resolve));
    const a = queue.run('k', task);
    const b = queue.run('k', task, (ahead) => seen.b?.push(ahead));
    const c = queue.run('k', task, (ahead) => seen.c?.push(ahead));
    expect(seen).toEqual({ b: [1], c: [2] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    releases.shift()?.();
    await a;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual({ b: [1], c: [2, 1] });
    releases.shift()?.();
    await b;
    await new Promise((resolve) => setTimeout(resolve, 0));
    releases.shift()?.();
    await c;
    expect(seen).toEqual({ b: [1], c: [2, 1] });
    expect(queue.depth('k')).toBe(0);
  });
});

describe('notice (latest wins)', () => {
  it('writes at most one at a time, skips stale texts, and writes nothing after close', async () => {
    const written: string[] = [];
    let inFlight = 0;
    let most = 0;
    const notice = createNotice(
      async (text) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        written.push(text);
        inFlight -= 1;
      },
      () => {},
    );
    for (const text of ['1', '2', '3', '4']) notice.show(text);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written).toEqual(['1', '4']);
    notice.show('5');
    notice.show('6');
    await notice.close();
    notice.show('7');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(written).toEqual(['1', '4', '5']);
    expect(most).toBe(1);
  });
});

describe('fair use', () => {
  it('counts requests per member and server, and allows one in flight per member and channel', async () => {
    const fairUse = createFairUse();
    const request = { guildId: 'g', channelId: 'c', userId: 'u', kind: 'chat', perMinute: 2 } as const;
    const first = await fairUse.acquire(request);
    expect(first.ok).toBe(true);
    const busy = await fairUse.acquire(request);
    expect(busy).toEqual({ ok: false, message: expect.stringMatching(/already have a request running/) });
    // An image request is in flight on its own; it still counts towards the rate.
    const image = await fairUse.acquire({ ...request, kind: 'image' });
    expect(image.ok).toBe(true);
    if (first.ok) first.release();
    if (image.ok) image.release();
    const third = await fairUse.acquire(request);
    expect(third).toEqual({
      ok: false,
      message: expect.stringMatching(/2 per minute per member\. Try again in \d+ s\./),
    });
    expect((await fairUse.acquire({ ...request, userId: 'other' })).ok).toBe(true);
    expect((await fairUse.acquire({ ...request, guildId: 'elsewhere', channelId: 'd' })).ok).toBe(true);
  });
});

describe('edit pacing of bot-token replies', () => {
  it('keeps all streams together under the budget, and never below the base interval', () => {
    const pacing = createEditPacing(40);
    expect(pacing.intervalMs(1000)).toBe(1000);
    const ends = Array.from({ length: 50 }, () => pacing.start());
    expect(pacing.intervalMs(1000)).toBe(1250);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 20, max: 5000 }), (streams, base) => {
        const local = createEditPacing(40);
        for (let i = 0; i < streams; i += 1) local.start();
        const interval = local.intervalMs(base);
        expect(interval).toBeGreaterThanOrEqual(base);
        expect((streams * 1000) / interval).toBeLessThanOrEqual(40);
      }),
    );
    for (const end of ends) {
      end();
      end();
    }
    expect(pacing.intervalMs(1000)).toBe(1000);
  });
});
