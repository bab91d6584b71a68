/**
 * A fake of the service over real HTTP and server-sent events on loopback, scriptable per
 * request, recording every request and every byte-timed chunk it sends.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { makePng } from './png.js';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
  readonly receivedAt: number;
}

export type UsageShape =
  | { readonly input_tokens: number; readonly output_tokens: number }
  | { readonly prompt_tokens: number; readonly completion_tokens: number };

export interface ChatScript {
  /** The reply text (default: "Echo: <last message>"). */
  readonly text?: string;
  /** How many chunks the text is streamed in (default: one per word). */
  readonly chunks?: number;
  /** Delay between chunks. */
  readonly intervalMs?: number;
  /** Delay before the response headers. */
  readonly headersDelayMs?: number;
  /** `null` sends no usage at all. */
  readonly usage?: UsageShape | null;
  /** Where usage goes: on the last content chunk, or on a trailing chunk with empty choices. */
  readonly usagePlacement?: 'last-chunk' | 'trailing-chunk';
  readonly finishReason?: string | null;
  /** Send `data: [DONE]` at the end (default true). */
  readonly done?: boolean;
  readonly crlf?: boolean;
  /** Send `: ping` comment lines between chunks. */
  readonly pings?: boolean;
  /** Write every event one byte at a time (multi-byte characters split across reads). */
  readonly byteByByte?: boolean;
  /** The final event has no blank line after it (and no [DONE]). */
  readonly noFinalBlankLine?: boolean;
  /** Chunks carry the whole reply so far in `choices[].message.content`. */
  readonly wholeMessages?: boolean;
  /** Answer with one JSON body (`application/json`) even to a streaming request. */
  readonly json?: boolean;
  /** Destroy the connection after this many content chunks. */
  readonly dropAfterChunks?: number;
  /** Send an error event after this many content chunks. */
  readonly errorAfterChunks?: { readonly after: number; readonly message: string };
  /** Stop sending (but keep the connection open) after this many content chunks. */
  readonly stallAfterChunks?: number;
  /**
   * After this many content chunks, send only `: ping` lines (every `intervalMs`, default
   * 100 ms) until the client closes the connection.
   */
  readonly pingForeverAfterChunks?: number;
  /**
   * After `afterChunks` content chunks, send only `: ping` lines (every 100 ms) until `until`
   * settles, then the rest: a reply held in progress for as long as a test needs.
   */
  readonly hold?: { readonly afterChunks: number; readonly until: Promise<unknown> };
  /** Text written as is (no framing added) before the content chunk at index `before`. */
  readonly raw?: readonly { readonly before: number; readonly text: string }[];
  /** Answer with an HTTP error instead. */
  readonly status?: number;
  readonly errorBody?: unknown;
  readonly headers?: Record<string, string>;
}

/** How the content host serves one generated image. */
export interface ImageServe {
  /** The file (default: a distinct 64×64 PNG). */
  readonly bytes?: Buffer;
  /** Answer with this status instead of the file. */
  readonly status?: number;
  /** Delay between 16 KiB pieces of the body. */
  readonly chunkDelayMs?: number;
  /** Send the headers and the first piece, then nothing for this long. */
  readonly stallMs?: number;
  /** Redirect this many times before serving. */
  readonly redirects?: number;
  /** Answer with a 302 to this URL (any host or scheme) instead of the file. */
  readonly redirectTo?: string;
  /** The service returns this URL for the image instead of the content host's. */
  readonly url?: string;
}

export interface ImageScript {
  readonly status?: number;
  readonly errorBody?: unknown;
  readonly headers?: Record<string, string>;
  readonly headersDelayMs?: number;
  /** Per image served (default: n distinct small PNGs). */
  readonly images?: readonly ImageServe[];
  /** Return this many URLs instead of n. */
  readonly count?: number;
}

export interface CdnRequest {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
}

export interface SentChunk {
  readonly at: number;
  /** Reply characters sent so far, this chunk included. */
  readonly sentChars: number;
}

export interface FakeService {
  readonly url: string;
  /** The content host the image URLs point to (another origin). */
  readonly cdnUrl: string;
  readonly cdnRequests: CdnRequest[];
  /** The bytes served for each image URL path, to compare with what Discord received. */
  readonly served: Map<string, Buffer>;
  /** Scripts used in order for the next image requests. */
  enqueueImages(...scripts: ImageScript[]): void;
  imageRequests(): RecordedRequest[];
  readonly requests: RecordedRequest[];
  /** Per chat request, the time each content chunk was written. */
  readonly sendLogs: SentChunk[][];
  /** The chat request each entry of `sendLogs` answers (same index). */
  readonly sendLogRequests: RecordedRequest[];
  /** Per chat request, when the client closed its connection before the response ended. */
  readonly closedEarly: (number | undefined)[];
  /** Scripts used in order for the next chat requests; then `fallback`. */
  enqueue(...scripts: ChatScript[]): void;
  fallback: (request: RecordedRequest) => ChatScript;
  /** Chat requests received so far. */
  chatRequests(): RecordedRequest[];
  close(): Promise<void>;
}

export function defaultUsage(text: string): UsageShape {
  return { input_tokens: 10, output_tokens: Math.max(1, Math.ceil(text.length / 4)) };
}

function lastUserContent(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
  const last = messages.at(-1);
  return typeof last?.content === 'string' ? last.content : '';
}

/** Splits text into `count` pieces of near-equal length, never inside a surrogate pair. */
export function pieces(text: string, count: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  const size = Math.max(1, Math.ceil(chars.length / Math.max(1, count)));
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out.length > 0 ? out : [''];
}

function wordPieces(text: string): string[] {
  const out = text.match(/\S+\s*|\s+/g);
  return out && out.length > 0 ? out : [''];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeService(): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  const sendLogs: SentChunk[][] = [];
  const sendLogRequests: RecordedRequest[] = [];
  const closedEarly: (number | undefined)[] = [];
  const queue: ChatScript[] = [];
  const imageQueue: ImageScript[] = [];
  const sockets = new Set<Socket>();
  const cdnRequests: CdnRequest[] = [];
  const served = new Map<string, Buffer>();
  const serving = new Map<string, ImageServe & { bytes: Buffer }>();
  let imageCounter = 0;

  const fake: FakeService = {
    url: '',
    cdnUrl: '',
    cdnRequests,
    served,
    enqueueImages: (...scripts) => imageQueue.push(...scripts),
    imageRequests: () => requests.filter((request) => request.path.endsWith('/v1/images/generations')),
    requests,
    sendLogs,
    sendLogRequests,
    closedEarly,
    enqueue: (...scripts) => queue.push(...scripts),
    fallback: (request) => ({ text: `Echo: ${lastUserContent(request.body)}` }),
    chatRequests: () => requests.filter((request) => request.path.endsWith('/v1/chat/completions')),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      cdn.close();
      await Promise.all([once(server, 'close'), once(cdn, 'close')]);
    },
  };

  async function handleChat(request: RecordedRequest, res: ServerResponse): Promise<void> {
    const script = queue.shift() ?? fake.fallback(request);
    if (script.headersDelayMs) await sleep(script.headersDelayMs);
    if (script.status !== undefined && script.status >= 300) {
      res.writeHead(script.status, { 'content-type': 'application/json', ...script.headers });
      res.end(JSON.stringify(script.errorBody ?? { error: { message: `status ${script.status}` } }));
      return;
    }
    const text = script.text ?? `Echo: ${lastUserContent(request.body)}`;
    const usage = script.usage === undefined ? defaultUsage(text) : script.usage;
    const finishReason = script.finishReason === undefined ? 'stop' : script.finishReason;
    const id = `chatcmpl-${requests.length}`;
    const model = String(request.body.model);
    const log: SentChunk[] = [];
    sendLogs.push(log);
    sendLogRequests.push(request);
    const slot = sendLogs.length - 1;
    let closed = false;
    res.on('close', () => {
      closed = true;
      if (!res.writableEnded) closedEarly[slot] = performance.now();
    });

    if (script.json || request.body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json', ...script.headers });
      res.end(
        JSON.stringify({
          id,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
          ...(usage && { usage }),
        }),
      );
      log.push({ at: performance.now(), sentChars: text.length });
      return;
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...script.headers,
    });
    res.flushHeaders();
    const eol = script.crlf ? '\r\n' : '\n';
    const write = async (event: string) => {
      if (res.destroyed) return;
      if (!script.byteByByte) {
        res.write(event);
        return;
      }
      for (const byte of Buffer.from(event, 'utf8')) {
        res.write(Buffer.from([byte]));
        await sleep(1);
      }
    };
    const data = (payload: unknown) => `data: ${JSON.stringify(payload)}${eol}${eol}`;

    const parts = script.chunks ? pieces(text, script.chunks) : wordPieces(text);
    let sent = '';
    for (const [index, part] of parts.entries()) {
      for (const raw of script.raw ?? []) if (raw.before === index) await write(raw.text);
      if (script.dropAfterChunks !== undefined && index >= script.dropAfterChunks) {
        res.socket?.destroy();
        return;
      }
      if (script.errorAfterChunks !== undefined && index >= script.errorAfterChunks.after) {
        await write(`event: error${eol}${data({ error: { message: script.errorAfterChunks.message } })}`);
        res.end();
        return;
      }
      if (script.stallAfterChunks !== undefined && index >= script.stallAfterChunks) return;
      if (script.pingForeverAfterChunks !== undefined && index >= script.pingForeverAfterChunks) {
        while (!closed) {
          await sleep(script.intervalMs ?? 100);
          await write(`: ping${eol}${eol}`);
        }
        return;
      }
      if (script.hold && index === script.hold.afterChunks) {
        let released = false;
        void script.hold.until.finally(() => {
          released = true;
        });
        while (!released && !closed) {
          await sleep(100);
          await write(`: ping${eol}${eol}`);
        }
      }
      if (index > 0 && script.intervalMs) await sleep(script.intervalMs);
      if (script.pings) await write(`: ping${eol}${eol}`);
      sent += part;
      const last = index === parts.length - 1;
      const choice = script.wholeMessages
        ? { index: 0, message: { role: 'assistant', content: sent } }
        : { index: 0, delta: { content: part } };
      const chunk = {
        id,
        model,
        choices: [{ ...choice, finish_reason: last && finishReason !== null ? finishReason : null }],
        ...(last && usage && script.usagePlacement !== 'trailing-chunk' && { usage }),
      };
      let event = data(chunk);
      if (last && script.noFinalBlankLine && !(usage && script.usagePlacement === 'trailing-chunk')) {
        event = event.slice(0, -eol.length);
      }
      await write(event);
      log.push({ at: performance.now(), sentChars: sent.length });
    }
    if (usage && script.usagePlacement === 'trailing-chunk') {
      let event = data({ id, model, choices: [], usage });
      if (script.noFinalBlankLine) event = event.slice(0, -eol.length);
      await write(event);
    }
    if (script.done !== false && !script.noFinalBlankLine) await write(`data: [DONE]${eol}${eol}`);
    res.end();
  }

  async function handleImages(request: RecordedRequest, res: ServerResponse): Promise<void> {
    const script = imageQueue.shift() ?? {};
    if (script.headersDelayMs) await sleep(script.headersDelayMs);
    if (script.status !== undefined && script.status >= 300) {
      res.writeHead(script.status, { 'content-type': 'application/json', ...script.headers });
      res.end(JSON.stringify(script.errorBody ?? { error: { message: `status ${script.status}` } }));
      return;
    }
    const n = typeof request.body.n === 'number' ? request.body.n : 1;
    const count = script.count ?? n;
    const urls: { url: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      imageCounter += 1;
      const serve = script.images?.[i] ?? {};
      const bytes = serve.bytes ?? makePng(64, 64, imageCounter);
      const path = `/images/${imageCounter}.png`;
      serving.set(path, { ...serve, bytes });
      served.set(path, bytes);
      urls.push({ url: serve.url ?? `${fake.cdnUrl}${path}` });
    }
    res.writeHead(200, { 'content-type': 'application/json', ...script.headers });
    res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: urls }));
  }

  const cdn: Server = createServer((req, res) => {
    const path = req.url ?? '';
    cdnRequests.push({ path, headers: req.headers });
    const redirect = /^\/redirect\/(\d+)(\/images\/.*)$/.exec(path);
    const [target = '', query] = (redirect ? (redirect[2] as string) : path).split('?');
    const entry = serving.get(target);
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    if (entry.redirectTo !== undefined) {
      res.writeHead(302, { location: entry.redirectTo }).end();
      return;
    }
    const hops = redirect ? Number(redirect[1]) : query === 'final' ? 0 : (entry.redirects ?? 0);
    if (hops > 0) {
      res.writeHead(302, { location: hops > 1 ? `/redirect/${hops - 1}${target}` : `${target}?final` }).end();
      return;
    }
    if (entry.status !== undefined) {
      res.writeHead(entry.status).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(entry.bytes.length) });
    void (async () => {
      const piece = 16 * 1024;
      for (let offset = 0; offset < entry.bytes.length; offset += piece) {
        if (res.destroyed) return;
        res.write(entry.bytes.subarray(offset, offset + piece));
        if (offset === 0 && entry.stallMs) await sleep(entry.stallMs);
        if (entry.chunkDelayMs) await sleep(entry.chunkDelayMs);
      }
      res.end();
    })();
  });
  cdn.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        // Recorded as an empty body; tests assert on what they expect.
      }
      const request: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        receivedAt: performance.now(),
      };
      requests.push(request);
      if (req.method === 'POST' && request.path.endsWith('/v1/chat/completions')) {
        handleChat(request, res).catch((error: unknown) => {
          res.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        return;
      }
      if (req.method === 'POST' && request.path.endsWith('/v1/images/generations')) {
        handleImages(request, res).catch((error: unknown) => {
          res.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
    });
  });
  server.on('connection', (socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A deep accept queue: hundreds of streams opened in the same millisecond (benchmarks) must
  // wait to be accepted, not be dropped into TCP's 1 s SYN retry.
  server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  cdn.listen(0, '127.0.0.1');
  await Promise.all([once(server, 'listening'), once(cdn, 'listening')]);
  Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cdnUrl: `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`,
  });
  return fake;
}
