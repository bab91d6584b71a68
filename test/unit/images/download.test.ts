/**
 * The downloader against content hosts on loopback, with a fake DNS: which hosts and redirect
 * hops it refuses, what it says, and that a refused host never sees a request. Every target is
 * a loopback address, so even a broken guard could not reach another machine.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/translator.js';
import {
  createImageDownloader,
  durationText,
  fileReason,
  problemText,
} from '../../../src/images/download.js';
import type { Resolver } from '../../../src/images/hostGuard.js';
import { makePng } from '../../../src/localService/png.js';
import { english } from '../../helpers/english.js';

const INTERNAL = { code: 'Internal' } as const;

const PNG = makePng(8, 8, 1);

interface ContentHost {
  readonly server: Server;
  readonly port: number;
  readonly requests: { path: string; headers: IncomingHttpHeaders }[];
}

/** Serves PNG at any path; /to/<encoded URL> redirects there. */
async function contentHost(): Promise<ContentHost> {
  const requests: ContentHost['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    const target = /^\/to\/(.+)$/.exec(req.url ?? '')?.[1];
    if (target) res.writeHead(302, { location: decodeURIComponent(target) }).end();
    else res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, requests };
}

/** Names to loopback only; anything else is unknown. */
const fakeDns: Resolver = (hostname, _options, callback) => {
  if (hostname === 'cdn.test' || hostname === 'internal.test')
    callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
};

let origin: ContentHost;
let target: ContentHost;
const warnings: unknown[] = [];
const downloader = createImageDownloader({
  timeoutMs: 2000,
  allowlist: ['cdn.test'],
  resolve: fakeDns,
  logger: { warn: (fields: unknown) => warnings.push(fields) },
});
const via = (url: string) => `http://cdn.test:${origin.port}/to/${encodeURIComponent(url)}`;

beforeAll(async () => {
  origin = await contentHost();
  target = await contentHost();
});
afterAll(async () => {
  await downloader.close();
  for (const host of [origin, target]) host.server.close();
});

describe('image hosts on internal networks', () => {
  it('downloads from an allowlisted name although it resolves to loopback, sending no credentials', async () => {
    const result = await downloader.download(`http://cdn.test:${origin.port}/a.png`, 1 << 20);
    expect(result).toEqual({ ok: true, bytes: PNG });
    const headers = origin.requests.at(-1)?.headers ?? {};
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
  });

  it('matches the allowlist against the URL’s host: the same server by its address is refused', async () => {
    const before = origin.requests.length;
    const result = await downloader.download(`http://127.0.0.1:${origin.port}/a.png`, 1 << 20);
    expect(result).toEqual({ ok: false, reason: INTERNAL });
    expect(origin.requests.length).toBe(before);
    expect(warnings.at(-1)).toEqual({ host: '127.0.0.1', address: '127.0.0.1', range: 'loopback' });
  });

  it.each([
    ['a loopback alias', (port: number) => `http://127.0.0.2:${port}/x.png`, '127.0.0.2'],
    ['a name that resolves to loopback', (port: number) => `http://internal.test:${port}/x.png`, '127.0.0.1'],
    [
      'an IPv4-mapped IPv6 literal',
      (port: number) => `http://[::ffff:127.0.0.1]:${port}/x.png`,
      '::ffff:7f00:1',
    ],
    ['the IPv6 loopback', (port: number) => `http://[::1]:${port}/x.png`, '::1'],
  ])('refuses a redirect hop to %s before connecting to it', async (_, url, address) => {
    const before = target.requests.length;
    const result = await downloader.download(via(url(target.port)), 1 << 20);
    expect(result).toEqual({ ok: false, reason: INTERNAL });
    expect(target.requests.length).toBe(before);
    expect(warnings.at(-1)).toMatchObject({ address, range: 'loopback' });
  });

  it.each(['file:///etc/passwd', 'ftp://cdn.test/x.png', 'gopher://cdn.test:70/_x'])(
    'refuses a redirect to %s',
    async (url) => {
      const result = await downloader.download(via(url), 1 << 20);
      expect(result).toEqual({ ok: false, reason: { code: 'RedirectNotHttp' } });
    },
  );

  it.each(['file:///etc/passwd', 'ftp://cdn.test/x.png', 'data:image/png;base64,iVBORw0KGgo='])(
    'refuses %s from the service',
    async (url) => {
      expect(await downloader.download(url, 1 << 20)).toEqual({
        ok: false,
        reason: { code: 'NotHttp' },
      });
    },
  );

  it('with nothing allowlisted, refuses the loopback content host itself', async () => {
    const strict = createImageDownloader({ timeoutMs: 2000, resolve: fakeDns });
    const before = origin.requests.length;
    for (const host of ['127.0.0.1', 'cdn.test']) {
      const result = await strict.download(`http://${host}:${origin.port}/a.png`, 1 << 20);
      expect(result).toEqual({ ok: false, reason: INTERNAL });
    }
    expect(origin.requests.length).toBe(before);
    await strict.close();
  });
});

describe('what a member reads of a failed image download', () => {
  it('is said in the reader’s language, with the status, code or wait it names', () => {
    expect(problemText(english, INTERNAL)).toBe(
      'the image host is on a private or internal network, which the bot does not fetch from',
    );
    expect(problemText(english, { code: 'Status', status: 404 })).toBe('the image host answered HTTP 404');
    expect(problemText(english, { code: 'FailedCode', errorCode: 'ECONNRESET' })).toBe(
      'the download failed (ECONNRESET)',
    );
    expect(problemText(english, { code: 'TooSlow', waitMs: 60_000 })).toBe(
      `the image host took longer than ${english.wait(60_000)}`,
    );
    const french = createI18n().translator('fr');
    expect(problemText(french, { code: 'Status', status: 404 })).toBe(
      'l’hébergeur de l’image a répondu HTTP 404',
    );
  });
});

describe('the download deadline (IMAGE_DOWNLOAD_MAX_DURATION_MS), as the model reads it', () => {
  it('is said in seconds, or whole minutes from 2 min', () => {
    expect(fileReason({ code: 'TooSlow', waitMs: 60_000 })).toBe('the file host took longer than 60 s');
    expect(durationText(1500)).toBe('1.5 s');
    expect(durationText(90_000)).toBe('90 s');
    expect(durationText(120_000)).toBe('2 min');
    expect(durationText(150_000)).toBe('150 s');
    expect(durationText(600_000)).toBe('10 min');
  });
});

describe('files (attachments): the same guard, without the PNG check', () => {
  it('downloads any bytes from an allowed host, and refuses an internal one before connecting', async () => {
    const ok = await downloader.downloadFile(`http://cdn.test:${origin.port}/notes.txt`, 1 << 20);
    expect(ok).toEqual({ ok: true, bytes: PNG });
    expect(origin.requests.at(-1)?.headers.accept).toBe('*/*');
    const before = target.requests.length;
    const refused = await downloader.downloadFile(via(`http://internal.test:${target.port}/x.txt`), 1 << 20);
    expect(refused).toEqual({
      ok: false,
      reason: 'the file host is on a private or internal network, which the bot does not fetch from',
    });
    expect(target.requests.length).toBe(before);
  });

  it('says what went wrong of the file host, and stops past the byte cap', async () => {
    expect(await downloader.downloadFile(`http://cdn.test:${origin.port}/a.txt`, 10)).toEqual({
      ok: false,
      reason: 'the file is larger than the bot reads',
      tooLarge: true,
    });
    expect(await downloader.downloadFile('ftp://cdn.test/x.txt', 10)).toEqual({
      ok: false,
      reason: 'not an http(s) URL',
    });
  });
});
