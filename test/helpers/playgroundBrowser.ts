/**
 * The playground as the browser tests open it: `npm run playground`'s server (the built bot on
 * the demo service), the page loaded in Chromium from the printed address and ready, and that
 * address's key as a cookie for raw requests (openPage).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Playground, type PlaygroundOptions, startPlayground } from '../../src/playground/playground.js';
import { launchChromium } from './chromium.js';
import { openPage, type PageSession } from './playgroundPage.js';

export interface PlaygroundInBrowser {
  readonly playground: Playground;
  readonly session: PageSession;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/** Starts the playground and opens its page (1200×800); `commands`: also wait for the bot's commands. */
export async function openPlaygroundInBrowser(
  options: PlaygroundOptions,
  { commands = true }: { readonly commands?: boolean } = {},
): Promise<PlaygroundInBrowser> {
  const playground = await startPlayground(options);
  let browser: Browser | undefined;
  try {
    const session = await openPage(playground.url);
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(playground.url);
    await page.waitForSelector('body[data-ready="true"]');
    if (commands) {
      await playground.discord.waitFor(
        () => playground.discord.commands.size > 0 || undefined,
        20_000,
        'commands',
      );
    }
    return { playground, session, browser, context, page };
  } catch (error) {
    // The test's afterAll never sees what was not returned: close it here.
    await browser?.close();
    await playground.close();
    throw error;
  }
}
