/** The login's cookies behind an https PUBLIC_URL: Secure, HttpOnly, SameSite=Lax (fastify inject). */
import { describe, expect, it } from 'vitest';
import type { DiscordOAuth } from '../../../src/dashboard/discordOAuth.js';
import { buildServer } from '../../../src/dashboard/server.js';
import type { Sessions } from '../../../src/dashboard/sessions.js';

const oauth: DiscordOAuth = {
  authorizeUrl: (state) => `https://discord.example/oauth2/authorize?state=${state}`,
  exchange: async () => 'token',
  user: async () => ({ id: '111111111111111111', name: 'Sam' }),
  guilds: async () => [],
};
const sessions: Sessions = {
  create: async (fields, now) => ({ id: 'a'.repeat(43), session: { ...fields, csrf: 'c', createdAt: now } }),
  get: async () => undefined,
  update: async () => {},
  remove: async () => {},
};

describe('the dashboard behind https', () => {
  it('marks both cookies Secure, and binds the callback to the state cookie', async () => {
    const { app } = buildServer({
      publicUrl: 'https://bot.example.com',
      sessions,
      oauth,
      botIn: () => true,
      now: () => Date.now(),
      onError: () => {},
    });
    const start = await app.inject({ method: 'GET', url: '/auth/login' });
    expect(start.statusCode).toBe(302);
    const state = new URL(start.headers.location as string).searchParams.get('state') as string;
    const loginCookie = String(start.headers['set-cookie']);
    expect(loginCookie).toMatch(
      /^dashboard_login=.+; Max-Age=600; Path=\/auth; HttpOnly; Secure; SameSite=Lax$/,
    );
    const callback = await app.inject({
      method: 'GET',
      url: `/auth/callback?code=x&state=${state}`,
      cookies: { dashboard_login: state },
    });
    expect(callback.statusCode).toBe(303);
    const cookies = ([] as string[]).concat(callback.headers['set-cookie'] ?? []);
    const session = cookies.find((line) => line.startsWith('dashboard_session='));
    expect(session).toMatch(/HttpOnly; Secure; SameSite=Lax$/);
    const without = await app.inject({ method: 'GET', url: `/auth/callback?code=x&state=${state}` });
    expect(without.statusCode).toBe(400);
    await app.close();
  });
});
