import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/translator.js';
import { CHAT_MODELS } from '../../../src/service/models.js';
import {
  type ChannelConfig,
  channelAllowed,
  DEFAULT_GUILD_CONFIG,
  type GuildConfig,
  mergeChannelConfigs,
  parseModelList,
  resolveChatSettings,
} from '../../../src/settings/resolve.js';
import { english } from '../../helpers/english.js';

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
          english,
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
    const fromChannel = resolveChatSettings(defaults, guild, { model: 'service-v1-pro' }, {}, english);
    expect(fromChannel).toEqual({
      ok: false,
      error:
        'The model service-v1-pro (from this channel’s setting) is not allowed on this server: the server’s allowed models setting (/config models) permits service-v1-flash.',
    });
    expect(resolveChatSettings(defaults, guild, {}, {}, english).ok).toBe(true);
    const regenerated = resolveChatSettings(
      defaults,
      guild,
      {},
      { model: 'service-v1-pro', origin: 'config.whereRegenerated' },
      english,
    );
    expect(regenerated.ok === false && regenerated.error).toMatch(
      /^The model service-v1-pro \(from the options of the reply being regenerated\)/,
    );
    // In the reader's language: the sentence, and where the model came from.
    const german = resolveChatSettings(
      defaults,
      guild,
      { model: 'service-v1-pro' },
      {},
      createI18n().translator('de'),
    );
    expect(german).toEqual({
      ok: false,
      error: createI18n()
        .translator('de')
        .t('config.modelNotAllowed', {
          model: 'service-v1-pro',
          where: createI18n().translator('de').t('config.whereChannel'),
          allowed: 'service-v1-flash',
        }),
    });
    expect(german.ok === false && german.error).not.toBe(fromChannel.ok === false && fromChannel.error);
  });

  it('treats max_tokens as default and cap, never above the operator’s limit', () => {
    const guild: GuildConfig = { ...DEFAULT_GUILD_CONFIG, maxTokens: 300 };
    const channel: ChannelConfig = { maxTokens: 100 };
    const resolved = resolveChatSettings(defaults, guild, channel, {}, english);
    expect(resolved.ok && resolved.settings.maxTokens).toBe(100);
    expect(resolveChatSettings(defaults, guild, channel, { maxTokens: 101 }, english)).toEqual({
      ok: false,
      error: 'max_tokens can be at most 100 here (this channel’s setting, /config).',
    });
    const beyond = resolveChatSettings(
      defaults,
      { ...DEFAULT_GUILD_CONFIG, maxTokens: 99_999 },
      {},
      {},
      english,
    );
    expect(beyond.ok && beyond.settings.maxTokens).toBe(2048);
    expect(
      resolveChatSettings(defaults, DEFAULT_GUILD_CONFIG, {}, { maxTokens: 4096 }, english),
    ).toMatchObject({
      ok: false,
      error: 'max_tokens can be at most 2,048 here (the bot’s default).',
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

  it('parses model lists, refusing unknown models and empty lists', () => {
    expect(parseModelList('ALL', english)).toBeNull();
    expect(parseModelList('service-v1-pro,  service-v1-flash', english)).toEqual([
      'service-v1-flash',
      'service-v1-pro',
    ]);
    expect(parseModelList('service-v1-pro, nope', english)).toEqual({
      error: expect.stringMatching(/Unknown model nope/),
    });
    expect(parseModelList(' , ', english)).toEqual({ error: expect.stringMatching(/List one or more/) });
  });
});
