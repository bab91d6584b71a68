/**
 * The playground draws the bot's Components V2 messages (the flag IS_COMPONENTS_V2: their text is
 * in components) as Discord does, in a real browser (Debian's Chromium, driven by playwright-core;
 * the real bot, built, in the local Discord with the demo service): an /ask answer is a card whose
 * text displays are the quoted question, the answer and its note line, with Stop while it streams
 * and Regenerate once done inside the card, both working from there; /imagine n:2 is a card with
 * a gallery of its 2 images (alt text: the prompt) that open full size, and Reroll beside the line
 * under them; at 420 px wide the card fits the window. A server set to the classic layout
 * (`/config features classic_layout:true`) gets a plain message with its buttons under it, no
 * card. Screenshots go to test/results/playground-cards/. Without Chromium the file is skipped.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReply } from '../../src/playground/demoReplies.js';
import type { Playground } from '../../src/playground/playground.js';
import { chromiumFound } from '../helpers/chromium.js';
import { openPlaygroundInBrowser } from '../helpers/playgroundBrowser.js';
import type { PageSession } from '../helpers/playgroundPage.js';

const SHOTS = join('test', 'results', 'playground-cards');
const found = chromiumFound('playground cards');
const IS_COMPONENTS_V2 = 1 << 15;

/** An image in the page, as the tests read it (this file is compiled without the DOM's types). */
interface Picture {
  naturalWidth: number;
}

interface PageMessage {
  id: string;
  bot: boolean;
  v2: boolean;
  content: string;
  ephemeral: boolean;
  usedCommand: string | null;
  components: { type: number }[];
}

describe.skipIf(!found)('the playground draws V2 messages as Discord’s cards', () => {
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
  /** The id of the first message after the `before` ids that `match` accepts, once there is one. */
  const newMessage = async (before: ReadonlySet<string>, match: (message: PageMessage) => boolean) => {
    const find = async () => (await messages()).find((m) => !before.has(m.id) && match(m))?.id;
    await expect.poll(find, { timeout: 20_000 }).toBeTruthy();
    return (await find()) as string;
  };
  const ids = async () => new Set((await messages()).map((m) => m.id));
  /** The message as the server has it now. */
  const message = async (id: string) => (await messages()).find((m) => m.id === id) as PageMessage;
  /** A chat reply is finished when its note line (the tokens) is there. */
  const finished = (id: string) =>
    expect.poll(async () => (await message(id)).content, { timeout: 30_000 }).toContain('tokens');

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ playground, session, browser, page } = await openPlaygroundInBrowser({
      // More than the default 6 requests a minute as one member.
      env: { ...process.env, RATE_LIMIT_PER_MINUTE: '60' },
      // Two images cost more than the demo plans' free allowance (playgroundPremium.test.ts has those).
      plans: false,
      onBotOutput: () => {},
    }));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it('/ask: the answer is a card with its text; Regenerate inside the card streams a new answer', async () => {
    await typeAs('member');
    await openChannel('ask-the-bot');
    const prompt = 'hello there, cards';
    const before = await ids();
    await send(`/ask prompt:${prompt}`);
    const id = await newMessage(before, (m) => m.bot && m.usedCommand === '/ask');
    await finished(id);
    // Sent as V2: its text is in its components (one container), not beside them.
    const sent = await message(id);
    expect(sent.v2).toBe(true);
    expect(sent.components.map((component) => component.type)).toEqual([17]);
    const card = item(id).locator('.content .card');
    await expect.poll(() => card.locator('button:has-text("Regenerate")').count()).toBe(1);
    // Its text displays: the quoted question, the answer, the note line (markdown drawn).
    const texts = card.locator('.text-display');
    expect(await texts.count()).toBe(3);
    expect(await texts.nth(0).locator('.quote').textContent()).toBe(prompt);
    expect(await texts.nth(1).textContent()).toBe(demoReply(prompt));
    expect(await texts.nth(2).locator('.subtext').textContent()).toContain('tokens');
    // Drawn only once: no text, images or buttons of the message outside its card.
    expect(await item(id).locator('.content').count()).toBe(1);
    expect(await item(id).locator('.content > :not(.card)').count()).toBe(0);
    expect(await item(id).locator(':scope > .attachments, :scope > .buttons').count()).toBe(0);
    expect(await item(id).locator('button[data-custom-id]').count()).toBe(1);
    // A card: the list's background a shade darker, rounded.
    const look = await card.evaluate((element) => {
      const style = (
        globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }
      ).getComputedStyle(element);
      return { background: style.backgroundColor, radius: style.borderTopLeftRadius };
    });
    expect(look).toEqual({ background: 'rgb(43, 45, 49)', radius: '8px' });
    await shot('ask-card');

    // Regenerate, pressed in the card: a new answer streams in a card of its own, and the old
    // reply loses the button (only the latest reply can be regenerated).
    const beforeAgain = await ids();
    await card.locator('button:has-text("Regenerate")').click();
    const again = await newMessage(beforeAgain, (m) => m.bot && !m.ephemeral);
    await finished(again);
    const second = item(again).locator('.content .card');
    await expect.poll(() => second.locator('.text-display').nth(1).textContent()).toBe(demoReply(prompt));
    await expect.poll(() => second.locator('button:has-text("Regenerate")').count()).toBe(1);
    await expect.poll(() => item(id).locator('button[data-custom-id]').count()).toBe(0);
    await shot('ask-card-regenerated');
  }, 60_000);

  it('/ask: Stop is inside the card while the answer streams, and stops it from there', async () => {
    await typeAs('member');
    await openChannel('ask-the-bot');
    const before = await ids();
    await send('/ask prompt:explain cards at length, a long story');
    const id = await newMessage(before, (m) => m.bot && m.usedCommand === '/ask');
    const stop = item(id).locator('.card .buttons button:has-text("Stop")');
    await stop.waitFor({ timeout: 20_000 });
    // Growing in its card: the quoted question on top, the answer under it.
    await expect
      .poll(() => item(id).locator('.card .text-display').nth(1).textContent())
      .toMatch(/^Here is a long answer/);
    await shot('ask-card-streaming');
    await stop.click();
    await expect.poll(async () => (await message(id)).content, { timeout: 20_000 }).toMatch(/stopped/i);
    await expect.poll(() => item(id).locator('button:has-text("Stop")').count()).toBe(0);
    expect(await item(id).locator('.card').count()).toBe(1);
  });

  it('/imagine n:2: a gallery of the two images in the card, alt text the prompt, Reroll beside the line under them', async () => {
    await typeAs('member');
    await openChannel('images');
    const prompt = 'a lighthouse at dusk';
    const before = await ids();
    await send(`/imagine prompt:${prompt} n:2`);
    const id = await newMessage(before, (m) => m.bot && m.usedCommand === '/imagine');
    const gallery = item(id).locator('.card .gallery');
    const images = gallery.locator('button.image img');
    await expect
      .poll(
        () =>
          images.evaluateAll(
            (all) => all.filter((img) => (img as unknown as Picture).naturalWidth > 0).length,
          ),
        { timeout: 30_000 },
      )
      .toBe(2);
    expect(
      await images.evaluateAll((all) => all.map((img) => (img as unknown as { alt: string }).alt)),
    ).toEqual([prompt, prompt]);
    // Side by side (two columns), each far smaller than its 1024 px.
    const [left, right] = await Promise.all([images.nth(0).boundingBox(), images.nth(1).boundingBox()]);
    expect(left && right).toBeTruthy();
    expect(Math.abs((left?.y ?? 0) - (right?.y ?? 1))).toBeLessThan(1);
    expect(right?.x ?? 0).toBeGreaterThan((left?.x ?? 0) + (left?.width ?? 0) - 1);
    expect(left?.height ?? 1024).toBeLessThanOrEqual(350);
    // The line under them, Reroll on its right.
    const section = item(id).locator('.card .section');
    expect(await section.locator('.section-text').textContent()).toMatch(/^2 images · 1024x1024 · /);
    const reroll = section.locator('.accessory button[data-custom-id]');
    expect(await reroll.textContent()).toContain('Reroll');
    const [line, button] = await Promise.all([
      section.locator('.section-text').boundingBox(),
      reroll.boundingBox(),
    ]);
    expect(button?.x ?? 0).toBeGreaterThanOrEqual((line?.x ?? 0) + (line?.width ?? 0));
    // Uploads show only in the gallery: no attachment list beside the card.
    expect(await item(id).locator('img').count()).toBe(2);
    await shot('imagine-card');
    // An image opens full size, as a classic message's does.
    await images.nth(1).click();
    const box = page.locator('dialog#lightbox');
    await box.waitFor({ state: 'visible' });
    expect(await box.getAttribute('aria-label')).toBe(prompt);
    expect(await box.locator('img').getAttribute('src')).toBe(await images.nth(1).getAttribute('src'));
    await page.keyboard.press('Escape');
    await expect.poll(() => box.count()).toBe(0);
    // Narrow (a phone): the card fits the window, the page does not scroll sideways.
    await page.setViewportSize({ width: 420, height: 800 });
    try {
      await expect.poll(() => page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(420);
      // The channel list slid away (narrow.js), then the card as it is drawn.
      await page.locator('#sidebar').waitFor({ state: 'hidden' });
      const card = await item(id).locator('.card').boundingBox();
      expect((card?.x ?? 0) + (card?.width ?? 999)).toBeLessThanOrEqual(420);
      await shot('imagine-card-narrow');
    } finally {
      await page.setViewportSize({ width: 1200, height: 800 });
    }
  }, 60_000);

  it('a server set to the classic layout gets plain messages, no card', async () => {
    await typeAs('admin');
    await openChannel('general');
    let before = await ids();
    await send('/config features classic_layout:true');

    const saved = await newMessage(before, (m) => m.bot && m.usedCommand === '/config features');
    await expect.poll(async () => (await message(saved)).content).not.toBe('');
    await typeAs('member');
    await openChannel('ask-the-bot');
    const prompt = 'hello in the classic layout';
    before = await ids();
    await send(`/ask prompt:${prompt}`);
    const id = await newMessage(before, (m) => m.bot && m.usedCommand === '/ask');
    await finished(id);
    const sent = await message(id);
    expect(sent.v2).toBe(false);
    expect((playground.discord.messages.get(id)?.flags ?? 0) & IS_COMPONENTS_V2).toBe(0);
    // The text as markdown, the buttons in a row under it: no card.
    const row = item(id).locator(':scope > .buttons button');
    await expect.poll(() => row.allTextContents()).toEqual(['Regenerate']);
    expect(await item(id).locator('.card').count()).toBe(0);
    expect(await item(id).locator('.content .quote').textContent()).toBe(prompt);
    expect(await item(id).locator('.content').textContent()).toContain(demoReply(prompt));
    await shot('classic-layout');
    // Back to cards, for whatever runs after.
    await typeAs('admin');
    before = await ids();
    await send('/config features classic_layout:false');
    await newMessage(before, (m) => m.bot && m.usedCommand === '/config features' && m.content !== '');
  }, 60_000);
});
