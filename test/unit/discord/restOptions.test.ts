import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscordAPIError, REST } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRequest, pathStart, RawHeaders, restOptions } from '../../../src/discord/restOptions.js';

describe('response headers as undici parsed them', () => {
  it('reads them by any case, repeated ones joined, missing ones as null', () => {
    const headers = new RawHeaders({ 'x-ratelimit-remaining': '4', 'set-cookie': ['a=1', 'b=2'] });
    expect(headers.get('X-RateLimit-Remaining')).toBe('4');
    expect(headers.get('x-ratelimit-remaining')).toBe('4');
    expect(headers.get('Set-Cookie')).toBe('a=1, b=2');
    expect(headers.get('Retry-After')).toBeNull();
    expect(headers.has('X-RATELIMIT-REMAINING')).toBe(true);
    expect(headers.has('x-ratelimit-global')).toBe(false);
  });
});

describe('where a URL’s path starts', () => {
  it('is after the scheme and host, or at the end when there is no path', () => {
    expect(pathStart('http://127.0.0.1:8080/api/v10/webhooks/1/t')).toBe('http://127.0.0.1:8080'.length);
    expect(pathStart('https://discord.com/api')).toBe('https://discord.com'.length);
    expect(pathStart('https://discord.com')).toBe('https://discord.com'.length);
  });
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server that answers with `status`, a JSON body and Discord's rate-limit headers, noting what it got. */
async function server(status = 200) {
  const received: {
    method?: string | undefined;
    url?: string | undefined;
    body: string;
    type?: string | undefined;
  }[] = [];
  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, body, type: req.headers['content-type'] });
      res.writeHead(status, { 'content-type': 'application/json', 'x-ratelimit-remaining': '3' });
      res.end(JSON.stringify(status === 200 ? { id: '42' } : { code: 10008, message: 'Unknown Message' }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => http.close(() => resolve()));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, received };
}

describe('requests sent through undici’s dispatcher', () => {
  it('send the method, path and JSON body, and answer with status, headers and body', async () => {
    const { url, received } = await server();
    const response = await makeRequest(`${url}/api/v10/webhooks/1/token/messages/@original`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"content":"hi ▌"}',
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('3');
    expect(await response.json()).toEqual({ id: '42' });
    expect(received).toEqual([
      {
        method: 'PATCH',
        url: '/api/v10/webhooks/1/token/messages/@original',
        body: '{"content":"hi ▌"}',
        type: 'application/json',
      },
    ]);
  });

  it('keep discord.js’s behaviour: JSON in and out, and its errors', async () => {
    const { url } = await server();
    const rest = new REST({ api: `${url}/api`, ...restOptions });
    expect(
      await rest.patch('/webhooks/1/token/messages/@original', { body: { content: 'x' }, auth: false }),
    ).toEqual({ id: '42' });
    await close?.();
    const failing = await server(404);
    const refusing = new REST({ api: `${failing.url}/api`, ...restOptions });
    await expect(
      refusing.patch('/webhooks/1/token/messages/@original', { body: {}, auth: false }),
    ).rejects.toBeInstanceOf(DiscordAPIError);
  });
});
