/**
 * The gateway WebSocket: HELLO, IDENTIFY (refused with 4004 for another token and 4010/4011 for a
 * wrong shard, as Discord does), READY and GUILD_CREATE per session's shard, heartbeats, RESUME
 * with the events missed replayed, and routing each event to the sessions of its guild's shard
 * (DMs: shard 0). Upgrades from web pages of another origin are refused (auth.ts). The Message
 * Content intent is privileged: an IDENTIFY asking for it when the app was not granted it is closed
 * with 4014 "Disallowed intent(s)", and READY's `application.flags` say whether it was.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import { AUTHENTICATION_FAILED, isBotToken, refuseForeignOrigin } from './auth.js';
import { type GatewaySession, INTENTS, shardOf, snowflake } from './model.js';
import type { DiscordState } from './state.js';
import { guildPayload } from './world.js';

/** Dispatches kept per session for replay. */
export const REPLAY_BUFFER = 1000;

export function send(ws: WebSocket, payload: Record<string, unknown>): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload));
}

/** Sends an event on the session (kept for replay; only buffered while it is disconnected). */
export function dispatch(session: GatewaySession, t: string, d: unknown): void {
  session.seq += 1;
  const data = JSON.stringify({ op: 0, t, s: session.seq, d });
  session.sent.push({ s: session.seq, data });
  if (session.sent.length > REPLAY_BUFFER) session.sent.shift();
  if (session.ws?.readyState === WebSocket.OPEN) session.ws.send(data);
}

/** Whether the session's shard receives the events of `guildId` (null: DMs, shard 0's). */
export function receives(session: GatewaySession, guildId: string | null): boolean {
  const [id, count] = session.shard;
  return guildId === null ? id === 0 : shardOf(guildId, count) === id;
}

/**
 * Dispatches an event of a guild (null: a DM) to every live session of its shard, connected or
 * waiting to be resumed; recorded in `deliveries`, or in `undelivered` when there is none
 * (unless `record` is false).
 */
export function route(
  discord: DiscordState,
  t: string,
  d: Record<string, unknown>,
  guildId: string | null,
  record = true,
): void {
  const id = String(d.id ?? '');
  let delivered = false;
  for (const session of discord.sessions.values()) {
    if (!receives(session, guildId)) continue;
    dispatch(session, t, d);
    if (record) discord.deliveries.push({ t, id, guildId, shard: [session.shard[0], session.shard[1]] });
    delivered = true;
  }
  if (!delivered && record) discord.undelivered.push({ t, id, guildId });
}

/** Discord's close for an IDENTIFY with a privileged intent the app was not granted. */
export const DISALLOWED_INTENTS = { code: 4014, reason: 'Disallowed intent(s).' };
/** The application flag of an app granted the Message Content intent (GATEWAY_MESSAGE_CONTENT_LIMITED, 1 << 19). */
export const MESSAGE_CONTENT_FLAG = 1 << 19;

/** The application's flags, as READY and GET /applications/@me show them. */
export function applicationFlags(discord: DiscordState): number {
  return discord.messageContentGranted ? MESSAGE_CONTENT_FLAG : 0;
}

/** Why Discord would refuse an IDENTIFY with this `shard`, or undefined. */
export function shardRefusal(
  discord: DiscordState,
  shard: unknown,
): { code: number; reason: string } | undefined {
  const required = { code: 4011, reason: 'Sharding required' };
  const invalid = { code: 4010, reason: 'Invalid shard' };
  if (shard === undefined || shard === null) return discord.shardCount > 1 ? required : undefined;
  if (!Array.isArray(shard) || shard.length !== 2 || !shard.every((n) => Number.isInteger(n))) {
    return invalid;
  }
  const [id, count] = shard as [number, number];
  if (count < 1 || id < 0 || id >= count) return invalid;
  return count < discord.shardCount ? required : undefined;
}

/** Upgrades a request to a gateway connection, unless a web page of another origin made it. */
export function upgradeGateway(
  discord: DiscordState,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  if (refuseForeignOrigin(discord, req, socket)) return;
  discord.wss?.handleUpgrade(req, socket, head, (ws) => handleGateway(discord, ws));
}

export function handleGateway(discord: DiscordState, ws: WebSocket): void {
  discord.gatewaySockets.add(ws);
  let session: GatewaySession | undefined;
  ws.on('close', (code) => {
    discord.gatewaySockets.delete(ws);
    if (!session || session.ws !== ws) return;
    session.ws = undefined;
    // Like Discord: a normal close (1000, 1001) ends the session; anything else can resume.
    if (code === 1000 || code === 1001) discord.sessions.delete(session.id);
    discord.emit('change');
  });
  send(ws, { op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null });
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { op: number; d: Record<string, unknown> };
    if (message.op === 1) send(ws, { op: 11, d: null, s: null, t: null });
    if (message.op === 6) {
      if (!isBotToken(discord, message.d.token)) {
        discord.resumes.push({ d: message.d, resumed: false });
        ws.close(AUTHENTICATION_FAILED.code, AUTHENTICATION_FAILED.reason);
        discord.emit('change');
        return;
      }
      const resumed = discord.sessions.get(String(message.d.session_id));
      discord.resumes.push({ d: message.d, resumed: resumed !== undefined });
      if (!resumed) {
        // Invalid session, not resumable: the client identifies anew.
        send(ws, { op: 9, d: false, s: null, t: null });
        return;
      }
      resumed.ws?.terminate();
      session = resumed;
      resumed.ws = ws;
      const after = Number(message.d.seq ?? 0);
      for (const event of resumed.sent) if (event.s > after) ws.send(event.data);
      dispatch(resumed, 'RESUMED', {});
      discord.emit('change');
    }
    if (message.op === 2) {
      const disallowed =
        (Number(message.d.intents) & INTENTS.messageContent) !== 0 && !discord.messageContentGranted;
      const refusal = !isBotToken(discord, message.d.token)
        ? AUTHENTICATION_FAILED
        : disallowed
          ? DISALLOWED_INTENTS
          : shardRefusal(discord, message.d.shard);
      if (refusal) {
        discord.refusedIdentifies.push({ shard: message.d.shard, code: refusal.code });
        ws.close(refusal.code, refusal.reason);
        discord.emit('change');
        return;
      }
      discord.identifies.push(message.d);
      const shard = (message.d.shard as [number, number] | undefined) ?? [0, 1];
      session = { id: `session-${snowflake()}`, shard: [shard[0], shard[1]], ws, seq: 0, sent: [] };
      discord.sessions.set(session.id, session);
      const current = session;
      const guilds = discord.guilds.filter((guild) => receives(current, guild.id));
      dispatch(session, 'READY', {
        v: 10,
        user: { ...discord.botUser, discriminator: '0', avatar: null, bot: true, flags: 0 },
        guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
        session_id: session.id,
        resume_gateway_url: discord.gatewayUrl,
        shard,
        application: {
          id: discord.applicationId,
          flags: applicationFlags(discord),
        },
        private_channels: [],
        presences: [],
        relationships: [],
        user_settings: {},
        guild_join_requests: [],
        geo_ordered_rtc_regions: [],
      });
      for (const guild of guilds) dispatch(session, 'GUILD_CREATE', guildPayload(discord, guild));
      discord.emit('change');
    }
  });
}
