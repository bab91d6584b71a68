/**
 * Requests to the playground's web server as raw HTTP (node:http, so that any Host, Origin,
 * Sec-Fetch-Site or Cookie can be sent, as a browser or an attacker's page would), and the page's
 * own way in: opening the printed address, whose answer sets the key's cookie.
 */
import { request as httpRequest } from 'node:http';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
  readonly text: string;
}

/**
 * One request to `origin` (e.g. `http://127.0.0.1:1234`) with exactly these headers (Host
 * included when given). An event stream's answer is ended after its first bytes.
 */
export function raw(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const target = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: Number(target.port),
        path,
        method: init.method ?? 'GET',
        headers: {
          ...(init.body !== undefined && { 'content-length': String(Buffer.byteLength(init.body)) }),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        const done = () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (String(res.headers['content-type']).startsWith('text/event-stream')) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The page as a browser has it after opening `url` (the printed address with its key). */
export interface PageSession {
  readonly origin: string;
  /** `Cookie` header value the page's requests carry. */
  readonly cookie: string;
  /** The Set-Cookie the printed address answered with. */
  readonly setCookie: string;
  get(path: string, headers?: Record<string, string>): Promise<RawAnswer>;
  /** A write as the page makes it: JSON, from its own origin, with its cookie. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<RawAnswer>;
}

export async function openPage(url: string): Promise<PageSession> {
  const address = new URL(url);
  const opened = await raw(address.origin, `${address.pathname}${address.search}`, {
    headers: { 'sec-fetch-site': 'none' },
  });
  if (opened.status !== 303) throw new Error(`opening the page answered ${opened.status}: ${opened.text}`);
  const setCookie = String(opened.headers['set-cookie'] ?? '');
  const cookie = setCookie.split(';')[0] as string;
  const origin = address.origin;
  return {
    origin,
    cookie,
    setCookie,
    get: (path, headers = {}) => raw(origin, path, { headers: { cookie, ...headers } }),
    post: (path, body, headers = {}) =>
      raw(origin, path, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}
