/**
 * The playground in a real browser (Debian's Chromium, driven by playwright-core): the page of
 * `npm run playground`, with the real bot (built, as its own process) in the local Discord and the
 * demo service. Each step writes a screenshot to test/results/playground/ for a person to look at.
 * The page is opened from the printed address (its key becomes the page's cookie); opened without
 * it, the page shows only how to get in; another page in the same browser (another site, or
 * another port of 127.0.0.1, which gets the cookie) sends requests that are all refused.
 * Three steps also take the docs' pictures: with SCREENSHOTS_DIR set (npm run screenshots) they go
 * to `$SCREENSHOTS_DIR/playground.png` (the README's: a streamed answer, /imagine's images and the
 * /usage chart in one view), `streamed-reply.png` and `usage-chart.png` (one message each).
 * Without Chromium (CHROMIUM_PATH, default /usr/bin/chromium) the file is skipped with one line;
 * .ci/run installs it.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGS } from '../../src/i18n/translator.js';
import { guildLocale } from '../../src/localDiscord/localeState.js';
import { demoReply } from '../../src/playground/demoReplies.js';
import { type Playground, startPlayground } from '../../src/playground/playground.js';
import { questionHead } from '../../src/reply/quote.js';
import { chromiumFound, launchChromium } from '../helpers/chromium.js';
import { openPage, type PageSession } from '../helpers/playgroundPage.js';

const SHOTS = join('test', 'results', 'playground');
const PICTURE_DIR = process.env.SCREENSHOTS_DIR;
const found = chromiumFound('playground');
/** In the page: the bot's image attachments that have loaded (decoded, with a size). */
const LOADED_IMAGES =
  "[...document.querySelectorAll('.message.from-bot .attachments img')].filter((img) => img.complete && img.naturalWidth > 0)";
/** How many of the images `images` finds have loaded. */
const loaded = (images: Locator) =>
  images.evaluateAll(
    (all) => all.filter((img) => ((img as unknown as { naturalWidth: number }).naturalWidth ?? 0) > 0).length,
  );

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface PageMessage {
  id: string;
  channelId: string;
  bot: boolean;
  content: string;
  ephemeral: boolean;
  forUserId: string | null;
  usedCommand: string | null;
  components: { components?: { custom_id?: string; label?: string }[] }[];
  attachments: { url: string }[];
}

describe.skipIf(!found)('the playground in a browser', () => {
  let playground: Playground;
  let session: PageSession;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const output: string[] = [];
  let step = 0;
  const shot = async (name: string) => {
    step += 1;
    await page.screenshot({
      path: join(SHOTS, `${String(step).padStart(2, '0')}-${name}.png`),
      scale: 'css',
    });
  };
  /**
   * A picture for the docs, to $SCREENSHOTS_DIR/<name>.png (npm run screenshots), else to
   * SHOTS/picture-<name>.png: the page as it is, or one message with a margin, at twice the
   * pixels (its text and chart sharp).
   */
  const picture = async (name: string, of?: Locator) => {
    const path = PICTURE_DIR ? join(PICTURE_DIR, `${name}.png`) : join(SHOTS, `picture-${name}.png`);
    if (!of) return page.screenshot({ path, scale: 'css' });
    await of.scrollIntoViewIfNeeded();
    const box = (await of.boundingBox()) as Box;
    const clip = { x: box.x - 12, y: box.y - 8, width: box.width + 24, height: box.height + 16 };
    return page.screenshot({ path, clip, scale: 'device' });
  };
  /** The messages as the server has them (exact text, before any rendering). */
  const messages = async (): Promise<PageMessage[]> =>
    (JSON.parse((await session.get('/api/state')).text) as { messages: PageMessage[] }).messages;
  /** Each person's language and the server's, as the page's API says. */
  const languages = async () =>
    JSON.parse((await session.get('/api/state')).text) as {
      personLocales: Record<string, string>;
      serverLocale: string;
    };
  const command = async (text: string) => {
    await page.fill('#input', text);
    await page.press('#input', 'Enter');
    await page.waitForFunction("document.getElementById('input').value === ''");
  };
  const openChannel = (name: string) => page.click(`#channels button:text-is("# ${name}")`);
  const typeAs = (who: 'member' | 'admin') => page.selectOption('#person', who);
  /** The bot's last message that says `text`. */
  const botReply = (text: string) => page.locator('.message.from-bot', { hasText: text }).last();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    if (PICTURE_DIR) mkdirSync(PICTURE_DIR, { recursive: true });
    playground = await startPlayground({
      // The steps ask more than the default 6 requests a minute as one member.
      env: { ...process.env, RATE_LIMIT_PER_MINUTE: '60' },
      // Its images cost more than the demo plans' free allowance (playgroundPremium.test.ts has those).
      plans: false,
      onBotOutput: (chunk) => output.push(chunk),
    });
    session = await openPage(playground.url);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 2 });
    page = await context.newPage();
    await page.goto(playground.url);
    await page.waitForSelector('body[data-ready="true"]');
    // The key went into the cookie and out of the address bar.
    expect(page.url()).toBe(`${new URL(playground.url).origin}/`);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  it('/ask: the reply grows in place through intermediate states to the exact final text', async () => {
    await openChannel('ask-the-bot');
    await page.fill('#input', '/as');
    await page.waitForSelector('#suggestions li:has-text("/ask")');
    await shot('completion');
    await page.press('#input', 'Tab');
    expect(await page.inputValue('#input')).toBe('/ask ');
    const prompt = 'give me a list of tips';
    await command(`/ask prompt:${prompt}`);
    const reply = demoReply(prompt);
    // Every state the page shows of the bot's reply, as it is pushed.
    const seen: string[] = [];
    const until = Date.now() + 30_000;
    for (;;) {
      const text = await page
        .locator('.message.from-bot .content')
        .last()
        .textContent()
        .catch(() => null);
      if (text && text !== seen.at(-1)) seen.push(text);
      if (text?.includes('tokens')) break;
      if (Date.now() > until) throw new Error(`no final reply; states seen: ${seen.length}`);
      await page.waitForTimeout(50);
    }
    await shot('ask-final');
    // The members' manual's picture: the reply with its notes and its button.
    await picture('streamed-reply', page.locator('.message.from-bot').last());
    const intermediate = seen.filter((text) => text.includes('▌'));
    expect(intermediate.length, 'states with the streaming cursor').toBeGreaterThanOrEqual(2);
    const final = (await messages())
      .filter((message) => message.bot && message.usedCommand === '/ask')
      .at(-1);
    // Others see only "Alex used /ask": the reply starts with the question, quoted.
    expect(final?.content.startsWith(`> ${prompt}\n${reply}\n`), final?.content).toBe(true);
    expect(final?.content).not.toContain('▌');
    await expect
      .poll(() => page.locator('.message.from-bot .used').last().textContent())
      .toContain('Alex used');
  });

  it('Stop ends a long reply where it is, with a note', async () => {
    await command('/ask prompt:explain this at length, a long story');
    const stop = page.locator('.message.from-bot button:has-text("Stop")').last();
    await stop.waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      "(document.querySelector('.message.from-bot:last-child .content')?.textContent?.length ?? 0) > 200",
    );
    await shot('stop-before');
    await stop.click();
    await expect
      .poll(async () => (await messages()).filter((m) => m.bot).at(-1)?.content ?? '', { timeout: 20_000 })
      .toMatch(/stopped/i);
    const stopped = (await messages()).filter((m) => m.bot).at(-1) as PageMessage;
    expect(stopped.content.length).toBeLessThan(demoReply('explain this at length, a long story').length);
    await expect.poll(() => page.locator('.message.from-bot button:has-text("Stop")').count()).toBe(0);
    await shot('stop-after');
  });

  it('/ask without a prompt opens a form; a question with line breaks streams back under its quote', async () => {
    // As the admin: the member's requests per minute are the other tests' (fair use).
    await typeAs('admin');
    await openChannel('ask-the-bot');
    await command('/ask');
    const dialog = page.locator('#modal');
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await dialog.locator('h2').textContent()).toBe('Ask the model');
    expect(await dialog.locator('label').first().textContent()).toContain('Your question');
    expect(await dialog.locator('textarea').getAttribute('maxlength')).toBe('4000');
    const question = 'Give me a list of tips\nfor writing tests\nthat fail first';
    await dialog.locator('textarea').fill(question);
    await shot('ask-form');
    // The form is its person's: the member does not see it; back as the admin, it is as left.
    await typeAs('member');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await typeAs('admin');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.locator('textarea').inputValue()).toBe(question);
    const before = (await messages()).length;
    await dialog.locator('button.submit').click();
    await dialog.waitFor({ state: 'hidden' });
    // The answer grows in place, the quoted question on top from the first text on.
    const id = await expect
      .poll(async () => (await messages()).slice(before).find((message) => message.bot)?.id, {
        timeout: 20_000,
      })
      .toBeTruthy()
      .then(async () => (await messages()).slice(before).find((message) => message.bot)?.id as string);
    const content = page.locator(`.message[data-message-id="${id}"] .content`);
    const seen: string[] = [];
    const until = Date.now() + 30_000;
    for (;;) {
      const text = await content.textContent().catch(() => null);
      if (text && text !== seen.at(-1)) seen.push(text);
      if (text?.includes('tokens')) break;
      if (Date.now() > until) throw new Error(`no final reply; states seen: ${seen.join(' | ')}`);
      await page.waitForTimeout(50);
    }
    await shot('ask-form-answer');
    const streamed = seen.filter((text) => text.includes('▌'));
    expect(streamed.length, seen.join(' | ')).toBeGreaterThanOrEqual(1);
    for (const text of streamed) expect(text.startsWith(question.replaceAll('\n', ''))).toBe(true);
    expect(await content.locator('.quote').allTextContents()).toEqual(question.split('\n'));
    const final = (await messages()).find((message) => message.id === id);
    expect(final?.usedCommand).toBe('/ask');
    expect(
      final?.content.startsWith(`${questionHead(question)}${demoReply(question)}\n`),
      final?.content,
    ).toBe(true);
    await typeAs('member');
  });

  it('/imagine n:2 shows two images', async () => {
    await openChannel('images');
    await command('/imagine prompt:a red fox in the snow n:2');
    await page.waitForFunction(`${LOADED_IMAGES}.length === 2`, undefined, { timeout: 30_000 });
    await shot('imagine');
  });

  it('a message mentioning the bot is answered; /ask thread:true opens a thread that starts with the reply', async () => {
    await openChannel('general');
    await command('@bot write some code please');
    await page.locator('.message.from-bot .content pre code').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.message .mention').first().textContent()).toBe('@Service Bot');
    // One request at a time per member and channel (fair use): the next waits for this one's end.
    await expect
      .poll(() => page.locator('.message.from-bot .content').last().textContent(), { timeout: 20_000 })
      .toContain('tokens');
    await shot('mention-code');
    await command('/ask prompt:hello there thread:true');
    const thread = page.locator('#channels .channel.thread');
    await thread.first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.locator('.message.from-bot .content').last().textContent(), { timeout: 20_000 })
      .toContain('tokens');
    await thread.first().click();
    await expect
      .poll(() => page.locator('.message.from-bot .content').first().textContent())
      .toContain('hello there');
    await command('@bot and a list of tips');
    await expect
      .poll(() => page.locator('.message.from-bot .content').last().textContent(), { timeout: 20_000 })
      .toContain('A few things worth knowing');
    await shot('thread');
    // The last command in #general must end before the next test's commands there.
    await openChannel('general');
    await expect
      .poll(() => page.locator('.message.from-bot .content').last().textContent(), { timeout: 20_000 })
      .toContain('tokens');
  });

  it("/usage show as the admin shows the chart; a member's /config is refused privately", async () => {
    await typeAs('admin');
    await openChannel('general');
    await command('/usage show');
    await page.waitForFunction(`${LOADED_IMAGES}.length >= 1`, undefined, { timeout: 20_000 });
    await shot('usage-admin');
    // The admins' manual's picture: the reply with its chart.
    await picture('usage-chart', botReply('Sam used /usage show'));

    await typeAs('member');
    await command('/config show');
    const refusal = page.locator('.message.ephemeral').last();
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toContain('Only you can see this');
    expect(await refusal.locator('.content').textContent()).toMatch(/Manage Server|permission/i);
    await shot('config-refused-member');
    // Private: the admin does not see the member's refusal.
    const refusalId = await refusal.getAttribute('data-message-id');
    expect(refusalId).toBeTruthy();
    await typeAs('admin');
    expect(await page.locator(`.message[data-message-id="${refusalId}"]`).count()).toBe(0);
    await typeAs('member');
    expect(await page.locator(`.message[data-message-id="${refusalId}"]`).count()).toBe(1);
    await typeAs('admin');
    await shot('config-hidden-from-admin');
  });

  it('a message’s menu (⋯, or a right-click) lists the message commands, and runs one on that message', async () => {
    await typeAs('member');
    await openChannel('general');
    const text = 'our CI build takes 40 minutes since the cache broke';
    await command(text);
    const target = page.locator('.message', { hasText: text }).last();
    await target.waitFor();
    await target.hover();
    await target.locator('.message-menu-button').click();
    const menu = page.locator('#message-menu');
    await menu.waitFor();
    expect(await menu.locator('.menu-heading').textContent()).toBe('Apps');
    // Without the Message Content intent (the playground's default), only the one that needs none.
    expect(await menu.locator('button').allTextContents()).toEqual(['Ask about this message']);
    await shot('message-menu');
    await page.keyboard.press('Escape');
    // Not a slash command: the composer does not offer it.
    await page.fill('#input', '/');
    await page.waitForSelector('#suggestions li');
    const offered = await page.locator('#suggestions li').allTextContents();
    expect(
      offered.some((item) => item.includes('Ask about')),
      offered.join(' | '),
    ).toBe(false);
    await page.fill('#input', '');
    expect(await menu.count()).toBe(0);
    // Asked by the admin: the member's requests per minute are the other tests' (fair use).
    await typeAs('admin');
    await target.click({ button: 'right' });
    await page.locator('#message-menu button:text-is("Ask about this message")').click();
    // The bot answers the menu with its form; the question goes in it.
    const dialog = page.locator('#modal');
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await dialog.locator('h2').textContent()).toBe('Ask about this message');
    const question = 'why would a broken cache\nmake it that slow?';
    await dialog.locator('textarea').fill(question);
    await shot('message-menu-form');
    const before = (await messages()).length;
    await dialog.locator('button.submit').click();
    await dialog.waitFor({ state: 'hidden' });
    // The answer starts with where the message is (a jump link in Discord) and the question.
    const targetId = await target.getAttribute('data-message-id');
    const head = `-# ↪️ About a message from Alex: https://discord.com/channels/${playground.discord.guildId}/${playground.discord.channelIds[0]}/${targetId}\n${questionHead(question)}`;
    await expect
      .poll(
        async () =>
          (await messages()).slice(before).find((m) => m.bot && m.content.includes('tokens'))?.content ?? '',
        {
          timeout: 20_000,
        },
      )
      .toContain(head);
    const answer = (await messages()).slice(before).find((m) => m.bot) as PageMessage;
    expect(answer.content.startsWith(head), answer.content).toBe(true);
    expect(answer.usedCommand).toBe('Ask about this message');
    await expect
      .poll(() => page.locator(`.message[data-message-id="${answer.id}"] .used`).textContent())
      .toContain('Sam used Ask about this message');
    // The link shows where the message is, and jumps to it.
    const jump = page.locator(`.message[data-message-id="${answer.id}"] a.message-link`).first();
    expect(await jump.textContent()).toBe('# general › 💬');
    await page.evaluate("document.getElementById('messages').scrollTop = 1e9");
    await shot('message-menu-answer');
    await jump.click();
    await expect
      .poll(() => page.locator(`.message[data-message-id="${targetId}"]`).getAttribute('class'))
      .toContain('highlight');
    await typeAs('member');
  });

  it('switching the person to Deutsch shows the commands and their private replies in German; the server’s language switches too', async () => {
    await typeAs('member');
    await openChannel('general');
    await page.selectOption('#person-language', 'de');
    await expect.poll(() => languages().then((state) => state.personLocales.member)).toBe('de');
    // Discord shows a German client the commands' German descriptions: so does the composer.
    await page.fill('#input', '/conf');
    const suggestion = page.locator('#suggestions li', { hasText: '/config' });
    await suggestion.waitFor();
    expect(await suggestion.locator('.why').textContent()).toBe('Wie sich der Bot auf diesem Server verhält');
    await command('/config show');
    const refusal = page.locator('.message.ephemeral').last();
    await refusal.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => refusal.locator('.content').textContent(), { timeout: 20_000 })
      .toBe(CATALOGS.de.config.manageServerOnly);
    await shot('config-refused-in-german');
    // Sam still types in English; the select follows whoever types.
    await typeAs('admin');
    expect(await page.inputValue('#person-language')).toBe('en-US');
    await page.fill('#input', '/conf');
    expect(await page.locator('#suggestions li .why').first().textContent()).toBe(
      'How the bot behaves on this server',
    );
    await page.fill('#input', '');
    await page.selectOption('#server-language', 'fr');
    await expect.poll(() => guildLocale(playground.discord, playground.discord.guildId)).toBe('fr');
    await shot('server-in-french');
    await page.selectOption('#server-language', 'en-US');
    await typeAs('member');
    expect(await page.inputValue('#person-language')).toBe('de');
    await page.selectOption('#person-language', 'en-US');
    await expect.poll(() => languages().then((state) => state.personLocales.member)).toBe('en-US');
    await expect.poll(() => guildLocale(playground.discord, playground.discord.guildId)).toBe('en-US');
  });

  it('the front picture: a streamed answer under /imagine’s images and the /usage chart, all in view', async () => {
    // As the admin (for /usage; the member's requests per minute are the other tests').
    await typeAs('admin');
    await openChannel('images');
    // Tall enough for three cards (V2: the chart and the images sit in cards with their text).
    await page.setViewportSize({ width: 1280, height: 1480 });
    await command('/usage show');
    const chart = botReply('Sam used /usage show').locator('img');
    await expect.poll(() => loaded(chart), { timeout: 20_000 }).toBe(1);
    await command('/imagine prompt:a lighthouse at dusk n:2');
    const images = botReply('a lighthouse at dusk').locator('img');
    await expect.poll(() => loaded(images), { timeout: 30_000 }).toBe(2);
    await command('/ask prompt:a few tips for this server');
    const answer = botReply('Sam used /ask').locator('.content');
    // Finished (its note says the tokens), so nothing moves between the checks and the picture
    // however busy the machine is.
    await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toContain('tokens');
    await page.evaluate("document.getElementById('messages').scrollTop = 1e9");
    // All three are in the picture: the chart and both images whole, the answer's text.
    const list = (await page.locator('#messages').boundingBox()) as Box;
    for (const element of [chart, images.nth(0), images.nth(1), answer]) {
      const box = (await element.boundingBox()) as Box;
      const what = await element.evaluate((e) => e.outerHTML.slice(0, 80));
      expect(box.y, what).toBeGreaterThanOrEqual(list.y);
      expect(box.y + box.height, what).toBeLessThanOrEqual(list.y + list.height);
    }
    await picture('playground');
    await page.setViewportSize({ width: 1200, height: 800 });
  });

  it('without the key the page shows only how to get in', async () => {
    const stranger = await browser.newPage();
    await stranger.goto(`${new URL(playground.url).origin}/`);
    await stranger.waitForSelector('body[data-locked="true"]');
    expect(await stranger.locator('#messages').textContent()).toMatch(/printed/);
    expect(await stranger.locator('.message').count()).toBe(0);
    await stranger.close();
  });

  it('another page in the same browser cannot drive or read the playground', async () => {
    const origin = new URL(playground.url).origin;
    const before = {
      interactions: playground.discord.interactions.size,
      messages: playground.discord.messages.size,
    };
    // What a hostile page would try: simple no-cors writes (text/plain, so no preflight), a JSON
    // write, a read, the event stream, an attachment.
    const attack = `<!doctype html><body><script type="module">
      const target = ${JSON.stringify(origin)};
      const ask = JSON.stringify({ user: 'admin', name: 'ask', options: { prompt: 'spend it' } });
      const tries = [
        ['/api/command', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ask }],
        ['/api/message', { method: 'POST', mode: 'no-cors', body: JSON.stringify({ content: 'hi <@1>' }) }],
        ['/api/locale', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ server: true, locale: 'ja' }) }],
        ['/api/command', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ask }],
        ['/api/state', {}],
        ['/api/state', { mode: 'no-cors' }],
        ['/api/events', { mode: 'no-cors' }],
        ['/attachments/1/0', { mode: 'no-cors' }],
      ];
      const results = [];
      for (const [path, init] of tries) {
        try {
          const answer = await fetch(target + path, { ...init, credentials: 'include' });
          results.push(answer.type === 'opaque' ? 'opaque' : await answer.text());
        } catch {
          results.push('blocked');
        }
      }
      document.body.dataset.done = JSON.stringify(results);
    </script></body>`;
    const hostile: Server = createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(attack),
    );
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const port = (hostile.address() as AddressInfo).port;
    try {
      // Another port of 127.0.0.1 (same site: the cookie goes along), and another site.
      for (const at of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
        const evil = await context.newPage();
        const statuses: number[] = [];
        evil.on('response', (response) => {
          if (response.url().startsWith(origin)) statuses.push(response.status());
        });
        await evil.goto(at);
        const done = await evil.waitForSelector('body[data-done]', { state: 'attached' });
        const results = JSON.parse((await done.getAttribute('data-done')) ?? '[]') as string[];
        for (const result of results) expect(result, at).not.toContain('channels');
        expect(statuses.length, at).toBeGreaterThan(0);
        for (const status of statuses) expect([401, 403], at).toContain(status);
        await evil.close();
      }
    } finally {
      hostile.close();
    }
    expect({
      interactions: playground.discord.interactions.size,
      messages: playground.discord.messages.size,
    }).toEqual(before);
    expect(guildLocale(playground.discord, playground.discord.guildId)).toBe('en-US');
  });

  it('/budget role set (a subcommand group) completes word by word, a role typed as @Name, and the bot answers it', async () => {
    await openChannel('ask-the-bot');
    await typeAs('admin');
    const complete = async (typed: string, suggestion: string, expected: string) => {
      await page.fill('#input', typed);
      await page.waitForSelector(`#suggestions li:has-text("${suggestion}")`);
      await page.press('#input', 'Tab');
      expect(await page.inputValue('#input')).toBe(expected);
    };
    await complete('/budget ro', 'role', '/budget role ');
    await complete('/budget role se', 'set', '/budget role set ');
    await complete('/budget role set role:@Sup', '@Supporter', '/budget role set role:@Supporter ');
    await command('/budget role set role:@Supporter daily:1');
    const state = JSON.parse((await session.get('/api/state')).text) as {
      roles: { id: string; name: string }[];
    };
    const supporter = state.roles.find((role) => role.name === 'Supporter')?.id;
    expect(supporter).toMatch(/^\d+$/);
    const reply = botReply('Sam used /budget role set');
    await reply.waitFor();
    await expect
      .poll(async () =>
        (await messages()).some(
          (m) => m.usedCommand === '/budget role set' && m.content.includes(`<@&${supporter}>`),
        ),
      )
      .toBe(true);
    await shot('budget-role-set');
  });

  it('a long streamed reply is followed while the reader is at the bottom; scrolled up, the list stays put and "Jump to present" goes back', async () => {
    const LIST = "document.getElementById('messages')";
    const GAP = `(${LIST}.scrollHeight - ${LIST}.scrollTop - ${LIST}.clientHeight)`;
    const REPLY_LENGTH =
      "(document.querySelector('.message.from-bot:last-child .content')?.textContent?.length ?? 0)";
    // A small window, so the reply outgrows the list whatever the channel held before.
    await page.setViewportSize({ width: 760, height: 520 });
    try {
      await openChannel('ask-the-bot');
      await typeAs('member');
      // The largest gap below the view after any change of the list. The page's own observer
      // (made at start) runs first, so this one sees the list as the page left it.
      await page.evaluate(`window.followGaps = { max: 0 };
        new MutationObserver(() => { window.followGaps.max = Math.max(window.followGaps.max, ${GAP}); })
          .observe(${LIST}, { childList: true, subtree: true, characterData: true });`);
      await command('/ask prompt:explain scrolling, a long story');
      const reply = page.locator('.message.from-bot').last();
      await reply.locator('button:has-text("Stop")').waitFor({ timeout: 20_000 });
      // The reply grew taller than the list: out of sight, had the list not followed it.
      await page.waitForFunction(
        `document.querySelector('.message.from-bot:last-child').offsetHeight > ${LIST}.clientHeight + 100`,
        undefined,
        { timeout: 30_000 },
      );
      const followed = (await page.evaluate(
        `({ gap: ${GAP}, max: window.followGaps.max, jumpHidden: document.getElementById('jump')?.hidden !== false })`,
      )) as { gap: number; max: number; jumpHidden: boolean };
      expect(followed.gap).toBeLessThanOrEqual(4);
      expect(followed.max).toBeLessThanOrEqual(4);
      expect(followed.jumpHidden).toBe(true);
      await shot('follow-at-bottom');
      // The reader scrolls up: the list stays where they are while the reply grows on.
      await page.hover('#messages');
      await page.mouse.wheel(0, -300);
      await page.locator('#jump').waitFor({ state: 'visible' });
      const at = (await page.evaluate(`({ top: ${LIST}.scrollTop, length: ${REPLY_LENGTH} })`)) as {
        top: number;
        length: number;
      };
      await page.waitForFunction(`${REPLY_LENGTH} > ${at.length + 200}`, undefined, { timeout: 20_000 });
      expect(await page.evaluate(`${LIST}.scrollTop`)).toBeCloseTo(at.top, 0);
      expect(await page.isVisible('#jump')).toBe(true);
      await shot('follow-scrolled-up');
      await page.click('#jump');
      await page.waitForFunction(`${GAP} <= 4`);
      expect(await page.isVisible('#jump')).toBe(false);
      await shot('follow-jumped');
      await reply.locator('button:has-text("Stop")').click();
      await expect
        .poll(async () => (await messages()).filter((m) => m.bot).at(-1)?.content ?? '')
        .toMatch(/stopped/i);
    } finally {
      await page.setViewportSize({ width: 1200, height: 800 });
    }
  });
});
