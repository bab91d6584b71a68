/**
 * The dashboard in a real browser (Debian's Chromium, driven by playwright-core), served by the
 * real bot (the harness, DASHBOARD_PORT=0) and logged in through the local Discord's OAuth2,
 * with a month of varied spend seeded in the ledger (test/helpers/dashboardSeed.ts): the admin
 * reads the chart and the tables (by model, member, channel, role) as the ledger sums them, sees
 * a request in progress, turns the cost line off with the /config form (the next /ask has none),
 * sets the server's monthly cap (the next /ask is refused by it), types `abc` as a cap and sees
 * the form again with the error and `abc` kept; a member without Manage Server sees no server;
 * logout ends the session, and the server's page then leads to the login and back to it. Roles
 * and channels are picked by name (a select of the server's roles, the one chosen kept when a
 * form comes back; a role id of no role of the server refused on the form); the page is dark in a
 * dark browser, fits 420 px without scrolling sideways, and is in German for a German browser
 * (Accept-Language, `<html lang="de">`, Vary). The server's own service key is a write-only field:
 * typed, saved and shown back by its last four only, never in the page. Screenshots go to test/results/dashboard/; with
 * SCREENSHOTS_DIR set (npm run screenshots), the server's page also goes to
 * `$SCREENSHOTS_DIR/dashboard.png` (the admins' guide's picture, docs/admins.md). Skipped without Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium), with one line.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalUser,
  MEMBER_PERMISSIONS,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { localOAuth } from '../../src/localDiscord/oauth.js';
import { chromiumFound, launchChromium } from '../helpers/chromium.js';
import { dashboardEnv, dashboardUrl } from '../helpers/dashboard.js';
import { type Seeded, seedSpend } from '../helpers/dashboardSeed.js';
import { useHarness } from '../helpers/e2e.js';
import { replyTexts, settled, waitForIdle, waitForReply } from '../helpers/harness.js';

const SHOTS = join('test', 'results', 'dashboard');
const PICTURE_DIR = process.env.SCREENSHOTS_DIR;
const found = chromiumFound('dashboard');

/** Servers may keep their own service key (32 bytes, hex). */
const DATA_ENCRYPTION_KEY = '4b'.repeat(32);
const suite = useHarness({
  env: (discord) => ({ ...dashboardEnv(discord), DATA_ENCRYPTION_KEY }),
  guildConfig: { showContext: false },
  discord: { channelNames: ['general', 'art', 'help'] },
});
const { h } = suite;

/** The first cell of each row of the table `id`. */
const firstCells = (page: Page, id: string) =>
  page.$$eval(`#${id} tbody td:first-child`, (cells) => cells.map((cell) => cell.textContent));

describe.skipIf(!found)('the dashboard in a browser', () => {
  let browser: Browser;
  let admin: LocalUser;
  let member: LocalUser;
  let base: string;
  let seeded: Seeded;

  const loggedIn = async (user: LocalUser, options: BrowserContextOptions = {}): Promise<Page> => {
    localOAuth(h.discord).authorizeAs(user);
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
    const page = await context.newPage();
    await page.goto(base);
    await page.click('#login');
    await page.waitForSelector('#who');
    return page;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    if (PICTURE_DIR) mkdirSync(PICTURE_DIR, { recursive: true });
    base = dashboardUrl(h);
    admin = h.discord.user('sam', 'Sam');
    member = suite.asker;
    const guild = { id: h.discord.guildId, name: 'Local server', owner: false };
    localOAuth(h.discord).grant(admin, [{ ...guild, permissions: SERVER_MANAGER_PERMISSIONS }]);
    localOAuth(h.discord).grant(member, [{ ...guild, permissions: MEMBER_PERMISSIONS }]);
    seeded = await seedSpend(h);
    // And today's spend: two replies by the member.
    for (const prompt of ['first question', 'second question']) {
      await waitForReply(h, suite.ask({ prompt }), (texts) => texts.join('').includes('💰'));
      await waitForIdle(h);
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('logs the admin in; the chart and tables show the spend as the ledger sums it, and a request in progress', async () => {
    const page = await loggedIn(admin);
    expect(await page.textContent('#who')).toBe('Sam');
    await page.click(`#guilds a[href="/guilds/${h.discord.guildId}"]`);
    await page.waitForSelector('#chart svg');
    const today = new Date().toISOString().slice(0, 10);
    const spent = await h.running.bot.capabilities.spend.ledger.summary(
      h.discord.guildId,
      `${today.slice(0, 8)}01`,
      today,
    );
    expect(spent.requests).toBe(seeded.charged + 2);
    expect(await page.textContent('#total')).toContain(`in ${spent.requests} requests`);
    // The daily chart: one bar per day of the range, the tallest on the day that spent most.
    const heights = await page.$$eval('#chart svg rect[fill="#5865F2"]', (bars) =>
      bars.map((bar) => Number(bar.getAttribute('height'))),
    );
    expect(heights.length).toBe(new Date().getUTCDate());
    const costs = spent.byDay.map((day) => day.costMicros);
    expect(heights.indexOf(Math.max(...heights))).toBe(costs.indexOf(Math.max(...costs)));
    expect(Math.max(...heights)).toBeGreaterThan(0);
    expect((await firstCells(page, 'by-model')).sort()).toEqual(Object.keys(spent.byModel).sort());
    const names = new Map([...seeded.members, member].map((user) => [user.id, user.global_name]));
    expect((await firstCells(page, 'by-member')).sort()).toEqual(
      Object.keys(spent.byUser)
        .map((id) => names.get(id))
        .sort(),
    );
    expect((await firstCells(page, 'by-channel')).length).toBe(
      seeded.charged > 0 ? h.discord.channelIds.length : 1,
    );
    // By role: each role with spend, by name, most first, then the requests without one.
    const roleName = new Map(seeded.roles.map((role) => [role.id, `@${role.name}`]));
    const byRole = Object.entries(spent.byRole).sort((a, b) => b[1].costMicros - a[1].costMicros);
    expect(await firstCells(page, 'by-role')).toEqual([
      ...byRole.map(([id]) => roleName.get(id)),
      'No role with a rule',
    ]);

    // A reply held by the service: the page lists it, with a link that reads it again.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    h.service.enqueue({ text: 'A long answer', chunks: 2, hold: { afterChunks: 1, until: held } });
    const asking = suite.ask({ prompt: 'a long question' }, { user: seeded.members[0] as LocalUser });
    for (;;) {
      await page.click('#refresh-in-progress');
      if ((await page.textContent('#in-progress-table tbody'))?.includes('Ana')) break;
    }
    expect(
      await page.$$eval('#in-progress-table tbody td', (cells) => cells.map((c) => c.textContent)),
    ).toEqual(['chat', '#general', 'Ana', expect.stringMatching(/^\d+ s ago$/)]);
    await page.screenshot({
      path: PICTURE_DIR ? join(PICTURE_DIR, 'dashboard.png') : join(SHOTS, '01-server-spend.png'),
      fullPage: true,
    });
    release();
    await settled(h, asking.id);
    await waitForIdle(h);
    await page.click('#refresh-in-progress');
    expect(await page.textContent('#in-progress-table tbody')).toBe('None right now');
    await page.context().close();
  });

  it('turns the cost line off with the /config form, and sets a monthly cap that refuses the next /ask', async () => {
    const page = await loggedIn(admin);
    await page.goto(`${base}/guilds/${h.discord.guildId}`);
    const { settings } = h.running.bot.capabilities;
    const { budgets } = h.running.bot.capabilities.spend;
    expect(await page.isChecked('input[name="cost_line"]')).toBe(true);
    await page.uncheck('input[name="cost_line"]');
    await page.click('#save-config');
    await page.waitForSelector('#notice');
    expect(await page.isChecked('input[name="cost_line"]')).toBe(false);
    expect(await settings.guild(h.discord.guildId)).toMatchObject({ showCost: false, allowedChannels: null });
    const plain = suite.ask({ prompt: 'third question' });
    await settled(h, plain.id);
    expect(replyTexts(h, plain)[0]).toMatch(/^Echo: Member: third question$/);
    await page.screenshot({ path: join(SHOTS, '02-config-saved.png'), fullPage: true });

    await page.fill('input[name="monthly"]', '0');
    await page.click('#save-budget');
    await page.waitForSelector('#notice');
    expect(await page.textContent('#month-spend')).toContain('of ');
    expect((await budgets.settings(h.discord.guildId)).monthlyCapMicros).toBe(0);
    const calls = h.service.requests.length;
    const [refused] = await waitForReply(h, suite.ask({ prompt: 'fourth question' }), ([first]) =>
      Boolean(first),
    );
    expect(refused).toMatch(/monthly spending cap/);
    expect(h.service.requests.length).toBe(calls);
    await page.screenshot({ path: join(SHOTS, '03-budget-saved.png'), fullPage: true });

    // A cap that is no amount: the same page again (400), the error on the form, `abc` kept.
    await page.fill('input[name="monthly"]', 'abc');
    const [refusedForm] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/budget')),
      page.click('#save-budget'),
    ]);
    expect(refusedForm.status()).toBe(400);
    expect(await page.textContent('#budget #budget-error')).toBe(
      'Caps are amounts such as 5 or 0.25, or empty for none.',
    );
    expect(await page.inputValue('#budget input[name="monthly"]')).toBe('abc');
    expect(await page.textContent('#guild-name')).toBe('Local server');
    expect((await budgets.settings(h.discord.guildId)).monthlyCapMicros).toBe(0);
    await page.screenshot({ path: join(SHOTS, '03b-budget-refused.png'), fullPage: true });

    // Logout ends the session: the server's page now leads to the login (Discord's, where nobody
    // is logged in yet), and once logged in, back to that page.
    await page.click('#logout');
    await page.waitForSelector('#login');
    localOAuth(h.discord).authorizeAs(undefined);
    const serverPage = `${base}/guilds/${h.discord.guildId}?from=${new Date().toISOString().slice(0, 8)}01`;
    const atLogin = await page.goto(serverPage);
    const hops: string[] = [];
    for (let hop = atLogin?.request(); hop; hop = hop.redirectedFrom() ?? undefined) hops.unshift(hop.url());
    expect(hops.slice(0, 2)).toEqual([
      serverPage,
      `${base}/auth/login?next=${encodeURIComponent(serverPage.slice(base.length))}`,
    ]);
    expect(new URL(page.url()).pathname).toBe('/oauth2/authorize');
    localOAuth(h.discord).authorizeAs(admin);
    await page.reload();
    await page.waitForSelector('#chart svg');
    expect(page.url()).toBe(serverPage);
    expect(await page.textContent('#who')).toBe('Sam');
    await page.context().close();
  });

  it("sets the server's own key in a write-only field: shown back by its last four only, then removed", async () => {
    const key = 'sk-browser-LKJHGFDSA13572468';
    const page = await loggedIn(admin);
    await page.goto(`${base}/guilds/${h.discord.guildId}`);
    await page.fill('#service-key-form input[name="key"]', key);
    await page.click('#save-service-key');
    await page.waitForSelector('#clear-service-key');
    expect(await page.textContent('#service-key-state')).toContain('ending in …2468, set by Sam');
    expect(await page.inputValue('#service-key-form input[name="key"]')).toBe('');
    expect(await page.content()).not.toContain(key.slice(0, 12));
    expect(await h.running.bot.capabilities.serviceKeys?.keyFor(h.discord.guildId)).toBe(key);
    // A key with a space: refused on its form, the field empty again (never what was typed).
    await page.fill('#service-key-form input[name="key"]', 'not a key');
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/service-key')),
      page.click('#save-service-key'),
    ]);
    expect(refused.status()).toBe(400);
    expect(await page.textContent('#service-key-error')).toContain('That is not a service key');
    expect(await page.inputValue('#service-key-form input[name="key"]')).toBe('');
    await page.screenshot({ path: join(SHOTS, '03c-service-key.png'), fullPage: true });
    await page.click('#clear-service-key');
    await page.waitForSelector('#notice');
    expect(await page.$('#clear-service-key')).toBeNull();
    expect(await h.running.bot.capabilities.serviceKeys?.info(h.discord.guildId)).toBeUndefined();
    await page.context().close();
  });

  it('shows a member without Manage Server no server', async () => {
    const page = await loggedIn(member);
    await page.waitForSelector('#no-guilds');
    expect(await page.$$('#guilds a')).toHaveLength(0);
    const direct = await page.goto(`${base}/guilds/${h.discord.guildId}`);
    expect(direct?.status()).toBe(403);
    // Why, and the way back (not a bare text page).
    expect(await page.textContent('#refused')).toContain('You do not manage this server with the bot');
    await page.click('#back');
    await page.waitForSelector('#no-guilds');
    await page.screenshot({ path: join(SHOTS, '04-member-sees-no-server.png') });
    await page.context().close();
  });
  it("offers the server's roles by name, keeps the one chosen when a form comes back, and refuses another server's role on the form", async () => {
    const page = await loggedIn(admin);
    await page.goto(`${base}/guilds/${h.discord.guildId}`);
    // A select of the server's roles by name (never a box for an id), @everyone not among them.
    expect(await page.$$('#role-rule input[name="role"]')).toHaveLength(0);
    const offered = await page.$$eval('#role-rule select[name="role"] option', (options) =>
      options.map((option) => [option.getAttribute('value'), option.textContent]),
    );
    for (const role of seeded.roles) expect(offered).toContainEqual([role.id, `@${role.name}`]);
    expect(offered.map(([id]) => id)).not.toContain(h.discord.guildId);
    // Channels are ticked by name too.
    const channels = await page.$$eval('#channel-list label', (labels) =>
      labels.map((l) => l.textContent?.trim()),
    );
    expect(channels).toEqual(['#general', '#art', '#help']);

    // A bad cap: the form again with the error, the role chosen still chosen.
    const artist = seeded.roles[1] as { id: string; name: string };
    await page.selectOption('#role-rule select[name="role"]', artist.id);
    await page.fill('#role-rule input[name="daily"]', 'abc');
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/roles')),
      page.click('#save-role-rule'),
    ]);
    expect(refused.status()).toBe(400);
    await page.waitForSelector('#role-error');
    expect(await page.inputValue('#role-rule select[name="role"]')).toBe(artist.id);
    expect(await page.inputValue('#role-rule input[name="daily"]')).toBe('abc');

    // A role id that is not this server's (as a tampered form would send it): refused on the
    // form, nothing set.
    const before = await h.running.bot.capabilities.spend.roleRules.list(h.discord.guildId);
    await page.fill('#role-rule input[name="daily"]', '1');
    await page.$eval('#role-rule select[name="role"] option:checked', (option) =>
      option.setAttribute('value', '345678901234567890'),
    );
    const [foreign] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/roles')),
      page.click('#save-role-rule'),
    ]);
    expect(foreign.status()).toBe(400);
    expect(await page.textContent('#role-rule #role-error')).toBe(
      'Not a role of this server: choose one of the server’s roles.',
    );
    expect(await h.running.bot.capabilities.spend.roleRules.list(h.discord.guildId)).toEqual(before);
    await page.screenshot({ path: join(SHOTS, '05-role-refused.png'), fullPage: true });
    await page.context().close();
  });

  /** The page's background as [r, g, b] and its mean brightness (0 black to 255 white). */
  const background = async (page: Page) => {
    const rgb = await page.$eval(
      'body',
      (body) => body.ownerDocument.defaultView?.getComputedStyle(body).backgroundColor ?? '',
    );
    const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
    return (r + g + b) / 3;
  };

  it('follows the system: light by default, dark with a dark background when the browser asks for it', async () => {
    const light = await loggedIn(admin, { colorScheme: 'light' });
    await light.goto(`${base}/guilds/${h.discord.guildId}`);
    expect(await background(light)).toBeGreaterThan(200);
    await light.context().close();
    const dark = await loggedIn(admin, { colorScheme: 'dark' });
    await dark.goto(`${base}/guilds/${h.discord.guildId}`);
    await dark.waitForSelector('#chart svg');
    expect(await background(dark)).toBeLessThan(60);
    // Text stays readable: light on dark.
    const text = await dark.$eval(
      'body',
      (body) => body.ownerDocument.defaultView?.getComputedStyle(body).color ?? '',
    );
    const [r = 0, g = 0, b = 0] = (text.match(/\d+/g) ?? []).map(Number);
    expect((r + g + b) / 3).toBeGreaterThan(180);
    // The chart too: its background the page's dark card, not a white box.
    const chartFill = await dark.$eval(
      '#chart svg > rect',
      (rect) => rect.ownerDocument.defaultView?.getComputedStyle(rect).fill ?? '',
    );
    const [cr = 255, cg = 255, cb = 255] = (chartFill.match(/\d+/g) ?? []).map(Number);
    expect((cr + cg + cb) / 3).toBeLessThan(60);
    await dark.screenshot({ path: join(SHOTS, '06-dark.png'), fullPage: true });
    await dark.context().close();
  });

  it('fits a 420 px wide screen: the page never scrolls sideways, wide tables scroll in their own box', async () => {
    const page = await loggedIn(admin, { viewport: { width: 420, height: 860 }, isMobile: true });
    const overflow = () =>
      page.$eval('html', (html) => ({ scroll: html.scrollWidth, client: html.clientWidth }));
    const list = await overflow();
    expect(list.scroll).toBeLessThanOrEqual(list.client);
    await page.goto(`${base}/guilds/${h.discord.guildId}`);
    await page.waitForSelector('#chart svg');
    const server = await overflow();
    expect(server.scroll).toBeLessThanOrEqual(server.client);
    // Every section, form and table box is within the screen (a table's rows may scroll inside it).
    const outside = await page.$$eval('main, section, section > form, table, #chart', (boxes) =>
      boxes
        .filter((box) => box.getBoundingClientRect().right > 420)
        .map((box) => `${box.tagName}#${box.id}: ${box.getBoundingClientRect().right}`),
    );
    expect(outside).toEqual([]);
    await page.screenshot({ path: join(SHOTS, '07-narrow.png'), fullPage: true });
    await page.context().close();
  });

  it("speaks the browser's language: a German browser gets the German page", async () => {
    const page = await loggedIn(admin, { locale: 'de-DE' });
    const [answer] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === `/guilds/${h.discord.guildId}`),
      page.click(`#guilds a[href="/guilds/${h.discord.guildId}"]`),
    ]);
    expect(answer.headers().vary).toMatch(/accept-language/i);
    await page.waitForSelector('#chart svg');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.textContent('#logout')).toBe('Abmelden');
    expect(await page.textContent('header')).toContain('Angemeldet als Sam');
    expect(await page.textContent('#total')).toMatch(/ausgegeben für [\d.]+ Anfragen/);
    expect(await page.textContent('#save-budget')).toBe('Speichern');
    expect(await page.textContent('#config h2')).toBe('Funktionen und Kanäle');
    // A refused form says why in German too.
    await page.fill('input[name="monthly"]', 'abc');
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/budget')),
      page.click('#save-budget'),
    ]);
    expect(await page.textContent('#budget-error')).toBe(
      'Limits sind Beträge wie 5 oder 0,25, oder leer für keins.',
    );
    await page.screenshot({ path: join(SHOTS, '08-german.png'), fullPage: true });
    // An amount written the German way, with a decimal comma, is read as such.
    await page.fill('input[name="monthly"]', '12,5');
    await page.click('#save-budget');
    await page.waitForSelector('#notice');
    expect(await page.textContent('#notice')).toBe('Gespeichert: Es gilt ab der nächsten Anfrage.');
    expect(
      (await h.running.bot.capabilities.spend.budgets.settings(h.discord.guildId)).monthlyCapMicros,
    ).toBe(12_500_000);
    await page.context().close();
  });
});
