/**
 * The plumbing of the playground's web server (webServer.ts): reading a write's JSON body (at most
 * 32 MiB, an object: files come in it, base64, pageFiles.ts), answering JSON, and the refusals that carry their own status (403: this
 * person may not act there) rather than the 400 of a malformed request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY = 32 * 1024 * 1024;

/** A request the page's API refuses with `status` (and `message` as its error). */
export class PageRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_BODY) throw new Error('request body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const parsed: unknown = JSON.parse(text || '{}');
  if (typeof parsed !== 'object' || parsed === null) throw new Error('expected a JSON object');
  return parsed as Record<string, unknown>;
}

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Answers a failed write: a PageRefusal's status, else 400, with the error's message. */
export function sendFailure(res: ServerResponse, error: unknown): void {
  const status = error instanceof PageRefusal ? error.status : 400;
  send(res, status, { error: error instanceof Error ? error.message : String(error) });
}

/** Whether a write says it is JSON (`application/json`, with or without parameters). */
export const isJson = (req: IncomingMessage) =>
  (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
