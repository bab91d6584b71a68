/**
 * The local service: a fake of the language-model and image service (shared/service-api.md) over
 * real HTTP and server-sent events on loopback, the local twin of src/localDiscord/. Tests and
 * benchmarks script it per request and read what it recorded (every request, and when each chunk
 * was written); the playground answers with it too, its demo replies given as the fallback
 * script (src/playground/demoService.ts). The bot itself never imports it.
 *
 * `POST /v1/chat/completions` answers the next queued ChatScript, else `fallback(request)`;
 * `POST /v1/images/generations` the next queued ImageScript, else `imageFallback(request)`, with
 * URLs on its content host (contentHost.ts). Anything else is a 404.
 *
 * Keys: every request is recorded with its bearer token (`apiKey`). Any key is accepted except
 * those in `refuseKeys` (a set a test may change at any time): a request with one is answered 401
 * with a JSON error body (REFUSED_KEY_BODY), as an OpenAI-compatible service refuses a bad key
 * (service-api.md §5 does not say), and uses no script.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answerChat, answerError } from './chatReply.js';
import { startContentHost } from './contentHost.js';
import {
  bearerOf,
  type CdnRequest,
  type ChatScript,
  type ImageScript,
  lastUserContent,
  REFUSED_KEY_BODY,
  type RecordedRequest,
  type SentChunk,
} from './scripts.js';

export type {
  CdnRequest,
  ChatScript,
  ImageScript,
  ImageServe,
  RecordedRequest,
  SentChunk,
  UsageShape,
} from './scripts.js';
export { bearerOf, defaultUsage, pieces, REFUSED_KEY_BODY } from './scripts.js';

export interface FakeService {
  readonly url: string;
  /** The content host the image URLs point to (another origin). */
  readonly cdnUrl: string;
  readonly cdnRequests: CdnRequest[];
  /** The bytes served for each image URL path, to compare with what Discord received. */
  readonly served: Map<string, Buffer>;
  /** Scripts used in order for the next image requests; then `imageFallback`. */
  enqueueImages(...scripts: ImageScript[]): void;
  imageFallback: (request: RecordedRequest) => ImageScript;
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
  /** Bearer keys answered 401 (REFUSED_KEY_BODY) instead of a script; change it at any time. */
  readonly refuseKeys: Set<string>;
  close(): Promise<void>;
}

export interface FakeServiceOptions {
  /** The port of the service (default: any free one). */
  readonly port?: number;
  /**
   * Keep what was asked and sent (`requests`, `sendLogs`, `cdnRequests`, `served`…; default
   * true). A long-running playground turns it off: those stay empty.
   */
  readonly record?: boolean;
  readonly fallback?: (request: RecordedRequest) => ChatScript;
  readonly imageFallback?: (request: RecordedRequest) => ImageScript;
  /** Bearer keys refused with a 401 (default none: any key is accepted). */
  readonly refuseKeys?: Iterable<string>;
}

const CHAT = '/v1/chat/completions';
const IMAGES = '/v1/images/generations';

export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const record = options.record ?? true;
  const requests: RecordedRequest[] = [];
  const sendLogs: SentChunk[][] = [];
  const sendLogRequests: RecordedRequest[] = [];
  const closedEarly: (number | undefined)[] = [];
  const cdnRequests: CdnRequest[] = [];
  const served = new Map<string, Buffer>();
  const queue: ChatScript[] = [];
  const imageQueue: ImageScript[] = [];
  const sockets = new Set<Socket>();
  const refuseKeys = new Set(options.refuseKeys ?? []);
  const host = await startContentHost(record ? { cdnRequests, served } : {});
  let received = 0;

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
      const apiKey = bearerOf(req.headers.authorization);
      const refused = apiKey !== undefined && refuseKeys.has(apiKey);
      const request: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        apiKey,
        refused,
        body,
        receivedAt: performance.now(),
      };
      received += 1;
      if (record) requests.push(request);
      const failed = (error: unknown) =>
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      if (refused) {
        answerError(res, { status: 401, errorBody: REFUSED_KEY_BODY });
        return;
      }
      if (req.method === 'POST' && request.path.endsWith(CHAT)) {
        const script = queue.shift() ?? fake.fallback(request);
        const begin = () => {
          const log: SentChunk[] = [];
          if (!record) return { log, closedEarly: () => undefined };
          sendLogs.push(log);
          sendLogRequests.push(request);
          const slot = sendLogs.length - 1;
          return {
            log,
            closedEarly: (at: number) => {
              closedEarly[slot] = at;
            },
          };
        };
        answerChat(script, request, res, { id: `chatcmpl-${received}`, begin }).catch(failed);
        return;
      }
      if (req.method === 'POST' && request.path.endsWith(IMAGES)) {
        host.answer(imageQueue.shift() ?? fake.imageFallback(request), request, res).catch(failed);
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
  server.listen({ port: options.port ?? 0, host: '127.0.0.1', backlog: 4096 });
  await once(server, 'listening');

  const fake: FakeService = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cdnUrl: host.url,
    cdnRequests,
    served,
    enqueueImages: (...scripts) => imageQueue.push(...scripts),
    imageFallback: options.imageFallback ?? (() => ({})),
    imageRequests: () => requests.filter((request) => request.path.endsWith(IMAGES)),
    requests,
    sendLogs,
    sendLogRequests,
    closedEarly,
    enqueue: (...scripts) => queue.push(...scripts),
    fallback: options.fallback ?? ((request) => ({ text: `Echo: ${lastUserContent(request.body)}` })),
    chatRequests: () => requests.filter((request) => request.path.endsWith(CHAT)),
    refuseKeys,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await Promise.all([once(server, 'close'), host.close()]);
    },
  };
  return fake;
}
