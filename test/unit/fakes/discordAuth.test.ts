/**
 * The local Discord lets in only the bot (src/localDiscord/auth.ts), as Discord does: REST bot
 * routes need `Authorization: Bot <its token>` (401 `401: Unauthorized`, code 0, and nothing
 * changed, otherwise), IDENTIFY and RESUME its token (4004), and a WebSocket upgrade from a web
 * page of another origin is refused (403). The routes Discord's OpenAPI description opens without
 * a token (GET /gateway, the interaction-token routes) stay open.
 */
import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type LocalDiscord, startLocalDiscord } from '../../../src/localDiscord/localDiscord.js';

const UNAUTHORIZED = { message: '401: Unauthorized', code: 0 };
let discord: LocalDiscord;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await discord?.close();
});

/** A REST request over node:http, which sends its path as written (`..` included, as a browser may not). */
async function rest(path: string, init: { method?: string; authorization?: string; body?: unknown } = {}) {
  const { port } = new URL(discord.apiUrl);
  const sent = request({
    host: '127.0.0.1',
    port,
    path,
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.authorization !== undefined && { authorization: init.authorization }),
    },
  });
  sent.end(init.body === undefined ? undefined : JSON.stringify(init.body));
  const [response] = (await once(sent, 'response')) as [IncomingMessage];
  let text = '';
  for await (const chunk of response) text += String(chunk);
  return { status: response.statusCode, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** What a refused request must leave as it was. */
const world = () => ({
  messages: [...discord.messages.values()].map((message) => [message.id, message.content, message.deleted]),
  channels: discord.channels.size,
  deliveries: discord.deliveries.length,
  commands: JSON.stringify([...discord.commands]),
});

interface Connection {
  readonly ws: WebSocket;
  /** The status of a refused upgrade; undefined when the connection opened (HELLO received). */
  readonly refused?: number;
  /** The next dispatch of type `t` (already received or still to come). */
  dispatched(t: string): Promise<Record<string, unknown>>;
}

/** A raw gateway connection that keeps every event it receives. */
async function connect(origin?: string): Promise<Connection> {
  const ws = new WebSocket(
    `${discord.gatewayUrl}?v=10&encoding=json`,
    origin === undefined ? {} : { origin },
  );
  sockets.push(ws);
  const events: { op: number; t: string | null; d: Record<string, unknown> }[] = [];
  ws.on('message', (raw) => {
    events.push(JSON.parse(String(raw)));
    ws.emit('event');
  });
  ws.on('error', () => {});
  const refused = new Promise<number>((resolve) => {
    ws.once('unexpected-response', (_req, res: IncomingMessage) => resolve(res.statusCode ?? 0));
  });
  const status = await Promise.race([refused, once(ws, 'event').then(() => undefined)]);
  return {
    ws,
    ...(status !== undefined && { refused: status }),
    async dispatched(t) {
      for (;;) {
        const found = events.find((event) => event.t === t);
        if (found) return found.d;
        await once(ws, 'event');
      }
    },
  };
}

function send(ws: WebSocket, op: number, d: Record<string, unknown>): void {
  ws.send(JSON.stringify({ op, d }));
}

const closeCode = async (ws: WebSocket) => ((await once(ws, 'close')) as [number])[0];
const identify = (token: unknown) => ({ token, intents: 1, properties: {} });

describe('REST', () => {
  it('answers a bot route without the bot token, or with another, 401 and changes nothing', async () => {
    discord = await startLocalDiscord({ token: 'the-bots-own-token' });
    const channel = discord.channelIds[0] as string;
    const posted = await rest(`/api/v10/channels/${channel}/messages`, {
      method: 'POST',
      authorization: 'Bot the-bots-own-token',
      body: { content: 'the real one' },
    });
    expect(posted.status).toBe(200);
    const id = (posted.body as { id: string }).id;
    const before = world();

    const wrong = [undefined, 'Bot wrong-token', 'the-bots-own-token', 'Bearer the-bots-own-token', 'Bot '];
    const attempts: [string, string, unknown?][] = [
      ['POST', `/api/v10/channels/${channel}/messages`, { content: 'posted as the bot' }],
      ['GET', `/api/v10/channels/${channel}/messages`],
      ['PATCH', `/api/v10/channels/${channel}/messages/${id}`, { content: 'edited' }],
      ['DELETE', `/api/v10/channels/${channel}/messages/${id}`],
      ['POST', `/api/v10/channels/${channel}/messages/${id}/threads`, { name: 'a thread' }],
      ['PUT', `/api/v10/applications/${discord.applicationId}/commands`, [{ name: 'x', description: 'x' }]],
      ['GET', '/api/v10/gateway/bot'],
      ['GET', `/api/v10/guilds/${discord.guildId}`],
      ['GET', `/api/v10/users/${discord.botUser.id}`],
      // Without the version prefix, or a bot route reached through an open one's `..` (or `%2e%2e`).
      ['POST', `/channels/${channel}/messages`, { content: 'posted as the bot' }],
      [
        'POST',
        `/api/v10/webhooks/1/2/../../../channels/${channel}/messages`,
        { content: 'posted as the bot' },
      ],
      ['GET', `/api/v10/interactions/1/2/%2e%2e/%2e%2e/%2e%2e/channels/${channel}/messages`],
    ];
    for (const authorization of wrong) {
      for (const [method, path, body] of attempts) {
        const answer = await rest(path, {
          method,
          ...(authorization !== undefined && { authorization }),
          ...(body !== undefined && { body }),
        });
        expect({ method, path, authorization, ...answer }).toEqual({
          method,
          path,
          authorization,
          status: 401,
          body: UNAUTHORIZED,
        });
      }
    }
    expect(world()).toEqual(before);
    expect(discord.authorizations).toEqual(new Set(['Bot the-bots-own-token']));
  });

  it('keeps open what Discord opens without a token: GET /gateway and the interaction-token routes', async () => {
    discord = await startLocalDiscord();
    expect((await rest('/api/v10/gateway')).status).toBe(200);
    const interaction = discord.sendCommand({ name: 'ask' });
    const callback = `/api/v10/interactions/${interaction.id}/${interaction.token}/callback`;
    const answered = await rest(callback, { method: 'POST', body: { type: 4, data: { content: 'hi' } } });
    expect(answered.status).toBe(204);
    const webhook = `/api/v10/webhooks/${discord.applicationId}/${interaction.token}`;
    expect((await rest(`${webhook}/messages/@original`)).body).toMatchObject({ content: 'hi' });
    expect((await rest(webhook, { method: 'POST', body: { content: 'more' } })).status).toBe(200);
    expect(discord.replyMessages(interaction).map((message) => message.content)).toEqual(['hi', 'more']);
  });
});

describe('the gateway', () => {
  it('closes an IDENTIFY with another token, or none, with 4004 and starts no session', async () => {
    discord = await startLocalDiscord();
    for (const token of ['wrong-token', undefined, `Bot ${discord.botToken}x`]) {
      const { ws } = await connect();
      send(ws, 2, identify(token));
      expect(await closeCode(ws)).toBe(4004);
    }
    expect(discord.refusedIdentifies.map((refused) => refused.code)).toEqual([4004, 4004, 4004]);
    expect(discord.identifies).toEqual([]);
    expect(discord.sessions.size).toBe(0);

    const bot = await connect();
    send(bot.ws, 2, identify(discord.botToken));
    expect((await bot.dispatched('READY')).session_id).toEqual(expect.any(String));
  });

  it('closes a RESUME with another token with 4004, leaving the session to its own connection', async () => {
    discord = await startLocalDiscord();
    const bot = await connect();
    send(bot.ws, 2, identify(discord.botToken));
    const sessionId = String((await bot.dispatched('READY')).session_id);

    const { ws: stranger } = await connect();
    send(stranger, 6, { token: 'wrong-token', session_id: sessionId, seq: 0 });
    expect(await closeCode(stranger)).toBe(4004);
    expect(discord.resumes).toEqual([expect.objectContaining({ resumed: false })]);
    expect(discord.sessions.get(sessionId)?.ws?.readyState).toBe(WebSocket.OPEN);
    // The bot's connection still gets the session's events.
    const interaction = discord.sendCommand({ name: 'ask' });
    expect((await bot.dispatched('INTERACTION_CREATE')).id).toBe(interaction.id);
  });

  it('refuses an upgrade from a web page of another origin (403); its own origin and Node’s (none) connect', async () => {
    discord = await startLocalDiscord();
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1.evil.example`]) {
      expect((await connect(origin)).refused).toBe(403);
    }
    expect(discord.gatewayConnections()).toBe(0);
    const own = new URL(discord.apiUrl).origin;
    for (const origin of [undefined, own]) expect((await connect(origin)).refused).toBeUndefined();
    expect(discord.gatewayConnections()).toBe(2);
  });
});
