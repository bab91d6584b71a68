/**
 * The dashboard's web server through fastify's inject, with real sessions in a real store: the
 * cookies behind an https PUBLIC_URL (the session's `__Host-` prefixed, Secure, Path=/, no
 * Domain), the login rate limit keyed on the socket's address unless the proxy is trusted, and a
 * logout whose token revocation fails (logged without the token; the logout completes).
 */
import { describe, expect, it } from 'vitest';
import type { DiscordOAuth } from '../../../src/dashboard/discordOAuth.js';
import { buildServer, type DashboardDeps } from '../../../src/dashboard/server.js';
import { createSessions, sessionStoreKey } from '../../../src/dashboard/sessions.js';
import type { Store } from '../../../src/lib/store.js';
import { freshStore } from '../../helpers/tempStore.js';

const TOKEN = 'discord-access-token-0123456789abcdef';

function server(store: Store, options: Partial<DashboardDeps> = {}) {
  const revoked: string[] = [];
  const warnings: unknown[][] = [];
  const oauth: DiscordOAuth = {
    authorizeUrl: (state) => `https://discord.example/oauth2/authorize?state=${state}`,
    exchange: async () => TOKEN,
    user: async () => ({ id: '111111111111111111', name: 'Sam' }),
    guilds: async () => [],
    revoke: async (token) => {
      revoked.push(token);
      return undefined;
    },
  };
  const { app } = buildServer({
    publicUrl: 'https://bot.example.com',
    sessions: createSessions(store, 'client-secret'),
    oauth,
    botIn: () => true,
    now: () => Date.now(),
    onError: () => {},
    logger: { warn: (...args: unknown[]) => warnings.push(args) },
    ...options,
  });
  return { app, oauth, revoked, warnings };
}

/** Logs in through /auth/login and /auth/callback; returns the session cookie's Set-Cookie line. */
async function login(app: ReturnType<typeof server>['app']): Promise<string> {
  const start = await app.inject({ method: 'GET', url: '/auth/login' });
  const state = new URL(start.headers.location as string).searchParams.get('state') as string;
  const callback = await app.inject({
    method: 'GET',
    url: `/auth/callback?code=x&state=${state}`,
    cookies: { dashboard_login: state },
  });
  expect(callback.statusCode).toBe(303);
  const lines = ([] as string[]).concat(callback.headers['set-cookie'] ?? []);
  return lines.find((line) => line.includes('dashboard_session=')) as string;
}

describe('the dashboard behind https', () => {
  it('marks both cookies Secure, and binds the callback to the state cookie', async () => {
    const { store } = await freshStore();
    const { app } = server(store);
    const start = await app.inject({ method: 'GET', url: '/auth/login' });
    expect(start.statusCode).toBe(302);
    const state = new URL(start.headers.location as string).searchParams.get('state') as string;
    const loginCookie = String(start.headers['set-cookie']);
    expect(loginCookie).toMatch(
      /^dashboard_login=.+; Max-Age=600; Path=\/auth; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(await login(app)).toMatch(/HttpOnly; Secure; SameSite=Lax$/);
    const without = await app.inject({ method: 'GET', url: `/auth/callback?code=x&state=${state}` });
    expect(without.statusCode).toBe(400);
    await app.close();
  });

  it('names the session cookie __Host-dashboard_session (Secure, Path=/, no Domain) and reads only that one', async () => {
    const { store } = await freshStore();
    const { app } = server(store);
    const line = await login(app);
    expect(line).toMatch(
      /^__Host-dashboard_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(line).not.toMatch(/Domain=/i);
    const id = /^__Host-dashboard_session=([^;]+)/.exec(line)?.[1] as string;
    const home = await app.inject({ method: 'GET', url: '/', cookies: { '__Host-dashboard_session': id } });
    expect(home.body).toContain('id="who"');
    // The unprefixed name (which a sibling subdomain or plain http could have set) opens nothing.
    const plain = await app.inject({ method: 'GET', url: '/', cookies: { dashboard_session: id } });
    expect(plain.body).toContain('id="login"');
    await app.close();
  });
});

describe('the login rate limit', () => {
  const fromClients = async (app: ReturnType<typeof server>['app'], remoteAddress: string) => {
    const statuses: number[] = [];
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      statuses.push(
        (
          await app.inject({
            method: 'GET',
            url: '/auth/login',
            remoteAddress,
            headers: { 'x-forwarded-for': client },
          })
        ).statusCode,
      );
    return statuses;
  };

  it('keys on the socket address, whatever X-Forwarded-For says, unless the proxy is trusted', async () => {
    const { store } = await freshStore();
    const untrusted = server(store, { loginsPerMinute: 2 });
    expect(await fromClients(untrusted.app, '127.0.0.1')).toEqual([302, 302, 429]);
    await untrusted.app.close();
    // A trusted proxy's clients each have their own budget; another sender's header is ignored.
    const trusted = server(store, { loginsPerMinute: 2, trustedProxies: ['127.0.0.1', '10.0.0.0/8'] });
    expect(await fromClients(trusted.app, '10.1.2.3')).toEqual([302, 302, 302]);
    expect(await fromClients(trusted.app, '203.0.113.9')).toEqual([302, 302, 429]);
    // A client writing its own X-Forwarded-For entries before the proxy's does not change its key.
    const spoofed = await Promise.all(
      ['a', 'b', 'c'].map((_, i) =>
        trusted.app.inject({
          method: 'GET',
          url: '/auth/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `192.0.2.${i + 10}, 198.51.100.50` },
        }),
      ),
    );
    expect(spoofed.map((answer) => answer.statusCode).sort()).toEqual([302, 302, 429]);
    await trusted.app.close();
  });
});

describe('logout', () => {
  it("revokes the session's Discord token, and completes when Discord refuses, logging no token", async () => {
    const { store } = await freshStore();
    for (const refuse of [false, true]) {
      const dashboard = server(store, { publicUrl: 'http://127.0.0.1:8787' });
      if (refuse) dashboard.oauth.revoke = async () => 'Discord answered 503';
      const id = /^dashboard_session=([^;]+)/.exec(await login(dashboard.app))?.[1] as string;
      const home = await dashboard.app.inject({
        method: 'GET',
        url: '/',
        cookies: { dashboard_session: id },
      });
      const csrf = /name="_csrf" value="([^"]+)"/.exec(home.body)?.[1] as string;
      const out = await dashboard.app.inject({
        method: 'POST',
        url: '/auth/logout',
        cookies: { dashboard_session: id },
        headers: { origin: 'http://127.0.0.1:8787' },
        payload: { _csrf: csrf },
      });
      expect(out.statusCode).toBe(303);
      expect(await store.get(sessionStoreKey(id))).toBeUndefined();
      expect(String(out.headers['set-cookie'])).toMatch(/^dashboard_session=; Max-Age=0/);
      expect(dashboard.revoked).toEqual(refuse ? [] : [TOKEN]);
      expect(dashboard.warnings).toHaveLength(refuse ? 1 : 0);
      if (refuse) {
        expect(JSON.stringify(dashboard.warnings)).toContain('Discord answered 503');
        expect(JSON.stringify(dashboard.warnings)).not.toContain(TOKEN);
      }
      await dashboard.app.close();
    }
  });
});

describe('the return path after login', () => {
  /** Starts a login with `next`, and ends it with the cookie as set (or `planted`): the callback's Location. */
  async function landing(next: string, planted?: (state: string) => string): Promise<string> {
    const { store } = await freshStore();
    const { app } = server(store);
    const start = await app.inject({ method: 'GET', url: `/auth/login?next=${encodeURIComponent(next)}` });
    const state = new URL(start.headers.location as string).searchParams.get('state') as string;
    const set = String(start.headers['set-cookie']).split(';')[0] as string;
    const cookie = planted ? `dashboard_login=${encodeURIComponent(planted(state))}` : set;
    const callback = await app.inject({
      method: 'GET',
      url: `/auth/callback?code=x&state=${state}`,
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(303);
    await app.close();
    return callback.headers.location as string;
  }

  it('comes back to the page the login started from', async () => {
    const page = '/guilds/123456789012345678?from=2026-11-01&to=2026-11-05';
    expect(await landing(page)).toBe(page);
  });

  it('goes to / for a path of another site, given to the login or planted in its cookie', async () => {
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil', '/\t/evil.example']) {
      expect(await landing(next), next).toBe('/');
      expect(await landing('/', (state) => `${state}|${next}`), next).toBe('/');
    }
  });
});
