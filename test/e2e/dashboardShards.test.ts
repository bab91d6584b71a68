/**
 * The dashboard when this process runs only some shards (SHARD_IDS=0 of 2): a server on
 * another process's shard is not in this gateway cache; the dashboard asks Discord whether the
 * bot is in it (GET /guilds/{id}, presence.ts) and lists it, while a server without the bot
 * stays hidden and refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type LocalUser, SERVER_MANAGER_PERMISSIONS } from '../../src/localDiscord/localDiscord.js';
import { localOAuth } from '../../src/localDiscord/oauth.js';
import { DashboardClient, dashboardEnv, dashboardUrl } from '../helpers/dashboard.js';
import { useHarness } from '../helpers/e2e.js';

const suite = useHarness({
  discord: { shards: 2, guildsPerShard: 1 },
  env: (discord) => ({ ...dashboardEnv(discord), SHARD_COUNT: '2', SHARD_IDS: '0' }),
});
const { h } = suite;
const NOT_THE_BOTS = '123456789012345678';
let admin: LocalUser;

beforeAll(() => {
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
});
