/**
 * The dashboard over plain HTTP (test/browser/dashboard.test.ts drives it in Chromium): login
 * through the local Discord's OAuth2 with its `state` checked, who sees which server, CSRF and
 * Origin checks on writes, ids of servers one does not manage, the budget taking effect on the
 * next /ask, the spend by role against the ledger, the requests in progress, /config's features
 * and channels edited from the page (taking effect on the next /ask), logout (the Discord token
 * revoked there), one session per member, and the sessions kept in the store (under a hash of
 * the id, without the CSRF token); the pages in the language Accept-Language asks for (Vary).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STYLE_HASH } from '../../src/dashboard/server.js';
import { sessionStoreKey } from '../../src/dashboard/sessions.js';
import { createFormats } from '../../src/i18n/format.js';
import {
  type LocalUser,
  MEMBER_PERMISSIONS,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { createRole } from '../../src/localDiscord/members.js';
import { localOAuth } from '../../src/localDiscord/oauth.js';
import { CSV_HEADER, entryRow } from '../../src/spend/csv.js';
import { DashboardClient, dashboardEnv, dashboardUrl } from '../helpers/dashboard.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { replyTexts, settled, waitForIdle, waitForReply } from '../helpers/harness.js';

/** Money as the English page writes it (i18n/format.ts, en-US). */
const formatMoney = createFormats('en-US').money;

// As behind a reverse proxy on loopback: a request's X-Forwarded-For names its client.
const suite = useHarness({
  discord: { guildsPerShard: 2, channelCount: 8 },
  env: (discord) => ({ ...dashboardEnv(discord), DASHBOARD_TRUSTED_PROXY: '127.0.0.1' }),
});
const { h, freshChannel } = suite;
const NOT_THE_BOTS = '123456789012345678';
let admin: LocalUser;
let member: LocalUser;
let base: string;
let main: string;
let second: string;

beforeAll(() => {
  base = dashboardUrl(h);
  main = h.discord.guildId;
  second = h.discord.guilds[1]?.id as string;
  admin = h.discord.user('sam', 'Sam');
  member = h.discord.user('alex', 'Alex');
  const oauth = localOAuth(h.discord);
  oauth.grant(admin, [
    { id: main, name: 'Main server', permissions: SERVER_MANAGER_PERMISSIONS, owner: false },
    // The bot is in it, but Sam may not manage it.
    { id: second, name: 'Second server', permissions: MEMBER_PERMISSIONS, owner: false },
    // Sam owns it, but the bot is not in it.
    { id: NOT_THE_BOTS, name: 'Elsewhere', permissions: '0', owner: true },
  ]);
  oauth.grant(member, [{ id: main, name: 'Main server', permissions: MEMBER_PERMISSIONS, owner: false }]);
});

describe('the dashboard', () => {
  it('logs in with Discord and lists only the servers the bot is in that the person manages', async () => {
    const browser = new DashboardClient(base);
    const done = await browser.login(h, admin);
    expect(done.status).toBe(303);
    const session = browser.cookies.get('dashboard_session') as string;
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const home = await browser.request('/');
    expect(home.text).toContain('Sam');
    expect(home.text).toContain(`href="/guilds/${main}"`);
    expect(home.text).not.toContain(second);
    expect(home.text).not.toContain(NOT_THE_BOTS);
    // The session lives in the store, with the Discord token that never reaches the browser,
    // under a hash of the id, and without the CSRF token the pages carry.
    const stored = (await h.running.store.get(sessionStoreKey(session))) as { userId: string };
    expect(stored.userId).toBe(admin.id);
    expect(await h.running.store.get(`dashboard-session:${session}`)).toBeUndefined();
    expect(JSON.stringify(stored)).not.toContain(await browser.csrf('/'));
    expect(await browser.request(`/guilds/${main}`)).toMatchObject({ status: 200 });
  });

  it("answers in the browser's language (Accept-Language), says it varies by it, English otherwise", async () => {
    // A client of its own behind the proxy: its login does not count against the others' limit.
    const browser = new DashboardClient(base, { 'x-forwarded-for': '203.0.113.29' });
    const french = await browser.request('/', {
      headers: { 'accept-language': 'ko;q=0.9, fr-CA;q=0.8, en;q=0.1' },
    });
    expect(french.headers.get('vary')).toMatch(/accept-language/i);
    expect(french.text).toContain('<html lang="fr">');
    expect(french.text).toContain('>Se connecter avec Discord</a>');
    // Its one stylesheet is allowed by its hash: no other style, no script.
    const policy = french.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`style-src '${STYLE_HASH}'`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("default-src 'none'");
    const unknown = await browser.request('/', { headers: { 'accept-language': 'ko' } });
    expect(unknown.text).toContain('<html lang="en">');
    expect(unknown.text).toContain('>Log in with Discord</a>');
    await browser.login(h, admin);
    const japanese = await browser.request(`/guilds/${main}`, { headers: { 'accept-language': 'ja' } });
    expect(japanese.text).toContain('<html lang="ja">');
    expect(japanese.text).toContain('<h2>ロールごとのルール</h2>');
    expect(japanese.headers.get('vary')).toMatch(/accept-language/i);
    // A page refused as a whole says why in those words too, with the way back.
    const elsewhere = await browser.request(`/guilds/${NOT_THE_BOTS}`, {
      headers: { 'accept-language': 'de' },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.text).toContain('id="refused" role="alert">Du verwaltest diesen Server nicht');
    expect(elsewhere.text).toContain('<a id="back" href="/">Zurück zu deinen Servern</a>');
    const stale = await browser.post(
      `/guilds/${main}/budget`,
      { monthly: '1', _csrf: 'old' },
      { 'accept-language': 'fr' },
    );
    expect(stale.status).toBe(403);
    expect(stale.text).toContain('Ce formulaire n’a pas pu être vérifié');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const browser = new DashboardClient(base);
    localOAuth(h.discord).authorizeAs(admin);
    const start = await browser.request('/auth/login');
    expect(start.headers.get('set-cookie')).toMatch(/HttpOnly/);
    const consent = await browser.request(start.headers.get('location') as string);
    const done = await browser.request(consent.headers.get('location') as string);
    const cookie = done.headers.getSetCookie().find((line) => line.startsWith('dashboard_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // http://127.0.0.1: no TLS here
  });

  it('refuses a callback whose state is not the one this browser was given', async () => {
    const victim = new DashboardClient(base);
    const attacker = new DashboardClient(base);
    localOAuth(h.discord).authorizeAs(admin);
    const start = await attacker.request('/auth/login');
    const consent = await attacker.request(start.headers.get('location') as string);
    // The attacker's callback (its code and state) opened in the victim's browser: no session.
    await victim.request('/auth/login');
    const forced = await victim.request(consent.headers.get('location') as string);
    expect(forced.status).toBe(400);
    expect(victim.cookies.has('dashboard_session')).toBe(false);
  });

  it('shows a member without Manage Server no server, and refuses the guild page', async () => {
    const browser = new DashboardClient(base);
    await browser.login(h, member);
    const home = await browser.request('/');
    expect(home.text).toContain('id="no-guilds"');
    expect(home.text).not.toContain(`/guilds/${main}`);
    expect((await browser.request(`/guilds/${main}`)).status).toBe(403);
    expect((await browser.request(`/guilds/${main}/usage.csv`)).status).toBe(403);
  });

  it("refuses another server's id, whether the bot is in it or not", async () => {
    const browser = new DashboardClient(base);
    await browser.login(h, admin);
    const csrf = await browser.csrf(`/guilds/${main}`);
    for (const id of [second, NOT_THE_BOTS, '1']) {
      expect((await browser.request(`/guilds/${id}`)).status).toBe(403);
      expect((await browser.request(`/guilds/${id}/usage.csv`)).status).toBe(403);
      expect((await browser.post(`/guilds/${id}/budget`, { _csrf: csrf, monthly: '1' })).status).toBe(403);
    }
    expect((await h.running.bot.capabilities.spend.budgets.settings(second)).monthlyCapMicros).toBeNull();
    expect((await new DashboardClient(base).request(`/guilds/${main}`)).status).toBe(401);
  });

  it('sends a browser without a session to the login and back to the page, never to another site', async () => {
    // Its own address behind the proxy: these logins do not count toward the others' limit.
    const from = { 'x-forwarded-for': '203.0.113.20' };
    const page = `/guilds/${main}?from=2026-01-01`;
    const visitor = new DashboardClient(base, { ...from, accept: 'text/html,application/xhtml+xml' });
    const sent = await visitor.request(page);
    expect([sent.status, sent.headers.get('location')]).toEqual([
      303,
      `/auth/login?next=${encodeURIComponent(page)}`,
    ]);
    // Not a browser's page request (a script's fetch), or a write: 401, as before.
    expect((await new DashboardClient(base, from).request(page)).status).toBe(401);
    expect((await visitor.post(`/guilds/${main}/budget`, { monthly: '1' })).status).toBe(401);
    localOAuth(h.discord).authorizeAs(admin);
    const landing = async (next: string) => {
      const browser = new DashboardClient(base, from);
      const start = await browser.request(`/auth/login?next=${encodeURIComponent(next)}`);
      const consent = await browser.request(start.headers.get('location') as string);
      const done = await browser.request(consent.headers.get('location') as string);
      expect(done.status).toBe(303);
      return done.headers.get('location');
    };
    expect(await landing(page)).toBe(page);
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil'])
      expect(await landing(evil), evil).toBe('/');
  });

  it('refuses a write without the CSRF token, with a wrong one, or from another origin', async () => {
    const browser = new DashboardClient(base);
    await browser.login(h, admin);
    const csrf = await browser.csrf(`/guilds/${main}`);
    const path = `/guilds/${main}/budget`;
    expect((await browser.post(path, { monthly: '0' })).status).toBe(403);
    expect((await browser.post(path, { monthly: '0', _csrf: `${csrf.slice(1)}x` })).status).toBe(403);
    const foreign = { origin: 'https://evil.example' };
    expect((await browser.post(path, { monthly: '0', _csrf: csrf }, foreign)).status).toBe(403);
    expect((await h.running.bot.capabilities.spend.budgets.settings(main)).monthlyCapMicros).toBeNull();
  });

  it('downloads the range as CSV, streamed from the ledger, the same rows as /usage export', async () => {
    await h.running.bot.capabilities.spend.budgets.update(main, {
      monthlyCapMicros: null,
      dailyUserCapMicros: null,
    });
    await waitForReply(h, suite.ask({ prompt: 'something to bill' }), (texts) =>
      texts.join('').includes('💰'),
    );
    await waitForIdle(h);
    const browser = new DashboardClient(base);
    await browser.login(h, admin);
    const today = new Date().toISOString().slice(0, 10);
    const csv = await browser.request(`/guilds/${main}/usage.csv?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="usage-${today}-to-${today}.csv"`,
    );
    const entries = await h.running.bot.capabilities.spend.ledger.entries(main, today, today);
    expect(entries.length).toBeGreaterThan(0);
    expect(csv.text).toBe(CSV_HEADER + entries.map(entryRow).join(''));
    expect((await browser.request(`/guilds/${main}/usage.csv?from=2026-02-30`)).status).toBe(400);
    // The page with a range it cannot read: this month's, the range form saying why, as typed.
    const unread = await browser.request(`/guilds/${main}?from=2026-02-30&to=<b>`);
    expect(unread.status).toBe(400);
    expect(unread.text).toMatch(
      /<form id="range"[^>]*><p class="error" id="range-error" role="alert">Dates are/,
    );
    expect(unread.text).toContain('name="from" value="2026-02-30"');
    expect(unread.text).toContain('name="to" value="&#60;b&#62;"');
    expect(unread.text).toContain('id="total"');
  });

  it("edits the server's budget, and the next /ask is refused by it", async () => {
    const browser = new DashboardClient(base);
    await browser.login(h, admin);
    const csrf = await browser.csrf(`/guilds/${main}`);
    const saved = await browser.post(`/guilds/${main}/budget`, {
      _csrf: csrf,
      monthly: '0',
      daily_per_member: '',
    });
    expect(saved.status).toBe(303);
    expect((await h.running.bot.capabilities.spend.budgets.settings(main)).monthlyCapMicros).toBe(0);
    const calls = h.service.requests.length;
    const [refused] = await waitForReply(h, suite.ask({ prompt: 'hello' }), ([first]) => Boolean(first));
    expect(refused).toMatch(/monthly spending cap/);
    expect(h.service.requests).toHaveLength(calls);
    // Cleared again from the form (empty: no cap).
    await browser.post(`/guilds/${main}/budget`, { _csrf: csrf, monthly: '', daily_per_member: '' });
    expect((await h.running.bot.capabilities.spend.budgets.settings(main)).monthlyCapMicros).toBeNull();
  });

  it("warns when the saved monthly cap is below this month's spend, and still saves it", async () => {
    const { ledger, budgets } = h.running.bot.capabilities.spend;
    await ledger.charge({
      id: 'cap-below-spend',
      time: Date.now(),
      guildId: main,
      channelId: h.discord.channelIds[0] as string,
      userId: member.id,
      kind: 'chat' as const,
      model: 'service-v1-pro',
      inputTokens: 20_000,
      outputTokens: 8_000,
      estimated: false,
      outcome: 'completed',
    });
    const spent = await ledger.monthSpendMicros(main, Date.now());
    expect(spent).toBeGreaterThan(1000);
    const browser = new DashboardClient(base);
    await browser.login(h, admin);
    const csrf = await browser.csrf(`/guilds/${main}`);
    const cap = ((spent - 1) / 1e6).toFixed(6).replace(/0+$/, '');
    const saved = await browser.post(`/guilds/${main}/budget`, {
      _csrf: csrf,
      monthly: cap,
      daily_per_member: '',
    });
    expect(saved.status).toBe(303);
    expect((await budgets.settings(main)).monthlyCapMicros).toBeLessThan(spent);
    const page = await browser.request(saved.headers.get('location') as string);
    expect(page.text).toContain('id="notice">Saved');
    expect(page.text).toMatch(
      /id="cap-below-spend" role="alert">This cap is below the USD\s[\d.]+ already spent/,
    );
    expect(page.text).toContain(`below the ${formatMoney(spent, 'USD')} already spent this month`);
    // A cap above the spend: no warning.
    await browser.post(`/guilds/${main}/budget`, { _csrf: csrf, monthly: '1000', daily_per_member: '' });
    expect((await browser.request(`/guilds/${main}`)).text).not.toContain('cap-below-spend');
    await budgets.update(main, { monthlyCapMicros: null, dailyUserCapMicros: null });
  });

  it("sets and clears a role's rule (spend/roleRules.ts, as /budget role), CSRF checked", async () => {
    const browser = new DashboardClient(base);
    await browser.login(h, admin);
    const csrf = await browser.csrf(`/guilds/${main}`);
    const role = createRole(h.discord, 'Tester').id;
    const elsewhere = createRole(h.discord, 'Elsewhere', second).id;
    // The bot's cache holds the roles once their events arrive (the owner checks roles against it).
    const cached = (guildId: string, roleId: string) =>
      h.running.bot.client.guilds.cache.get(guildId)?.roles.cache.has(roleId);
    await expect.poll(() => cached(main, role) && cached(second, elsewhere), { timeout: 10_000 }).toBe(true);
    const fields = { role, daily: '0.5', monthly: '', models: 'service-v1-flash', imagine: 'yes' };
    expect((await browser.post(`/guilds/${main}/roles`, fields)).status).toBe(403);
    expect((await browser.post(`/guilds/${second}/roles`, { ...fields, _csrf: csrf })).status).toBe(403);
    expect(
      (await browser.post(`/guilds/${main}/roles`, { ...fields, _csrf: csrf, models: 'gpt-x' })).status,
    ).toBe(400);
    // A bad cap: the page again, the error on the rule form, every value as typed (escaped).
    const typo = await browser.post(`/guilds/${main}/roles`, {
      ...fields,
      _csrf: csrf,
      monthly: '"><b>abc',
    });
    expect(typo.status).toBe(400);
    expect(typo.headers.get('content-type')).toMatch(/^text\/html/);
    expect(typo.text).toMatch(
      /<form id="role-rule"[^>]*>.*<p class="error" id="role-error" role="alert">A role, and caps/s,
    );
    expect(typo.text).toContain('name="monthly" inputmode="decimal" value="&#34;&#62;&#60;b&#62;abc"');
    expect(typo.text).not.toContain('"><b>abc');
    expect(typo.text).toContain('name="daily" inputmode="decimal" value="0.5"');
    expect(typo.text).toMatch(/value="service-v1-flash" checked/);
    // Another server's role, an id of no role, @everyone (the server's id): 400, each saying why.
    for (const [other, said] of [
      [elsewhere, 'Not a role of this server'],
      ['345678901234567890', 'Not a role of this server'],
      [main, 'Everyone holds @everyone'],
    ] as const) {
      const refused = await browser.post(`/guilds/${main}/roles`, { ...fields, role: other, _csrf: csrf });
      expect([refused.status, refused.text]).toEqual([400, expect.stringContaining(said)]);
    }
    expect(await h.running.bot.capabilities.spend.roleRules.list(main)).toEqual([]);
    expect((await browser.post(`/guilds/${main}/roles`, { ...fields, _csrf: csrf })).status).toBe(303);
    expect(await h.running.bot.capabilities.spend.roleRules.list(main)).toEqual([
      {
        roleId: role,
        dailyCapMicros: 500_000,
        monthlyCapMicros: null,
        models: ['service-v1-flash'],
        imagine: true,
      },
    ]);
    const page = await browser.request(`/guilds/${main}`);
    expect(page.text).toMatch(/id="role-rules".*@Tester.*USD\s0\.50.*service-v1-flash/s);
    expect((await browser.post(`/guilds/${main}/roles/${role}/clear`, {})).status).toBe(403);
    expect((await browser.post(`/guilds/${main}/roles/${role}/clear`, { _csrf: csrf })).status).toBe(303);
    expect(await h.running.bot.capabilities.spend.roleRules.list(main)).toEqual([]);
  });

  it("logs out: the session is gone from the store, its cookie opens nothing, Discord's token is revoked", async () => {
    const oauth = localOAuth(h.discord);
    const browser = new DashboardClient(base);
    const before = new Set(oauth.tokens.keys());
    await browser.login(h, admin);
    const [token] = [...oauth.tokens.keys()].filter((issued) => !before.has(issued));
    const session = browser.cookies.get('dashboard_session') as string;
    const csrf = await browser.csrf('/');
    expect((await browser.post('/auth/logout', { _csrf: csrf })).status).toBe(303);
    expect(await h.running.store.get(sessionStoreKey(session))).toBeUndefined();
    expect(oauth.revoked).toContain(token);
    const me = await fetch(`${h.discord.apiUrl}/v10/users/@me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);
    const replayed = new DashboardClient(base);
    replayed.cookies.set('dashboard_session', session);
    expect((await replayed.request(`/guilds/${main}`)).status).toBe(401);
    expect((await replayed.request('/')).text).toContain('id="login"');
  });
});

describe('one session per member', () => {
  it("a new login ends the member's older session; another member's stays", async () => {
    const behindProxy = (client: string) => new DashboardClient(base, { 'x-forwarded-for': client });
    const older = behindProxy('198.51.100.1');
    await older.login(h, admin);
    const olderId = older.cookies.get('dashboard_session') as string;
    const other = behindProxy('198.51.100.2');
    await other.login(h, member);
    expect((await older.request(`/guilds/${main}`)).status).toBe(200);
    const newer = behindProxy('198.51.100.3');
    await newer.login(h, admin);
    expect(await h.running.store.get(sessionStoreKey(olderId))).toBeUndefined();
    expect((await older.request(`/guilds/${main}`)).status).toBe(401);
    expect((await older.request('/')).text).toContain('id="login"');
    expect((await newer.request(`/guilds/${main}`)).status).toBe(200);
    expect((await other.request('/')).text).toContain('id="who"');
  });
});

/** The rows of the table `id` on `html`: each row's cells, tags stripped. */
function rows(html: string, id: string): string[][] {
  const table = new RegExp(`<table id="${id}">.*?<tbody>(.*?)</tbody>`, 's').exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) =>
      (cell[1] ?? '').replace(/<[^>]+>/g, ''),
    ),
  );
}

/** Reads the page at `path` until `done` holds of it (the bot's cache and slots change asynchronously). */
async function pageWhen(
  browser: DashboardClient,
  path: string,
  done: (html: string) => boolean,
): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const page = await browser.request(path);
    if (done(page.text)) return page.text;
    if (Date.now() > until) throw new Error(`the page never matched: ${page.text.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the server's page", () => {
  it('shows the spend by role as the ledger sums it, a request under each role its member held', async () => {
    const supporter = createRole(h.discord, 'Supporter');
    const artist = createRole(h.discord, 'Artist');
    const { ledger } = h.running.bot.capabilities.spend;
    const today = new Date().toISOString().slice(0, 10);
    const entry = (i: number, userId: string, roleIds?: string[]) => ({
      id: `by-role-${i}`,
      time: Date.now(),
      guildId: main,
      channelId: h.discord.channelIds[0] as string,
      userId,
      kind: 'chat' as const,
      model: 'service-v1-pro',
      inputTokens: 1000 * i,
      outputTokens: 400 * i,
      estimated: false,
      outcome: 'completed',
      ...(roleIds && { roleIds }),
    });
    await ledger.charge(entry(1, member.id, [supporter.id]));
    await ledger.charge(entry(2, admin.id, [supporter.id, artist.id]));
    await ledger.charge(entry(3, admin.id));
    const browser = new DashboardClient(base);
    await browser.login(h, admin);
    const path = `/guilds/${main}?from=${today}&to=${today}`;
    // Role names come from the bot's cache, which the role events reach in their own time.
    const html = await pageWhen(browser, path, (text) => text.includes('@Artist'));
    const summary = await ledger.summary(main, today, today);
    const money = (micros: number) => formatMoney(micros, 'USD');
    const bySupporter = summary.byRole[supporter.id];
    const byArtist = summary.byRole[artist.id];
    expect(bySupporter?.requests).toBe(2);
    expect(byArtist?.requests).toBe(1);
    // Supporter's entries include Artist's: it spent more, so it comes first.
    expect(rows(html, 'by-role')).toEqual([
      ['@Supporter', '2', money(bySupporter?.costMicros ?? 0)],
      ['@Artist', '1', money(byArtist?.costMicros ?? 0)],
      ['No role with a rule', String(summary.noRole.requests), money(summary.noRole.costMicros)],
    ]);
    // A request with two roles counts under both: the rows add up to more than the total.
    expect(summary.noRole.requests).toBe(summary.requests - 2);
    expect(html).toContain('a request counts under each such role its member held');
  });

  it('lists a request while it holds a slot (kind, channel, member, since when), and no longer once done', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    h.service.enqueue({ text: 'a slow answer', chunks: 2, hold: { afterChunks: 1, until: held } });
    const channelId = freshChannel();
    const interaction = suite.ask({ prompt: 'take your time' }, { channelId });
    const browser = new DashboardClient(base);
    await browser.login(h, admin);
    const path = `/guilds/${main}`;
    const during = await pageWhen(browser, path, (text) => rows(text, 'in-progress-table')[0]?.length === 4);
    const channel = h.discord.channels.get(channelId)?.name as string;
    expect(rows(during, 'in-progress-table')).toEqual([
      ['chat', `#${channel}`, 'Member', expect.stringMatching(/^\d+ s ago$/)],
    ]);
    expect(during).toMatch(/as of <span id="in-progress-at">\d\d:\d\d:\d\d UTC<\/span>/);
    expect(during).toContain('id="refresh-in-progress"');
    release();
    await settled(h, interaction.id);
    await waitForIdle(h);
    const after = await pageWhen(browser, path, (text) => text.includes('None right now'));
    expect(rows(after, 'in-progress-table')).toEqual([['None right now']]);
  });

  it("edits /config's features and channels: the next /ask has no cost line, and elsewhere is refused", async () => {
    const { settings } = h.running.bot.capabilities;
    const browser = new DashboardClient(base);
    await browser.login(h, admin);
    const csrf = await browser.csrf(`/guilds/${main}`);
    const path = `/guilds/${main}/config`;
    const allowed = freshChannel();
    const other = freshChannel();
    const keep = { context_line: 'on', answer_mentions: 'on' };
    // Without the token, with an unknown channel or a non-snowflake: refused, nothing changes.
    expect((await browser.post(path, { ...keep, where: 'everywhere' })).status).toBe(403);
    for (const channels of [NOT_THE_BOTS, 'channel-1'])
      expect((await browser.post(path, { _csrf: csrf, ...keep, where: 'listed', channels })).status).toBe(
        400,
      );
    const nowhere = await browser.post(path, { _csrf: csrf, ...keep, where: 'anywhere' });
    expect(nowhere.status).toBe(400);
    // The form again as sent: the error at its top, the boxes as they were ticked.
    expect(nowhere.text).toContain('<p class="error" id="config-error" role="alert">Choose everywhere');
    expect(nowhere.text).toContain('name="cost_line" value="on">');
    expect(nowhere.text).toContain('name="context_line" value="on" checked>');
    expect(await settings.guild(main)).toMatchObject({ showCost: true, allowedChannels: null });

    const off = await browser.post(path, { _csrf: csrf, ...keep, where: 'everywhere' });
    expect(off.status).toBe(303);
    expect(await settings.guild(main)).toMatchObject({
      showCost: false,
      showContext: true,
      fallback: false,
      answerInLanguage: false,
    });
    const page = await browser.request(`/guilds/${main}`);
    expect(page.text).toMatch(/name="cost_line" value="on">/);
    expect(page.text).toMatch(/name="answer_in_language" value="on">/);
    const plain = suite.ask({ prompt: 'no cost line please' }, { channelId: allowed });
    await settled(h, plain.id);
    const [text] = replyTexts(h, plain);
    expect(text).toContain('Echo: Member: no cost line please');
    expect(text).not.toContain('💰');

    const listed = new URLSearchParams({ _csrf: csrf, ...keep, cost_line: 'on', where: 'listed' });
    listed.append('channels', allowed);
    const restricted = await browser.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: listed.toString(),
    });
    expect(restricted.status).toBe(303);
    expect((await settings.guild(main)).allowedChannels).toEqual([allowed]);
    const [refused] = await waitForReply(h, suite.ask({ prompt: 'here?' }, { channelId: other }), ([first]) =>
      Boolean(first),
    );
    expect(refused).toBe(english.t('errors.channelNotAllowed'));
    await waitForReply(h, suite.ask({ prompt: 'and here?' }, { channelId: allowed }), (texts) =>
      texts.join('').includes('💰'),
    );
    // Back to everywhere, every line shown.
    await browser.post(path, {
      _csrf: csrf,
      ...keep,
      cost_line: 'on',
      answer_in_language: 'on',
      where: 'everywhere',
    });
    expect(await settings.guild(main)).toMatchObject({
      showCost: true,
      answerInLanguage: true,
      allowedChannels: null,
    });
    expect((await browser.request(`/guilds/${main}`)).text).toMatch(
      /name="answer_in_language" value="on" checked>/,
    );
    await browser.post(path, { _csrf: csrf, ...keep, cost_line: 'on', where: 'everywhere' });
    expect(await settings.guild(main)).toMatchObject({ answerInLanguage: false });
    await waitForIdle(h);
  });
});

describe('logins from one address', () => {
  it('are limited to 30 requests a minute (starts and callbacks)', async () => {
    const browser = new DashboardClient(base);
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await browser.request('/auth/login')).status);
    expect(answers.at(-1)).toBe(429);
    expect(answers.filter((status) => status === 302).length).toBeLessThan(31);
  });

  it('behind the trusted proxy, per client X-Forwarded-For names: one client spent is not another', async () => {
    const spent = new DashboardClient(base, { 'x-forwarded-for': '203.0.113.7' });
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await spent.request('/auth/login')).status);
    expect(answers.slice(0, 30).every((status) => status === 302)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const another = new DashboardClient(base, { 'x-forwarded-for': '203.0.113.8' });
    expect((await another.request('/auth/login')).status).toBe(302);
  });
});
