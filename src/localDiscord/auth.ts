/**
 * Who may use the local Discord, as on Discord: the REST API answers bot routes only to
 * `Authorization: Bot <the bot's token>` (401 `401: Unauthorized`, code 0, otherwise), except
 * the routes Discord's OpenAPI description opens without it: GET /gateway, the interaction-token
 * routes (`/webhooks/{app}/{token}…`, `/interactions/{id}/{token}/callback`: the token in the path
 * is the authority), OAuth2's own (oauth.ts: the token exchange and revocation, the authorize
 * page, Bearer tokens on /users/@me and /users/@me/guilds) and the CDN's attachments. The gateway closes an
 * IDENTIFY or RESUME with another token with 4004 (Authentication failed) and refuses, with 403,
 * a WebSocket upgrade from a web page of another origin (browsers always send Origin; discord.js,
 * from Node, sends none). So a page the operator visits while the playground runs can neither
 * read the conversation nor post as the bot.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { respond } from './restSupport.js';
import type { DiscordState } from './state.js';

export const UNAUTHORIZED = { message: '401: Unauthorized', code: 0 };
/** Gateway close code for a wrong token in IDENTIFY or RESUME. */
export const AUTHENTICATION_FAILED = { code: 4004, reason: 'Authentication failed' };

/** A fresh token shaped like Discord's: the bot's id, a timestamp part and a secret part. */
export function newBotToken(botId: string): string {
  const parts = [Buffer.from(botId), randomBytes(4), randomBytes(27)];
  return parts.map((part) => part.toString('base64url')).join('.');
}

/** Whether `given` is the bot's token (compared in constant time). */
export function isBotToken(discord: DiscordState, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(discord.botToken));
}

/** Whether Discord answers this request without the bot's token (see the file's comment). */
function openRoute(method: string, pathname: string, authorization: string): boolean {
  const path = pathname.replace(/^\/api\/v\d+/, '');
  const segments = path.split('/').filter(Boolean);
  if (method === 'GET' && (path === '/gateway' || pathname === '/oauth2/authorize')) return true;
  if (method === 'GET' && (segments[0] === 'attachments' || segments[0] === 'ephemeral-attachments'))
    return true;
  if (method === 'POST' && /^\/oauth2\/token(\/revoke)?$/.test(path)) return true; // client credentials
  if (segments[0] === 'webhooks' && segments.length >= 3) return true;
  if (segments[0] === 'interactions' && segments[3] === 'callback' && segments.length === 4) return true;
  const me = path === '/users/@me' || path === '/users/@me/guilds';
  return method === 'GET' && me && /^Bearer /.test(authorization);
}

/**
 * Answers 401 and returns true when a REST request needs the bot's token and lacks it; the
 * request changes nothing (its body is never read).
 */
export function refuseUnauthorized(
  discord: DiscordState,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const method = req.method ?? 'GET';
  const { pathname } = new URL(req.url ?? '/', 'http://local');
  const authorization = req.headers.authorization ?? '';
  if (openRoute(method, pathname, authorization)) return false;
  const bot = /^Bot (.+)$/.exec(authorization)?.[1];
  if (bot !== undefined && isBotToken(discord, bot)) return false;
  req.resume();
  const route = pathname.replace(/^\/api\/v\d+/, '');
  discord.requestLog.push({ method, route, status: 401, at: performance.now() });
  respond(res, 401, UNAUTHORIZED);
  discord.emit('change');
  return true;
}

/**
 * Refuses (403, and the socket closed) a WebSocket upgrade whose Origin is present and not the
 * local Discord's own address; returns true when it did.
 */
export function refuseForeignOrigin(discord: DiscordState, req: IncomingMessage, socket: Duplex): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const port = new URL(discord.apiUrl).port;
  if (origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`) return false;
  socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  discord.emit('change');
  return true;
}
