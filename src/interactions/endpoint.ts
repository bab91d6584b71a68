/**
 * The interactions endpoint (INTERACTIONS_PORT, behind the operator's TLS proxy): Discord POSTs
 * each interaction to `/interactions`, signed. A request is refused before any work when it is
 * oversized (413, from its Content-Length or as it streams), unsigned, badly signed or stale (401,
 * before its body is parsed); a PING is answered PONG; anything else is handed to the bot, and
 * the request is answered 202 once the bot has acknowledged the interaction through the callback
 * route (as Discord asks of an app that answers through it), or once the bot is done with it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from '../lib/listen.js';
import { checkSignature, publicKeyFromHex } from './signature.js';

/** The largest request taken: a message command carries the whole message, a form five fields of 4,000. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const ENDPOINT_PATH = '/interactions';

/** Why a request was refused (the metric's label). */
export type Refusal = 'unsigned' | 'malformed signature' | 'stale timestamp' | 'bad signature' | 'oversized';

export interface EndpointOptions {
  readonly host: string;
  /** 0: any free port (see `port` on the result). */
  readonly port: number;
  /** The application's public key, 64 hex characters. */
  readonly publicKey: string;
  /** Handles an interaction (not a PING); resolves with the answer to Discord's request. */
  readonly handle: (interaction: Record<string, unknown>, signed: SignedRequest) => Promise<EndpointAnswer>;
  /** Whether the process is healthy (GET /healthz, for the load balancer). */
  readonly healthy: () => Promise<boolean>;
  /** A PING was answered (Discord checks the endpoint so when its URL is saved, and now and then). */
  readonly pong?: () => void;
  readonly onRefused?: (reason: Refusal) => void;
  readonly onError?: (error: unknown) => void;
  /** This host's clock in ms (tests move it). */
  readonly now?: () => number;
}

/** A request as Discord signed it, to be forwarded to another worker unchanged. */
export interface SignedRequest {
  readonly body: Buffer;
  readonly signature: string;
  readonly timestamp: string;
  /** Another worker forwarded it here (FORWARDED_HEADER): it is not forwarded again. */
  readonly forwarded: boolean;
}

export interface EndpointAnswer {
  readonly status: number;
  readonly body?: string;
  readonly contentType?: string;
}

/** Marks a request one worker forwarded to the worker that owns its server's shard. */
export const FORWARDED_HEADER = 'x-forwarded-interaction';

export interface InteractionsEndpoint {
  readonly port: number;
  close(): Promise<void>;
}

/** The body, or undefined once it passed `MAX_BODY_BYTES` (the rest is not read). */
function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks, size)));
    request.on('error', reject);
  });
}

function send(
  response: ServerResponse,
  status: number,
  body?: string,
  type = 'text/plain; charset=utf-8',
): void {
  if (response.headersSent) return;
  response.writeHead(status, body === undefined ? {} : { 'content-type': type });
  response.end(body);
}

export async function startInteractionsEndpoint(options: EndpointOptions): Promise<InteractionsEndpoint> {
  const key = publicKeyFromHex(options.publicKey);
  const now = options.now ?? Date.now;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/healthz' && request.method === 'GET') {
      const ok = await options.healthy();
      return send(response, ok ? 200 : 503, ok ? 'ok\n' : 'unavailable\n');
    }
    if (path !== ENDPOINT_PATH) return send(response, 404, `not found: Discord posts to ${ENDPOINT_PATH}\n`);
    if (request.method !== 'POST') return send(response, 405, 'method not allowed\n');
    if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      options.onRefused?.('oversized');
      response.setHeader('connection', 'close');
      return send(response, 413, 'request too large\n');
    }
    const body = await readBody(request);
    if (body === undefined) {
      options.onRefused?.('oversized');
      response.setHeader('connection', 'close');
      return send(response, 413, 'request too large\n');
    }
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const verdict = checkSignature(
      key,
      header('x-signature-ed25519'),
      header('x-signature-timestamp'),
      body,
      Math.floor(now() / 1000),
    );
    if (!verdict.ok) {
      options.onRefused?.(verdict.reason as Refusal);
      return send(response, 401, 'invalid request signature\n');
    }
    let interaction: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      interaction = parsed as Record<string, unknown>;
    } catch {
      return send(response, 400, 'the body is not a JSON object\n');
    }
    if (interaction.type === 1) {
      options.pong?.();
      return send(response, 200, '{"type":1}', 'application/json');
    }
    const signed = {
      body,
      signature: header('x-signature-ed25519') as string,
      timestamp: header('x-signature-timestamp') as string,
      forwarded: header(FORWARDED_HEADER) !== undefined,
    };
    const answer = await options.handle(interaction, signed);
    send(response, answer.status, answer.body, answer.contentType);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.onError?.(error);
      send(response, 500, 'internal error\n');
    });
  });
  // Discord keeps connections to the endpoint open; requests beyond a slow client's 10 s are not its.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  return listen(server, options.port, options.host, options.onError);
}
