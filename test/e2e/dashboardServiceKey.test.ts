/**
 * A server's own service key and its paid plan on the dashboard (issue 31): the key is a
 * write-only field, as `/config service-key` has it (set from the page, then `/config
 * service-key show` names its last four; never in a page, an answer, a log line or an edit kept
 * in the store; a key that cannot be one refused with a message; cleared from the page; a member
 * without Manage Server can do neither); the plan (allowance left, credit, packs) shown with a
 * PLANS_FILE and not without; this month's spend split between the operator and the server's key.
 * Without DATA_ENCRYPTION_KEY the field says what the operator must set.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITS_KEY } from '../../src/dashboard/editInbox.js';
import { createFormats } from '../../src/i18n/format.js';
import {
  ADMIN_PERMISSIONS,
  type LocalUser,
  MEMBER_PERMISSIONS,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { localOAuth } from '../../src/localDiscord/oauth.js';
import { DashboardClient, dashboardEnv, dashboardUrl } from '../helpers/dashboard.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import type { Harness } from '../helpers/harness.js';

const SERVER_KEY = 'sk-dash-QWERTYUIOP98765432';
const LAST4 = '5432';
const DATA_ENCRYPTION_KEY = '5c'.repeat(16) + 'e1'.repeat(16);
const SERVER_SKU = '1300000000000000011';
const CREDIT_SKU = '1300000000000000013';
const money = (micros: number) => createFormats('en-US').money(micros, 'USD');

const plansFile = join(mkdtempSync(join(tmpdir(), 'dashboard-plans-')), 'plans.json');
writeFileSync(
  plansFile,
  JSON.stringify({
    freeMonthlyUsd: 0.5,
    skus: { [SERVER_SKU]: { kind: 'server', monthlyUsd: 20 }, [CREDIT_SKU]: { kind: 'credit', usd: 10 } },
  }),
);

/** Sam manages the first server; Alex is only a member there. */
function people(h: Harness): { admin: LocalUser; member: LocalUser } {
  const admin = h.discord.user('sam', 'Sam');
  const member = h.discord.user('alex', 'Alex');
  const entry = (permissions: string) => ({ id: h.discord.guildId, name: 'Main', permissions, owner: false });
  localOAuth(h.discord).grant(admin, [entry(SERVER_MANAGER_PERMISSIONS)]);
  localOAuth(h.discord).grant(member, [entry(MEMBER_PERMISSIONS)]);
  return { admin, member };
}

/** The page's section `id`, as HTML. */
const section = (html: string, id: string) =>
  new RegExp(`<section id="${id}">.*?</section>`, 's').exec(html)?.[0] ?? '';

describe('with DATA_ENCRYPTION_KEY and a plan file', () => {
  const suite = useHarness({
    env: (discord) => ({ ...dashboardEnv(discord), DATA_ENCRYPTION_KEY, PLANS_FILE: plansFile }),
  });
  const { h, ephemeralText } = suite;
  let admin: LocalUser;
  let member: LocalUser;
  let browser: DashboardClient;
  let page: string;
  /** Every answer the dashboard gave in this block, to check none holds the key. */
  const answers: string[] = [];
  const show = () =>
    ephemeralText(
      h.discord.sendCommand({
        name: 'config',
        subcommandGroup: 'service-key',
        subcommand: 'show',
        user: admin,
        permissions: ADMIN_PERMISSIONS,
      }),
    );
  const post = async (path: string, fields: Record<string, string>, as = browser) => {
    const answer = await as.post(`/guilds/${h.discord.guildId}${path}`, fields);
    answers.push(answer.text, JSON.stringify([...answer.headers]));
    return answer;
  };
  const read = async () => {
    const answer = await browser.request(`/guilds/${h.discord.guildId}`);
    answers.push(answer.text);
    return answer.text;
  };

  beforeAll(async () => {
    ({ admin, member } = people(h));
    h.discord.monetization.addSku({ id: SERVER_SKU, type: 5, name: 'Server Plus' });
    h.discord.monetization.addSku({ id: CREDIT_SKU, type: 3, name: 'Credit 10' });
    page = `/guilds/${h.discord.guildId}`;
    browser = new DashboardClient(dashboardUrl(h));
    await browser.login(h, admin);
  });

  it('sets the key from the page: /config service-key show names its last four, and the page only those', async () => {
    const before = section(await read(), 'service-key');
    expect(before).toContain(english.t('dashboard.keyNone'));
    expect(before).toMatch(/<input type="password" name="key" autocomplete="off"[^>]*required>/);
    expect(before).not.toContain('id="clear-service-key"');

    // Typed with spaces around it, as /config's form takes it: trimmed.
    const saved = await post('/service-key', { _csrf: await browser.csrf(page), key: `  ${SERVER_KEY} ` });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, `${page}?saved=1`]);
    const info = await h.running.bot.capabilities.serviceKeys?.info(h.discord.guildId);
    expect(info).toMatchObject({ last4: LAST4, setBy: admin.id });
    expect(await h.running.bot.capabilities.serviceKeys?.keyFor(h.discord.guildId)).toBe(SERVER_KEY);
    expect(await show()).toContain(`…${LAST4}`);

    const after = section(await read(), 'service-key');
    expect(after).toContain(`ending in …${LAST4}, set by Sam on `);
    expect(after).toContain('id="clear-service-key"');
  });

  it('refuses a key that cannot be one, saying why, without echoing it; the key set stays', async () => {
    const csrf = await browser.csrf(page);
    for (const bad of ['has a space inside 1234', '', 'x'.repeat(401)]) {
      const refused = await post('/service-key', { _csrf: csrf, key: bad });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(
        `<p class="error" id="service-key-error" role="alert">${english.t('dashboard.keyInvalid')}</p>`,
      );
      if (bad !== '') expect(refused.text).not.toContain(bad);
    }
    expect((await h.running.bot.capabilities.serviceKeys?.info(h.discord.guildId))?.last4).toBe(LAST4);
  });

  it('refuses a member without Manage Server: neither set nor cleared', async () => {
    const other = new DashboardClient(browser.base);
    await other.login(h, member);
    const csrf = await other.csrf('/');
    expect((await other.request(page)).status).toBe(403);
    const set = await post('/service-key', { _csrf: csrf, key: 'sk-member-0000000000001' }, other);
    const cleared = await post('/service-key/clear', { _csrf: csrf }, other);
    expect([set.status, cleared.status]).toEqual([403, 403]);
    expect(await h.running.bot.capabilities.serviceKeys?.keyFor(h.discord.guildId)).toBe(SERVER_KEY);
  });

  it('clears the key from the page: /config service-key show says there is none', async () => {
    const cleared = await post('/service-key/clear', { _csrf: await browser.csrf(page) });
    expect([cleared.status, cleared.headers.get('location')]).toEqual([303, `${page}?saved=1`]);
    expect(await h.running.bot.capabilities.serviceKeys?.info(h.discord.guildId)).toBeUndefined();
    expect(await show()).toBe(english.t('config.serviceKeyNone'));
    const after = section(await read(), 'service-key');
    expect(after).toContain(english.t('dashboard.keyNone'));
    expect(after).not.toContain('id="clear-service-key"');
  });

  it('kept the key out of every answer, log line and edit in the store', async () => {
    expect(answers.length).toBeGreaterThan(5);
    for (const text of [...answers, ...h.logs]) expect(text).not.toContain(SERVER_KEY.slice(0, 12));
    expect(JSON.stringify((await h.running.store.get(EDITS_KEY)) ?? null)).not.toContain(SERVER_KEY);
  });

  it("shows the plan, the allowance left, the credit and its packs, and who paid this month's spend", async () => {
    const { ledger } = h.running.bot.capabilities.spend;
    const base = {
      guildId: h.discord.guildId,
      channelId: h.discord.channelIds[0] as string,
      estimated: false,
    };
    const image = { ...base, kind: 'image', model: 'service-image-v1', size: '512x512', n: 1 } as const;
    const entry = { ...image, outcome: 'completed', imagesDelivered: 1, userId: member.id } as const;
    await ledger.charge({ ...entry, id: 'by-operator', time: Date.now() });
    await ledger.charge({ ...entry, id: 'by-key', time: Date.now(), paidBy: 'serverKey' });
    const month = [...(await ledger.monthTotals(h.discord.guildId)).values()].at(-1);
    const cost = month?.serverKey?.costMicros ?? 0;
    expect(cost).toBeGreaterThan(0);
    const plan = section(await read(), 'plan');
    expect(plan).toContain(
      english.t('dashboard.planLine', {
        plan: english.t('dashboard.planFree'),
        left: money(500_000 - cost),
        allowance: money(500_000),
        credit: money(0),
      }),
    );
    expect(plan).toContain(english.t('dashboard.noPacks'));
    expect(plan).toContain(
      `<p id="who-paid">${english.t('dashboard.whoPaid', { operator: money(cost), serverKey: money(cost), count: 1 })}</p>`,
    );

    // Bought in Discord's store: the page reads them as the bot learns of them.
    h.discord.monetization.grantEntitlement({ skuId: SERVER_SKU, guildId: h.discord.guildId });
    h.discord.monetization.grantEntitlement({ skuId: CREDIT_SKU, guildId: h.discord.guildId });
    const credited = new RegExp(
      `<table id="credit-packs">.*<td class="n">${money(10_000_000).replace('$', '\\$')}</td>`,
      's',
    );
    await expect.poll(async () => section(await read(), 'plan'), { timeout: 10_000 }).toMatch(credited);
    await expect
      .poll(async () => section(await read(), 'plan'), { timeout: 10_000 })
      .toContain(
        english.t('dashboard.planLine', {
          plan: english.t('dashboard.planSubscribed', { count: 1 }),
          left: money(20_500_000 - cost),
          allowance: money(20_500_000),
          credit: money(10_000_000),
        }),
      );
  });
});

describe('without DATA_ENCRYPTION_KEY or a plan file', () => {
  const { h } = useHarness({ env: (discord) => dashboardEnv(discord) });

  it('says what the operator must set instead of the field, refuses a key sent anyway, and shows no plan', async () => {
    const { admin } = people(h);
    const browser = new DashboardClient(dashboardUrl(h));
    await browser.login(h, admin);
    const path = `/guilds/${h.discord.guildId}`;
    const html = (await browser.request(path)).text;
    const keys = section(html, 'service-key');
    expect(keys).toContain(english.t('dashboard.keyNeedsEncryption'));
    expect(keys).toContain('DATA_ENCRYPTION_KEY');
    expect(keys).not.toContain('name="key"');
    const plan = section(html, 'plan');
    expect(plan).not.toContain('id="plan-line"');
    expect(plan).toContain('id="who-paid"');
    const sent = await browser.post(`${path}/service-key`, {
      _csrf: await browser.csrf(path),
      key: SERVER_KEY,
    });
    expect(sent.status).toBe(400);
    expect(sent.text).toContain(
      `id="service-key-error" role="alert">${english.t('dashboard.keyNeedsEncryption')}`,
    );
    expect(sent.text).not.toContain(SERVER_KEY);
    expect(h.running.bot.capabilities.serviceKeys).toBeUndefined();
  });
});
