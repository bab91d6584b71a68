/**
 * The chat turn speaks two languages at once: what only the member reads (a private refusal) in
 * theirs, what the channel reads (the notes and buttons under a public /ask reply) in the
 * server's; and a server may have the model answer in the member's language.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/i18n/translator.js';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import type { LocalMessage } from '../../src/localDiscord/localDiscord.js';
import { setGuildLocale } from '../../src/localDiscord/locales.js';
import { useHarness } from '../helpers/e2e.js';
import { PLAIN_REPLIES, waitForIdle, waitForReply } from '../helpers/harness.js';

const suite = useHarness({
  discord: { channelCount: 10 },
  guildConfig: PLAIN_REPLIES,
  asker: { username: 'jonas', globalName: 'Jonas' },
});
const { h, freshChannel, ask, ephemeralText } = suite;
const i18n = createI18n();
const german = i18n.translator('de');
const french = i18n.translator('fr');

const buttons = (message: LocalMessage | undefined) =>
  (messageButtons(message?.components ?? []) as { custom_id: string; label: string }[]).map(
    (button) => button,
  );

describe('a German member in a French server', () => {
  it('is refused privately in German; the notes and buttons under the reply are French', async () => {
    setGuildLocale(h.discord, h.discord.guildId, 'fr');
    const channelId = freshChannel();
    const full = Array.from({ length: 60 }, (_, i) => `mot${i}`).join(' ');
    h.service.enqueue({ text: full, chunks: 60, intervalMs: 60 });
    const asked = ask({ prompt: 'raconte' }, { channelId, locale: 'de' });
    const streaming = await h.discord.waitFor(() => {
      const message = h.discord.replyMessages(asked)[0];
      return message?.content.includes('mot3') && buttons(message).length > 0 ? message : undefined;
    });
    // The reply's Stop button is the channel's: French.
    const [stop] = buttons(streaming);
    expect(stop?.label).toBe(french.t('chat.stop'));

    // A second request while the first runs: refused privately, in the member's German.
    const again = ask({ prompt: 'noch eins' }, { channelId, locale: 'de' });
    expect(await ephemeralText(again)).toBe(german.t('errors.chatBusy'));

    h.discord.clickButton(streaming, stop?.custom_id as string, { locale: 'de', user: suite.asker });
    const [final] = await waitForReply(h, asked, ([text]) => text?.includes('⏹️') ?? false);
    await waitForIdle(h);
    expect((final as string).split('\n\n').at(-1)).toBe(
      `-# ${french.t('chat.stoppedBy', { name: 'Jonas' })}`,
    );
    expect(buttons(h.discord.replyMessages(asked)[0]).map((button) => button.label)).toEqual([
      french.t('chat.regenerate'),
    ]);
  });

  it('with "answer in the member language" on, the model is told to answer in German', async () => {
    const { settings } = h.running.bot.capabilities;
    const channelId = freshChannel();
    const plain = ask({ prompt: 'hallo' }, { channelId, locale: 'de' });
    await waitForReply(h, plain, ([text]) => text?.includes('Echo') ?? false);
    const systemOf = () =>
      (
        h.service.chatRequests().at(-1)?.body.messages as { role: string; content: string }[] | undefined
      )?.[0];
    expect(systemOf()?.role).not.toBe('system');

    await settings.updateGuild(h.discord.guildId, { answerInLanguage: true });
    try {
      const asked = ask({ prompt: 'wie geht es?' }, { channelId: freshChannel(), locale: 'de' });
      await waitForReply(h, asked, ([text]) => text?.includes('Echo') ?? false);
      expect(systemOf()).toMatchObject({ role: 'system', content: expect.stringMatching(/\bGerman\b/) });
    } finally {
      await settings.updateGuild(h.discord.guildId, { answerInLanguage: false });
    }
  });
});
