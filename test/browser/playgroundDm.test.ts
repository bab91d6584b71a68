/**
 * The playground in a real browser (Debian's Chromium, playwright-core), with the real bot built
 * (as its own process) in the local Discord and the demo service: each person has their own DM
 * with the bot, as in Discord (the page lists only the DM of the person typing, never shows
 * another's, and its API refuses acting in another person's DM), and the Message Content intent
 * switch restarts the bot with the intent granted or withdrawn ("Summarize from here" and plain
 * follow-ups in the bot's thread come and go with it). Screenshots go to
 * test/results/playground-dm/. Without Chromium the file is skipped with one line.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playground } from '../../src/playground/playground.js';
import { chromiumFound } from '../helpers/chromium.js';
import { openPlaygroundInBrowser } from '../helpers/playgroundBrowser.js';
import type { PageSession } from '../helpers/playgroundPage.js';

const SHOTS = join('test', 'results', 'playground-dm');
const found = chromiumFound('playground DM');

interface PageChannel {
  id: string;
  kind: string;
  name: string;
  personId?: string;
}
interface PageState {
  channels: PageChannel[];
  people: { key: string; id: string }[];
  messages: { id: string; channelId: string; bot: boolean; content: string }[];
}

describe.skipIf(!found)('the playground: one DM per person, and the Message Content intent switch', () => {
  let playground: Playground;
  let session: PageSession;
  let browser: Browser;
  let page: Page;
  const output: string[] = [];
  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), scale: 'css' });
  const state = async () => JSON.parse((await session.get('/api/state')).text) as PageState;
  const dmOf = async (key: 'member' | 'admin') => {
    const { channels, people } = await state();
    const id = people.find((person) => person.key === key)?.id;
    return channels.find((channel) => channel.kind === 'dm' && channel.personId === id) as PageChannel;
  };
  const command = async (text: string) => {
    await page.fill('#input', text);
    await page.press('#input', 'Enter');
    await page.waitForFunction("document.getElementById('input').value === ''");
  };
  const dmButtons = () => page.locator('#channels .channel.dm');
  const activeChannel = () => page.locator('#channels .channel.active').getAttribute('data-channel-id');
  /** The Apps menu of the last message that says `text`: its commands' names. */
  const appsOf = async (text: string) => {
    const target = page.locator('.message', { hasText: text }).last();
    await target.hover();
    await target.locator('.message-menu-button').click();
    const names = await page.locator('#message-menu button').allTextContents();
    await page.keyboard.press('Escape');
    return names;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ playground, session, browser, page } = await openPlaygroundInBrowser(
      {
        env: { ...process.env, RATE_LIMIT_PER_MINUTE: '60', MESSAGE_CONTENT_INTENT: '' },
        onBotOutput: (chunk) => output.push(chunk),
      },
      { commands: false },
    ));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it('Alex writes in his own DM and the bot answers there', async () => {
    await page.selectOption('#person', 'member');
    const alexDm = await dmOf('member');
    await expect.poll(() => dmButtons().count()).toBe(1);
    expect(await dmButtons().getAttribute('data-channel-id')).toBe(alexDm.id);
    await dmButtons().click();
    await command('hello, this is Alex in private');
    await expect
      .poll(
        async () =>
          (await state()).messages.some(
            (m) => m.channelId === alexDm.id && m.bot && m.content.includes('💰'),
          ),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await page.locator('.message.from-bot').first().waitFor();
    expect(
      await page.locator('.message:not(.from-bot)', { hasText: 'hello, this is Alex in private' }).count(),
    ).toBe(1);
    await shot('alex-dm');
  });

  it('switching to Sam lists Sam’s own DM and leaves Alex’s: empty, none of Alex’s messages', async () => {
    const alexDm = await dmOf('member');
    const samDm = await dmOf('admin');
    expect(samDm.id).not.toBe(alexDm.id);
    expect(await activeChannel()).toBe(alexDm.id);
    await page.selectOption('#person', 'admin');
    await expect.poll(activeChannel).toBe(samDm.id);
    await expect.poll(() => dmButtons().count()).toBe(1);
    expect(await dmButtons().getAttribute('data-channel-id')).toBe(samDm.id);
    expect(await page.locator('#messages .message').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain('this is Alex in private');
    await shot('sam-dm');
    // And back: Alex's DM is listed for Alex again, with his exchange.
    await page.selectOption('#person', 'member');
    await expect.poll(() => dmButtons().getAttribute('data-channel-id')).toBe(alexDm.id);
    await dmButtons().click();
    await page.locator('.message:not(.from-bot)', { hasText: 'this is Alex in private' }).waitFor();
  });

  it('the page’s API refuses Sam posting, commanding or clicking in Alex’s DM (403), and nothing lands there', async () => {
    const alexDm = await dmOf('member');
    const before = (await state()).messages.filter((m) => m.channelId === alexDm.id).length;
    const asSam = { user: 'admin', channelId: alexDm.id };
    const posted = await session.post('/api/message', { ...asSam, content: 'Sam sneaking in' });
    expect(posted.status).toBe(403);
    expect(JSON.parse(posted.text).error).toMatch(/Alex’s DM with the bot: Sam cannot post/);
    const commanded = await session.post('/api/command', {
      ...asSam,
      name: 'ask',
      options: { prompt: 'hi' },
    });
    expect(commanded.status).toBe(403);
    const botMessage = (await state()).messages.find((m) => m.channelId === alexDm.id && m.bot);
    const clicked = await session.post('/api/click', {
      user: 'admin',
      channelId: (await dmOf('admin')).id,
      messageId: botMessage?.id,
      customId: 'x',
    });
    expect(clicked.status).toBe(403);
    expect((await state()).messages.filter((m) => m.channelId === alexDm.id)).toHaveLength(before);
    // Alex himself may.
    const own = await session.post('/api/message', {
      user: 'member',
      channelId: alexDm.id,
      content: 'me again',
    });
    expect(own.status).toBe(200);
  });

  it('the Message Content intent switch restarts the bot: on, a plain follow-up in its thread is answered and “Summarize from here” offered; off, neither', async () => {
    await page.selectOption('#person', 'member');
    await page.click('#channels button:text-is("# ask-the-bot")');
    expect(await page.locator('#intent-state').textContent()).toBe('off');
    expect(await page.locator('#intent-note').textContent()).toMatch(
      /only mentions, replies to it, DMs and commands/,
    );
    const said = 'a message about the intent';
    await command(said);
    await page.locator('.message', { hasText: said }).waitFor();
    expect(await appsOf(said)).toEqual(['Ask about this message']);

    await page.click('#intent-switch');
    await expect.poll(() => page.locator('#intent-state').textContent()).toBe('restarting…');
    await page.waitForSelector('body[data-intent="on"]', { timeout: 60_000 });
    expect(playground.discord.messageContentGranted).toBe(true);
    expect(await page.locator('#intent-note').textContent()).toMatch(/Summarize from here/);
    expect(await appsOf(said)).toEqual(['Ask about this message', 'Summarize from here']);
    await shot('intent-on');

    // A plain follow-up (no mention) in the bot's thread gets an answer.
    await command('/ask prompt:open a thread thread:true');
    const thread = page.locator('#channels .channel.thread').last();
    await thread.waitFor({ timeout: 30_000 });
    const threadId = (await thread.getAttribute('data-channel-id')) as string;
    // The thread starts with the reply (the thread takes its id); one request at a time: it ends first.
    await expect
      .poll(async () => (await state()).messages.find((m) => m.id === threadId)?.content ?? '', {
        timeout: 30_000,
      })
      .toContain('tokens');
    await thread.click();
    const answered = async () =>
      (await state()).messages.filter(
        (m) => m.channelId === threadId && m.bot && m.content.includes('tokens'),
      ).length;
    const before = await answered();
    await command('and a list of tips please');
    await expect.poll(answered, { timeout: 30_000 }).toBe(before + 1);

    await page.click('#intent-switch');
    await page.waitForSelector('body[data-intent="off"]', { timeout: 60_000 });
    expect(playground.discord.messageContentGranted).toBe(false);
    await page.click('#channels button:text-is("# ask-the-bot")');
    expect(await appsOf(said)).toEqual(['Ask about this message']);
    // Without it, the follow-up's text never reaches the bot: settled once a later mention is answered.
    await thread.click();
    await command('one more plain follow-up');
    await command('@bot are you there?');
    await expect.poll(answered, { timeout: 30_000 }).toBe(before + 2);
    const replies = (await state()).messages.filter((m) => m.channelId === threadId && m.bot);
    expect(replies.some((m) => m.content.includes('one more plain follow-up'))).toBe(false);
    await shot('intent-off');
  }, 180_000);
});
