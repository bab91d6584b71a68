/**
 * How discord.js's REST clients send their requests. Streamed replies make up most of them
 * (about 800 edits a second at 1,000 replies; bench/capacity.ts), so each request's own cost
 * counts: discord.js's default strategy copies its options, resolves the body, and builds a
 * WHATWG Headers object from every response's headers (validated, normalised, sorted) only to
 * read a few of them. This strategy sends JSON and empty bodies with undici's dispatcher API and
 * reads the response's headers as undici parsed them; files (multipart) still go through
 * discord.js's own strategy, and discord.js keeps its queues, rate limits, retries and errors.
 */
import { STATUS_CODES } from 'node:http';
import { DefaultRestOptions, type RESTOptions, type ResponseLike } from 'discord.js';
import type { Dispatcher } from 'undici';

type RequestInit = Parameters<RESTOptions['makeRequest']>[1];
type RawHeaderValues = Record<string, string | string[] | undefined>;

/** Response headers as undici parsed them (names in lower case), read the way fetch's are. */
export class RawHeaders {
  constructor(private readonly raw: RawHeaderValues) {}

  get(name: string): string | null {
    const value = this.raw[lowerCase(name)];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  has(name: string): boolean {
    return this.raw[lowerCase(name)] !== undefined;
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.raw).sort()) {
      const value = this.get(name);
      if (value !== null) callback(value, name);
    }
  }
}

// discord.js asks for the same few headers in mixed case on every response.
const lowered = new Map<string, string>();
function lowerCase(name: string): string {
  let lower = lowered.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowered.size < 256) lowered.set(name, lower);
  }
  return lower;
}

/** Where a URL's path starts (after `scheme://host[:port]`). */
export function pathStart(url: string): number {
  const afterScheme = url.indexOf('//') + 2;
  const slash = url.indexOf('/', afterScheme);
  return slash === -1 ? url.length : slash;
}

let dispatcher: Promise<Dispatcher> | undefined;

/**
 * The process's global dispatcher, as discord.js's own strategy uses: the bot's other REST
 * client has already opened connections to the same API (the interactions' first answers), and
 * a burst of first edits would otherwise open as many new ones. undici is loaded at the first
 * request: it is not needed to start.
 */
function globalDispatcher(): Promise<Dispatcher> {
  dispatcher ??= import('undici').then(({ getGlobalDispatcher }) => getGlobalDispatcher());
  return dispatcher;
}

export async function makeRequest(url: string, init: RequestInit): Promise<ResponseLike> {
  const { body } = init;
  if (body != null && typeof body !== 'string') return DefaultRestOptions.makeRequest(url, init);
  const at = pathStart(url);
  const through = (init.dispatcher as Dispatcher | undefined) ?? (await globalDispatcher());
  const response = await through.request({
    origin: url.slice(0, at),
    path: at === url.length ? '/' : url.slice(at),
    method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
    headers: (init.headers ?? {}) as Record<string, string>,
    body: body ?? null,
    ...(init.signal && { signal: init.signal }),
  });
  const { statusCode } = response;
  const responseBody = response.body;
  return {
    body: responseBody,
    arrayBuffer: () => responseBody.arrayBuffer(),
    json: () => responseBody.json(),
    text: () => responseBody.text(),
    get bodyUsed() {
      return responseBody.bodyUsed;
    },
    headers: new RawHeaders(response.headers) as unknown as Headers,
    status: statusCode,
    statusText: STATUS_CODES[statusCode] ?? '',
    ok: statusCode >= 200 && statusCode < 300,
  };
}

/** Options for a REST client (spread into its options). */
export const restOptions = { makeRequest } satisfies Partial<RESTOptions>;
