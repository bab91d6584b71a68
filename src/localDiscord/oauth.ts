/**
 * Discord's OAuth2 authorization-code flow, locally (for the dashboard's tests and the
 * playground): `GET /oauth2/authorize` authorizes as the local person chosen with `authorizeAs`
 * (Discord would show its consent screen) and redirects to `redirect_uri` with `code` and
 * `state`; `POST /api/v10/oauth2/token` exchanges a code (form-encoded, client id and secret in
 * the body or HTTP Basic) for a Bearer token, and `POST /api/v10/oauth2/token/revoke` (`token`,
 * the client's credentials likewise) revokes one, answering 200 whether it was known or not, as
 * RFC 7009 and Discord do; `GET /api/v10/users/@me` and `/users/@me/guilds`
 * answer with it, the guild list with each guild's `permissions` (a string) and `owner`, as in
 * Discord's OpenAPI description. Who is in which guild with which permissions is set with
 * `grant` (default: every guild with a member's permissions). Also GET /users/{id} and
 * GET /guilds/{id}, as Discord shows them to a bot.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { guildResource, localGuildName } from './guildJson.js';
import { type LocalUser, MEMBER_PERMISSIONS } from './model.js';
import type { DiscordState } from './state.js';

export interface OAuthGuild {
  readonly id: string;
  readonly name: string;
  readonly permissions: string;
  readonly owner: boolean;
}

export interface LocalOAuth {
  /** The client secret the token exchange requires (the client id is the application's). */
  clientSecret: string;
  /** Who GET /oauth2/authorize authorizes as (undefined: it answers 401 "not logged in"). */
  authorizeAs(user: LocalUser | undefined): void;
  /** Sets a person's guilds as /users/@me/guilds lists them (ids of guilds not local are listed too). */
  grant(user: LocalUser, guilds: readonly OAuthGuild[]): void;
  /** Tokens issued (for tests: revoke one by deleting it). */
  readonly tokens: Map<string, LocalUser>;
  /** Tokens revoked through POST /oauth2/token/revoke, in order. */
  readonly revoked: string[];
}

interface OAuthState extends LocalOAuth {
  user: LocalUser | undefined;
  readonly guilds: Map<string, readonly OAuthGuild[]>;
  readonly codes: Map<string, { user: LocalUser; redirectUri: string; clientId: string }>;
}

const states = new WeakMap<DiscordState, OAuthState>();

/** The local Discord's OAuth2 settings and records (made on first use). */
export function localOAuth(discord: DiscordState): LocalOAuth {
  let state = states.get(discord);
  if (!state) {
    const made: OAuthState = {
      clientSecret: 'local-client-secret',
      user: undefined,
      guilds: new Map(),
      codes: new Map(),
      tokens: new Map(),
      revoked: [],
      authorizeAs(user) {
        made.user = user;
      },
      grant(user, guilds) {
        made.guilds.set(user.id, guilds);
      },
    };
    state = made;
    states.set(discord, state);
  }
  return state;
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Whether the request carries this application's client id and secret (form fields or HTTP Basic). */
function clientAuthenticated(
  discord: DiscordState,
  state: OAuthState,
  req: IncomingMessage,
  form: URLSearchParams,
): boolean {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
  const clientId = form.get('client_id') ?? basicId;
  const secret = form.get('client_secret') ?? basicSecret;
  return clientId === discord.applicationId && secret === state.clientSecret;
}

function guildsOf(discord: DiscordState, state: OAuthState, user: LocalUser): readonly OAuthGuild[] {
  return (
    state.guilds.get(user.id) ??
    discord.guilds.map((guild, index) => ({
      id: guild.id,
      name: localGuildName(index),
      permissions: MEMBER_PERMISSIONS,
      owner: false,
    }))
  );
}

/** The fields Discord's UserResponse and UserPIIResponse both require. */
const userFields = (user: LocalUser) => ({
  id: user.id,
  username: user.username,
  discriminator: '0',
  global_name: user.global_name,
  avatar: null,
  public_flags: 0,
  flags: 0,
});

/** Answers an OAuth2 request and returns true, or returns false for any other route. */
export function routeOAuth(discord: DiscordState, req: IncomingMessage, res: ServerResponse): boolean {
  const url = new URL(req.url ?? '/', 'http://local');
  const path = url.pathname.replace(/^\/api\/v\d+/, '');
  const method = req.method ?? 'GET';
  const state = localOAuth(discord) as OAuthState;
  if (method === 'GET' && url.pathname === '/oauth2/authorize') {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const clientId = url.searchParams.get('client_id') ?? '';
    const scopes = (url.searchParams.get('scope') ?? '').split(' ');
    if (url.searchParams.get('response_type') !== 'code' || !URL.canParse(redirectUri))
      send(res, 400, { error: 'invalid_request' });
    else if (clientId !== discord.applicationId) send(res, 400, { error: 'invalid_client' });
    else if (!scopes.includes('identify')) send(res, 400, { error: 'invalid_scope' });
    else if (!state.user) send(res, 401, { error: 'nobody is logged in to the local Discord (authorizeAs)' });
    else {
      const code = randomBytes(16).toString('hex');
      state.codes.set(code, { user: state.user, redirectUri, clientId });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      const given = url.searchParams.get('state');
      if (given !== null) target.searchParams.set('state', given);
      res.writeHead(302, { location: target.href });
      res.end();
    }
    return true;
  }
  if (method === 'POST' && path === '/oauth2/token') {
    void formBody(req).then((form) => {
      if (!clientAuthenticated(discord, state, req, form)) return send(res, 401, { error: 'invalid_client' });
      if (form.get('grant_type') !== 'authorization_code')
        return send(res, 400, { error: 'unsupported_grant_type' });
      const code = state.codes.get(form.get('code') ?? '');
      state.codes.delete(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri') || code.clientId !== discord.applicationId)
        return send(res, 400, { error: 'invalid_grant' });
      const token = randomBytes(24).toString('hex');
      state.tokens.set(token, code.user);
      send(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 604_800,
        refresh_token: randomBytes(24).toString('hex'),
        scope: 'identify guilds',
      });
    });
    return true;
  }
  if (method === 'POST' && path === '/oauth2/token/revoke') {
    void formBody(req).then((form) => {
      if (!clientAuthenticated(discord, state, req, form)) return send(res, 401, { error: 'invalid_client' });
      const token = form.get('token');
      if (!token) return send(res, 400, { error: 'invalid_request' });
      if (state.tokens.delete(token)) state.revoked.push(token);
      send(res, 200, {});
    });
    return true;
  }
  if (method === 'GET' && (path === '/users/@me' || path === '/users/@me/guilds')) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer === undefined) return false; // the bot's own token: not OAuth2
    const user = state.tokens.get(bearer);
    if (!user) send(res, 401, { message: '401: Unauthorized', code: 0 });
    else if (path === '/users/@me')
      send(res, 200, { ...userFields(user), mfa_enabled: false, locale: 'en-US' });
    else
      send(
        res,
        200,
        guildsOf(discord, state, user).map((guild) => ({ ...guild, icon: null, banner: null, features: [] })),
      );
    return true;
  }
  // A guild by id, as Discord answers a bot (guildJson.ts): 200 where it is (the dashboard asks so), else 404.
  const guildId = /^\/guilds\/(\d{17,20})$/.exec(path)?.[1];
  if (method === 'GET' && guildId !== undefined && /^Bot /.test(req.headers.authorization ?? '')) {
    const guild = discord.guilds.find((candidate) => candidate.id === guildId);
    if (!guild) send(res, 404, { message: 'Unknown Guild', code: 10004 });
    else send(res, 200, guildResource(discord, guild, url.searchParams.get('with_counts') === 'true'));
    return true;
  }
  // A user by id, as Discord answers a bot (the dashboard reads members' names so).
  const userId = /^\/users\/(\d{17,20})$/.exec(path)?.[1];
  if (method === 'GET' && userId !== undefined) {
    const known = discord.members.get(userId);
    if (!known) send(res, 404, { message: 'Unknown User', code: 10013 });
    else send(res, 200, { ...userFields(known), primary_guild: null });
    return true;
  }
  return false;
}
