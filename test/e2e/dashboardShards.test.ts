/**
 * The dashboard when this process runs only some shards (SHARD_IDS=0 of 2), and a second bot
 * process runs shard 1 on the same store: a server on the other process's shard is not in this
 * gateway cache; that process publishes its shard's servers in the store (presence.ts), so the
 * dashboard lists it without asking Discord, while a server without the bot stays hidden and
 * refused (and an admin of 200 servers costs the bot no request to Discord). An edit of
 * the other process's server is applied by that process (editPoller.ts), in force at its next
 * request, and the page reads it back; a server's own key goes there sealed, never in the clear
 * in the store's inbox.
 */
import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITS_KEY } from '../../src/dashboard/editInbox.js';
import { guildsKey } from '../../src/dashboard/presence.js';
import { type LocalUser, SERVER_MANAGER_PERMISSIONS } from '../../src/localDiscord/localDiscord.js';
import { localOAuth } from '../../src/localDiscord/oauth.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';
import { serviceKeyStoreKey } from '../../src/settings/serviceKeys.js';
import {
  botRequestsSince,
  DashboardClient,
  dashboardEnv,
  dashboardUrl,
  managedServers,
} from '../helpers/dashboard.js';
import { useHarness } from '../helpers/e2e.js';

/** Both processes have it: servers' own keys can be kept (and sealed on their way). */
const DATA_ENCRYPTION_KEY = '7d'.repeat(32);
const suite = useHarness({
  discord: { shards: 2, guildsPerShard: 1 },
  env: (discord) => ({ ...dashboardEnv(discord), SHARD_COUNT: '2', SHARD_IDS: '0', DATA_ENCRYPTION_KEY }),
});
const { h } = suite;
const NOT_THE_BOTS = '123456789012345678';
let admin: LocalUser;
let shardOne: BotProcess;

afterAll(() => shardOne?.stop());

beforeAll(async () => {
  shardOne = startBotProcess(h.discord, h.service, {
    fromSource: true,
    databaseDir: dirname(h.config.databaseUrl.replace(/^sqlite:\/\//, '')),
    env: {
      ...dashboardEnv(h.discord),
      SHARD_COUNT: '2',
      SHARD_IDS: '1',
      DATABASE_URL: h.config.databaseUrl,
      DATA_ENCRYPTION_KEY,
      LOG_LEVEL: 'info',
    },
  });
  await h.discord.waitFor(
    () => h.discord.readyShards().length === 2 || undefined,
    30_000,
    'shard 1 to connect',
  );
  // Shard 1's process publishes its servers once connected (presence.ts).
  const until = Date.now() + 10_000;
  while ((await h.running.store.get(guildsKey(1, 2))) === undefined) {
    if (Date.now() > until) throw new Error("shard 1's process never published its servers");
    await delay(20);
  }
  admin = h.discord.user('sam', 'Sam');
  localOAuth(h.discord).grant(
    admin,
    [...h.discord.guilds.map((guild) => guild.id), NOT_THE_BOTS].map((id) => ({
      id,
      name: `Server ${id}`,
      permissions: SERVER_MANAGER_PERMISSIONS,
      owner: false,
    })),
  );
});

describe('the dashboard in the process of shard 0 of 2', () => {
  it("lists the servers of the other process's shard too, and no server without the bot", async () => {
    const other = h.discord.guilds.find((guild) => guild.shard === 1)?.id as string;
    expect(h.running.bot.client.guilds.cache.has(other)).toBe(false);
    const browser = new DashboardClient(dashboardUrl(h));
    await browser.login(h, admin);
    const home = await browser.request('/');
    for (const guild of h.discord.guilds) expect(home.text).toContain(`href="/guilds/${guild.id}"`);
    expect(home.text).not.toContain(NOT_THE_BOTS);
    expect((await browser.request(`/guilds/${other}`)).status).toBe(200);
    expect((await browser.request(`/guilds/${NOT_THE_BOTS}`)).status).toBe(403);
  });

  it('lists the servers of 200 managed that have the bot, on either shard, with no request to Discord that can fail', async () => {
    const many = h.discord.user('many', 'Many Servers');
    const withTheBot = h.discord.guilds.map((guild) => guild.id);
    localOAuth(h.discord).grant(many, managedServers(withTheBot, 200));
    const from = h.discord.requestLog.length;
    const browser = new DashboardClient(dashboardUrl(h));
    await browser.login(h, many);
    const home = await browser.request('/');
    const listed = [...home.text.matchAll(/href="\/guilds\/(\d+)"/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual([...withTheBot].sort());
    expect(h.discord.requestLog.slice(from).map((entry) => entry.route)).toContain('/users/@me/guilds');
    expect(botRequestsSince(h.discord, from)).toEqual([]);
    expect(h.discord.requestLog.slice(from).filter((entry) => entry.status >= 400)).toEqual([]);
  });

  it("applies an edit of the other process's server there: its next /ask is refused by it", async () => {
    const other = h.discord.guilds.find((guild) => guild.shard === 1) as (typeof h.discord.guilds)[number];
    const browser = new DashboardClient(dashboardUrl(h));
    await browser.login(h, admin);
    const csrf = await browser.csrf(`/guilds/${other.id}`);
    const saved = await browser.post(`/guilds/${other.id}/budget`, {
      _csrf: csrf,
      monthly: '0',
      daily_per_member: '',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/guilds/${other.id}?saved=1`);
    // That process logs the edit after storing its answer, and its pipe is read asynchronously.
    await expect.poll(() => shardOne.output(), { timeout: 15_000 }).toContain('dashboard edit applied');
    // A rule for a role that is not the server's: that process refuses it, and the page says why.
    const foreign = await browser.post(`/guilds/${other.id}/roles`, { _csrf: csrf, role: NOT_THE_BOTS });
    expect([foreign.status, foreign.text]).toEqual([
      400,
      expect.stringContaining('Not a role of this server'),
    ]);
    // The page reads the other process's server as stored.
    expect((await browser.request(`/guilds/${other.id}?saved=1`)).text).toContain(
      'name="monthly" inputmode="decimal" value="0"',
    );

    const asked = h.service.chatRequests().length;
    const ask = h.discord.sendCommand({
      name: 'ask',
      options: { prompt: 'hi' },
      channelId: other.channelIds[0] as string,
    });
    const text = await h.discord.waitFor(
      () => h.discord.replyMessages(ask)[0]?.content || undefined,
      20_000,
      'the refusal',
    );
    expect(text).toContain('monthly spending cap');
    expect(h.service.chatRequests()).toHaveLength(asked);
  });

  it("shows the other process's requests in progress, as it lists them", async () => {
    const other = h.discord.guilds.find((guild) => guild.shard === 1) as (typeof h.discord.guilds)[number];
    const browser = new DashboardClient(dashboardUrl(h));
    await browser.login(h, admin);
    let release = () => {};
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The cap set above would refuse: lift it first (an edit applied there again).
    const csrf = await browser.csrf(`/guilds/${other.id}`);
    await browser.post(`/guilds/${other.id}/budget`, { _csrf: csrf, monthly: '', daily_per_member: '' });
    h.service.enqueue({ text: 'held answer', chunks: 4, hold: { afterChunks: 1, until } });
    const ask = h.discord.sendCommand({
      name: 'ask',
      options: { prompt: 'hold' },
      channelId: other.channelIds[0] as string,
    });
    // The owning process lists the request once the service has it (the page reads it anew each time).
    await expect
      .poll(
        async () => {
          const page = (await browser.request(`/guilds/${other.id}`)).text;
          return /<table id="in-progress-table">.*?<\/table>/s.exec(page)?.[0] ?? '';
        },
        { timeout: 20_000, interval: 200 },
      )
      .toContain('<td>chat</td>');
    release();
    await h.discord.waitFor(
      () => h.discord.replyMessages(ask)[0]?.content.includes('💰') || undefined,
      20_000,
      'the final reply',
    );
  });
  it("sets and clears the other process's server's own key there, the key sealed on its way", async () => {
    const other = h.discord.guilds.find((guild) => guild.shard === 1)?.id as string;
    const key = 'sk-across-ZXCVBNM0987654321';
    const browser = new DashboardClient(dashboardUrl(h));
    await browser.login(h, admin);
    const csrf = await browser.csrf(`/guilds/${other}`);
    const saved = await browser.post(`/guilds/${other}/service-key`, { _csrf: csrf, key });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, `/guilds/${other}?saved=1`]);
    // Written by that process (the only writer of its servers' keys), sealed.
    const stored = JSON.stringify(await h.running.store.get(serviceKeyStoreKey(other)));
    expect(stored).toContain('"last4":"4321"');
    expect(stored).not.toContain(key);
    // The edit it took from the store held the key sealed only.
    const edits = JSON.stringify(await h.running.store.get(EDITS_KEY));
    expect(edits).toContain('"kind":"service-key-set"');
    expect(edits).not.toContain(key.slice(0, 12));
    expect(shardOne.output()).not.toContain(key.slice(0, 12));
    expect((await browser.request(`/guilds/${other}`)).text).toContain('ending in …4321, set by ');

    const cleared = await browser.post(`/guilds/${other}/service-key/clear`, { _csrf: csrf });
    expect(cleared.status).toBe(303);
    expect(await h.running.store.get(serviceKeyStoreKey(other))).toBeUndefined();
  });
});
