/**
 * Who may use the playground's web server: only the page opened from the address the playground
 * printed, in the operator's browser. Any other web page the operator visits can send requests to
 * a loopback port (a form, `fetch` in no-cors mode, an image) and, by DNS rebinding (its own name
 * made to resolve to 127.0.0.1), even read the answers; with the operator's real service set,
 * each such `/ask` would be billed. So:
 *
 * - the printed address carries a key made for this run (32 random bytes, base64url):
 *   `http://127.0.0.1:<port>/?key=<key>`. Opening it sets the key as an HttpOnly, SameSite=Strict
 *   cookie (named after the port, so two playgrounds keep theirs) and redirects to `/`, dropping
 *   the key from the address bar. Every API call, the event stream and attachments need that
 *   cookie (compared in constant time); the static files (the page, its script and style) do not,
 *   and hold no state;
 * - a Host other than `127.0.0.1:<port>` or `localhost:<port>` is refused (DNS rebinding), as is
 *   an Origin other than the page's own and `Sec-Fetch-Site` other than same-origin or none (a
 *   request another site or another local port started);
 * - writes must say `Content-Type: application/json`, which a page can send cross-origin only
 *   after a CORS preflight this server never allows (checked by the web server: 415).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface Refusal {
  readonly status: 401 | 403;
  readonly reason: string;
}

export interface PageAccess {
  /** This run's key, as the printed address carries it. */
  readonly key: string;
  /** Why `req` is refused, or undefined. `needsKey`: all but the static files. */
  refusal(req: IncomingMessage, needsKey: boolean): Refusal | undefined;
  /** Whether `given` is this run's key (in constant time). */
  keyMatches(given: string | null | undefined): boolean;
  /** The Set-Cookie value that lets the page in. */
  readonly cookie: string;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Every value of cookie `name` in the request's Cookie headers. */
function cookieValues(req: IncomingMessage, name: string): string[] {
  const values: string[] = [];
  for (const pair of (header(req, 'cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) values.push(pair.slice(at + 1).trim());
  }
  return values;
}

export function pageAccess(port: number, key = randomBytes(32).toString('base64url')): PageAccess {
  const expected = Buffer.from(key);
  const cookieName = `playground_key_${port}`;
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const keyMatches = (given: string | null | undefined) => {
    const bytes = Buffer.from(given ?? '');
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  };
  return {
    key,
    keyMatches,
    cookie: `${cookieName}=${key}; Path=/; HttpOnly; SameSite=Strict`,
    refusal(req, needsKey) {
      const host = header(req, 'host')?.toLowerCase() ?? '';
      if (!hosts.has(host)) {
        return { status: 403, reason: `this playground answers only at 127.0.0.1:${port}` };
      }
      const origin = header(req, 'origin');
      if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
        return { status: 403, reason: 'requests from other pages are refused' };
      }
      const site = header(req, 'sec-fetch-site');
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        return { status: 403, reason: 'requests from other pages are refused' };
      }
      if (needsKey && !cookieValues(req, cookieName).some(keyMatches)) {
        return {
          status: 401,
          reason: 'open the address `npm run playground` printed: it carries the key this page needs',
        };
      }
      return undefined;
    },
  };
}
