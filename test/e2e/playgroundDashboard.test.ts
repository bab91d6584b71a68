/**
 * `npm run playground` serves the bot's dashboard too: "Log in with Discord" there goes through
 * the local Discord's OAuth2 as Sam, the admin, who sees the playground's server and its spend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localOAuth } from '../../src/localDiscord/oauth.js';
import { type Playground, startPlayground } from '../../src/playground/playground.js';
import { DashboardClient } from '../helpers/dashboard.js';

let playground: Playground;
beforeAll(async () => {
  playground = await startPlayground({ onBotOutput: () => {} });
}, 60_000);
afterAll(() => playground?.close());

describe('the playground', () => {
  it("opens the dashboard as the admin, on the playground's server", async () => {
    const browser = new DashboardClient(playground.dashboardUrl);
    const start = await browser.request('/auth/login');
    const consent = await browser.request(start.headers.get('location') as string);
    expect(consent.status).toBe(302);
    expect((await browser.request(consent.headers.get('location') as string)).status).toBe(303);
    const home = await browser.request('/');
    expect(home.text).toContain('Sam');
    expect(home.text).toContain(`href="/guilds/${playground.discord.guildId}"`);
    const server = await browser.request(`/guilds/${playground.discord.guildId}`);
    expect(server.status).toBe(200);
    expect(server.text).toContain('Playground server');
    // The playground's page links to it ("Open dashboard (as Sam)").
    const page = await fetch(playground.url, { redirect: 'manual' });
    const key = page.headers.getSetCookie()[0]?.split(';')[0] as string;
    const state = (await (
      await fetch(new URL('/api/state', playground.url), { headers: { cookie: key } })
    ).json()) as { dashboardUrl: string; people: { key: string; id: string }[] };
    expect(state.dashboardUrl).toBe(playground.dashboardUrl);
    // The dashboard's Sam is the page's Sam (the one "Typing as" the admin).
    const admin = state.people.find((person) => person.key === 'admin');
    expect([...localOAuth(playground.discord).tokens.values()].map((user) => user.id)).toEqual([admin?.id]);
  });
});
