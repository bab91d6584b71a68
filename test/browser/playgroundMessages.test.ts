/**
 * The playground's message list as Discord draws it, in a real browser (Debian's Chromium, driven
 * by playwright-core; the real bot, built, in the local Discord with the demo service): one
 * author's consecutive messages grouped under one name and time ("Today at 2:05 PM", the full
 * date as its title), the bot's reply to a command always heading its own group; "(edited)" on a
 * member's message whose text changed, never on the bot's streamed answer; "Dismiss message" on a
 * private reply; an image or the /usage chart full size on a click (Escape, a click beside it or
 * the close button closes it); the bot's answer to a mention shown as a reply ("@Alex …" over it,
 * which shows the original); the list's own words, its times and the intent switch in the
 * typing person's language. The rules themselves: test/unit/playground/messageList.test.ts.
 * Screenshots go to test/results/playground-messages/. Without Chromium the file is skipped.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editMessage } from '../../src/localDiscord/messages.js';
import type { Playground } from '../../src/playground/playground.js';
import { chromiumFound } from '../helpers/chromium.js';
import { openPlaygroundInBrowser } from '../helpers/playgroundBrowser.js';
import type { PageSession } from '../helpers/playgroundPage.js';

const SHOTS = join('test', 'results', 'playground-messages');
const found = chromiumFound('playground messages');
/** "Today at 2:05 PM" (Chromium may put a narrow no-break space before PM). */
const TODAY = /^Today at \d{1,2}:\d{2}\s[AP]M$/;

/** An image in the page, as the tests read it (this file is compiled without the DOM's types). */
interface Picture {
  naturalWidth: number;
  naturalHeight: number;
  getBoundingClientRect(): { width: number };
}

interface PageMessage {
  id: string;
  bot: boolean;
  content: string;
  ephemeral: boolean;
  deleted: boolean;
  replyTo: string | null;
  usedCommand: string | null;
}

describe.skipIf(!found)('the playground’s message list, like Discord', () => {
  let playground: Playground;
  let session: PageSession;
  let browser: Browser;
  let page: Page;
  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), scale: 'css' });
  const messages = async (): Promise<PageMessage[]> =>
    (JSON.parse((await session.get('/api/state')).text) as { messages: PageMessage[] }).messages;
  const send = async (text: string) => {
    await page.fill('#input', text);
    await page.press('#input', 'Enter');
    await page.waitForFunction("document.getElementById('input').value === ''");
  };
  const openChannel = (name: string) => page.click(`#channels button:text-is("# ${name}")`);
  const typeAs = (who: 'member' | 'admin') => page.selectOption('#person', who);
  const item = (id: string) => page.locator(`.message[data-message-id="${id}"]`);
  /** The id of the newest message the server has that `match` accepts, once there is one. */
  const newest = async (match: (message: PageMessage) => boolean): Promise<string> => {
    await expect.poll(async () => (await messages()).some(match), { timeout: 20_000 }).toBe(true);
    return (await messages()).filter(match).at(-1)?.id as string;
  };
  /** The id of a finished chat reply (its footer line says the tokens) after `before` messages. */
  const finishedReply = async (before: number) => {
    await expect
      .poll(async () => (await messages()).slice(before).find((m) => m.bot && m.content.includes('tokens')), {
        timeout: 20_000,
      })
      .toBeTruthy();
    return (await messages()).slice(before).find((m) => m.bot && m.content.includes('tokens'))?.id as string;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ playground, session, browser, page } = await openPlaygroundInBrowser({
      // More than the default 6 requests a minute as one member.
      env: { ...process.env, RATE_LIMIT_PER_MINUTE: '60' },
      onBotOutput: () => {},
    }));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it('groups one author’s consecutive messages under one name and time; a reply to a command heads its own group', async () => {
    await typeAs('member');
    await openChannel('ask-the-bot');
    await send('first of two');
    const first = await newest((m) => m.content === 'first of two');
    await send('second of two');
    const second = await newest((m) => m.content === 'second of two');
    await item(second).waitFor();
    // The group's first message: name, and the time with the full date as its title.
    expect(await item(first).getAttribute('class')).not.toContain('grouped');
    expect(await item(first).locator('.header .author').textContent()).toBe('Alex');
    const time = item(first).locator('.header time.timestamp');
    expect(await time.textContent()).toMatch(TODAY);
    expect(await time.getAttribute('title')).toContain(String(new Date().getFullYear()));
    const sent = Date.parse((await time.getAttribute('datetime')) as string);
    expect(Math.abs(Date.now() - sent)).toBeLessThan(60_000);
    // The next one sits under it: no name again, its time beside it on hover.
    expect(await item(second).getAttribute('class')).toContain('grouped');
    expect(await item(second).locator('.author').count()).toBe(0);
    await item(second).hover();
    expect(await item(second).locator('time.gutter-time').textContent()).toMatch(/^\d{1,2}:\d{2}\s[AP]M$/);
    expect(await item(second).locator('time.gutter-time').isVisible()).toBe(true);
    // Another person starts a group of their own.
    await typeAs('admin');
    await send('and one from Sam');
    const sams = await newest((m) => m.content === 'and one from Sam');
    await item(sams).waitFor();
    expect(await item(sams).getAttribute('class')).not.toContain('grouped');
    expect(await item(sams).locator('.header .author').textContent()).toBe('Sam');
    // Two replies to commands in a row: each heads its own group ("Alex used /ask" over it).
    await typeAs('member');
    let before = (await messages()).length;
    await send('/ask prompt:hello');
    const one = await finishedReply(before);
    before = (await messages()).length;
    await send('/ask prompt:hello again');
    const two = await finishedReply(before);
    await expect.poll(() => item(two).locator('.content').textContent()).toContain('tokens');
    for (const id of [one, two]) {
      expect(await item(id).getAttribute('class')).not.toContain('grouped');
      expect(await item(id).locator('.used').textContent()).toBe('Alex used /ask');
      expect(await item(id).locator('.header .author').textContent()).toBe('Service Bot');
      expect(await item(id).locator('.header time.timestamp').textContent()).toMatch(TODAY);
    }
    await shot('groups');
  });

  it('"(edited)" marks a member’s message whose text changed, never the bot’s streamed answer', async () => {
    await typeAs('member');
    await openChannel('ask-the-bot');
    await send('see you at 5pm');
    const id = await newest((m) => m.content === 'see you at 5pm');
    await item(id).waitFor();
    expect(await item(id).locator('.edited').count()).toBe(0);
    // The member edits it (the local Discord keeps each version, as Discord's edited_timestamp).
    const message = playground.discord.messages.get(id);
    if (!message) throw new Error('no such message');
    editMessage(message, { content: 'see you at 6pm' }, [], performance.now());
    playground.discord.emit('change');
    await expect.poll(() => item(id).locator('.content').textContent()).toBe('see you at 6pm (edited)');
    expect(await item(id).locator('.edited').getAttribute('title')).toContain(
      String(new Date().getFullYear()),
    );
    // The bot's answers were edited many times while they streamed: none is marked.
    const answers = page.locator('.message.from-bot');
    expect(await answers.count()).toBeGreaterThanOrEqual(2);
    expect(await answers.locator('.edited').count()).toBe(0);
    await shot('edited');
  });

  it('"Dismiss message" hides a private reply, also after the list is drawn again', async () => {
    await typeAs('member');
    await openChannel('general');
    await send('/config show');
    const id = await newest((m) => m.ephemeral && m.usedCommand === '/config show');
    await item(id).waitFor();
    expect(await item(id).locator('.ephemeral-note').textContent()).toContain('Only you can see this');
    await shot('private-reply');
    await item(id).getByRole('button', { name: 'Dismiss message' }).click();
    await expect.poll(() => item(id).count()).toBe(0);
    // Drawn again (another person, then back; a new message): still hidden, and still on the server.
    await typeAs('admin');
    await typeAs('member');
    await send('after dismissing');
    await item(await newest((m) => m.content === 'after dismissing')).waitFor();
    expect(await item(id).count()).toBe(0);
    expect((await messages()).find((m) => m.id === id)?.deleted).toBe(false);
    await shot('private-reply-dismissed');
  });

  /** Opens the image (a button with its picture) full size; the dialog and its picture. */
  const openFullSize = async (image: ReturnType<Page['locator']>) => {
    await image.click();
    const box = page.locator('dialog#lightbox');
    await box.waitFor({ state: 'visible' });
    return { box, picture: box.locator('img') };
  };

  it('an /imagine image and the /usage chart open full size; Escape, a click beside it or Close closes it', async () => {
    await typeAs('member');
    await openChannel('images');
    const before = (await messages()).length;
    await send('/imagine prompt:a red fox in the snow n:1');
    await expect
      .poll(async () =>
        (await messages()).slice(before).find((m) => m.bot && !m.ephemeral && m.content !== ''),
      )
      .toBeTruthy();
    const image = page.locator('.message.from-bot .attachments button.image').last();
    await expect
      .poll(() => image.locator('img').evaluate((img) => (img as unknown as Picture).naturalWidth), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(await image.getAttribute('aria-label')).toMatch(/^Open .+ full size$/);
    expect(await image.locator('img').getAttribute('alt')).toBeTruthy();
    const { box, picture } = await openFullSize(image);
    // At its own size, scaled down only to fit the window (1200 × 800 less the margins), larger
    // than in the message.
    const sizes = await picture.evaluate((img) => {
      const shown = img as unknown as Picture;
      return {
        width: shown.naturalWidth,
        height: shown.naturalHeight,
        shown: shown.getBoundingClientRect().width,
      };
    });
    const fit = Math.min(1, (1200 * 0.92) / sizes.width, (800 - 80) / sizes.height);
    expect(sizes.shown).toBeCloseTo(sizes.width * fit, 0);
    expect(sizes.shown).toBeGreaterThan((await image.locator('img').boundingBox())?.width ?? 0);
    expect(await page.evaluate('document.activeElement?.className')).toBe('lightbox-close');
    await shot('image-full-size');
    await page.keyboard.press('Escape');
    await expect.poll(() => box.count()).toBe(0);
    // The focus is back on the image.
    expect(await page.evaluate("document.activeElement?.classList.contains('image')")).toBe(true);
    // A click beside the image closes it; so does Close.
    await openFullSize(image);
    await page.mouse.click(10, 10);
    await expect.poll(() => box.count()).toBe(0);
    await openFullSize(image);
    await box.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => box.count()).toBe(0);
    // In a narrow window (420 px) it is scaled down to fit.
    await page.setViewportSize({ width: 420, height: 800 });
    try {
      const narrow = await openFullSize(image);
      const width = await narrow.picture.evaluate(
        (img) => (img as unknown as Picture).getBoundingClientRect().width,
      );
      expect(width).toBeLessThanOrEqual(420 * 0.92 + 1);
      expect(width).toBeGreaterThan(300);
      await shot('image-full-size-narrow');
      await page.keyboard.press('Escape');
      await expect.poll(() => narrow.box.count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1200, height: 800 });
    }
    // The /usage chart, as the admin.
    await typeAs('admin');
    await send('/usage show');
    const chart = page
      .locator('.message.from-bot', { hasText: 'Sam used /usage show' })
      .locator('button.image');
    await expect
      .poll(() => chart.locator('img').evaluate((img) => (img as unknown as Picture).naturalWidth), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    const full = await openFullSize(chart);
    expect(await full.picture.evaluate((img) => (img as unknown as Picture).naturalWidth)).toBeGreaterThan(0);
    await shot('chart-full-size');
    await page.keyboard.press('Escape');
    await expect.poll(() => full.box.count()).toBe(0);
  });

  it('the bot’s answer to a mention is shown as a reply: "@Alex …" over it shows the original', async () => {
    await typeAs('member');
    await openChannel('general');
    await send('@bot tell me something about lighthouses');
    const question = await newest((m) => !m.bot && m.content.includes('tell me something about lighthouses'));
    const answer = await newest((m) => m.bot && m.replyTo === question);
    const line = item(answer).locator('button.reply-to');
    await line.waitFor();
    expect(await line.locator('.reply-author').textContent()).toBe('@Alex');
    expect(await line.locator('.reply-words').textContent()).toBe(
      '@Service Bot tell me something about lighthouses',
    );
    // A reply heads its own group, and the line is not part of the answer's text.
    expect(await item(answer).getAttribute('class')).not.toContain('grouped');
    await expect.poll(() => item(answer).locator('.content').textContent()).toContain('tokens');
    await shot('mention-reply');
    // Scrolled away, the line brings the original into view, highlighted a moment.
    await page.evaluate("document.getElementById('messages').scrollTop = 1e9");
    await line.click();
    await expect.poll(() => item(question).getAttribute('class')).toContain('highlight');
    const list = (await page.locator('#messages').boundingBox()) as { y: number; height: number };
    const target = (await item(question).boundingBox()) as { y: number; height: number };
    expect(target.y).toBeGreaterThanOrEqual(list.y - 1);
    expect(target.y + target.height).toBeLessThanOrEqual(list.y + list.height + 1);
    // The original edited: the line quotes its new words.
    const original = playground.discord.messages.get(question);
    if (!original) throw new Error('no such message');
    editMessage(original, { content: `${original.content}, please` }, [], performance.now());
    playground.discord.emit('change');
    await expect
      .poll(() => line.locator('.reply-words').textContent())
      .toBe('@Service Bot tell me something about lighthouses, please');
  });

  it('the list’s own words, its times and the intent switch follow the person’s language (Deutsch)', async () => {
    await typeAs('member');
    await openChannel('general');
    // A new private reply (an earlier test dismissed the one before).
    const earlier = new Set((await messages()).map((m) => m.id));
    await send('/config show');
    const id = await newest((m) => !earlier.has(m.id) && m.ephemeral && m.usedCommand === '/config show');
    await item(id).waitFor();
    expect(await item(id).locator('.timestamp').textContent()).toMatch(TODAY);
    await page.selectOption('#person-language', 'de');
    try {
      await expect
        .poll(() => item(id).locator('.ephemeral-note').textContent())
        .toContain('Nur du kannst das sehen');
      expect(await item(id).getByRole('button', { name: 'Nachricht verwerfen' }).count()).toBe(1);
      expect(await item(id).locator('.used').textContent()).toBe('Alex hat /config show verwendet');
      expect(await item(id).locator('.timestamp').textContent()).toMatch(/^Heute um \d{1,2}:\d{2}$/);
      expect(await page.locator('#intent-switch').textContent()).toBe('Message-Content-Intent: aus');
      expect(await page.locator('#intent-note').textContent()).toMatch(/^Ohne ihn antwortet der Bot/);
      await shot('deutsch');
    } finally {
      await page.selectOption('#person-language', 'en-US');
    }
    await expect
      .poll(() => item(id).locator('.ephemeral-note').textContent())
      .toContain('Only you can see this');
    expect(await page.locator('#intent-switch').textContent()).toBe('Message Content intent: off');
  });
});
