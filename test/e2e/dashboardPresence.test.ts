/**
 * Where the bot is, for the dashboard of one process running every shard (here 2): its gateway
 * cache says, so an admin who manages 200 servers (two with the bot) logs in and sees the two
 * without the bot asking Discord anything with its token: no GET /guilds/{id} for the servers
 * without it, whose 403s Discord would count toward its ban at 10,000 invalid requests in 10
 * minutes (test/e2e/dashboardShards.test.ts: the same when processes split the shards).
 */
import { describe, expect, it } from 'vitest';
import { localOAuth } from '../../src/localDiscord/oauth.js';
import {
  botRequestsSince,
  DashboardClient,
  dashboardEnv,
  dashboardUrl,
  managedServers,
} from '../helpers/dashboard.js';
import { useHarness } from '../helpers/e2e.js';

const { h } = useHarness({
  discord: { shards: 2, guildsPerShard: 1 },
  env: (discord) => ({ ...dashboardEnv(discord), SHARD_COUNT: '2' }),
});

describe('a login to the dashboard of one process', () => {
  it('lists the servers of 200 managed that have the bot, with no request to Discord that can fail', async () => {
    const admin = h.discord.user('many', 'Many Servers');
    const withTheBot = h.discord.guilds.map((guild) => guild.id);
    const guilds = managedServers(withTheBot, 200);
    localOAuth(h.discord).grant(admin, guilds);
    const from = h.discord.requestLog.length;
    const browser = new DashboardClient(dashboardUrl(h));
    await browser.login(h, admin);
    const home = await browser.request('/');
    const listed = [...home.text.matchAll(/href="\/guilds\/(\d+)"/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual([...withTheBot].sort());
    expect((await browser.request(`/guilds/${guilds[150]?.id}`)).status).toBe(403);
    // The log has the login's own requests (OAuth2's, with the person's token), and nothing else.
    expect(h.discord.requestLog.slice(from).map((entry) => entry.route)).toContain('/users/@me/guilds');
    expect(botRequestsSince(h.discord, from)).toEqual([]);
    expect(h.discord.requestLog.slice(from).filter((entry) => entry.status >= 400)).toEqual([]);
  });
});
