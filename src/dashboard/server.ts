/**
 * The dashboard's web server (fastify, with @fastify/cookie and @fastify/formbody), its login
 * with Discord and its logout. Guild pages are in guildRoutes.ts; sessions in sessions.ts.
 *
 * - Login: GET /auth/login (rate-limited per address) sets a short-lived HttpOnly cookie holding
 *   a random `state` and redirects to Discord's authorize page; GET /auth/callback accepts the
 *   code only with that `state` and that cookie (another browser's or site's callback fails),
 *   exchanges it, reads the user and the guild list, and starts a server-side session.
 * - Return after login: GET /auth/login?next=<path> keeps the path in the same cookie as the
 *   `state` (only a path of this site, security.ts safeReturnPath: never `//host`, `https://…`
 *   or a backslash), and the callback redirects there, else to `/`. A server page opened in a
 *   browser without a session sends it to /auth/login?next=<that page> (guildRoutes.ts).
 * - The session cookie: HttpOnly, SameSite=Lax, Path=/; under an https PUBLIC_URL Secure and
 *   named with the `__Host-` prefix (the browser then refuses it from any other origin, a sibling
 *   subdomain included, and over plain http).
 * - Logout deletes the session and revokes its Discord access token (a failed revoke is logged,
 *   without the token, and the logout still completes).
 * - The login rate limit keys on the socket's address, or, from a proxy listed in
 *   DASHBOARD_TRUSTED_PROXY, on the client address X-Forwarded-For gives (fastify's trustProxy).
 * - Content-Security-Policy: no script, no other site, and only the pages' own stylesheet (by its
 *   hash, STYLE_HASH).
 * - Every page is in the viewer's language (language.ts, from Accept-Language), so every
 *   answer says `Vary: Accept-Language`.
 * - Every write (POST) needs the Origin of PUBLIC_URL and the session's CSRF token (form field
 *   `_csrf` or header `x-csrf-token`): 403 otherwise.
 */

import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Logger } from '../lib/logger.js';
import type { DiscordOAuth } from './discordOAuth.js';
import { wordsFor } from './language.js';
import { guildListPage, loginPage, refusedPage } from './pages.js';
import { canManageGuild, newToken, safeReturnPath, sameOrigin, sameToken } from './security.js';
import { GUILDS_FRESH_MS, SESSION_TTL_MS, type Session, type Sessions } from './sessions.js';
import { STYLE } from './style.js';

/**
 * The one stylesheet pages may use, by its hash: the pages' own <style> (style.ts), and no
 * other (no injected <style>, no style attribute), never a script.
 */
export const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

export const SESSION_COOKIE = 'dashboard_session';
/** The session cookie's name under https: the browser keeps it Secure, host-only and on Path=/. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const STATE_COOKIE = 'dashboard_login';
const STATE_TTL_S = 600;

export interface DashboardDeps {
  readonly publicUrl: string;
  readonly sessions: Sessions;
  readonly oauth: DiscordOAuth;
  /** Whether the bot is in the guild (presence.ts), once `refreshPresence` asked about it. */
  botIn(guildId: string): boolean;
  readonly refreshPresence?: (guildIds: readonly string[]) => Promise<void>;
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
  /** Login requests (starts and callbacks) allowed per address and minute (default 30). */
  readonly loginsPerMinute?: number;
  /** Reverse proxies whose X-Forwarded-For names the client (DASHBOARD_TRUSTED_PROXY); none: the socket's address. */
  readonly trustedProxies?: readonly string[];
  readonly logger: Pick<Logger, 'warn'>;
}

/** The signed-in session of a request, its guild list refreshed when stale. */
export interface Signed {
  readonly id: string;
  readonly session: Session;
}

export function buildServer(deps: DashboardDeps): {
  app: FastifyInstance;
  signedIn(request: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
  writeAllowed(request: FastifyRequest, signed: Signed): boolean;
} {
  const secure = deps.publicUrl.startsWith('https:');
  const trustProxy = deps.trustedProxies?.length ? [...deps.trustedProxies] : false;
  const app = Fastify({ logger: false, trustProxy, bodyLimit: 16 * 1024 });
  void app.register(cookie);
  void app.register(formbody);
  const logins = new RateLimiterMemory({ points: deps.loginsPerMinute ?? 30, duration: 60 });
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  const sessionCookie = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header(
      'content-security-policy',
      `default-src 'none'; style-src '${STYLE_HASH}'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    // Pages are in the language Accept-Language asks for (language.ts).
    reply.header('vary', 'Accept-Language');
  });
  app.setErrorHandler((error, _request, reply) => {
    deps.onError(error);
    void reply.code(500).type('text/plain').send('internal error');
  });

  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined> {
    const id = request.cookies[sessionCookie];
    const now = deps.now();
    const session = await deps.sessions.get(id, now);
    if (!session || id === undefined) return undefined;
    const managed = (list: Session['guilds']) => list.filter(canManageGuild).map((guild) => guild.id);
    if (now - session.guildsAt <= GUILDS_FRESH_MS) {
      await deps.refreshPresence?.(managed(session.guilds));
      return { id, session };
    }
    const guilds = await deps.oauth.guilds(session.accessToken);
    if (!guilds) {
      // The token was revoked or expired: the session ends.
      await deps.sessions.remove(id);
      void reply.clearCookie(sessionCookie, cookieOptions);
      return undefined;
    }
    const fresh = { ...session, guilds, guildsAt: now };
    await deps.sessions.update(id, fresh);
    await deps.refreshPresence?.(managed(guilds));
    return { id, session: fresh };
  }

  function writeAllowed(request: FastifyRequest, signed: Signed): boolean {
    const body = request.body as Record<string, unknown> | undefined;
    const token = request.headers['x-csrf-token'] ?? body?._csrf;
    return (
      sameOrigin(new URL(deps.publicUrl).origin, request.headers.origin, request.headers.referer) &&
      sameToken(token, signed.session.csrf)
    );
  }

  const limited = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    try {
      await logins.consume(request.ip);
      return false;
    } catch {
      const words = wordsFor(request);
      void reply
        .code(429)
        .header('retry-after', '60')
        .type('text/html')
        .send(loginPage(words, words.t('tooManyLogins')));
      return true;
    }
  };

  app.get('/', async (request, reply) => {
    const signed = await signedIn(request, reply);
    const words = wordsFor(request);
    if (!signed) return reply.type('text/html').send(loginPage(words));
    const { session } = signed;
    const visible = session.guilds.filter((guild) => manageableIn(session, guild.id, deps.botIn));
    return reply
      .type('text/html')
      .send(
        guildListPage(
          { title: words.t('yourServers'), words, who: { name: session.userName, csrf: session.csrf } },
          visible,
        ),
      );
  });

  app.get('/auth/login', async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const state = newToken();
    // The return path rides with the state (`state|path`): set and read together, checked twice.
    const next = safeReturnPath((request.query as Record<string, unknown>).next);
    void reply.setCookie(STATE_COOKIE, next ? `${state}|${next}` : state, {
      ...cookieOptions,
      path: '/auth',
      maxAge: STATE_TTL_S,
    });
    return reply.redirect(deps.oauth.authorizeUrl(state));
  });

  app.get('/auth/callback', async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const query = request.query as Record<string, unknown>;
    const [expected, ...path] = (request.cookies[STATE_COOKIE] ?? '').split('|');
    const next = safeReturnPath(path.join('|')) ?? '/';
    void reply.clearCookie(STATE_COOKIE, { ...cookieOptions, path: '/auth' });
    const words = wordsFor(request);
    const refuse = (why: Parameters<typeof words.t>[0]) =>
      reply
        .code(400)
        .type('text/html')
        .send(loginPage(words, words.t(why)));
    if (!sameToken(query.state, expected)) return refuse('loginState');
    if (typeof query.code !== 'string') return refuse('loginNotAuthorized');
    const token = await deps.oauth.exchange(query.code);
    const user = token === undefined ? undefined : await deps.oauth.user(token);
    const guilds = token === undefined ? undefined : await deps.oauth.guilds(token);
    if (token === undefined || !user || !guilds) return refuse('loginRefused');
    const now = deps.now();
    const { id } = await deps.sessions.create(
      { userId: user.id, userName: user.name, accessToken: token, guilds, guildsAt: now },
      now,
    );
    void reply.setCookie(sessionCookie, id, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
    return reply.redirect(next, 303);
  });

  app.post('/auth/logout', async (request, reply) => {
    const signed = await signedIn(request, reply);
    if (!signed) return reply.redirect('/', 303);
    if (!writeAllowed(request, signed)) {
      const words = wordsFor(request);
      const who = { name: signed.session.userName, csrf: signed.session.csrf };
      return reply
        .code(403)
        .type('text/html')
        .send(refusedPage({ title: words.t('product'), words, who }, words.t('staleForm')));
    }
    await deps.sessions.remove(signed.id);
    const failed = await deps.oauth.revoke(signed.session.accessToken);
    if (failed !== undefined)
      deps.logger.warn(
        { userId: signed.session.userId, reason: failed },
        'dashboard: Discord did not revoke the access token at logout; the session is ended',
      );
    void reply.clearCookie(sessionCookie, cookieOptions);
    return reply.redirect('/', 303);
  });

  return { app, signedIn, writeAllowed };
}

/** Whether the session may see and manage `guildId`: Manage Server there, and the bot in it. */
export function manageableIn(
  session: Session,
  guildId: string,
  botIn: (guildId: string) => boolean,
): boolean {
  const entry = session.guilds.find((guild) => guild.id === guildId);
  return entry !== undefined && canManageGuild(entry) && botIn(guildId);
}
