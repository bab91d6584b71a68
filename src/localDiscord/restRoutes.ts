/**
 * The REST routes the bot uses: gateway discovery, the app (applicationRoutes.ts), command registration,
 * interaction callbacks (interactionCallback.ts), webhooks (responses and follow-ups, with files), channel
 * messages, threads, typing, channels and members, deleting a role (roleDeletion.ts), SKUs and
 * entitlements (monetization.ts), each with Discord's refusals.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routeApplication } from './applicationRoutes.js';
import { refuseUnauthorized } from './auth.js';
import { serveCommandFile } from './commandFiles.js';
import { routeCommands } from './commandRoutes.js';
import { messageWriteRefusal } from './componentRules.js';
import { listMessages, serveAttachment } from './contextMenus.js';
import { routeDms } from './dms.js';
import { applyCallback } from './interactionCallback.js';
import { createMessage, editMessage } from './messages.js';
import { recordMessageWrite } from './messageWrites.js';
import { NO_HISTORY, PERMISSIONS } from './model.js';
import { routeMonetization } from './monetization.js';
import { routeOAuth } from './oauth.js';
import { channelRateLimit, logWhenAnswered, rateLimitCheck, readBody, respond } from './restSupport.js';
import { routeRoleDelete } from './roleDeletion.js';
import type { DiscordState } from './state.js';
import { routeThreads } from './threads.js';
import { userInstallRule } from './userInstall.js';
import { messageJson, permissionRefusal, sendPermission } from './world.js';

export async function routeRest(
  discord: DiscordState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const requestedAt = performance.now();
  const url = new URL(req.url ?? '/', 'http://fake');
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/^\/api\/v\d+/, '');
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const route = `${method} ${path}`;
  if (req.headers.authorization) discord.authorizations.add(req.headers.authorization);
  const label = (req as { label?: string }).label ?? '';
  discord.pending.set(label, 'reading body');
  const { json, files } = await readBody(req);
  discord.pending.set(label, 'body read');
  recordMessageWrite(discord, method, segments, json);
  if (discord.restDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, discord.restDelayMs));
  const reply = (status: number, body?: unknown, headers?: Record<string, string>) => {
    discord.pending.set(label, `replying ${status}`);
    discord.requestLog.push({ method, route: path, status, at: performance.now() });
    respond(res, status, body, headers);
    discord.pending.set(label, `responded ${status}, not yet flushed`);
    discord.emit('change');
  };

  const failure = discord.failures.findIndex((entry) => entry.match(method, path, json));
  const lost = failure >= 0 ? discord.failures.splice(failure, 1)[0] : undefined;
  if (lost && !lost.afterApplying) return reply(lost.status, lost.body);
  const ruled = userInstallRule(discord, method, segments, json, files.length);
  if (ruled) return reply(ruled.status, ruled.body);

  // GET /gateway/bot
  if (method === 'GET' && (path === '/gateway/bot' || path === '/gateway')) {
    return reply(200, {
      url: discord.gatewayUrl,
      shards: discord.shardCount,
      session_start_limit: {
        total: 1000,
        remaining: 999,
        reset_after: 0,
        max_concurrency: discord.maxConcurrency,
      },
    });
  }

  // Command registration (commandRoutes.ts); channel message lists and attachments (contextMenus.ts); opening a DM (dms.ts).
  if (method === 'GET' && (serveAttachment(discord, path, res) || serveCommandFile(discord, path, res)))
    return;
  const routed =
    routeCommands(discord, method, segments, json, url.searchParams) ??
    routeRoleDelete(discord, method, segments) ??
    routeMonetization(discord, method, segments, json, url.searchParams) ??
    routeDms(discord, method, segments, json) ??
    routeThreads(discord, method, segments, json) ??
    (method === 'GET' && segments[0] === 'channels' && segments[2] === 'messages' && segments.length === 3
      ? listMessages(discord, segments[1] as string, url.searchParams)
      : undefined);
  if (routed) return lost ? reply(lost.status, lost.body) : reply(routed.status, routed.body);
  // The app and the bot's user (applicationRoutes.ts): PATCH checks an interactions endpoint first.
  const application = await routeApplication(discord, method, path, json);
  if (application) return lost ? reply(lost.status, lost.body) : reply(application.status, application.body);

  // POST /interactions/{id}/{token}/callback
  if (method === 'POST' && segments[0] === 'interactions' && segments[3] === 'callback') {
    const interaction = discord.interactions.get(segments[2] as string);
    if (!interaction || interaction.id !== segments[1])
      return reply(404, { message: 'Unknown interaction', code: 10062 });
    const answer = applyCallback(
      discord,
      interaction,
      json,
      files,
      requestedAt,
      url.searchParams.get('with_response') === 'true',
    );
    return reply(answer.status, answer.body);
  }

  // Webhook (interaction token) routes.
  if (segments[0] === 'webhooks' && segments[1] === discord.applicationId && segments[2]) {
    const token = segments[2];
    const interaction = discord.interactions.get(token);
    if (!interaction) return reply(404, { message: 'Unknown Webhook', code: 10015 });
    const ttl = discord.interactionTokenTtlMs;
    if (
      discord.deadTokens.has(token) ||
      (ttl !== undefined && performance.now() - interaction.createdAt >= ttl)
    )
      return reply(401, { message: 'Invalid Webhook Token', code: 50027 });
    const headers = rateLimitCheck(discord, token, res);
    if (headers === null) {
      discord.requestLog.push({ method, route: path, status: 429, at: performance.now() });
      discord.emit('change');
      return;
    }
    // POST /webhooks/{app}/{token}: a follow-up.
    if (method === 'POST' && segments.length === 3) {
      if (interaction.callbacks.length === 0)
        return reply(404, { message: 'Unknown Webhook', code: 10015 }, headers);
      const bodyRefusal = messageWriteRefusal(json, files);
      if (bodyRefusal) return reply(400, bodyRefusal, headers);
      const refused =
        files.length > 0 && permissionRefusal(discord, interaction.channelId, PERMISSIONS.attachFiles);
      if (refused) return reply(403, refused, headers);
      const message = createMessage(
        discord,
        'followup',
        interaction.channelId,
        token,
        json,
        files,
        requestedAt,
      );
      interaction.followUpIds.push(message.id);
      return reply(200, messageJson(discord, message), headers);
    }
    if (segments[3] === 'messages' && segments[4]) {
      const id = segments[4] === '@original' ? interaction.originalId : segments[4];
      const message = id ? discord.messages.get(id) : undefined;
      if (!message || message.deleted || message.interactionToken !== token) {
        return reply(404, { message: 'Unknown Message', code: 10008 }, headers);
      }
      if (method === 'GET') return reply(200, messageJson(discord, message), headers);
      if (method === 'PATCH') {
        const bodyRefusal = messageWriteRefusal(json, files, message);
        if (bodyRefusal) return reply(400, bodyRefusal, headers);
        const refused =
          files.length > 0 && permissionRefusal(discord, interaction.channelId, PERMISSIONS.attachFiles);
        if (refused) return reply(403, refused, headers);
        editMessage(message, json, files, requestedAt);
        return reply(200, messageJson(discord, message), headers);
      }
      if (method === 'DELETE') {
        message.deleted = true;
        return reply(204, undefined, headers);
      }
    }
  }

  // POST /channels/{id}/typing
  if (method === 'POST' && segments[0] === 'channels' && segments[2] === 'typing') {
    const refused = permissionRefusal(
      discord,
      segments[1] as string,
      sendPermission(discord, segments[1] as string),
    );
    return refused ? reply(403, refused) : reply(204);
  }

  // GET / PATCH / DELETE /channels/{id}/messages/{id}: edits of the bot's own messages only.
  if (segments[0] === 'channels' && segments[2] === 'messages' && segments.length === 4) {
    const message = discord.messages.get(segments[3] as string);
    if (!message || message.deleted || message.channelId !== segments[1]) {
      return reply(404, { message: 'Unknown Message', code: 10008 });
    }
    if (method === 'GET') return reply(200, messageJson(discord, message));
    if (method === 'PATCH' || method === 'DELETE') {
      const limited = channelRateLimit(discord, segments[1] as string, res, method, path);
      if (limited === null) return;
      const refused = permissionRefusal(discord, segments[1] as string, 0n);
      if (refused) return reply(403, refused);
      if (message.authorId !== discord.botUser.id) {
        return reply(403, { message: 'Cannot edit a message authored by another user', code: 50005 });
      }
      if (method === 'DELETE') {
        message.deleted = true;
        return reply(204);
      }
      const bodyRefusal = messageWriteRefusal(json, files, message);
      if (bodyRefusal) return reply(400, bodyRefusal);
      editMessage(message, json, files, requestedAt);
      return reply(200, messageJson(discord, message), limited);
    }
  }

  // POST /channels/{id}/messages
  if (
    method === 'POST' &&
    segments[0] === 'channels' &&
    segments[2] === 'messages' &&
    segments.length === 3
  ) {
    const channelId = segments[1] as string;
    const limited = channelRateLimit(discord, channelId, res, method, path);
    if (limited === null) return;
    const needed = sendPermission(discord, channelId) | (files.length > 0 ? PERMISSIONS.attachFiles : 0n);
    const refused = permissionRefusal(discord, channelId, needed);
    if (refused) return reply(403, refused);
    if (json.message_reference && permissionRefusal(discord, channelId, PERMISSIONS.readMessageHistory)) {
      return reply(400, NO_HISTORY);
    }
    const bodyRefusal = messageWriteRefusal(json, files);
    if (bodyRefusal) return reply(400, bodyRefusal);
    const message = createMessage(
      discord,
      'channel',
      segments[1] as string,
      undefined,
      json,
      files,
      requestedAt,
    );
    return reply(200, messageJson(discord, message), limited);
  }

  discord.unknownRoutes.push(route);
  return reply(404, { message: '404: Not Found', code: 0 });
}

/** Answers one REST request (routeRest) it lets in, logging it as pending until its answer is flushed. */
export function handleRest(discord: DiscordState, req: IncomingMessage, res: ServerResponse): void {
  if (refuseUnauthorized(discord, req, res)) return; // no bot token where Discord needs one (auth.ts)
  // OAuth2 (oauth.ts): the dashboard's login, the bot's GET /guilds/{id} and /users/{id}; logged too.
  if (routeOAuth(discord, req, res)) {
    logWhenAnswered(discord, req, res);
    return;
  }
  const label = `${req.method} ${req.url?.slice(0, 60)} #${Math.random().toString(36).slice(2, 6)}`;
  discord.pending.set(label, 'received');
  (req as { label?: string }).label = label;
  res.on('finish', () => discord.pending.delete(label));
  res.on('close', () => discord.pending.delete(label));
  void routeRest(discord, req, res).catch((error: unknown) => {
    respond(res, 500, { message: String(error), code: 0 });
  });
}
