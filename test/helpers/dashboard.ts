/**
 * The dashboard in tests: the harness's bot with DASHBOARD_PORT=0 and the local Discord's OAuth2
 * client secret, the port it bound (read from its log line), and a small HTTP client with a
 * cookie jar that logs in through the local Discord's OAuth2 as a chosen person.
 */
import {
  type LocalDiscord,
  type LocalUser,
  SERVER_MANAGER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { localOAuth } from '../../src/localDiscord/oauth.js';
import type { Harness } from './harness.js';

export const dashboardEnv = (discord: LocalDiscord): Record<string, string> => ({
  DASHBOARD_PORT: '0',
  DISCORD_CLIENT_SECRET: localOAuth(discord).clientSecret,
});

/** The dashboard's address, from the bot's `dashboard listening` log line. */
export function dashboardUrl(h: Harness): string {
  const line = [...h.logs].reverse().find((entry) => entry.includes('"dashboard listening"'));
  if (!line) throw new Error('the dashboard did not start');
  return (JSON.parse(line) as { publicUrl: string }).publicUrl;
}

/** The requests the bot made with its own token since the request log's index `from` (all but OAuth2's). */
export const botRequestsSince = (discord: LocalDiscord, from: number) =>
  discord.requestLog.slice(from).filter((entry) => !/^\/(oauth2\/|users\/@me)/.test(entry.route));

/**
 * A guild list as `/users/@me/guilds` gives it to someone who manages `count` servers: those of
 * `withTheBot`, then servers without the bot, spread over every shard.
 */
export function managedServers(withTheBot: readonly string[], count: number, name = 'Server') {
  const others = Array.from({ length: count - withTheBot.length }, (_, i) =>
    (200_000_000_000_000_000n + BigInt(i) * (1n << 22n)).toString(),
  );
  return [...withTheBot, ...others].map((id) => ({
    id,
    name: `${name} ${id}`,
    permissions: SERVER_MANAGER_PERMISSIONS,
    owner: false,
  }));
}

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
}

/**
 * A browser-like HTTP client: keeps cookies, follows nothing unless told. `headers` go with every
 * request to the dashboard (e.g. the X-Forwarded-For a reverse proxy would add for this browser).
 */
export class DashboardClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      const text = value.join('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || text === '') this.cookies.delete(name ?? '');
      else this.cookies.set(name ?? '', text);
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<Answer> {
    const url = path.startsWith('http') ? path : `${this.base}${path}`;
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers = new Headers(init.headers);
    if (url.startsWith(this.base))
      for (const [name, value] of Object.entries(this.headers))
        if (!headers.has(name)) headers.set(name, value);
    if (cookie && url.startsWith(this.base)) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    if (url.startsWith(this.base)) this.remember(response);
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  /** A form POST as the dashboard's own page sends it (Origin set), with these fields. */
  post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.base, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Logs in through the local Discord's OAuth2 as `user`; returns the callback's answer. */
  async login(h: Harness, user: LocalUser): Promise<Answer> {
    localOAuth(h.discord).authorizeAs(user);
    const start = await this.request('/auth/login');
    const authorize = start.headers.get('location');
    if (start.status !== 302 || !authorize) throw new Error(`login did not redirect: ${start.status}`);
    const consent = await this.request(authorize);
    const callback = consent.headers.get('location');
    if (consent.status !== 302 || !callback) throw new Error(`authorize refused: ${consent.text}`);
    return this.request(callback);
  }

  /** The CSRF token of the page at `path` (its forms' hidden field). */
  async csrf(path = '/'): Promise<string> {
    const page = await this.request(path);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    if (!token) throw new Error(`no CSRF token on ${path}`);
    return token;
  }
}
