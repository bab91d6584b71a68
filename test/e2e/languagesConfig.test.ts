/**
 * /config and the settings' refusals in the language of whoever reads them: a member's own
 * (ephemeral) replies in their Discord locale, whatever the server's; and the server setting
 * `answer_in_language`, set by /config features and shown by /config show.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../src/i18n/translator.js';
import {
  ADMIN_PERMISSIONS,
  type LocalUser,
  MEMBER_PERMISSIONS,
  MODERATOR_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { setGuildLocale } from '../../src/localDiscord/locales.js';
import { type CommandOptions, useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { waitForReply } from '../helpers/harness.js';

const suite = useHarness({ discord: { channelCount: 10 }, guildConfig: { showCost: false } });
const { h, freshChannel, ephemeralText, ask } = suite;
const i18n = createI18n();
let admin: LocalUser;
let member: LocalUser;
beforeAll(() => {
  admin = h.discord.user('admin', 'Admin');
  member = h.discord.user('member', 'Member');
});

/** /config <subcommand> as the admin, in their client language. */
function config(subcommand: string, options: CommandOptions = {}, locale = 'en-US') {
  return h.discord.sendCommand({
    name: 'config',
    subcommand,
    options,
    user: admin,
    permissions: ADMIN_PERMISSIONS,
    locale,
  });
}

describe('/config in the member’s language', () => {
  it('refuses a German member without Manage Server in German', async () => {
    const refused = await ephemeralText(
      h.discord.sendCommand({
        name: 'config',
        subcommand: 'show',
        user: member,
        permissions: MEMBER_PERMISSIONS,
        locale: 'de',
      }),
    );
    const german = i18n.translator('de').t('config.manageServerOnly');
    expect(refused).toBe(german);
    expect(refused).not.toBe(english.t('config.manageServerOnly'));
  });

  it('shows a Japanese admin the settings in Japanese, numbers written their way', async () => {
    const channelId = freshChannel();
    const ja = i18n.translator('ja');
    const shown = await ephemeralText(
      h.discord.sendCommand({
        name: 'config',
        subcommand: 'show',
        user: admin,
        permissions: ADMIN_PERMISSIONS,
        channelId,
        locale: 'ja',
      }),
    );
    expect(shown.split('\n')[0]).toBe(ja.t('config.showHeader', { channel: `<#${channelId}>` }));
    expect(shown).toContain(
      ja.t('config.showHistory', { count: h.config.historyMaxTokens, source: ja.t('config.sourceDefault') }),
    );
    expect(shown).toContain(ja.t('config.showServerWide'));
    expect(shown).not.toContain(english.t('config.showServerWide'));
  });

  it('refuses a model the server does not allow in the asking member’s language', async () => {
    await ephemeralText(config('models', { allowed: 'service-v1-flash' }));
    const before = h.service.chatRequests().length;
    const fr = i18n.translator('fr');
    const refused = await ephemeralText(
      ask(
        { prompt: 'salut', model: 'service-v1-pro' },
        { channelId: freshChannel(), user: member, locale: 'fr' },
      ),
    );
    expect(refused).toBe(
      fr.t('config.modelNotAllowed', {
        model: 'service-v1-pro',
        where: fr.t('config.whereOption'),
        allowed: 'service-v1-flash',
      }),
    );
    expect(h.service.chatRequests().length).toBe(before);
    await ephemeralText(config('models', { allowed: 'all' }));
  });
});

describe('/reset in the channel’s language', () => {
  it('refuses the member privately in theirs, and announces the reset publicly in the server’s', async () => {
    const channelId = freshChannel();
    const reset = (permissions: string) =>
      h.discord.sendCommand({ name: 'reset', channelId, user: member, permissions, locale: 'de' });
    expect(await ephemeralText(reset(MEMBER_PERMISSIONS))).toBe(
      i18n.translator('de').t('config.manageMessagesToReset'),
    );
    setGuildLocale(h.discord, h.discord.guildId, 'fr');
    try {
      const [text] = await waitForReply(
        h,
        reset(MODERATOR_PERMISSIONS),
        ([t]) => t?.startsWith('🧹') ?? false,
      );
      expect(text).toBe(i18n.translator('fr').t('config.resetDone', { name: 'Member' }));
    } finally {
      setGuildLocale(h.discord, h.discord.guildId, 'en-US');
    }
  });
});

describe('/config features answer_in_language', () => {
  it('is off by default, and once set is stored and shown', async () => {
    const { settings } = h.running.bot.capabilities;
    const state = (on: boolean) =>
      english.t('config.showAnswerInLanguage', { state: english.t(on ? 'config.on' : 'config.off') });
    expect(await ephemeralText(config('show'))).toContain(state(false));
    const saved = await ephemeralText(config('features', { answer_in_language: true }));
    expect(saved.startsWith(english.t('config.saved'))).toBe(true);
    expect(saved).toContain(state(true));
    expect(await settings.guild(h.discord.guildId)).toMatchObject({ answerInLanguage: true });
    expect(await ephemeralText(config('show'))).toContain(state(true));
    await ephemeralText(config('features', { answer_in_language: false }));
    expect(await settings.guild(h.discord.guildId)).toMatchObject({ answerInLanguage: false });
  });
});
