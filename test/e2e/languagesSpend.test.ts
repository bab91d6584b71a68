/**
 * Spend speaks two languages: what only the member reads (/usage show, a private refusal by a
 * cap, with its figures) in theirs, money and dates written their way; what the channel reads
 * (the cost line under an /ask reply, a refusal posted in reply to a mention) in the server's.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/i18n/translator.js';
import { type LocalUser, SERVER_MANAGER_PERMISSIONS } from '../../src/localDiscord/localDiscord.js';
import { setGuildLocale } from '../../src/localDiscord/locales.js';
import { utcDay } from '../../src/spend/records.js';
import { useHarness } from '../helpers/e2e.js';
import { settled, waitForIdle, waitForReply } from '../helpers/harness.js';

const suite = useHarness({
  discord: { channelCount: 10 },
  guildConfig: { showContext: false },
  asker: { username: 'jonas', globalName: 'Jonas' },
});
const { h, freshChannel, ephemeralText, ask } = suite;
const i18n = createI18n();
const german = i18n.translator('de');
const japanese = i18n.translator('ja');
const french = i18n.translator('fr');

/** A chat request of `user` on service-v1-flash (0.1 and 0.4 per million tokens), billed now. */
let charges = 0;
function chat(user: LocalUser, inputTokens: number, outputTokens: number) {
  charges += 1;
  return h.running.bot.capabilities.spend.ledger.charge({
    id: `lang-${charges}`,
    time: Date.now(),
    guildId: h.discord.guildId,
    channelId: h.discord.channelIds[0] as string,
    userId: user.id,
    kind: 'chat',
    model: 'service-v1-flash',
    inputTokens,
    outputTokens,
    estimated: false,
    outcome: 'completed',
  });
}

/** `/usage show` by an admin whose client speaks `locale`; resolves to its private text. */
function usageShow(admin: LocalUser, locale: string) {
  const interaction = h.discord.sendCommand({
    name: 'usage',
    subcommand: 'show',
    options: { period: 'this-month' },
    user: admin,
    permissions: SERVER_MANAGER_PERMISSIONS,
    locale,
  });
  return ephemeralText(interaction, (text) => text.includes('service-v1-flash'));
}

describe('localized /usage figures', () => {
  it('a German admin reads German words, money and dates; a Japanese one Japanese', async () => {
    const lena = h.discord.user('lena', 'Lena');
    // 100 × 0.1 + 90 × 0.4 = 46 micro-units; 1,200 × 0.1 + 800 × 0.4 = 440.
    await chat(lena, 100, 90);
    await chat(lena, 1200, 800);
    const today = utcDay(Date.now());
    const from = `${today.slice(0, 8)}01`;
    const summary = await h.running.bot.capabilities.spend.ledger.summary(h.discord.guildId, from, today);
    const total = summary.costMicros;

    const inGerman = await usageShow(lena, 'de');
    const germanLabel = `Dieser Monat (${german.day(from)} bis ${german.day(today)}, UTC)`;
    expect(inGerman.split('\n')[0]).toBe(
      `**Ausgaben · ${germanLabel}**: ${german.money(total, 'USD')} für ${summary.requests} Anfragen`,
    );
    // Money as German writes it: a decimal comma, the code after the amount.
    expect(german.money(486, 'USD')).toBe('0,000486\u00a0USD');
    expect(inGerman).toMatch(/\d,\d+\u00a0USD/);
    expect(inGerman).not.toMatch(/USD\u00a0\d/);
    expect(german.day(from)).toMatch(/^01\.\d\d\.\d{4}$/);
    expect(inGerman).toContain('**Nach Modell**');
    expect(inGerman).toContain('**Top-Mitglieder**');
    expect(inGerman).toContain(`<@${lena.id}>: 0,000486\u00a0USD (2 Anfr.)`);

    const inJapanese = await usageShow(lena, 'ja');
    const japaneseLabel = `今月（${japanese.day(from)}〜${japanese.day(today)}、UTC）`;
    expect(inJapanese.split('\n')[0]).toBe(
      `**利用額 · ${japaneseLabel}**: ${summary.requests} 件のリクエストで ${japanese.money(total, 'USD')}`,
    );
    expect(inJapanese).toContain('**モデル別**');
    expect(inJapanese).toContain(`<@${lena.id}>: ${japanese.money(486, 'USD')}（2 件）`);
    expect(japanese.day(from)).toMatch(/^\d{4}\/\d\d\/01$/);
  });

  it('the cost line under an /ask reply in a French server is French', async () => {
    setGuildLocale(h.discord, h.discord.guildId, 'fr');
    h.service.enqueue({ text: 'Réponse.', usage: { input_tokens: 1200, output_tokens: 800 } });
    const interaction = ask({ prompt: 'combien ?' }, { channelId: freshChannel(), locale: 'de' });
    const [text] = await waitForReply(h, interaction, ([t]) => t?.includes('💰') ?? false);
    const tokens = french.t('spend.tokens', { input: 1200, output: 800 });
    const line = french.t('spend.costChat', { money: french.money(440, 'USD'), tokens });
    expect(text).toBe(`Réponse.\n\n-# ${line}`);
    expect(line).toBe('💰 0,00044\u00a0USD · 1\u202f200 tokens en entrée · 800 en sortie');
  });
});

describe('a refusal by a cap, in its reader’s voice', () => {
  it('privately in the German member’s words with figures; publicly in the French server’s, without', async () => {
    setGuildLocale(h.discord, h.discord.guildId, 'fr');
    const { ledger, budgets } = h.running.bot.capabilities.spend;
    const jonas = suite.asker;
    // The earlier /ask is charged once its turn ends: nothing may be in flight when the cap is read.
    await waitForIdle(h);
    await chat(jonas, 100, 90);
    const spent = await ledger.userDaySpendMicros(h.discord.guildId, jonas.id, Date.now());
    expect(spent).toBeGreaterThan(0);
    await budgets.update(h.discord.guildId, { dailyUserCapMicros: spent + 10 });

    const refused = ask(
      { prompt: 'noch eine', max_tokens: 1000 },
      { channelId: freshChannel(), locale: 'de' },
    );
    const [privately] = await waitForReply(h, refused, ([t]) => t?.includes('⛔') ?? false);
    expect((h.discord.replyMessages(refused)[0]?.flags ?? 0) & 64).toBe(64);
    // Not reached: 10 micro-units left, less than the request's worst case.
    const figures = {
      spent: german.money(spent, 'USD'),
      cap: german.money(spent + 10, 'USD'),
      left: german.money(10, 'USD'),
    };
    expect(privately).toBe(
      `⛔ ${german.t('spend.memberDailyNoRoomFigures', figures)} ${german.t('spend.raiseMemberDaily')}`,
    );
    expect(privately).toMatch(
      /^⛔ Diese Anfrage könnte mehr kosten als die 0,00001\u00a0USD, die von deinem täglichen Ausgabenlimit .*\(0,\d+\u00a0USD von 0,\d+\u00a0USD heute\).* \/budget set daily_per_member/,
    );

    const mention = h.discord.sendMessage({
      channelId: freshChannel(),
      user: jonas,
      content: `<@${h.discord.botUser.id}> encore une ?`,
    });
    await settled(h, mention.id);
    const [publicly] = h.discord.replyTo(mention);
    expect((publicly?.flags ?? 0) & 64).toBe(0);
    expect(publicly?.content).toBe(`⛔ ${french.t('spend.memberDailyNoRoom')}`);
    expect(publicly?.content).toBe(
      '⛔ Cette demande pourrait coûter plus que ce qui reste de ta limite de dépenses quotidienne sur ce serveur. Elle est remise à zéro à 00:00 UTC.',
    );
    await budgets.update(h.discord.guildId, { dailyUserCapMicros: null });
  });
});
