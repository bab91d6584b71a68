/**
 * The REST server's plumbing: request bodies (JSON and multipart files), answers with Discord's
 * rate-limit headers after the configured delay, and the per-token and per-channel limits with
 * real 429 responses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalAttachment } from './model.js';
import type { DiscordState } from './state.js';

export async function readBody(
  req: IncomingMessage,
): Promise<{ json: Record<string, unknown>; files: LocalAttachment[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { json: {}, files: [] };
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    const payload = form.get('payload_json');
    const json = typeof payload === 'string' ? (JSON.parse(payload) as Record<string, unknown>) : {};
    const files: LocalAttachment[] = [];
    for (const [field, value] of form.entries()) {
      if (!field.startsWith('files[') || typeof value === 'string') continue;
      const data = Buffer.from(await value.arrayBuffer());
      files.push({
        id: field.slice(6, -1),
        filename: value.name,
        size: data.length,
        contentType: value.type || undefined,
        data,
      });
    }
    return { json, files };
  }
  return { json: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, files: [] };
}

export function respond(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(body !== undefined && { 'content-type': 'application/json' }),
    ...headers,
  });
  res.end(text);
}

/** Applies the per-token rate limit; returns headers to send, or null after sending a 429. */
export function rateLimitCheck(
  discord: DiscordState,
  token: string,
  res: ServerResponse,
): Record<string, string> | null {
  const rule = discord.rateLimit;
  if (!rule) return {};
  const now = Date.now();
  let bucket = discord.buckets.get(token);
  if (!bucket || now >= bucket.start + rule.windowMs) {
    bucket = { start: now, count: 0 };
    discord.buckets.set(token, bucket);
  }
  const resetAfter = (bucket.start + rule.windowMs - now) / 1000;
  const headers: Record<string, string> = rule.headers
    ? {
        'x-ratelimit-limit': String(rule.limit),
        'x-ratelimit-remaining': String(Math.max(0, rule.limit - bucket.count - 1)),
        'x-ratelimit-reset': String((bucket.start + rule.windowMs) / 1000),
        'x-ratelimit-reset-after': resetAfter.toFixed(3),
        'x-ratelimit-bucket': `webhook-${token.slice(-12)}`,
      }
    : {};
  if (bucket.count >= rule.limit) {
    discord.rateLimited += 1;
    respond(
      res,
      429,
      { message: 'You are being rate limited.', retry_after: resetAfter, global: false },
      {
        ...headers,
        'x-ratelimit-remaining': '0',
        'retry-after': resetAfter.toFixed(3),
        'x-ratelimit-scope': 'user',
      },
    );
    return null;
  }
  bucket.count += 1;
  return headers;
}

/** The per-channel limit on the bot's channel messages; null after sending a 429. */
export function channelRateLimit(
  discord: DiscordState,
  channelId: string,
  res: ServerResponse,
  method: string,
  path: string,
): Record<string, string> | null {
  const headers = rateLimitCheck(discord, `channel-${channelId}`, res);
  if (headers === null) {
    discord.requestLog.push({ method, route: path, status: 429, at: performance.now() });
    discord.emit('change');
  }
  return headers;
}

/** Adds a request answered outside routeRest (OAuth2's routes) to `requestLog` once answered. */
export function logWhenAnswered(discord: DiscordState, req: IncomingMessage, res: ServerResponse): void {
  const route = new URL(req.url ?? '/', 'http://local').pathname.replace(/^\/api\/v\d+/, '');
  res.on('finish', () => {
    discord.requestLog.push({
      method: req.method ?? 'GET',
      route,
      status: res.statusCode,
      at: performance.now(),
    });
    discord.emit('change');
  });
}
