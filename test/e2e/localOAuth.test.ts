/**
 * The local Discord's OAuth2 (src/localDiscord/oauth.ts), as Discord's: authorize as the chosen
 * person with `state` passed back, the code exchanged once, for this client and redirect only,
 * the token reading /users/@me and /users/@me/guilds (permissions as a string), and revoked
 * only with the client's credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDiscord, startLocalDiscord } from '../../src/localDiscord/localDiscord.js';
import { localOAuth } from '../../src/localDiscord/oauth.js';

let discord: LocalDiscord;
let origin: string;
const REDIRECT = 'http://127.0.0.1:9/auth/callback';

beforeAll(async () => {
  discord = await startLocalDiscord();
  origin = new URL(discord.apiUrl).origin;
});
afterAll(() => discord.close());

const authorize = (params: Record<string, string>) =>
  fetch(`${origin}/oauth2/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
const token = (fields: Record<string, string>) =>
  fetch(`${discord.apiUrl}/v10/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

describe('the local Discord OAuth2', () => {
  it('authorizes as the chosen person and exchanges the code once, for its client and redirect', async () => {
    const sam = discord.user('sam', 'Sam');
    localOAuth(discord).authorizeAs(sam);
    const params = {
      response_type: 'code',
      client_id: discord.applicationId,
      scope: 'identify guilds',
      state: 'state-123',
      redirect_uri: REDIRECT,
    };
    expect((await authorize({ ...params, client_id: '1' })).status).toBe(400);
    const answer = await authorize(params);
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location') as string);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-123');
    const code = back.searchParams.get('code') as string;
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: discord.applicationId,
      client_secret: localOAuth(discord).clientSecret,
    };
    expect((await token({ ...fields, client_secret: 'wrong' })).status).toBe(401);
    expect((await token({ ...fields, redirect_uri: 'http://127.0.0.1:9/elsewhere' })).status).toBe(400);
    // That attempt used the code up, as Discord does with a code presented wrongly.
    const fresh = new URL((await authorize(params)).headers.get('location') as string).searchParams.get(
      'code',
    );
    const granted = await token({ ...fields, code: fresh as string });
    expect(granted.status).toBe(200);
    const body = (await granted.json()) as { access_token: string; token_type: string; scope: string };
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'identify guilds' });
    expect((await token({ ...fields, code: fresh as string })).status).toBe(400);
    const bearer = { authorization: `Bearer ${body.access_token}` };
    const me = await (await fetch(`${discord.apiUrl}/v10/users/@me`, { headers: bearer })).json();
    expect(me).toMatchObject({ id: sam.id, username: 'sam', global_name: 'Sam' });
    const guilds = (await (
      await fetch(`${discord.apiUrl}/v10/users/@me/guilds`, { headers: bearer })
    ).json()) as {
      id: string;
      permissions: unknown;
      owner: unknown;
    }[];
    expect(guilds.map((guild) => guild.id)).toEqual([discord.guildId]);
    expect(typeof guilds[0]?.permissions).toBe('string');
    expect(guilds[0]?.owner).toBe(false);
    const refused = await fetch(`${discord.apiUrl}/v10/users/@me`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(refused.status).toBe(401);
  });

  it('revokes a token with the client credentials (HTTP Basic), after which it reads nothing', async () => {
    const sam = discord.user('sam', 'Sam');
    const oauth = localOAuth(discord);
    oauth.tokens.set('token-to-revoke', sam);
    const revoke = (credentials: string, fields: Record<string, string>) =>
      fetch(`${discord.apiUrl}/v10/oauth2/token/revoke`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
        },
        body: new URLSearchParams(fields),
      });
    const me = () =>
      fetch(`${discord.apiUrl}/v10/users/@me`, { headers: { authorization: 'Bearer token-to-revoke' } });
    const fields = { token: 'token-to-revoke', token_type_hint: 'access_token' };
    expect((await revoke(`${discord.applicationId}:wrong`, fields)).status).toBe(401);
    expect((await me()).status).toBe(200);
    const credentials = `${discord.applicationId}:${oauth.clientSecret}`;
    expect((await revoke(credentials, fields)).status).toBe(200);
    expect(oauth.revoked).toContain('token-to-revoke');
    expect((await me()).status).toBe(401);
    // A token it does not know: 200 all the same (RFC 7009).
    expect((await revoke(credentials, { token: 'never-issued' })).status).toBe(200);
  });

  it('answers 401 when nobody is logged in to the local Discord', async () => {
    localOAuth(discord).authorizeAs(undefined);
    const answer = await authorize({
      response_type: 'code',
      client_id: discord.applicationId,
      scope: 'identify guilds',
      redirect_uri: REDIRECT,
    });
    expect(answer.status).toBe(401);
  });
});
