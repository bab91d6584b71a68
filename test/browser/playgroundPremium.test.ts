/**
 * Paid plans in the playground, in a real browser (Debian's Chromium, driven by playwright-core;
 * the real bot, built, in the local Discord with the demo service and the demo plans:
 * src/playground/demoPlans.ts, a $0.10 free allowance a month). A member spends the server's
 * allowance with /imagine, is refused privately with Discord's premium button, drawn as Discord's
 * client draws it (the SKU's name and price), "buys" it (a test purchase: the local Discord grants
 * the member subscription) and is served again, then ends it and is refused again; the admin, refused in the same spent server, is
 * offered the server's subscription and credit pack too, buys the subscription for the server and
 * is served. The page refuses a purchase from a button the message does not have, or from another
 * person's private reply. Screenshots go to test/results/playground-premium/. Without Chromium the
 * file is skipped.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import { DEMO_SKUS } from '../../src/playground/demoPlans.js';
import type { Playground } from '../../src/playground/playground.js';
import { chromiumFound } from '../helpers/chromium.js';
import { openPlaygroundInBrowser } from '../helpers/playgroundBrowser.js';
import type { PageSession } from '../helpers/playgroundPage.js';

const SHOTS = join('test', 'results', 'playground-premium');
const found = chromiumFound('playground premium');

interface PageMessage {
  id: string;
  bot: boolean;
  content: string;
  ephemeral: boolean;
  forUserId: string | null;
  components: { components?: { style?: number; sku_id?: string }[] }[];
  attachments: { url: string }[];
}

const skuOf = (kind: 'server' | 'member' | 'credit') =>
  DEMO_SKUS.find((sku) => sku.kind === kind) as (typeof DEMO_SKUS)[number];
const premiumSkus = (message: PageMessage) =>
  messageButtons(message.components).flatMap((b) => (b.style === 6 ? [b.sku_id] : []));

describe.skipIf(!found)('the playground’s premium buttons: a test purchase', () => {
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
  const personId = async (key: 'member' | 'admin') =>
    (
      JSON.parse((await session.get('/api/state')).text) as { people: { key: string; id: string }[] }
    ).people.find((person) => person.key === key)?.id as string;
  const typeAs = (who: 'member' | 'admin') => page.selectOption('#person', who);
  const item = (id: string) => page.locator(`.message[data-message-id="${id}"]`);
  /**
   * Sends /imagine and waits for its outcome: the bot's message with both pictures (served), or
   * its private refusal with premium buttons.
   */
  const imagine = async (prompt: string): Promise<{ served: boolean; message: PageMessage }> => {
    const before = (await messages()).length;
    await send(`/imagine prompt:${prompt} n:2`);
    const outcome = (all: PageMessage[]) =>
      all.slice(before).find((m) => m.bot && (m.attachments.length === 2 || premiumSkus(m).length > 0));
    await expect.poll(async () => outcome(await messages()), { timeout: 30_000 }).toBeTruthy();
    const message = outcome(await messages()) as PageMessage;
    return { served: message.attachments.length === 2, message };
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

  it('declares the demo SKUs and runs the bot with them', () => {
    expect(playground.plans).toBe(true);
    const declared = playground.discord.monetization.skus().map((sku) => sku.id);
    for (const sku of DEMO_SKUS) expect(declared).toContain(sku.id);
  });

  it('a member who spent the allowance sees the premium button, buys it, is served again, ends it', async () => {
    await typeAs('member');
    await page.click('#channels button:text-is("# images")');
    const alex = await personId('member');
    // The free $0.10 pays for one /imagine n:2 ($0.08); a later one is refused.
    let refusal: PageMessage | undefined;
    for (let attempt = 1; attempt <= 3 && !refusal; attempt += 1) {
      const outcome = await imagine(`a fox, picture ${attempt}`);
      if (!outcome.served) refusal = outcome.message;
    }
    expect(refusal).toBeDefined();
    const refused = refusal as PageMessage;
    expect(refused.ephemeral).toBe(true);
    expect(refused.forUserId).toBe(alex);
    // To a member: the member subscription only, drawn with its name and price.
    const member = skuOf('member');
    expect(premiumSkus(refused)).toEqual([member.id]);
    const button = item(refused.id).locator('button.premium');
    await button.waitFor();
    expect(await button.count()).toBe(1);
    expect(await button.locator('.sku-name').textContent()).toBe(member.name);
    expect(await button.locator('.sku-price').textContent()).toBe('$1.99/month');
    expect(await button.getAttribute('aria-label')).toBe(`Buy ${member.name} $1.99/month`);
    await shot('01-refused-with-premium-button');

    await button.click();
    await expect(item(refused.id).locator('.premium-bought .bought-text').textContent()).resolves.toBe(
      `✓ Bought ${member.name} for you: a test purchase, nothing paid. Ask again.`,
    );
    const entitlements = playground.discord.monetization.entitlementsOf({ userId: alex, active: true });
    expect(entitlements.map((e) => [e.skuId, e.guildId])).toEqual([[member.id, undefined]]);
    await shot('02-bought');

    const again = await imagine('a fox after buying');
    expect(again.served).toBe(true);
    await expect
      .poll(() => item(again.message.id).locator('.attachments img').count(), { timeout: 20_000 })
      .toBe(2);
    await shot('03-served-again');

    // Ended on the page: the subscription ends now, and the bot refuses Alex again.
    await item(refused.id).locator('button.end-purchase').click();
    await expect(item(refused.id).locator('.premium-bought.ended').textContent()).resolves.toBe(
      `Ended ${member.name}: the bot counts it no more.`,
    );
    expect(playground.discord.monetization.entitlementsOf({ userId: alex, active: true })).toEqual([]);
    const after = await imagine('a fox after ending');
    expect(after.served).toBe(false);
    expect(premiumSkus(after.message)).toEqual([member.id]);
  });

  it('the admin is offered the server’s plans too, buys the subscription for the server, and is served', async () => {
    await typeAs('admin');
    await page.click('#channels button:text-is("# images")');
    const refused = await imagine('a lighthouse');
    expect(refused.served).toBe(false);
    const [server, credit, member] = [skuOf('server'), skuOf('credit'), skuOf('member')];
    expect(premiumSkus(refused.message)).toEqual([server.id, credit.id, member.id]);
    const buttons = item(refused.message.id).locator('button.premium');
    await buttons.first().waitFor();
    expect(await buttons.allTextContents()).toEqual([
      `🛒${server.name}$4.99/month`,
      `🛒${credit.name}$9.99`,
      `🛒${member.name}$1.99/month`,
    ]);
    await shot('04-admin-offer');
    await buttons.first().click();
    await expect(
      item(refused.message.id).locator('.premium-bought .bought-text').textContent(),
    ).resolves.toBe(`✓ Bought ${server.name} for this server: a test purchase, nothing paid. Ask again.`);
    const forServer = playground.discord.monetization.entitlementsOf({
      guildId: playground.discord.guildId,
      active: true,
    });
    expect(forServer.map((e) => e.skuId)).toEqual([server.id]);
    const again = await imagine('a lighthouse after buying');
    expect(again.served).toBe(true);
  });

  it('refuses a purchase from a button the message lacks or another person’s private reply, and ending another’s', async () => {
    const all = await messages();
    const alexRefusal = all.find((m) => m.ephemeral && premiumSkus(m).length === 1) as PageMessage;
    const server = skuOf('server');
    const lacks = await session.post('/api/buy', {
      user: 'member',
      channelId: playground.discord.channelIds[2],
      messageId: alexRefusal.id,
      skuId: server.id,
    });
    expect(lacks.status).toBe(400);
    const others = await session.post('/api/buy', {
      user: 'admin',
      channelId: playground.discord.channelIds[2],
      messageId: alexRefusal.id,
      skuId: skuOf('member').id,
    });
    expect(others.status).toBe(403);
    // Only its buyer ends a purchase: Sam cannot end Alex's.
    const [alexs] = playground.discord.monetization.entitlementsOf({
      userId: alexRefusal.forUserId as string,
    });
    const notTheirs = await session.post('/api/end-purchase', {
      user: 'admin',
      channelId: playground.discord.channelIds[2],
      entitlementId: alexs?.id,
    });
    expect(notTheirs.status).toBe(404);
  });
});
