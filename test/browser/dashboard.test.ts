/**
 * The dashboard in a real browser (Debian's Chromium, driven by playwright-core), served by the
 * real bot (the harness, DASHBOARD_PORT=0) and logged in through the local Discord's OAuth2:
 * the admin reads the chart and tables, sets the server's monthly cap, and the next /ask is
 * refused by it; a member without Manage Server sees no server; logout ends the session. A
 * screenshot of the server's page goes to test/results/dashboard/. Skipped without Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium), with one line.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalUser,
  MEMBER_PERMISSIONS,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { localOAuth } from '../../src/localDiscord/oauth.js';
import { chromiumFound, launchChromium } from '../helpers/chromium.js';
import { dashboardEnv, dashboardUrl } from '../helpers/dashboard.js';
import { useHarness } from '../helpers/e2e.js';
import { waitForIdle, waitForReply } from '../helpers/harness.js';

const SHOTS = join('test', 'results', 'dashboard');
const found = chromiumFound('dashboard');

const suite = useHarness({ env: dashboardEnv, guildConfig: { showContext: false } });
const { h } = suite;

describe.skipIf(!found)('the dashboard in a browser', () => {
  let browser: Browser;
  let admin: LocalUser;
  let member: LocalUser;
  let base: string;

  const loggedIn = async (user: LocalUser): Promise<Page> => {
    localOAuth(h.discord).authorizeAs(user);
    const context = await browser.newContext({ viewport: { width: 1000, height: 1300 } });
    const page = await context.newPage();
    await page.goto(base);
    await page.click('#login');
    await page.waitForSelector('#who');
    return page;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    base = dashboardUrl(h);
    admin = h.discord.user('sam', 'Sam');
    member = suite.asker;
    const guild = { id: h.discord.guildId, name: 'Local server', owner: false };
    localOAuth(h.discord).grant(admin, [{ ...guild, permissions: SERVER_MANAGER_PERMISSIONS }]);
    localOAuth(h.discord).grant(member, [{ ...guild, permissions: MEMBER_PERMISSIONS }]);
    // Some spend to read: two replies by the member.
    for (const prompt of ['first question', 'second question']) {
      await waitForReply(h, suite.ask({ prompt }), (texts) => texts.join('').includes('💰'));
      await waitForIdle(h);
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('logs the admin in with Discord; the chart and tables show the spend; a budget edit refuses the next /ask', async () => {
    const page = await loggedIn(admin);
    expect(await page.textContent('#who')).toBe('Sam');
    await page.click(`#guilds a[href="/guilds/${h.discord.guildId}"]`);
    await page.waitForSelector('#chart svg');
    const spent = await h.running.bot.context.ledger.summary(h.discord.guildId, '2000-01-01', '2100-01-01');
    expect(spent.requests).toBe(2);
    expect(await page.textContent('#total')).toContain('in 2 requests');
    // The daily chart: one bar per day of the range, today's with height.
    const heights = await page.$$eval('#chart svg rect[fill="#5865F2"]', (bars) =>
      bars.map((bar) => Number(bar.getAttribute('height'))),
    );
    expect(heights.length).toBe(new Date().getUTCDate());
    expect(heights.at(-1)).toBeGreaterThan(0);
    const models = await page.$$eval('#by-model tbody tr', (rows) => rows.map((row) => row.textContent));
    expect(models).toHaveLength(1);
    expect(models[0]).toContain('service-v1-flash');
    const members = await page.$$eval('#by-member tbody td:first-child', (cells) =>
      cells.map((c) => c.textContent),
    );
    expect(members).toEqual(['Member']);
    expect(await page.$$eval('#by-channel tbody tr', (rows) => rows.length)).toBe(1);
    await page.screenshot({ path: join(SHOTS, '01-server-spend.png'), fullPage: true });

    await page.fill('input[name="monthly"]', '0');
    await page.click('#save-budget');
    await page.waitForSelector('#notice');
    expect(await page.textContent('#month-spend')).toContain('of ');
    expect((await h.running.bot.context.budgets.settings(h.discord.guildId)).monthlyCapMicros).toBe(0);
    const calls = h.service.requests.length;
    const [refused] = await waitForReply(h, suite.ask({ prompt: 'third question' }), ([first]) =>
      Boolean(first),
    );
    expect(refused).toMatch(/monthly spending cap/);
    expect(h.service.requests.length).toBe(calls);
    await page.screenshot({ path: join(SHOTS, '02-budget-saved.png'), fullPage: true });

    // Logout ends the session: the server's page no longer opens in this browser.
    await page.click('#logout');
    await page.waitForSelector('#login');
    const after = await page.goto(`${base}/guilds/${h.discord.guildId}`);
    expect(after?.status()).toBe(401);
    await page.context().close();
  });

  it('shows a member without Manage Server no server', async () => {
    const page = await loggedIn(member);
    await page.waitForSelector('#no-guilds');
    expect(await page.$$('#guilds a')).toHaveLength(0);
    const direct = await page.goto(`${base}/guilds/${h.discord.guildId}`);
    expect(direct?.status()).toBe(403);
    await page.screenshot({ path: join(SHOTS, '03-member-sees-no-server.png') });
    await page.context().close();
  });
});
