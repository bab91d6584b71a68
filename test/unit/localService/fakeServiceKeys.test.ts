/**
 * The local service's keys: every request is recorded with its bearer token, any key is accepted
 * except those it is told to refuse, which it answers 401 with a JSON error body, using no script.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeService,
  REFUSED_KEY_BODY,
  startFakeService,
} from '../../../src/localService/fakeService.js';

let service: FakeService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function post(fake: FakeService, path: string, authorization?: string) {
  const response = await fetch(fake.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(authorization !== undefined && { authorization }),
    },
    body: JSON.stringify({
      model: path.includes('images') ? 'service-image-v1' : 'service-v1-flash',
      messages: [{ role: 'user', content: 'hi' }],
      prompt: 'a cat',
      n: 1,
      stream: true,
    }),
  });
  return { status: response.status, text: await response.text() };
}

const CHAT = '/v1/chat/completions';
const IMAGES = '/v1/images/generations';

describe('the local service’s keys', () => {
  it('records the bearer token of each request, and accepts any key by default', async () => {
    const fake = await startFakeService();
    service = fake;
    expect((await post(fake, CHAT, 'Bearer key-one')).status).toBe(200);
    expect((await post(fake, IMAGES, 'Bearer key-two')).status).toBe(200);
    expect((await post(fake, CHAT)).status).toBe(200);
    expect((await post(fake, CHAT, 'Basic abc')).status).toBe(200);
    expect(fake.requests.map((request) => [request.apiKey, request.refused])).toEqual([
      ['key-one', false],
      ['key-two', false],
      [undefined, false],
      [undefined, false],
    ]);
  });

  it('refuses the keys it is told to with 401 and a JSON error, using no script', async () => {
    const fake = await startFakeService({ refuseKeys: ['bad-key'] });
    service = fake;
    fake.enqueue({ text: 'scripted reply' });
    const refused = await post(fake, CHAT, 'Bearer bad-key');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toEqual(REFUSED_KEY_BODY);
    expect((await post(fake, IMAGES, 'Bearer bad-key')).status).toBe(401);
    // The queued script is still there for the next accepted request.
    const accepted = await post(fake, CHAT, 'Bearer good-key');
    expect(accepted.status).toBe(200);
    expect(accepted.text).toContain('scripted');
    expect(fake.requests.map((request) => [request.apiKey, request.refused])).toEqual([
      ['bad-key', true],
      ['bad-key', true],
      ['good-key', false],
    ]);
    expect(fake.sendLogs).toHaveLength(1);
  });

  it('can be told at any time, and told again', async () => {
    const fake = await startFakeService();
    service = fake;
    expect((await post(fake, CHAT, 'Bearer server-key')).status).toBe(200);
    fake.refuseKeys.add('server-key');
    expect((await post(fake, CHAT, 'Bearer server-key')).status).toBe(401);
    expect((await post(fake, CHAT, 'Bearer operator-key')).status).toBe(200);
    fake.refuseKeys.delete('server-key');
    expect((await post(fake, CHAT, 'Bearer server-key')).status).toBe(200);
  });
});
