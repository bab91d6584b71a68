/**
 * The playground's page as Discord's client behaves, in a real browser (Debian's Chromium, driven
 * by playwright-core; the real bot, built, in the local Discord with the demo service): a form's
 * text field counts its characters and refuses a too-long paste before sending (nothing is cut,
 * nothing is sent); slash-command options over their registered limits are refused in the page;
 * a plain message over 2,000 characters is refused; a reload keeps the person typing and the
 * channel; at 420 px wide the page does not scroll sideways and the channel list opens from ☰; the
 * page's own text follows the typing person's language. Screenshots go to
 * test/results/playground-composer/. Without Chromium the file is skipped with one line.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../src/localService/documents.js';
import type { Playground } from '../../src/playground/playground.js';
import { chromiumFound } from '../helpers/chromium.js';
import { openPlaygroundInBrowser } from '../helpers/playgroundBrowser.js';
import type { PageSession } from '../helpers/playgroundPage.js';

const SHOTS = join('test', 'results', 'playground-composer');
const found = chromiumFound('playground composer');

interface PageState {
  messages: { id: string; channelId: string }[];
  modals: { interactionId: string }[];
  personLocales: Record<string, string>;
}

describe.skipIf(!found)('the playground page, like Discord', () => {
  let playground: Playground;
  let session: PageSession;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const shot = (target: Page, name: string) =>
    target.screenshot({ path: join(SHOTS, `${name}.png`), scale: 'css' });
  const pageState = async () => JSON.parse((await session.get('/api/state')).text) as PageState;
  const openChannel = (name: string) => page.click(`#channels button:text-is("# ${name}")`);
  const channelId = async (name: string) =>
    (
      JSON.parse((await session.get('/api/state')).text) as { channels: { id: string; name: string }[] }
    ).channels.find((channel) => channel.name === name)?.id as string;
  /** Types `text` and presses Enter; the page then shows a refusal line above the composer. */
  const refused = async (text: string) => {
    // The line of an earlier refusal gone first, so that the one waited for is this text's.
    await page.evaluate("document.querySelector('#composer .error-line')?.remove()");
    await page.fill('#input', text);
    await page.press('#input', 'Enter');
    const line = page.locator('#composer .error-line');
    await line.waitFor();
    return line.textContent();
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ playground, session, browser, context, page } = await openPlaygroundInBrowser({
      onBotOutput: () => {},
    }));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it('the /ask form counts characters and refuses a 5,000-character paste, whole and unsent', async () => {
    await openChannel('ask-the-bot');
    await page.selectOption('#person', 'admin');
    await page.fill('#input', '/ask');
    await page.press('#input', 'Enter');
    const dialog = page.locator('#modal');
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    const box = dialog.locator('textarea');
    const counter = dialog.locator('.field-count').first();
    expect(await counter.textContent()).toBe('0 / 4000');
    await box.fill('a few words');
    expect(await counter.textContent()).toBe('11 / 4000');
    // 5,000 characters of words: the browser's maxlength would cut it at 4,000, mid-word.
    const long = 'lorem ipsum dolor '.repeat(278).slice(0, 5000);
    await box.fill(long);
    expect((await box.inputValue()).length).toBe(5000);
    expect(await counter.textContent()).toBe('5000 / 4000');
    expect(await counter.getAttribute('class')).toContain('over');
    const before = await pageState();
    await dialog.locator('button.submit').click();
    const error = dialog.locator('.field-error').first();
    await expect.poll(() => error.textContent()).toBe('Must be at most 4000 characters long (now 5000).');
    await shot(page, 'form-too-long');
    // Refused in the page (the check runs before any request): the form is still open and unsent.
    expect(await dialog.isVisible()).toBe(true);
    const after = await pageState();
    expect(after.messages.length).toBe(before.messages.length);
    expect(after.modals.map((modal) => modal.interactionId)).toEqual(
      before.modals.map((modal) => modal.interactionId),
    );
    await dialog.locator('button.cancel').click();
    await expect.poll(async () => (await pageState()).modals.length).toBe(0);
  });

  it('options over their registered limits are refused before sending, the text kept', async () => {
    await openChannel('ask-the-bot');
    const before = (await pageState()).messages.length;
    expect(await refused('/imagine prompt:a cat n:9')).toBe('n must be at most 4.');
    expect(await page.inputValue('#input')).toBe('/imagine prompt:a cat n:9');
    expect(await refused('/imagine prompt:a cat n:two')).toBe('n must be a whole number.');
    expect(await refused(`/imagine prompt:${'x'.repeat(1001)}`)).toBe(
      'prompt must be at most 1000 characters long (now 1001).',
    );
    expect(await refused('/ask prompt:hi temperature:7')).toMatch(/^temperature must be at most \d/);
    expect(await refused('/usage show period:decade')).toMatch(/^period must be one of: /);
    expect(await refused('/usage export from:2024-1-1')).toBe(
      'from must be at least 10 characters long (now 8).',
    );
    expect(await refused('/imagine n:2')).toBe('prompt is required.');
    await shot(page, 'option-refused');
    // A plain message over Discord's 2,000 characters: counted in red, and not sent.
    await page.fill('#input', 'y'.repeat(2001));
    await expect.poll(() => page.locator('#input-count').textContent()).toBe('2001 / 2000');
    expect(await page.locator('#input-count').getAttribute('class')).toContain('over');
    expect(await refused('y'.repeat(2001))).toBe(
      'Your message is too long: 2001 of at most 2000 characters.',
    );
    await shot(page, 'message-too-long');
    expect((await pageState()).messages.length).toBe(before);
    await page.fill('#input', '');
  });

  it('files attach with 📎 to a mention, to /ask and in its form; what the bot cannot read is named under the reply', async () => {
    await openChannel('ask-the-bot');
    await page.selectOption('#person', 'member');
    const messages = page.locator('#messages');
    // A mention with two files: chips show them until the message goes.
    await page.setInputFiles('#attach', [
      { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('ship on friday') },
    ]);
    expect(await page.locator('#attached li').allTextContents()).toEqual(['photo.png×', 'notes.txt×']);
    await page.fill('#input', '@bot what do these say?');
    await page.press('#input', 'Enter');
    await expect.poll(() => page.locator('#attached li').count()).toBe(0);
    await expect
      .poll(() => messages.textContent(), { timeout: 20_000 })
      .toContain('📎 photo.png: an image; this service reads text only');
    await shot(page, 'files-mention');

    // /ask with a file: it goes to the command's file option.
    await page.setInputFiles('#attach', [
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: makePdf(['x'], { textLayer: false }) },
    ]);
    await page.fill('#input', '/ask prompt:read this');
    await page.press('#input', 'Enter');
    await expect
      .poll(() => messages.textContent(), { timeout: 20_000 })
      .toContain('📎 scan.pdf: no text layer (a scan?), so not read');
    // A command without a file option says so, and sends nothing.
    await page.setInputFiles('#attach', [
      { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('a') },
    ]);
    expect(await refused('/reset')).toBe('/reset takes no file.');
    await shot(page, 'files-suggestions');
    await page.click('#attached li button.remove');
    expect(await page.locator('#attached li').count()).toBe(0);

    // The form's upload.
    await page.fill('#input', '/ask');
    await page.press('#input', 'Enter');
    const dialog = page.locator('#modal');
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    await dialog.locator('textarea').fill('and this one?');
    await dialog.locator('input[type="file"]').setInputFiles([
      {
        name: 'clip.mp4',
        mimeType: 'video/mp4',
        buffer: Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]),
      },
    ]);
    await shot(page, 'files-form');
    await dialog.locator('button.submit').click();
    await expect
      .poll(() => messages.textContent(), { timeout: 20_000 })
      .toContain('📎 clip.mp4: a video; this service reads text only');
    await shot(page, 'files-replies');
  }, 120_000);

  it('a reload keeps the person typing (Sam) and the open channel', async () => {
    await page.selectOption('#person', 'admin');
    await openChannel('general');
    const general = await channelId('general');
    await expect.poll(() => page.locator('#channels .channel.active').textContent()).toBe('# general');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.inputValue('#person')).toBe('admin');
    expect(await page.locator('#channels .channel.active').getAttribute('data-channel-id')).toBe(general);
    await openChannel('ask-the-bot');
    await page.selectOption('#person', 'member');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.inputValue('#person')).toBe('member');
    expect(await page.locator('#channel-title').textContent()).toBe('# ask-the-bot');
  });

  it('a saved channel that is gone is found by its name (a restart), else the usual first channel', async () => {
    /** A page that starts with `saved` as what the last visit kept. */
    const startWith = async (saved: unknown) => {
      const other = await context.newPage();
      await other.addInitScript(
        `localStorage.setItem('playground.view', ${JSON.stringify(JSON.stringify(saved))})`,
      );
      await other.goto(playground.url);
      await other.waitForSelector('body[data-ready="true"]');
      return other;
    };
    const renamed = await startWith({ person: 'admin', channel: { id: '1', kind: 'text', name: 'images' } });
    expect(await renamed.inputValue('#person')).toBe('admin');
    expect(await renamed.locator('#channel-title').textContent()).toBe('# images');
    await renamed.close();
    const gone = await startWith({ person: 'nobody', channel: { id: '1', kind: 'text', name: 'gone' } });
    expect(await gone.inputValue('#person')).toBe('member');
    expect(await gone.locator('#channel-title').textContent()).toBe('# ask-the-bot');
    await gone.close();
  });

  it('at 420 px: no sideways scroll, the channel list opens from ☰, the composer works', async () => {
    const narrow = await browser.newContext({ viewport: { width: 420, height: 800 } });
    try {
      const phone = await narrow.newPage();
      await phone.goto(playground.url);
      await phone.waitForSelector('body[data-ready="true"]');
      /** How far the page scrolls sideways (0: not at all). */
      const overflow = () =>
        phone.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(await overflow()).toBe(0);
      expect(await phone.locator('#sidebar').isVisible()).toBe(false);
      await phone.click('#toggle-channels');
      await phone.locator('#channels button:text-is("# general")').waitFor({ state: 'visible' });
      expect(await phone.getAttribute('#toggle-channels', 'aria-expanded')).toBe('true');
      await shot(phone, 'narrow-channels');
      await phone.click('#channels button:text-is("# general")');
      await phone.locator('#sidebar').waitFor({ state: 'hidden' });
      expect(await phone.locator('#channel-title').textContent()).toBe('# general');
      // A long unbroken word and a message: still no sideways scroll, the composer in view.
      const word = `https://example.com/${'x'.repeat(300)}`;
      await phone.fill('#input', `look ${word}`);
      await phone.press('#input', 'Enter');
      await phone.locator('.message', { hasText: 'look' }).last().waitFor();
      expect(await overflow()).toBe(0);
      const input = (await phone.locator('#input').boundingBox()) as { x: number; width: number };
      expect(input.x).toBeGreaterThanOrEqual(0);
      expect(input.x + input.width).toBeLessThanOrEqual(420);
      await shot(phone, 'narrow-channel');
    } finally {
      await narrow.close();
    }
  });

  it("the page's own text follows the person's language (Deutsch)", async () => {
    await page.selectOption('#person', 'member');
    expect(await page.locator('label[for="person"]').textContent()).toBe('Typing as');
    expect(await page.getAttribute('#input', 'placeholder')).toBe('Message #ask-the-bot');
    await page.selectOption('#person-language', 'de');
    await expect.poll(() => page.locator('label[for="person"]').textContent()).toBe('Schreibt als');
    expect(await page.locator('label[for="person-language"]').textContent()).toBe('Deren Sprache');
    expect(await page.locator('label[for="server-language"]').textContent()).toBe('Serversprache');
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('de');
    expect(await page.getAttribute('#input', 'aria-label')).toBe('Nachricht');
    expect(await page.getAttribute('#input', 'placeholder')).toBe('Nachricht an #ask-the-bot');
    expect(await refused('/imagine prompt:a cat n:9')).toBe('n darf höchstens 4 sein.');
    await shot(page, 'deutsch');
    // Sam's language is still English: typing as Sam, the page is English again.
    await page.selectOption('#person', 'admin');
    await expect.poll(() => page.locator('label[for="person"]').textContent()).toBe('Typing as');
    await page.selectOption('#person', 'member');
    await expect.poll(() => page.locator('label[for="person"]').textContent()).toBe('Schreibt als');
    await page.fill('#input', '');
  });
});
