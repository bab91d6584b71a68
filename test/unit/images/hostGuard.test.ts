import type { LookupAddress } from 'node:dns';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guardedConnector,
  InternalHostError,
  normalizeHost,
  type Resolver,
  resolvingLookup,
} from '../../../src/images/hostGuard.js';

/** A fake DNS: names to answers; nothing here ever reaches a real resolver. */
function fakeDns(answers: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve: Resolver = (hostname, _options, callback) => {
    calls.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
      return;
    }
    const result: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    queueMicrotask(() => callback(null, result));
  };
  return Object.assign(resolve, { calls });
}

function lookupOnce(
  lookup: ReturnType<typeof resolvingLookup>,
  hostname: string,
  all: boolean,
): Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number | undefined }> {
  return new Promise((resolve) => {
    lookup(hostname, { all }, (error, address, family) => resolve({ error, address, family }));
  });
}

describe('normalizeHost (how allowlist entries and URL hosts are compared)', () => {
  it.each([
    ['Images.Example.COM', 'images.example.com'],
    ['images.example.com.', 'images.example.com'],
    [' 127.0.0.1 ', '127.0.0.1'],
    ['[::1]', '::1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['[FD00:0::1]', 'fd00::1'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('%j → %j', (host, normalized) => {
    expect(normalizeHost(host)).toBe(normalized);
  });
});

describe('the checking lookup', () => {
  const dns = fakeDns({
    'cdn.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'metadata.example': ['169.254.169.254'],
    'rebind.example': ['93.184.215.14', '10.0.0.1'],
    'mapped.example': ['::ffff:127.0.0.1'],
  });
  const checked = resolvingLookup(dns, true);

  it('passes public answers on, all of them or the first, as net.connect asks', async () => {
    expect(await lookupOnce(checked, 'cdn.example', true)).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
      family: undefined,
    });
    expect(await lookupOnce(checked, 'cdn.example', false)).toEqual({
      error: null,
      address: '93.184.215.14',
      family: 4,
    });
  });

  it.each([
    ['metadata.example', '169.254.169.254', 'link-local'],
    // One internal answer among public ones is enough: the connection could land on either.
    ['rebind.example', '10.0.0.1', 'private'],
    ['mapped.example', '::ffff:127.0.0.1', 'loopback'],
  ])('refuses %s (answers %s, %s)', async (hostname, address, range) => {
    for (const all of [true, false]) {
      const { error } = await lookupOnce(checked, hostname, all);
      expect(error).toBeInstanceOf(InternalHostError);
      expect(error).toMatchObject({ host: hostname, address, range, code: 'IMAGE_HOST_INTERNAL' });
    }
  });

  it('passes resolver errors on', async () => {
    const { error } = await lookupOnce(checked, 'missing.example', false);
    expect(error?.code).toBe('ENOTFOUND');
  });

  it('without checking (allowlisted hosts), internal answers pass', async () => {
    const open = resolvingLookup(dns, false);
    expect(await lookupOnce(open, 'metadata.example', false)).toMatchObject({
      error: null,
      address: '169.254.169.254',
    });
  });
});

// Only loopback targets here: were the guard broken, these tests must still not connect anywhere
// else (the other ranges are covered by the address rules' own tests).
describe('the guarded connector', () => {
  let server: Server;
  let port = '';
  const accepted: Socket[] = [];
  beforeAll(async () => {
    server = createServer((socket) => accepted.push(socket)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = String((server.address() as { port: number }).port);
  });
  afterAll(async () => {
    for (const socket of accepted) socket.destroy();
    server.close();
    await once(server, 'close');
  });

  const dns = fakeDns({ 'images.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
  const connector = guardedConnector({ timeoutMs: 1000, allowlist: ['images.test', '[::1]'], resolve: dns });
  const connect = (hostname: string) =>
    new Promise<{ error: Error | null; connected: boolean }>((resolve) => {
      connector({ hostname, protocol: 'http:', port }, (error, socket) => {
        socket?.destroy();
        resolve({ error, connected: Boolean(socket) });
      });
    });

  it('connects to an allowlisted name although it resolves to loopback', async () => {
    const before = accepted.length;
    expect(await connect('images.test')).toEqual({ error: null, connected: true });
    await expect.poll(() => accepted.length).toBe(before + 1);
  });

  it('refuses a name that is not allowlisted, after resolving it, without connecting', async () => {
    const before = accepted.length;
    const resolved = dns.calls.length;
    const { error, connected } = await connect('other.test');
    expect(connected).toBe(false);
    expect(error).toMatchObject({ host: 'other.test', address: '127.0.0.1', range: 'loopback' });
    expect(dns.calls.slice(resolved)).toEqual(['other.test']);
    expect(accepted.length).toBe(before);
  });

  it.each(['127.0.0.1', '127.0.0.2', '::ffff:7f00:1'])(
    'refuses the literal %s without resolving or connecting',
    async (hostname) => {
      const before = accepted.length;
      const resolved = dns.calls.length;
      const { error, connected } = await connect(hostname);
      expect(connected).toBe(false);
      expect(error).toBeInstanceOf(InternalHostError);
      expect(error).toMatchObject({ range: 'loopback' });
      expect(dns.calls.length).toBe(resolved);
      expect(accepted.length).toBe(before);
    },
  );
});
