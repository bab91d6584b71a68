/**
 * The interactions endpoint over real HTTP: what is refused before any work (unsigned, forged,
 * stale, replayed within the window is the receiver's, oversized), PING, and an interaction
 * answered 202 only once the bot lets it.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type InteractionsEndpoint,
  MAX_BODY_BYTES,
  startInteractionsEndpoint,
} from '../../../src/interactions/endpoint.js';
import { MAX_AGE_S } from '../../../src/interactions/signature.js';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicHex = (key: KeyObject) =>
  key.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
const nowS = () => Math.floor(Date.now() / 1000);

function signed(body: string, timestamp = String(nowS()), key: KeyObject = privateKey) {
  return {
    'content-type': 'application/json',
    'x-signature-timestamp': timestamp,
    'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), key).toString('hex'),
  };
}

describe('the interactions endpoint', () => {
  let endpoint: InteractionsEndpoint;
  const received: Record<string, unknown>[] = [];
  const refused: string[] = [];
  let release: (() => void) | undefined;
  let url: string;

  beforeAll(async () => {
    endpoint = await startInteractionsEndpoint({
      host: '127.0.0.1',
      port: 0,
      publicKey: publicHex(publicKey),
      handle: (interaction) => {
        received.push(interaction);
        return new Promise((resolve) => {
          release = () => resolve({ status: 202 });
        });
      },
      healthy: async () => true,
      onRefused: (reason) => refused.push(reason),
    });
    url = `http://127.0.0.1:${endpoint.port}/interactions`;
  });
  afterAll(() => endpoint.close());

  const post = (body: string, headers: Record<string, string>) =>
    request(url, { method: 'POST', body, headers }).then(async (response) => ({
      status: response.statusCode,
      body: await response.body.text(),
      type: response.headers['content-type'],
    }));

  it('answers a signed PING with PONG, as JSON', async () => {
    const body = JSON.stringify({ type: 1, id: '1' });
    expect(await post(body, signed(body))).toEqual({
      status: 200,
      body: '{"type":1}',
      type: 'application/json',
    });
  });

  it('refuses unsigned, forged and stale requests with 401 before handing anything on', async () => {
    const body = JSON.stringify({ type: 2, id: '2', token: 't' });
    const other = generateKeyPairSync('ed25519').privateKey;
    const tooOld = String(nowS() - MAX_AGE_S - 5);
    const cases: Record<string, string>[] = [
      { 'content-type': 'application/json' },
      signed(body, undefined, other),
      { ...signed(body), 'x-signature-ed25519': 'zz' },
      // A good signature of another body: the body was changed on the way.
      signed(JSON.stringify({ type: 2, id: '3', token: 't' })),
      signed(body, tooOld),
      signed(body, String(nowS() + 60)),
    ];
    for (const headers of cases) expect((await post(body, headers)).status).toBe(401);
    expect(received).toEqual([]);
    expect(refused).toEqual([
      'unsigned',
      'bad signature',
      'malformed signature',
      'bad signature',
      'stale timestamp',
      'stale timestamp',
    ]);
  });

  it('refuses an oversized request with 413, told by its length or found as it streams', async () => {
    refused.length = 0;
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    expect((await post(big, signed(big))).status).toBe(413);
    const chunked = await request(url, {
      method: 'POST',
      headers: signed('{}'),
      body: Readable.from(
        (function* () {
          for (let i = 0; i < 20; i += 1) yield Buffer.alloc(64 * 1024, 32);
        })(),
      ),
    });
    expect(chunked.statusCode).toBe(413);
    await chunked.body.dump();
    expect(refused).toEqual(['oversized', 'oversized']);
    expect(received).toEqual([]);
  });

  it('answers a signed interaction 202, only once the bot lets it', async () => {
    const body = JSON.stringify({ type: 2, id: '10', token: 'tok', data: { name: 'ask' } });
    const answered = post(body, signed(body));
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ id: '10', data: { name: 'ask' } });
    let done = false;
    void answered.then(() => {
      done = true;
    });
    // The request is still open while the bot has not acknowledged; released, it is answered.
    expect(done).toBe(false);
    release?.();
    expect(await answered).toMatchObject({ status: 202, body: '' });
  });

  it('refuses what is not Discord’s request shape', async () => {
    const notJson = 'not json';
    expect((await post(notJson, signed(notJson))).status).toBe(400);
    expect((await request(url, { method: 'GET' })).statusCode).toBe(405);
    const elsewhere = await request(`http://127.0.0.1:${endpoint.port}/other`, {
      method: 'POST',
      body: '{}',
    });
    expect(elsewhere.statusCode).toBe(404);
    await elsewhere.body.dump();
    const health = await request(`http://127.0.0.1:${endpoint.port}/healthz`);
    expect(await health.body.text()).toBe('ok\n');
  });
});
