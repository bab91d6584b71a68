/**
 * Members' names in the bot's public messages, end to end: a display name is free text, and
 * where the bot writes one for the channel to read (who stopped a reply, who reset the
 * conversation, whose message Ask about this message is about) it shows as typed, with every
 * markdown character escaped, so a masked link, a heading, formatting or mention syntax in a
 * name never forms (reply/names.ts; its property test: test/unit/reply/names.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import {
  type LocalMessage,
  type LocalUser,
  MODERATOR_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { PLAIN_REPLIES, waitForIdle, waitForReply } from '../helpers/harness.js';

const suite = useHarness({ discord: { channelCount: 10 }, guildConfig: PLAIN_REPLIES });
const { h, freshChannel, ask } = suite;

/** A name with a masked link, a heading, bold, the everyone mention and a role mention. */
const NAME = '# [free nitro](https://evil.example) **@everyone** <@&1>';
/** What Discord shows of it: itself, every character that would format written escaped. */
const SHOWN = '\\# \\[free nitro\\](https://evil.example) \\*\\*\\@everyone\\*\\* \\<@&1\\>';

let named: LocalUser | undefined;
/** The member with that name (made once: each call of `user` makes a new member). */
const mallory = () => {
  named ??= h.discord.user('mallory', NAME);
  return named;
};

const buttonIds = (message: LocalMessage | undefined): string[] =>
  messageButtons(message?.components ?? []).map((button) => button.custom_id as string);

/** No masked link, heading or mention syntax from the name is left as Discord would read it. */
function expectNoMarkdownFrom(text: string | undefined) {
  expect(text).not.toContain('[free nitro](');
  expect(text).not.toContain(' <@&1>');
  expect(text).not.toMatch(/(^|[^\\])\*\*@everyone/);
}

describe('a member’s name in a public message shows as typed, never as markdown', () => {
  it('/reset: who reset the conversation', async () => {
    const reset = h.discord.sendCommand({
      name: 'reset',
      channelId: freshChannel(),
      user: mallory(),
      permissions: MODERATOR_PERMISSIONS,
    });
    const [text] = await waitForReply(h, reset, ([t]) => t?.startsWith('🧹') ?? false);
    expect(text).toBe(english.t('config.resetDone', { name: SHOWN }));
    expectNoMarkdownFrom(text);
  });

  it('Stop: who stopped the reply', async () => {
    const full = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    h.service.enqueue({ text: full, chunks: 60, intervalMs: 60, usage: null });
    const asked = ask({ prompt: 'talk a lot' }, { channelId: freshChannel(), user: mallory() });
    const streaming = await h.discord.waitFor(() => {
      const message = h.discord.replyMessages(asked)[0];
      return buttonIds(message)[0]?.startsWith('ask:stop:') && message?.content.includes('word3')
        ? message
        : undefined;
    });
    h.discord.clickButton(streaming, buttonIds(streaming)[0] as string, { user: mallory() });
    const [final] = await waitForReply(h, asked, ([t]) => t?.includes('⏹️') ?? false);
    await waitForIdle(h);
    const notes = (['chat.stoppedBy', 'chat.stoppedByUncharged'] as const).map(
      (key) => `-# ${english.t(key, { name: SHOWN })}`,
    );
    expect(notes).toContain(final?.split('\n\n').at(-1));
    expectNoMarkdownFrom(final);
  });

  it('Ask about this message: whose message it is about', async () => {
    const target = h.discord.sendMessage({ content: 'the plan', channelId: freshChannel(), user: mallory() });
    const asker = h.discord.user('ann', 'Ann');
    const menu = h.discord.messageCommand('Ask about this message', target, { user: asker });
    await h.discord.waitFor(() => menu.modal, 10_000, 'the form');
    const submit = h.discord.submitModal(menu, { question: 'what plan?' }, { user: asker });
    const [text] = await waitForReply(h, submit, (texts) => texts.join('').includes('Echo'));
    await waitForIdle(h);
    const link = `https://discord.com/channels/${h.discord.guildId}/${target.channelId}/${target.id}`;
    const head = text?.split('\n')[0];
    expect(head).toBe(english.t('images.askAboutHead', { author: SHOWN, link }));
    expectNoMarkdownFrom(head);
    // The service still reads the name as written (the fake service echoes it: a model's answer
    // is the model's markdown, not the bot's).
    expect(JSON.stringify(h.service.chatRequests().at(-1)?.body)).toContain(
      JSON.stringify(`About this message from ${NAME}`).slice(1, -1),
    );
  });
});
