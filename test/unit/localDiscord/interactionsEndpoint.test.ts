/**
 * The local Discord's Interactions Endpoint URL (src/localDiscord/interactionsEndpoint.ts), seen
 * by a small HTTP endpoint in this file that checks Discord's Ed25519 signatures against
 * `discord.publicKey` as an app would: saving a URL is checked as the Developer Portal checks it
 * (a signed PING answered 200 `{"type":1}` as JSON, a wrongly signed one 401), interactions then go
 * to the endpoint, signed, instead of the gateway, and its answer is applied (202 after the
 * callback route, or an inline interaction response) or recorded as a failed interaction.
 */
import { createPublicKey, verify } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { INTENTS, type LocalDiscord, startLocalDiscord } from '../../../src/localDiscord/localDiscord.js';

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly json: Record<string, unknown>;
  /** Whether its signature headers verify against the app's public key. */
  readonly verified: boolean;
}
/** What the endpoint answers; 'hang': nothing, ever. */
type Answer = { readonly status: number; readonly json?: unknown; readonly text?: string } | 'hang';
type Behaviour = (received: Received) => Answer | Promise<Answer>;

let discord: LocalDiscord;
const servers: Server[] = [];
beforeEach(async () => {
  discord = await startLocalDiscord();
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
  await discord.close();
});

/** Checks a request's signature as Discord's documentation tells apps to, with the raw public key. */
function signatureValid(headers: IncomingHttpHeaders, body: string): boolean {
  const signature = headers['x-signature-ed25519'];
  const timestamp = headers['x-signature-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return false;
  // SPKI DER of an Ed25519 key: a fixed 12-byte prefix, then the 32 raw bytes the portal shows.
  const key = createPublicKey({
    key: Buffer.from(`302a300506032b6570032100${discord.publicKey}`, 'hex'),
    format: 'der',
    type: 'spki',
  });
  return verify(null, Buffer.from(timestamp + body), key, Buffer.from(signature, 'hex'));
}

/** An endpoint on loopback answering as `behaviour` says; every request it received. */
async function startEndpoint(behaviour: Behaviour) {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const request: Received = {
      headers: req.headers,
      body,
      json: JSON.parse(body) as Record<string, unknown>,
      verified: signatureValid(req.headers, body),
    };
    received.push(request);
    const answer = await behaviour(request);
    if (answer === 'hang') return;
    const text = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
    res.writeHead(answer.status, answer.json === undefined ? {} : { 'content-type': 'application/json' });
    res.end(text);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/interactions`, received, server };
}

/** A careful app: 401 for a bad signature, PONG for a PING, `then` for the rest (default: 202). */
const careful =
  (then: Behaviour = () => ({ status: 202 })): Behaviour =>
  (received) => {
    if (!received.verified) return { status: 401, text: 'invalid request signature' };
    if (received.json.type === 1) return { status: 200, json: { type: 1 } };
    return then(received);
  };

/** The bot answering over REST (the callback route), as an app that answers 202 does first. */
async function callbackRoute(received: Received, body: unknown): Promise<number> {
  const { id, token } = received.json as { id: string; token: string };
  const response = await request(`${discord.apiUrl}/v10/interactions/${id}/${token}/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body.dump();
  return response.statusCode;
}

describe('saving the Interactions Endpoint URL', () => {
  it('saves an endpoint that checks signatures; refuses one that does not or ignores PING, keeping the gateway', async () => {
    const careless = await startEndpoint((received) =>
      received.json.type === 1 ? { status: 200, json: { type: 1 } } : { status: 202 },
    );
    await expect(discord.setInteractionsEndpoint(careless.url)).rejects.toThrow(
      /invalid signature was not refused with 401: got 200/,
    );
    // One correctly signed PING, then one signed wrongly.
    expect(careless.received.map((received) => [received.json.type, received.verified])).toEqual([
      [1, true],
      [1, false],
    ]);
    const notFound = await startEndpoint(() => ({ status: 404, json: { message: 'no' } }));
    await expect(discord.setInteractionsEndpoint(notFound.url)).rejects.toThrow(
      /signed PING was not answered with 200 and \{"type":1\} as JSON: got 404/,
    );
    const plainText = await startEndpoint(() => ({ status: 200, text: '{"type":1}' }));
    await expect(discord.setInteractionsEndpoint(plainText.url)).rejects.toThrow(/got 200 \(not JSON\)/);
    expect(discord.interactionsEndpointUrl).toBeUndefined();

    // Refused endpoints change nothing: interactions still go over the gateway (no session: undelivered).
    const command = discord.sendCommand({ name: 'ask', options: { prompt: 'still the gateway?' } });
    expect(command.delivered).toBeUndefined();
    expect(discord.undelivered).toContainEqual({
      t: 'INTERACTION_CREATE',
      id: command.id,
      guildId: discord.guildId,
    });
    expect(careless.received).toHaveLength(2);

    const good = await startEndpoint(careful());
    await discord.setInteractionsEndpoint(good.url);
    expect(discord.interactionsEndpointUrl).toBe(good.url);
    await expect(discord.setInteractionsEndpoint(notFound.url)).rejects.toThrow(/not saved/);
    expect(discord.interactionsEndpointUrl).toBe(good.url);
    await discord.setInteractionsEndpoint(undefined);
    expect(discord.interactionsEndpointUrl).toBeUndefined();
    const back = discord.sendCommand({ name: 'ask' });
    expect(back.delivered).toBeUndefined();
    expect(discord.undelivered.map((entry) => entry.id)).toContain(back.id);
    expect(good.received.map((received) => [received.json.type, received.verified])).toEqual([
      [1, true],
      [1, false],
    ]);
  });

  it('serves GET and PATCH /applications/@me (validating the URL likewise) and the bot’s GET /users/@me', async () => {
    const rest = async (method: 'GET' | 'PATCH', path: string, body?: unknown, token = discord.botToken) => {
      const response = await request(`${discord.apiUrl}/v10${path}`, {
        method,
        headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
    };
    const application = await rest('GET', '/applications/@me');
    expect(application).toMatchObject({
      status: 200,
      body: {
        id: discord.applicationId,
        verify_key: discord.publicKey,
        interactions_endpoint_url: null,
        bot_public: true,
        flags: 1 << 19,
        flags_new: String(1 << 19),
        bot: { id: discord.botUser.id, username: discord.botUser.username, discriminator: '0', bot: true },
      },
    });
    expect(discord.publicKey).toMatch(/^[0-9a-f]{64}$/);

    const careless = await startEndpoint(() => ({ status: 200, json: { type: 1 } }));
    expect(await rest('PATCH', '/applications/@me', { interactions_endpoint_url: careless.url })).toEqual({
      status: 400,
      body: {
        message: 'Invalid Form Body',
        code: 50035,
        errors: {
          interactions_endpoint_url: {
            _errors: [
              {
                code: 'APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID',
                message: 'The specified interactions endpoint url could not be verified.',
              },
            ],
          },
        },
      },
    });
    const malformed = await rest('PATCH', '/applications/@me', { interactions_endpoint_url: 'not a url' });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body.errors)).toContain('URL_TYPE_INVALID_URL');
    expect((await rest('GET', '/applications/@me')).body.interactions_endpoint_url).toBeNull();
    expect((await rest('PATCH', '/applications/@me', {}, 'not-the-token')).status).toBe(401);

    const good = await startEndpoint(careful());
    const saved = await rest('PATCH', '/applications/@me', { interactions_endpoint_url: good.url });
    expect(saved).toMatchObject({ status: 200, body: { interactions_endpoint_url: good.url } });
    expect(discord.interactionsEndpointUrl).toBe(good.url);
    const cleared = await rest('PATCH', '/applications/@me', { interactions_endpoint_url: null });
    expect(cleared).toMatchObject({ status: 200, body: { interactions_endpoint_url: null } });
    expect(discord.interactionsEndpointUrl).toBeUndefined();

    expect(await rest('GET', '/users/@me')).toMatchObject({
      status: 200,
      body: {
        id: discord.botUser.id,
        username: discord.botUser.username,
        bot: true,
        verified: true,
        flags: 0,
      },
    });
  });
});

/** A modal the bot opens: one text input in a Label. */
const FORM = {
  custom_id: 'ask:modal:',
  title: 'Ask the model',
  components: [{ type: 18, label: 'Your question', component: { type: 4, custom_id: 'prompt', style: 2 } }],
};

describe('interactions over HTTP', () => {
  it('POSTs a slash command to the endpoint, signed and fresh, and nothing over the gateway', async () => {
    const endpoint = await startEndpoint(careful());
    await discord.setInteractionsEndpoint(endpoint.url);
    // A live gateway session: events reach it in order, so a message dispatched after the command
    // arriving without the command before it proves the command was not dispatched there.
    const events: { t: string | null; d: Record<string, unknown> }[] = [];
    const ws = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=json`);
    ws.on('message', (raw) => {
      events.push(JSON.parse(String(raw)));
      ws.emit('event');
    });
    const seen = async (t: string, id: string) => {
      while (!events.some((event) => event.t === t && event.d.id === id)) await once(ws, 'event');
    };
    await once(ws, 'open');
    const intents = INTENTS.guildMessages | INTENTS.messageContent;
    ws.send(JSON.stringify({ op: 2, d: { token: discord.botToken, intents, properties: {} } }));
    await discord.waitFor(() => discord.readyShards().length === 1);

    const sentAt = Math.floor(Date.now() / 1000);
    const command = discord.sendCommand({ name: 'ask', options: { prompt: 'over HTTP' } });
    expect(await command.delivered).toMatchObject({ status: 202, inline: false });
    const received = endpoint.received.find((request) => request.json.id === command.id);
    expect(received?.json).toMatchObject({
      id: command.id,
      token: command.token,
      type: 2,
      application_id: discord.applicationId,
      data: { name: 'ask', options: [{ name: 'prompt', value: 'over HTTP' }] },
    });
    expect(received?.verified).toBe(true);
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Discord-Interactions/1.0 (+https://discord.com)',
    });
    const timestamp = String(received?.headers['x-signature-timestamp']);
    expect(timestamp).toMatch(/^\d+$/);
    expect(Number(timestamp)).toBeGreaterThanOrEqual(sentAt);
    expect(Number(timestamp)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    // Ed25519 signatures are deterministic: a test signs exactly as the local Discord does.
    expect(discord.signInteraction(String(received?.body), timestamp).signature).toBe(
      received?.headers['x-signature-ed25519'],
    );

    const after = discord.sendMessage({ content: 'after the command' });
    await seen('MESSAGE_CREATE', after.id);
    expect(events.filter((event) => event.t === 'INTERACTION_CREATE')).toEqual([]);
    expect(discord.deliveries.filter((delivery) => delivery.id === command.id)).toEqual([
      {
        t: 'INTERACTION_CREATE',
        id: command.id,
        guildId: discord.guildId,
        shard: [-1, 0],
        transport: 'http',
      },
    ]);
    expect(discord.undelivered.some((entry) => entry.id === command.id)).toBe(false);
    expect(discord.endpointFailures).toEqual([]);
    ws.close(1000);
  });

  it('applies an inline response as the callback route would, and a 202 after the route', async () => {
    const endpoint = await startEndpoint(
      careful(async (received) => {
        const data = received.json.data as { name?: string; custom_id?: string };
        if (data.name === 'route') {
          await callbackRoute(received, { type: 4, data: { content: 'by route' } });
          return { status: 202 };
        }
        if (data.custom_id === 'again')
          return { status: 200, json: { type: 4, data: { content: 'clicked' } } };
        if (data.name === 'form') return { status: 200, json: { type: 9, data: FORM } };
        if (data.custom_id === FORM.custom_id)
          return { status: 200, json: { type: 4, data: { content: 'sent' } } };
        if (data.name === 'twice') {
          await callbackRoute(received, { type: 5 });
          return { status: 200, json: { type: 4, data: { content: 'too late' } } };
        }
        return { status: 200, json: { type: 4, data: { content: 'hi' } } };
      }),
    );
    await discord.setInteractionsEndpoint(endpoint.url);

    const inline = discord.sendCommand({ name: 'ask' });
    expect(await inline.delivered).toMatchObject({ status: 200, inline: true });
    const [reply] = discord.replyMessages(inline);
    expect(reply?.content).toBe('hi');
    expect(inline.callbacks.map((callback) => callback.type)).toEqual([4]);
    expect(discord.messageWrites.at(-1)).toEqual({
      operation: 'create_interaction_response',
      body: { type: 4, data: { content: 'hi' } },
    });

    // A button on it, clicked: a MESSAGE_COMPONENT interaction, over HTTP too.
    const click = discord.clickButton(reply as NonNullable<typeof reply>, 'again');
    expect(await click.delivered).toMatchObject({ status: 200, inline: true });
    expect(discord.replyMessages(click).map((message) => message.content)).toEqual(['clicked']);

    // A modal opened inline, and the member's submit (MODAL_SUBMIT) over HTTP as well.
    const form = discord.sendCommand({ name: 'form' });
    expect(await form.delivered).toMatchObject({ status: 200, inline: true });
    expect(form.modal?.fields.map((field) => field.customId)).toEqual(['prompt']);
    const submit = discord.submitModal(form, { prompt: 'typed' });
    expect(await submit.delivered).toMatchObject({ status: 200, inline: true });
    expect(endpoint.received.find((received) => received.json.id === submit.id)?.json.type).toBe(5);
    expect(discord.replyMessages(submit).map((message) => message.content)).toEqual(['sent']);

    const routed = discord.sendCommand({ name: 'route' });
    expect(await routed.delivered).toMatchObject({ status: 202, inline: false });
    expect(discord.replyMessages(routed).map((message) => message.content)).toEqual(['by route']);

    // Acknowledged over REST and then inline: Discord refuses the second (40060); the member sees a failure.
    const twice = discord.sendCommand({ name: 'twice' });
    expect(await twice.delivered).toMatchObject({ status: 200, inline: false });
    expect(discord.endpointFailures).toEqual([
      expect.objectContaining({
        interactionId: twice.id,
        status: 200,
        reason: expect.stringContaining('40060'),
      }),
    ]);
  });

  it('records an interaction the endpoint failed: 500, no answer within 3 s, no connection', async () => {
    const endpoint = await startEndpoint(
      careful((received) =>
        (received.json.data as { name: string }).name === 'hang' ? 'hang' : { status: 500 },
      ),
    );
    await discord.setInteractionsEndpoint(endpoint.url);
    const failed = discord.sendCommand({ name: 'ask' });
    expect(await failed.delivered).toMatchObject({ status: 500, inline: false });
    expect(failed.callbacks).toEqual([]);
    expect(discord.endpointFailures).toEqual([
      expect.objectContaining({
        interactionId: failed.id,
        status: 500,
        reason: expect.stringMatching(/^500/),
      }),
    ]);

    const slow = discord.sendCommand({ name: 'hang' });
    const late = await slow.delivered;
    expect(late).toMatchObject({ status: 'timeout', inline: false });
    expect(late?.ms).toBeGreaterThanOrEqual(2900);

    endpoint.server.closeAllConnections();
    endpoint.server.close();
    await once(endpoint.server, 'close');
    const unreachable = discord.sendCommand({ name: 'ask' });
    expect(await unreachable.delivered).toMatchObject({ status: 'error', inline: false });
    expect(discord.endpointFailures.map((failure) => [failure.interactionId, failure.status])).toEqual([
      [failed.id, 500],
      [slow.id, 'timeout'],
      [unreachable.id, 'error'],
    ]);
  });
});
