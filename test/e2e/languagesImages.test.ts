/**
 * /imagine and the message commands speak two languages at once: what only the member reads (a
 * private refusal, the form a message command opens) in theirs, what the channel reads (the
 * progress and notes under the images, the Reroll button, the line atop an answer about a
 * message, the note on a summary's dropped messages) in the server's.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/i18n/translator.js';
import { problemText } from '../../src/images/download.js';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import { type LocalMessage, type LocalUser, PERMISSIONS } from '../../src/localDiscord/localDiscord.js';
import { setGuildLocale } from '../../src/localDiscord/locales.js';
import { PROMPT_MAX_LENGTH } from '../../src/settings/promptRules.js';
import { useHarness } from '../helpers/e2e.js';
import { PLAIN_REPLIES, waitForIdle, waitForReply } from '../helpers/harness.js';

const suite = useHarness({
  discord: { channelCount: 10 },
  env: { MESSAGE_CONTENT_INTENT: 'true', IMAGINE_PROGRESS_INTERVAL_MS: '100' },
  guildConfig: PLAIN_REPLIES,
  asker: { username: 'jonas', globalName: 'Jonas' },
});
const { h, freshChannel, ephemeralText } = suite;
const i18n = createI18n();
const german = i18n.translator('de');
const french = i18n.translator('fr');

const link = (message: LocalMessage) =>
  `https://discord.com/channels/${h.discord.guildId}/${message.channelId}/${message.id}`;
const labels = (message: LocalMessage | undefined) =>
  messageButtons(message?.components ?? []).map((button) => button.label as string);
const echoed = (texts: string[]) => texts.join('').includes('Echo') && !texts.join('').includes('▌');

/** Jonas (German) asks for images in `channelId` of the French server. */
function imagine(options: Record<string, string | number>, channelId = freshChannel()) {
  setGuildLocale(h.discord, h.discord.guildId, 'fr');
  return h.discord.sendCommand({ name: 'imagine', options, channelId, user: suite.asker, locale: 'de' });
}

describe('/imagine: a German member in a French server', () => {
  it('shows progress, the line, the notes and Reroll in French', async () => {
    h.service.enqueueImages({ headersDelayMs: 450, images: [{}, { status: 404 }] });
    const interaction = imagine({ prompt: 'un renard', n: 2 });
    const [message] = await h.discord.waitFor(() => {
      const messages = h.discord.replyMessages(interaction);
      return messages[0]?.content.includes('service-image-v1') ? messages : undefined;
    });
    const progress = message?.versions
      .map((version) => version.content)
      .filter((text) => text.startsWith('🎨'));
    expect(progress?.[0]).toBe(french.t('images.progress', { count: 2, size: '1024x1024' }));
    expect(message?.content).toContain(`-# ${french.t('images.imageCount', { count: 2 })} · 1024x1024`);
    const status = problemText(french, { code: 'Status', status: 404 });
    expect(message?.content).toContain(
      `-# ⚠️ ${french.t('images.notDownloaded', { index: 2, reason: status })}`,
    );
    expect(message?.content).toContain(
      'L’image 2 n’a pas pu être téléchargée : l’hébergeur de l’image a répondu HTTP 404.',
    );
    expect(labels(message)).toEqual([french.t('images.reroll')]);
  });

  it('refuses a bad option and a channel without Attach Files privately, in German', async () => {
    const before = h.service.imageRequests().length;
    expect(await ephemeralText(imagine({ prompt: 'x', n: 5 }))).toBe(
      german.t('images.nInvalid', { min: 1, max: 4 }),
    );
    const channelId = freshChannel();
    h.discord.withholdPermissions(channelId, PERMISSIONS.attachFiles);
    expect(await ephemeralText(imagine({ prompt: 'ein Fuchs' }, channelId))).toBe(
      german.t('images.noAttachFiles'),
    );
    expect(h.service.imageRequests()).toHaveLength(before);
  });
});

describe('message commands: a German member in a French server', () => {
  const bobSays = (content: string, channelId = freshChannel()) =>
    h.discord.sendMessage({ content, channelId, user: h.discord.user('bob', 'Bob') });

  it('"Ask about this message": the form in German, the answer’s line in French', async () => {
    setGuildLocale(h.discord, h.discord.guildId, 'fr');
    const target = bobSays('exit code 137');
    const menu = h.discord.messageCommand('Ask about this message', target, {
      user: suite.asker,
      locale: 'de',
    });
    const modal = await h.discord.waitFor(() => menu.modal, 10_000, 'the form');
    expect(modal.title).toBe(german.t('images.askFormTitle'));
    expect(modal.fields).toMatchObject([
      {
        label: german.t('images.askFormLabel'),
        description: german.t('images.askFormDescription', { limit: PROMPT_MAX_LENGTH }),
      },
    ]);
    expect(modal.title).toBe('Frage zu dieser Nachricht');
    const submit = h.discord.submitModal(
      menu,
      { question: 'Was heißt 137?' },
      { user: suite.asker, locale: 'de' },
    );
    const [text] = await waitForReply(h, submit, echoed);
    await waitForIdle(h);
    expect(
      text?.startsWith(`${french.t('images.askAboutHead', { author: 'Bob', link: link(target) })}\n`),
    ).toBe(true);
  });

  it('"Summarize from here": the dropped messages’ note in French, in its plural; a refusal in German', async () => {
    setGuildLocale(h.discord, h.discord.guildId, 'fr');
    const channelId = freshChannel();
    await h.running.bot.capabilities.settings.updateChannel(channelId, { historyTokens: 300 });
    const people = [h.discord.user('bob', 'Bob'), h.discord.user('cleo', 'Cleo')];
    const messages = Array.from({ length: 50 }, (_, index) =>
      h.discord.sendMessage({
        content: `message ${index + 1} about the plan`,
        channelId,
        user: people[index % 2] as LocalUser,
      }),
    );
    const chosen = messages[0] as LocalMessage;
    const interaction = h.discord.messageCommand('Summarize from here', chosen, {
      user: suite.asker,
      locale: 'de',
    });
    await waitForReply(
      h,
      interaction,
      (texts) => echoed(texts) && (texts.at(-1) ?? '').includes('laissés de côté'),
    );
    await waitForIdle(h);
    const sent = (h.service.chatRequests().at(-1)?.body.messages ?? []) as { content: string }[];
    const prompt = sent.at(-1)?.content ?? '';
    const omitted = Number(/\((\d+) earlier messages left out: no room\)/.exec(prompt)?.[1]);
    expect(omitted).toBeGreaterThan(1);
    const reply = h.discord.replyMessages(interaction);
    expect(reply[0]?.content).toContain(
      french.t('images.summaryHead', { count: 50 - omitted, link: link(chosen) }),
    );
    const note = french.t('images.summaryOmitted', { count: omitted });
    expect(note).toBe(
      `Les ${omitted} messages les plus anciens ont été laissés de côté pour tenir dans le budget d’historique de ce salon.`,
    );
    expect(reply.at(-1)?.content).toContain(note);

    h.discord.withholdPermissions(channelId, PERMISSIONS.readMessageHistory);
    const refused = h.discord.messageCommand('Summarize from here', chosen, {
      user: suite.asker,
      locale: 'de',
    });
    expect(await ephemeralText(refused)).toBe(german.t('images.cannotReadHistory'));
  });
});
