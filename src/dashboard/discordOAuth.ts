/**
 * Login with Discord, the client side of OAuth2's authorization-code flow (scopes `identify
 * guilds`): the authorize address, the code exchange, and the user and guild list the token
 * reads, and its revocation at logout. Discord's addresses derive from DISCORD_API_URL (its origin serves /oauth2/authorize,
 * as discord.com does), so the local Discord answers them in tests and the playground.
 */
import type { SessionGuild } from './sessions.js';

export const SCOPES = 'identify guilds';

export interface DiscordOAuth {
  authorizeUrl(state: string): string;
  /** The access token for a code, or undefined when Discord refuses it. */
  exchange(code: string): Promise<string | undefined>;
  user(token: string): Promise<{ id: string; name: string } | undefined>;
  guilds(token: string): Promise<SessionGuild[] | undefined>;
  /** Revokes an access token (POST /oauth2/token/revoke): undefined once done, else why not (never the token). */
  revoke(token: string): Promise<string | undefined>;
}

export interface DiscordOAuthOptions {
  /** DISCORD_API_URL, or undefined for Discord's. */
  readonly apiUrl: string | undefined;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
}

const TIMEOUT_MS = 10_000;

export function createDiscordOAuth(options: DiscordOAuthOptions): DiscordOAuth {
  const api = (options.apiUrl ?? 'https://discord.com/api').replace(/\/+$/, '');
  const origin = new URL(api).origin;
  const get = async (token: string, path: string): Promise<unknown> => {
    const response = await fetch(`${api}/v10${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return response.ok ? response.json() : undefined;
  };
  return {
    authorizeUrl(state) {
      const url = new URL('/oauth2/authorize', origin);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        scope: SCOPES,
        state,
        redirect_uri: options.redirectUri,
      }).toString();
      return url.href;
    },
    async exchange(code) {
      const response = await fetch(`${api}/v10/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: options.redirectUri,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { access_token?: unknown };
      return typeof body.access_token === 'string' ? body.access_token : undefined;
    },
    async revoke(token) {
      // As Discord documents it: form-encoded, the client's credentials in HTTP Basic.
      const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
      try {
        const response = await fetch(`${api}/v10/oauth2/token/revoke`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
          body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.body?.cancel();
        return response.ok ? undefined : `Discord answered ${response.status}`;
      } catch (error) {
        const cause = (error as { cause?: { code?: unknown } }).cause?.code;
        return `${(error as Error).name}: ${(error as Error).message}${typeof cause === 'string' ? ` (${cause})` : ''}`;
      }
    },
    async user(token) {
      const body = (await get(token, '/users/@me')) as
        | { id?: unknown; username?: unknown; global_name?: unknown }
        | undefined;
      if (typeof body?.id !== 'string') return undefined;
      const name = typeof body.global_name === 'string' ? body.global_name : String(body.username ?? body.id);
      return { id: body.id, name };
    },
    async guilds(token) {
      const body = await get(token, '/users/@me/guilds');
      if (!Array.isArray(body)) return undefined;
      return body
        .filter((guild): guild is Record<string, unknown> => typeof guild?.id === 'string')
        .map((guild) => ({
          id: String(guild.id),
          name: String(guild.name ?? guild.id),
          permissions: String(guild.permissions ?? '0'),
          owner: guild.owner === true,
        }));
    },
  };
}
