/**
 * A protocol-level fake of Discord on loopback: the REST API under /api/v10 and a gateway
 * WebSocket. The real discord.js Client logs into it (through `rest.api` = DISCORD_API_URL and
 * the gateway URL that GET /gateway/bot returns). It dispatches INTERACTION_CREATE (commands and
 * button clicks), MESSAGE_CREATE (members' messages, with Discord's Message Content rules per the
 * intents the bot identified with) and THREAD_CREATE, keeps every message with its edit history
 * and buttons, and can enforce per-interaction-token rate limits with real 429 responses.
 * Gateway sessions can be resumed (op 6, with the events dispatched meanwhile replayed) after a
 * test drops the connection; the bot's permissions per channel can be withheld (sent as
 * overwrites, `app_permissions` and enforced on REST like Discord: 50001, 50013).
 *
 * Sharding, like Discord's: GET /gateway/bot recommends `shards` (option, default 1), an IDENTIFY
 * with fewer shards (or none) than that is closed with 4011 and an impossible `[id, count]` with
 * 4010. There are one or more guilds (`guildsPerShard` on each shard); a guild's events go only to
 * the sessions of its shard, `(guild_id >> 22) % count`, and DMs only to shard 0. READY and
 * GUILD_CREATE list a session's own guilds. `deliveries` records which shard got each event.
 */
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

const DISCORD_EPOCH = 1_420_070_400_000n;
let sequence = 0n;

/** Snowflakes that look real: a timestamp and a process-wide counter. */
export function snowflake(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (sequence & 0x3fffffn)).toString();
}

/** The shard of `count` that Discord sends a guild's events to: `(guild_id >> 22) % count`. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/**
 * A fresh snowflake whose guild shard (of `count`) is `shard`: its timestamp moved back by the
 * few milliseconds that takes (the shard depends only on the timestamp, the counter keeps it unique).
 */
export function snowflakeOnShard(shard: number, count: number): string {
  const id = BigInt(snowflake());
  const offset = ((id >> 22n) - BigInt(shard)) % BigInt(count);
  return (id - (offset << 22n)).toString();
}

export interface FakeUser {
  readonly id: string;
  readonly username: string;
  readonly global_name: string | null;
}

export interface FakeAttachment {
  readonly id: string;
  readonly filename: string;
  readonly size: number;
  readonly contentType: string | undefined;
  readonly data: Buffer;
}

export interface MessageVersion {
  readonly content: string;
  readonly at: number;
  /** When the request that made this version arrived (before the simulated REST delay). */
  readonly requestedAt: number;
  /** True when this version would ping someone (per allowed_mentions and content). */
  readonly pinged: boolean;
}

export interface FakeMessage {
  readonly id: string;
  readonly channelId: string;
  /** The interaction token it belongs to, for interaction responses and follow-ups. */
  readonly interactionToken: string | undefined;
  /** 'user' for members' messages; the rest are the bot's. */
  readonly kind: 'original' | 'followup' | 'channel' | 'user';
  readonly authorId: string;
  /** The message this one replies to. */
  readonly referenceId: string | undefined;
  content: string;
  flags: number;
  attachments: FakeAttachment[];
  components: unknown[];
  allowedMentions: unknown;
  readonly versions: MessageVersion[];
  deleted: boolean;
  readonly createdAt: number;
}

export interface FakeInteraction {
  readonly id: string;
  readonly token: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly userId: string;
  /** Interaction callback types received, in order (4 = reply, 5 = deferred). */
  readonly callbacks: { type: number; at: number; data: Record<string, unknown> }[];
  originalId: string | undefined;
  readonly followUpIds: string[];
  readonly createdAt: number;
}

export interface FakeChannel {
  readonly id: string;
  /** 0 text, 1 DM, 11 public thread. */
  readonly type: number;
  readonly parentId: string | null;
  readonly ownerId: string | null;
  /** The guild it is in (a thread: its parent's); null for the DM channel. */
  readonly guildId: string | null;
  readonly name: string;
}

export interface FakeGuild {
  readonly id: string;
  /** Its text channels (`channelCount` of them). */
  readonly channelIds: string[];
  /** The shard its events go to when the bot runs the recommended shard count (`shards`). */
  readonly shard: number;
}

/** A gateway event as dispatched to one session (possibly kept for its RESUME). */
export interface GatewayDelivery {
  readonly t: string;
  /** The payload's id (interaction, message, channel). */
  readonly id: string;
  readonly guildId: string | null;
  /** The session's `[shard_id, num_shards]`. */
  readonly shard: [number, number];
}

/** An IDENTIFY the fake refused (4010 Invalid shard, 4011 Sharding required). */
export interface RefusedIdentify {
  /** The `shard` it identified with (undefined when none). */
  readonly shard: unknown;
  readonly code: number;
}

export interface SendMessageInput {
  readonly content: string;
  readonly channelId?: string;
  readonly user?: FakeUser;
  readonly nick?: string | null;
  readonly dm?: boolean;
  /** Reply to this message. */
  readonly replyTo?: FakeMessage;
  /** Whether the reply pings its author (Discord's default: yes). */
  readonly replyPing?: boolean;
}

/** Gateway intents (bits) the fake honours. */
export const INTENTS = { guildMessages: 1 << 9, directMessages: 1 << 12, messageContent: 1 << 15 } as const;

export interface RateLimitRule {
  /**
   * Requests allowed per window per interaction token on the webhook routes, and per channel on
   * the bot's channel-message routes (posts and edits).
   */
  readonly limit: number;
  readonly windowMs: number;
  /** Send X-RateLimit-* headers so the client can pace itself (true), or only 429s (false). */
  readonly headers: boolean;
}

/** Permission bits the fake knows by name (Discord's values). */
export const PERMISSIONS = {
  viewChannel: 1n << 10n,
  sendMessages: 1n << 11n,
  attachFiles: 1n << 15n,
  readMessageHistory: 1n << 16n,
  sendMessagesInThreads: 1n << 38n,
} as const;

/** @everyone's permissions in the fake guild (a new server's defaults); the bot has no roles. */
export const EVERYONE_PERMISSIONS = 2248473465835073n;

const MISSING_ACCESS = { message: 'Missing Access', code: 50001 };
const MISSING_PERMISSIONS = { message: 'Missing Permissions', code: 50013 };
const NO_HISTORY = { message: 'Cannot reply without permission to read message history', code: 160002 };

/** A gateway session: resumable after its connection drops, until it is closed with 1000/1001. */
interface GatewaySession {
  readonly id: string;
  /** `[shard_id, num_shards]` it identified with (`[0, 1]` without `shard`). */
  readonly shard: readonly [number, number];
  ws: WebSocket | undefined;
  seq: number;
  /** Recent dispatches (serialized, with their seq), replayed to a RESUME. */
  readonly sent: { readonly s: number; readonly data: string }[];
}

/** Dispatches kept per session for replay. */
const REPLAY_BUFFER = 1000;

export interface FakeDiscordOptions {
  /** Delay before every REST response. */
  readonly restDelayMs?: number;
  readonly rateLimit?: RateLimitRule;
  /** Channels to create in each guild (default: three text channels). */
  readonly channelCount?: number;
  /**
   * The shard count GET /gateway/bot recommends, and the fewest Discord accepts: an IDENTIFY with
   * fewer (or without `shard`) is closed with 4011 when it is over 1. Default 1.
   */
  readonly shards?: number;
  /** Guilds on each of the `shards` shards (default: one guild in all, on shard 0). */
  readonly guildsPerShard?: number;
  /**
   * `session_start_limit.max_concurrency` in GET /gateway/bot (default 1: discord.js then
   * identifies one shard every 5 seconds).
   */
  readonly maxConcurrency?: number;
  /**
   * How long an interaction's token works on the webhook routes (Discord: 15 minutes); after
   * that they answer 401 Invalid Webhook Token (50027). Default: forever.
   */
  readonly interactionTokenTtlMs?: number;
}

export interface SendCommandInput {
  readonly name: string;
  readonly options?: Record<string, string | number | boolean>;
  readonly channelId?: string;
  readonly user?: FakeUser;
  readonly nick?: string | null;
  /** Dispatch as a DM (no guild, no member). */
  readonly dm?: boolean;
  readonly attachmentSizeLimit?: number;
  /** Run this subcommand of the command, with `options` as its options. */
  readonly subcommand?: string;
  /** Channel options (name → channel id), sent with their resolved channel. */
  readonly channelOptions?: Record<string, string>;
  /** The member's permissions bitfield in the channel (default: an ordinary member's). */
  readonly permissions?: string;
  /** The member's permissions in channels given as options, where they differ from `permissions`. */
  readonly channelPermissions?: Record<string, string>;
}

/** View Channel, Send Messages, Read Message History, Use Application Commands. */
export const MEMBER_PERMISSIONS = String(1024 + 2048 + 65536 + 2147483648);
/** A member who may also manage messages. */
export const MODERATOR_PERMISSIONS = String(1024 + 2048 + 8192 + 65536 + 2147483648);
/** A moderator who may also manage the server (Manage Server, 32). */
export const SERVER_MANAGER_PERMISSIONS = String(BigInt(MODERATOR_PERMISSIONS) | 32n);
/** A server manager who may also manage channels (Manage Channels, 16). */
export const ADMIN_PERMISSIONS = String(BigInt(SERVER_MANAGER_PERMISSIONS) | 16n);

const TOO_LONG = {
  message: 'Invalid Form Body',
  code: 50035,
  errors: {
    content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] },
  },
};

const OPTION_TYPES: Record<string, number> = { string: 3, number: 10, boolean: 5 };

export class FakeDiscord extends EventEmitter {
  readonly applicationId = snowflake();
  readonly botUser: FakeUser = { id: this.applicationId, username: 'servicebot', global_name: 'Service Bot' };
  /** The first guild (on shard 0), the one tests use by default. */
  readonly guildId: string;
  /** The first guild's channels. */
  readonly channelIds: string[];
  /** Every guild, the first one included. */
  readonly guilds: readonly FakeGuild[];
  /** The shard count GET /gateway/bot recommends (option `shards`). */
  readonly shardCount: number;
  readonly maxConcurrency: number;
  readonly dmChannelId = snowflake();
  readonly channels = new Map<string, FakeChannel>();
  readonly members = new Map<string, FakeUser>();
  readonly messages = new Map<string, FakeMessage>();
  readonly interactions = new Map<string, FakeInteraction>();
  /** Registered commands by scope ('global' or a guild id). */
  readonly commands = new Map<string, Record<string, unknown>[]>();
  readonly commandWrites: { scope: string; at: number }[] = [];
  readonly requestLog: { method: string; route: string; status: number; at: number }[] = [];
  readonly unknownRoutes: string[] = [];
  /** One-shot failures: the next request that matches gets this answer instead (see failNext). */
  private readonly failures: {
    match: (method: string, path: string, json: Record<string, unknown>) => boolean;
    status: number;
    body: unknown;
  }[] = [];
  /** IDENTIFY payloads accepted (each started a session). */
  readonly identifies: Record<string, unknown>[] = [];
  /** IDENTIFY payloads refused for their `shard`, with the close code sent. */
  readonly refusedIdentifies: RefusedIdentify[] = [];
  /** Routed events (all but READY, GUILD_CREATE, RESUMED), one entry per session sent to. */
  readonly deliveries: GatewayDelivery[] = [];
  /** Routed events no live session's shard would receive. */
  readonly undelivered: { t: string; id: string; guildId: string | null }[] = [];
  /** RESUME payloads received (op 6), and whether each resumed a live session. */
  readonly resumes: { d: Record<string, unknown>; resumed: boolean }[] = [];
  /** Authorization headers seen on REST requests (to check which token the bot used). */
  readonly authorizations = new Set<string>();
  rateLimited = 0;
  apiUrl = '';
  gatewayUrl = '';
  rateLimit: RateLimitRule | undefined;
  restDelayMs: number;
  interactionTokenTtlMs: number | undefined;
  /** Tokens Discord refuses from now on, whatever their age (see expireToken). */
  private readonly deadTokens = new Set<string>();

  private server: Server | undefined;
  private wss: WebSocketServer | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly gatewaySockets = new Set<WebSocket>();
  private readonly buckets = new Map<string, { start: number; count: number }>();
  private readonly sessions = new Map<string, GatewaySession>();
  /** Permissions withheld from the bot, per channel (threads inherit their parent's). */
  private readonly withheld = new Map<string, bigint>();

  constructor(options: FakeDiscordOptions = {}) {
    super();
    this.setMaxListeners(0);
    this.restDelayMs = options.restDelayMs ?? 0;
    this.rateLimit = options.rateLimit;
    this.interactionTokenTtlMs = options.interactionTokenTtlMs;
    this.shardCount = options.shards ?? 1;
    this.maxConcurrency = options.maxConcurrency ?? 1;
    if (!Number.isInteger(this.shardCount) || this.shardCount < 1) {
      throw new RangeError(`fake Discord: shards must be a positive integer, not ${options.shards}`);
    }
    const perShard = options.guildsPerShard;
    if (perShard !== undefined && (!Number.isInteger(perShard) || perShard < 1)) {
      throw new RangeError(`fake Discord: guildsPerShard must be a positive integer, not ${perShard}`);
    }
    // One guild by default; else guildsPerShard per shard, shard by shard in turn (the first: 0).
    const shardsOfGuilds =
      perShard === undefined
        ? [0]
        : Array.from({ length: perShard * this.shardCount }, (_, index) => index % this.shardCount);
    const guilds: FakeGuild[] = shardsOfGuilds.map((shard) => {
      const id = snowflakeOnShard(shard, this.shardCount);
      const channelIds = Array.from({ length: options.channelCount ?? 3 }, () => snowflake());
      for (const [position, channelId] of channelIds.entries()) {
        this.channels.set(channelId, {
          id: channelId,
          type: 0,
          parentId: null,
          ownerId: null,
          guildId: id,
          name: `channel-${position}`,
        });
      }
      return { id, channelIds, shard };
    });
    this.guilds = guilds;
    const first = guilds[0] as FakeGuild;
    this.guildId = first.id;
    this.channelIds = first.channelIds;
    this.channels.set(this.dmChannelId, {
      id: this.dmChannelId,
      type: 1,
      parentId: null,
      ownerId: null,
      guildId: null,
      name: '',
    });
  }

  /** The shard of `count` (default: `shardCount`) that a guild's events go to. */
  shardOf(guildId: string, count: number = this.shardCount): number {
    return shardOf(guildId, count);
  }

  /** The guild a channel is in (null for the DM channel; the first guild for unknown ids). */
  guildOf(channelId: string): string | null {
    const channel = this.channels.get(channelId);
    return channel ? channel.guildId : this.guildId;
  }

  /** `[shard_id, num_shards]` of each identified session with an open connection, in order. */
  readyShards(): [number, number][] {
    return [...this.sessions.values()]
      .filter((session) => session.ws?.readyState === WebSocket.OPEN)
      .map((session): [number, number] => [session.shard[0], session.shard[1]])
      .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  }

  /** Threads opened in the guilds, oldest first. */
  threads(): FakeChannel[] {
    return [...this.channels.values()].filter((channel) => channel.type === 11);
  }

  /** The gateway intents of the latest identify. */
  intents(): number {
    return Number(this.identifies.at(-1)?.intents ?? 0);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handleRest(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.wss = new WebSocketServer({ noServer: true });
    this.server.on('upgrade', (req, socket, head) => {
      this.wss?.handleUpgrade(req, socket, head, (ws) => this.handleGateway(ws));
    });
    // A deep accept queue: hundreds of clients connecting in the same millisecond (benchmarks)
    // must wait to be accepted, not be dropped into TCP's 1 s SYN retry.
    this.server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
    await once(this.server, 'listening');
    const port = (this.server.address() as AddressInfo).port;
    this.apiUrl = `http://127.0.0.1:${port}/api`;
    this.gatewayUrl = `ws://127.0.0.1:${port}/gateway`;
  }

  async close(): Promise<void> {
    for (const ws of this.gatewaySockets) ws.terminate();
    this.wss?.close();
    for (const socket of this.sockets) socket.destroy();
    if (this.server) {
      this.server.close();
      await once(this.server, 'close');
    }
  }

  /**
   * Makes the next REST request that `match` accepts fail with `status` and Discord's error
   * body, once (e.g. a follow-up Discord refuses).
   */
  failNext(
    match: (method: string, path: string, json: Record<string, unknown>) => boolean,
    status: number,
    body: { message: string; code: number },
  ): void {
    this.failures.push({ match, status, body });
  }

  /** Makes an interaction's token die now (as Discord's sometimes do before their 15 minutes). */
  expireToken(interaction: FakeInteraction): void {
    this.deadTokens.add(interaction.token);
  }

  /** One-shot failures registered with failNext and not used yet. */
  failuresLeft(): number {
    return this.failures.length;
  }

  /** Number of gateway connections currently open. */
  gatewayConnections(): number {
    return this.gatewaySockets.size;
  }

  user(username: string, globalName: string | null = null): FakeUser {
    const user = { id: snowflake(), username, global_name: globalName };
    this.members.set(user.id, user);
    return user;
  }

  // ---- Gateway -------------------------------------------------------------------------------

  private send(ws: WebSocket, payload: Record<string, unknown>): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload));
  }

  /** Sends an event on the session (kept for replay; only buffered while it is disconnected). */
  private dispatch(session: GatewaySession, t: string, d: unknown): void {
    session.seq += 1;
    const data = JSON.stringify({ op: 0, t, s: session.seq, d });
    session.sent.push({ s: session.seq, data });
    if (session.sent.length > REPLAY_BUFFER) session.sent.shift();
    if (session.ws?.readyState === WebSocket.OPEN) session.ws.send(data);
  }

  /** Whether the session's shard receives the events of `guildId` (null: DMs, shard 0's). */
  private receives(session: GatewaySession, guildId: string | null): boolean {
    const [id, count] = session.shard;
    return guildId === null ? id === 0 : shardOf(guildId, count) === id;
  }

  /**
   * Dispatches an event of a guild (null: a DM) to every live session of its shard, connected or
   * waiting to be resumed; recorded in `deliveries`, or in `undelivered` when there is none.
   */
  private route(t: string, d: Record<string, unknown>, guildId: string | null): void {
    const id = String(d.id ?? '');
    let delivered = false;
    for (const session of this.sessions.values()) {
      if (!this.receives(session, guildId)) continue;
      this.dispatch(session, t, d);
      this.deliveries.push({ t, id, guildId, shard: [session.shard[0], session.shard[1]] });
      delivered = true;
    }
    if (!delivered) this.undelivered.push({ t, id, guildId });
  }

  /** Why Discord would refuse an IDENTIFY with this `shard`, or undefined. */
  private shardRefusal(shard: unknown): { code: number; reason: string } | undefined {
    const required = { code: 4011, reason: 'Sharding required' };
    const invalid = { code: 4010, reason: 'Invalid shard' };
    if (shard === undefined || shard === null) return this.shardCount > 1 ? required : undefined;
    if (!Array.isArray(shard) || shard.length !== 2 || !shard.every((n) => Number.isInteger(n))) {
      return invalid;
    }
    const [id, count] = shard as [number, number];
    if (count < 1 || id < 0 || id >= count) return invalid;
    return count < this.shardCount ? required : undefined;
  }

  /**
   * Drops every gateway connection without a close frame (like a network failure): the
   * sessions stay resumable, and events dispatched until the bot resumes are replayed then.
   */
  dropGateway(): void {
    for (const ws of this.gatewaySockets) ws.terminate();
    this.gatewaySockets.clear();
    for (const session of this.sessions.values()) session.ws = undefined;
  }

  /** Number of sessions waiting to be resumed (their connection dropped). */
  disconnectedSessions(): number {
    return [...this.sessions.values()].filter((session) => session.ws === undefined).length;
  }

  private handleGateway(ws: WebSocket): void {
    this.gatewaySockets.add(ws);
    let session: GatewaySession | undefined;
    ws.on('close', (code) => {
      this.gatewaySockets.delete(ws);
      if (!session || session.ws !== ws) return;
      session.ws = undefined;
      // Like Discord: a normal close (1000, 1001) ends the session; anything else can resume.
      if (code === 1000 || code === 1001) this.sessions.delete(session.id);
      this.emit('change');
    });
    this.send(ws, { op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null });
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { op: number; d: Record<string, unknown> };
      if (message.op === 1) this.send(ws, { op: 11, d: null, s: null, t: null });
      if (message.op === 6) {
        const resumed = this.sessions.get(String(message.d.session_id));
        this.resumes.push({ d: message.d, resumed: resumed !== undefined });
        if (!resumed) {
          // Invalid session, not resumable: the client identifies anew.
          this.send(ws, { op: 9, d: false, s: null, t: null });
          return;
        }
        resumed.ws?.terminate();
        session = resumed;
        resumed.ws = ws;
        const after = Number(message.d.seq ?? 0);
        for (const event of resumed.sent) if (event.s > after) ws.send(event.data);
        this.dispatch(resumed, 'RESUMED', {});
        this.emit('change');
      }
      if (message.op === 2) {
        const refusal = this.shardRefusal(message.d.shard);
        if (refusal) {
          this.refusedIdentifies.push({ shard: message.d.shard, code: refusal.code });
          ws.close(refusal.code, refusal.reason);
          this.emit('change');
          return;
        }
        this.identifies.push(message.d);
        const shard = (message.d.shard as [number, number] | undefined) ?? [0, 1];
        session = { id: `session-${snowflake()}`, shard: [shard[0], shard[1]], ws, seq: 0, sent: [] };
        this.sessions.set(session.id, session);
        const current = session;
        const guilds = this.guilds.filter((guild) => this.receives(current, guild.id));
        this.dispatch(session, 'READY', {
          v: 10,
          user: { ...this.botUser, discriminator: '0', avatar: null, bot: true, flags: 0 },
          guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
          session_id: session.id,
          resume_gateway_url: this.gatewayUrl,
          shard,
          application: { id: this.applicationId, flags: 0 },
          private_channels: [],
          presences: [],
          relationships: [],
          user_settings: {},
          guild_join_requests: [],
          geo_ordered_rtc_regions: [],
        });
        for (const guild of guilds) this.dispatch(session, 'GUILD_CREATE', this.guildPayload(guild));
        this.emit('change');
      }
    });
  }

  private guildPayload(guild: FakeGuild): Record<string, unknown> {
    return {
      id: guild.id,
      name: 'Fake Guild',
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: snowflake(),
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: [
        {
          id: guild.id,
          name: '@everyone',
          color: 0,
          hoist: false,
          position: 0,
          permissions: '2248473465835073',
          managed: false,
          mentionable: false,
          flags: 0,
        },
      ],
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      preferred_locale: 'en-US',
      public_updates_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      joined_at: new Date().toISOString(),
      large: false,
      unavailable: false,
      member_count: 2,
      voice_states: [],
      // Like Discord, the bot's own member is always in its guilds' GUILD_CREATE.
      members: [
        { ...this.memberJson(null), user: { ...this.botUser, discriminator: '0', avatar: null, bot: true } },
      ],
      channels: guild.channelIds.map((id, position) => ({
        id,
        type: 0,
        guild_id: guild.id,
        name: this.channels.get(id)?.name ?? `channel-${position}`,
        position,
        permission_overwrites: this.overwritesJson(id),
        nsfw: false,
        topic: null,
        last_message_id: null,
        rate_limit_per_user: 0,
        parent_id: null,
      })),
      threads: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  /** Dispatches a slash command as INTERACTION_CREATE to the gateway sessions of its guild's shard. */
  sendCommand(input: SendCommandInput): FakeInteraction {
    const options = Object.entries(input.options ?? {}).map(([name, value]) => ({
      name,
      value,
      type:
        typeof value === 'number'
          ? Number.isInteger(value) && name !== 'temperature'
            ? 4
            : 10
          : OPTION_TYPES[typeof value],
    }));
    const channels: Record<string, unknown> = {};
    for (const [name, id] of Object.entries(input.channelOptions ?? {})) {
      options.push({ name, value: id, type: 7 });
      // Discord sends the invoking member's permissions in each resolved channel.
      const permissions = input.channelPermissions?.[id] ?? input.permissions ?? MEMBER_PERMISSIONS;
      channels[id] = { id, type: 0, name: `channel-${id.slice(-4)}`, permissions };
    }
    const top = input.subcommand ? [{ name: input.subcommand, type: 1, options }] : options;
    return this.dispatchInteraction(input, 2, {
      id: snowflake(),
      name: input.name,
      type: 1,
      options: top,
      ...(Object.keys(channels).length > 0 && { resolved: { channels } }),
    });
  }

  /**
   * Opens a slash-command interaction in a channel without dispatching it (no INTERACTION_CREATE
   * reaches any bot): the caller gets its id and token and answers it over REST itself, like the
   * benchmark's reference bots that share this fake with the real bot.
   */
  openInteraction(input: { readonly channelId?: string; readonly user?: FakeUser } = {}): FakeInteraction {
    const user = input.user ?? this.user('member', 'Member');
    const id = snowflake();
    const token = `aW50ZXJhY3Rpb246${id}${Math.random().toString(36).slice(2)}`.padEnd(80, 'x');
    const channelId = input.channelId ?? (this.channelIds[0] as string);
    const interaction: FakeInteraction = {
      id,
      token,
      channelId,
      guildId: this.guildOf(channelId) ?? this.guildId,
      userId: user.id,
      callbacks: [],
      originalId: undefined,
      followUpIds: [],
      createdAt: performance.now(),
    };
    this.interactions.set(token, interaction);
    return interaction;
  }

  /** Dispatches a click on a button of `message` (a MESSAGE_COMPONENT interaction). */
  clickButton(
    message: FakeMessage,
    customId: string,
    input: Omit<SendCommandInput, 'name' | 'options'> = {},
  ): FakeInteraction {
    return this.dispatchInteraction(
      { ...input, name: '', channelId: input.channelId ?? message.channelId },
      3,
      { custom_id: customId, component_type: 2 },
      this.messageJson(message),
    );
  }

  private dispatchInteraction(
    input: SendCommandInput,
    type: number,
    data: Record<string, unknown>,
    message?: Record<string, unknown>,
  ): FakeInteraction {
    const user = input.user ?? this.user('member', 'Member');
    const id = snowflake();
    const token = `aW50ZXJhY3Rpb246${id}${Math.random().toString(36).slice(2)}`.padEnd(80, 'x');
    const channelId = input.dm ? this.dmChannelId : (input.channelId ?? (this.channelIds[0] as string));
    const guildId = input.dm ? null : (this.guildOf(channelId) ?? this.guildId);
    const apiUser = this.apiUser(user);
    const payload: Record<string, unknown> = {
      id,
      application_id: this.applicationId,
      type,
      token,
      version: 1,
      data,
      ...(message && { message }),
      channel_id: channelId,
      locale: 'en-US',
      entitlements: [],
      // The bot's permissions in the channel (in DMs, Discord's fixed set; ours: the same bits).
      app_permissions: String(input.dm ? EVERYONE_PERMISSIONS : this.botPermissions(channelId)),
      attachment_size_limit: input.attachmentSizeLimit ?? 10 * 1024 * 1024,
    };
    if (input.dm) {
      Object.assign(payload, {
        user: apiUser,
        channel: { id: channelId, type: 1, recipients: [apiUser], last_message_id: null, flags: 0 },
        authorizing_integration_owners: { '1': user.id },
        context: 1,
      });
    } else {
      Object.assign(payload, {
        guild_id: guildId,
        guild_locale: 'en-US',
        member: {
          ...this.memberJson(input.nick),
          user: apiUser,
          permissions: input.permissions ?? MEMBER_PERMISSIONS,
        },
        channel: this.channelJson(channelId),
        authorizing_integration_owners: { '0': guildId },
        context: 0,
      });
    }
    const interaction: FakeInteraction = {
      id,
      token,
      channelId,
      guildId,
      userId: user.id,
      callbacks: [],
      originalId: undefined,
      followUpIds: [],
      createdAt: performance.now(),
    };
    this.interactions.set(token, interaction);
    this.route('INTERACTION_CREATE', payload, guildId);
    return interaction;
  }

  private channelJson(channelId: string): Record<string, unknown> {
    const channel = this.channels.get(channelId);
    const guildId = this.guildOf(channelId);
    const base = {
      id: channelId,
      type: channel?.type ?? 0,
      ...(guildId !== null && { guild_id: guildId }),
      name: channel?.name ?? 'channel',
      position: 0,
      permission_overwrites: channel?.type === 11 ? [] : this.overwritesJson(channelId),
      nsfw: false,
      parent_id: channel?.parentId ?? null,
    };
    if (channel?.type !== 11) return base;
    return {
      ...base,
      owner_id: channel.ownerId,
      last_message_id: null,
      rate_limit_per_user: 0,
      message_count: 0,
      member_count: 1,
      thread_metadata: {
        archived: false,
        auto_archive_duration: 1440,
        archive_timestamp: new Date().toISOString(),
        locked: false,
        create_timestamp: new Date().toISOString(),
      },
      total_message_sent: 0,
      flags: 0,
    };
  }

  /**
   * Withholds permissions from the bot in a guild channel (and its threads), as a member
   * overwrite Discord announces with CHANNEL_UPDATE. Interactions there carry the reduced
   * `app_permissions`, and REST refuses what needs them (50001 without View Channel, 50013
   * otherwise, 160002 for a reply without Read Message History). Without View Channel the bot
   * receives no messages from the channel.
   */
  withholdPermissions(channelId: string, permissions: bigint): void {
    this.withheld.set(channelId, (this.withheld.get(channelId) ?? 0n) | permissions);
    this.route('CHANNEL_UPDATE', this.channelJson(channelId), this.guildOf(channelId));
  }

  /** The bot's permissions in a guild channel (a thread: its parent's). */
  botPermissions(channelId: string): bigint {
    const channel = this.channels.get(channelId);
    const governing = channel?.type === 11 && channel.parentId ? channel.parentId : channelId;
    return EVERYONE_PERMISSIONS & ~(this.withheld.get(governing) ?? 0n);
  }

  private overwritesJson(channelId: string): Record<string, unknown>[] {
    const deny = this.withheld.get(channelId);
    return deny ? [{ id: this.botUser.id, type: 1, allow: '0', deny: String(deny) }] : [];
  }

  /** Discord's answer when the bot lacks one of `needed` in the channel, or undefined. */
  private permissionRefusal(
    channelId: string,
    needed: bigint,
  ): { message: string; code: number } | undefined {
    const channel = this.channels.get(channelId);
    if (!channel || channel.type === 1) return undefined;
    const has = this.botPermissions(channelId);
    if ((has & PERMISSIONS.viewChannel) === 0n) return MISSING_ACCESS;
    return (has & needed) === needed ? undefined : MISSING_PERMISSIONS;
  }

  /** What posting in the channel needs: Send Messages (in a thread, Send Messages in Threads). */
  private sendPermission(channelId: string): bigint {
    return this.channels.get(channelId)?.type === 11
      ? PERMISSIONS.sendMessagesInThreads
      : PERMISSIONS.sendMessages;
  }

  /** A guild member without roles (its user and permissions are added where Discord sends them). */
  private memberJson(nick: string | null | undefined): Record<string, unknown> {
    return {
      nick: nick ?? null,
      roles: [],
      joined_at: new Date().toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      premium_since: null,
      avatar: null,
    };
  }

  private apiUser(user: FakeUser): Record<string, unknown> {
    return {
      id: user.id,
      username: user.username,
      global_name: user.global_name,
      discriminator: '0',
      avatar: null,
    };
  }

  /**
   * A member posts a message (MESSAGE_CREATE). Like Discord, the content reaches the bot only
   * when it identified with the Message Content intent, or the message is a DM or mentions the
   * bot (a reply that pings the bot counts); and guild/DM messages only with their intents.
   */
  sendMessage(input: SendMessageInput): FakeMessage {
    const user = input.user ?? this.user('member', 'Member');
    const channelId = input.dm ? this.dmChannelId : (input.channelId ?? (this.channelIds[0] as string));
    const guildId = input.dm ? null : (this.guildOf(channelId) ?? this.guildId);
    const replyTo = input.replyTo;
    const mentionsBot =
      new RegExp(`<@!?${this.botUser.id}>`).test(input.content) ||
      (replyTo !== undefined && replyTo.authorId === this.botUser.id && input.replyPing !== false);
    const message = this.createMessage(
      'user',
      channelId,
      undefined,
      { content: input.content },
      [],
      performance.now(),
      false,
      {
        authorId: user.id,
        referenceId: replyTo?.id,
      },
    );
    const intents = this.intents();
    const wanted = input.dm ? INTENTS.directMessages : INTENTS.guildMessages;
    if ((intents & wanted) === 0) return message;
    if (!input.dm && (this.botPermissions(channelId) & PERMISSIONS.viewChannel) === 0n) return message;
    const contentVisible = Boolean(input.dm) || mentionsBot || (intents & INTENTS.messageContent) !== 0;
    const mentioned = [...input.content.matchAll(/<@!?(\d+)>/g)].map((match) => match[1] as string);
    if (mentionsBot && !mentioned.includes(this.botUser.id)) mentioned.push(this.botUser.id);
    const mentions = mentioned.map((id) =>
      id === this.botUser.id
        ? { ...this.botUser, discriminator: '0', avatar: null, bot: true }
        : this.apiUser(this.members.get(id) ?? { id, username: 'someone', global_name: null }),
    );
    const member = this.memberJson(input.nick);
    const payload: Record<string, unknown> = {
      ...this.messageJson(message),
      author: this.apiUser(user),
      content: contentVisible ? input.content : '',
      // Discord includes the channel's type, which is how a client recognises an uncached DM.
      channel_type: this.channels.get(channelId)?.type ?? 0,
      mentions,
      ...(guildId !== null && { guild_id: guildId, member }),
      ...(replyTo && {
        type: 19,
        message_reference: {
          type: 0,
          message_id: replyTo.id,
          channel_id: replyTo.channelId,
          guild_id: this.guildOf(replyTo.channelId) ?? this.guildId,
        },
        referenced_message: this.messageJson(replyTo),
      }),
    };
    this.route('MESSAGE_CREATE', payload, guildId);
    return message;
  }

  // ---- Queries for tests ---------------------------------------------------------------------

  /** Messages in a channel, oldest first (deleted ones left out). */
  channelMessages(channelId: string): FakeMessage[] {
    return [...this.messages.values()].filter(
      (message) => message.channelId === channelId && !message.deleted,
    );
  }

  /** The bot's reply to a member's message: its first message (which replies to it) and the ones after. */
  replyTo(message: FakeMessage): FakeMessage[] {
    const inChannel = this.channelMessages(message.channelId).filter((m) => m.authorId === this.botUser.id);
    const first = inChannel.findIndex((m) => m.referenceId === message.id);
    if (first === -1) return [];
    const rest = inChannel
      .slice(first + 1)
      .filter((m) => m.kind === 'channel' && m.referenceId === undefined);
    return [inChannel[first] as FakeMessage, ...rest];
  }

  /** The original response and follow-ups of an interaction, in order. */
  replyMessages(interaction: FakeInteraction): FakeMessage[] {
    const ids = [interaction.originalId, ...interaction.followUpIds].filter(
      (id): id is string => id !== undefined,
    );
    return ids.map((id) => this.messages.get(id) as FakeMessage).filter((message) => !message.deleted);
  }

  /** Resolves when `check` returns a value other than undefined/false; re-checked on every change. */
  async waitFor<T>(check: () => T | undefined | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
    const first = check();
    if (first !== undefined && first !== false) return first;
    return new Promise<T>((resolve, reject) => {
      const onChange = () => {
        const value = check();
        if (value !== undefined && value !== false) {
          cleanup();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`fake Discord: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.off('change', onChange);
      };
      this.on('change', onChange);
    });
  }

  // ---- REST ----------------------------------------------------------------------------------

  private async readBody(
    req: IncomingMessage,
  ): Promise<{ json: Record<string, unknown>; files: FakeAttachment[] }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    if (raw.length === 0) return { json: {}, files: [] };
    if (type.startsWith('multipart/form-data')) {
      const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
      const payload = form.get('payload_json');
      const json = typeof payload === 'string' ? (JSON.parse(payload) as Record<string, unknown>) : {};
      const files: FakeAttachment[] = [];
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

  private respond(
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
  private rateLimitCheck(token: string, res: ServerResponse): Record<string, string> | null {
    const rule = this.rateLimit;
    if (!rule) return {};
    const now = Date.now();
    let bucket = this.buckets.get(token);
    if (!bucket || now >= bucket.start + rule.windowMs) {
      bucket = { start: now, count: 0 };
      this.buckets.set(token, bucket);
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
      this.rateLimited += 1;
      this.respond(
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
  private channelRateLimit(
    channelId: string,
    res: ServerResponse,
    method: string,
    path: string,
  ): Record<string, string> | null {
    const headers = this.rateLimitCheck(`channel-${channelId}`, res);
    if (headers === null) {
      this.requestLog.push({ method, route: path, status: 429, at: performance.now() });
      this.emit('change');
    }
    return headers;
  }

  private mentionsPing(content: string, allowed: unknown): boolean {
    const parse: string[] =
      allowed && typeof allowed === 'object' && Array.isArray((allowed as { parse?: unknown }).parse)
        ? ((allowed as { parse: string[] }).parse ?? [])
        : allowed
          ? []
          : ['everyone', 'users', 'roles'];
    const listed = (key: string) =>
      allowed && typeof allowed === 'object' && Array.isArray((allowed as Record<string, unknown>)[key])
        ? ((allowed as Record<string, unknown[]>)[key] as unknown[]).length > 0
        : false;
    if (/@(everyone|here)/.test(content) && parse.includes('everyone')) return true;
    if (/<@!?\d+>/.test(content) && (parse.includes('users') || listed('users'))) return true;
    if (/<@&\d+>/.test(content) && (parse.includes('roles') || listed('roles'))) return true;
    return false;
  }

  private messageJson(message: FakeMessage): Record<string, unknown> {
    return {
      id: message.id,
      type: message.kind === 'original' ? 20 : 0,
      channel_id: message.channelId,
      content: message.content,
      author:
        message.authorId === this.botUser.id
          ? { ...this.botUser, discriminator: '0', avatar: null, bot: true }
          : this.apiUser(
              this.members.get(message.authorId) ?? {
                id: message.authorId,
                username: 'someone',
                global_name: null,
              },
            ),
      ...(message.referenceId && {
        message_reference: { type: 0, message_id: message.referenceId, channel_id: message.channelId },
      }),
      attachments: message.attachments.map((file) => ({
        id: file.id,
        filename: file.filename,
        size: file.size,
        url: `${this.apiUrl.replace('/api', '')}/attachments/${message.id}/${file.filename}`,
        proxy_url: `${this.apiUrl.replace('/api', '')}/attachments/${message.id}/${file.filename}`,
        content_type: file.contentType,
      })),
      embeds: [],
      mentions: [],
      mention_roles: [],
      mention_everyone: false,
      pinned: false,
      tts: false,
      timestamp: new Date().toISOString(),
      edited_timestamp: message.versions.length > 1 ? new Date().toISOString() : null,
      flags: message.flags,
      components: message.components,
      ...(message.interactionToken && { webhook_id: this.applicationId, application_id: this.applicationId }),
    };
  }

  private createMessage(
    kind: FakeMessage['kind'],
    channelId: string,
    token: string | undefined,
    body: Record<string, unknown>,
    files: FakeAttachment[],
    requestedAt: number,
    loading = false,
    from: { authorId?: string; referenceId?: string | undefined } = {},
  ): FakeMessage {
    const content = typeof body.content === 'string' ? body.content : '';
    const reference = body.message_reference as { message_id?: string } | undefined;
    const message: FakeMessage = {
      id: snowflake(),
      channelId,
      interactionToken: token,
      kind,
      authorId: from.authorId ?? this.botUser.id,
      referenceId: from.referenceId ?? reference?.message_id,
      content,
      flags: (typeof body.flags === 'number' ? body.flags : 0) | (loading ? 128 : 0),
      attachments: files,
      components: Array.isArray(body.components) ? body.components : [],
      allowedMentions: body.allowed_mentions,
      versions: loading
        ? []
        : [
            {
              content,
              at: performance.now(),
              requestedAt,
              pinged: this.mentionsPing(content, body.allowed_mentions),
            },
          ],
      deleted: false,
      createdAt: performance.now(),
    };
    this.messages.set(message.id, message);
    return message;
  }

  private editMessage(
    message: FakeMessage,
    body: Record<string, unknown>,
    files: FakeAttachment[],
    requestedAt: number,
  ): void {
    if (typeof body.content === 'string') message.content = body.content;
    message.flags &= ~128;
    if (Array.isArray(body.attachments)) {
      const keep = new Set((body.attachments as { id?: unknown }[]).map((entry) => String(entry.id)));
      message.attachments = [...message.attachments.filter((file) => keep.has(file.id)), ...files];
    } else if (files.length > 0) {
      message.attachments = [...message.attachments, ...files];
    }
    message.allowedMentions = body.allowed_mentions;
    if (Array.isArray(body.components)) message.components = body.components;
    message.versions.push({
      content: message.content,
      at: performance.now(),
      requestedAt,
      pinged: this.mentionsPing(message.content, body.allowed_mentions),
    });
  }

  /** Requests received and not answered yet (method and path). */
  readonly pending = new Map<string, string>();

  private handleRest(req: IncomingMessage, res: ServerResponse): void {
    const label = `${req.method} ${req.url?.slice(0, 60)} #${Math.random().toString(36).slice(2, 6)}`;
    this.pending.set(label, 'received');
    (req as { label?: string }).label = label;
    res.on('finish', () => this.pending.delete(label));
    res.on('close', () => this.pending.delete(label));
    void this.routeRest(req, res).catch((error: unknown) => {
      this.respond(res, 500, { message: String(error), code: 0 });
    });
  }

  private async routeRest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestedAt = performance.now();
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v\d+/, '');
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const route = `${method} ${path}`;
    if (req.headers.authorization) this.authorizations.add(req.headers.authorization);
    const label = (req as { label?: string }).label ?? '';
    this.pending.set(label, 'reading body');
    const { json, files } = await this.readBody(req);
    this.pending.set(label, 'body read');
    if (this.restDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.restDelayMs));
    const reply = (status: number, body?: unknown, headers?: Record<string, string>) => {
      this.pending.set(label, `replying ${status}`);
      this.requestLog.push({ method, route: path, status, at: performance.now() });
      this.respond(res, status, body, headers);
      this.pending.set(label, `responded ${status}, not yet flushed`);
      this.emit('change');
    };

    const failure = this.failures.findIndex((entry) => entry.match(method, path, json));
    if (failure >= 0) {
      const [entry] = this.failures.splice(failure, 1);
      return reply(entry?.status ?? 500, entry?.body);
    }

    // GET /gateway/bot
    if (method === 'GET' && (path === '/gateway/bot' || path === '/gateway')) {
      return reply(200, {
        url: this.gatewayUrl,
        shards: this.shardCount,
        session_start_limit: {
          total: 1000,
          remaining: 999,
          reset_after: 0,
          max_concurrency: this.maxConcurrency,
        },
      });
    }

    // Application commands: global and guild scope.
    if (segments[0] === 'applications' && segments.at(-1) === 'commands') {
      const scope = segments[2] === 'guilds' ? (segments[3] as string) : 'global';
      if (method === 'GET') return reply(200, this.commands.get(scope) ?? []);
      if (method === 'PUT') {
        const list = (Array.isArray(json) ? json : []) as Record<string, unknown>[];
        const registered = list.map((command) => ({
          id: snowflake(),
          application_id: this.applicationId,
          version: snowflake(),
          default_member_permissions: null,
          type: 1,
          nsfw: false,
          integration_types: [0],
          ...(scope === 'global' ? {} : { guild_id: scope }),
          ...command,
          contexts: command.contexts ?? null,
          options: ((command.options as Record<string, unknown>[] | undefined) ?? []).map((option) => ({
            ...option,
            ...(option.required === false && { required: undefined }),
          })),
        }));
        this.commands.set(scope, registered);
        this.commandWrites.push({ scope, at: Date.now() });
        return reply(200, registered);
      }
    }

    // POST /interactions/{id}/{token}/callback
    if (method === 'POST' && segments[0] === 'interactions' && segments[3] === 'callback') {
      const interaction = this.interactions.get(segments[2] as string);
      if (!interaction || interaction.id !== segments[1])
        return reply(404, { message: 'Unknown interaction', code: 10062 });
      if (interaction.callbacks.length > 0) {
        return reply(400, { message: 'Interaction has already been acknowledged.', code: 40060 });
      }
      const type = Number(json.type);
      const data = (json.data as Record<string, unknown> | undefined) ?? {};
      interaction.callbacks.push({ type, at: performance.now(), data });
      if (type === 4 || type === 5) {
        const message = this.createMessage(
          'original',
          interaction.channelId,
          interaction.token,
          data,
          files,
          requestedAt,
          type === 5,
        );
        interaction.originalId = message.id;
      }
      if (url.searchParams.get('with_response') === 'true') {
        // Like Discord: the message itself only for a reply with content, not a deferred one.
        const original = interaction.originalId ? this.messages.get(interaction.originalId) : undefined;
        return reply(200, {
          interaction: {
            id: interaction.id,
            type: 2,
            ...(original && { response_message_id: original.id, response_message_loading: type === 5 }),
          },
          resource: original && type === 4 ? { type, message: this.messageJson(original) } : { type },
        });
      }
      return reply(204);
    }

    // Webhook (interaction token) routes.
    if (segments[0] === 'webhooks' && segments[1] === this.applicationId && segments[2]) {
      const token = segments[2];
      const interaction = this.interactions.get(token);
      if (!interaction) return reply(404, { message: 'Unknown Webhook', code: 10015 });
      const ttl = this.interactionTokenTtlMs;
      if (
        this.deadTokens.has(token) ||
        (ttl !== undefined && performance.now() - interaction.createdAt >= ttl)
      )
        return reply(401, { message: 'Invalid Webhook Token', code: 50027 });
      const headers = this.rateLimitCheck(token, res);
      if (headers === null) {
        this.requestLog.push({ method, route: path, status: 429, at: performance.now() });
        this.emit('change');
        return;
      }
      // POST /webhooks/{app}/{token}: a follow-up.
      if (method === 'POST' && segments.length === 3) {
        if (interaction.callbacks.length === 0)
          return reply(404, { message: 'Unknown Webhook', code: 10015 }, headers);
        if (typeof json.content === 'string' && json.content.length > 2000)
          return reply(400, TOO_LONG, headers);
        const refused =
          files.length > 0 && this.permissionRefusal(interaction.channelId, PERMISSIONS.attachFiles);
        if (refused) return reply(403, refused, headers);
        const message = this.createMessage(
          'followup',
          interaction.channelId,
          token,
          json,
          files,
          requestedAt,
        );
        interaction.followUpIds.push(message.id);
        return reply(200, this.messageJson(message), headers);
      }
      if (segments[3] === 'messages' && segments[4]) {
        const id = segments[4] === '@original' ? interaction.originalId : segments[4];
        const message = id ? this.messages.get(id) : undefined;
        if (!message || message.deleted || message.interactionToken !== token) {
          return reply(404, { message: 'Unknown Message', code: 10008 }, headers);
        }
        if (method === 'GET') return reply(200, this.messageJson(message), headers);
        if (method === 'PATCH') {
          const content = typeof json.content === 'string' ? json.content : message.content;
          if (content.length > 2000) {
            return reply(400, TOO_LONG, headers);
          }
          const refused =
            files.length > 0 && this.permissionRefusal(interaction.channelId, PERMISSIONS.attachFiles);
          if (refused) return reply(403, refused, headers);
          this.editMessage(message, json, files, requestedAt);
          return reply(200, this.messageJson(message), headers);
        }
        if (method === 'DELETE') {
          message.deleted = true;
          return reply(204, undefined, headers);
        }
      }
    }

    // POST /channels/{id}/typing
    if (method === 'POST' && segments[0] === 'channels' && segments[2] === 'typing') {
      const refused = this.permissionRefusal(
        segments[1] as string,
        this.sendPermission(segments[1] as string),
      );
      return refused ? reply(403, refused) : reply(204);
    }

    // PATCH / DELETE /channels/{id}/messages/{id}: the bot's own messages only.
    if (segments[0] === 'channels' && segments[2] === 'messages' && segments.length === 4) {
      const message = this.messages.get(segments[3] as string);
      if (!message || message.deleted || message.channelId !== segments[1]) {
        return reply(404, { message: 'Unknown Message', code: 10008 });
      }
      if (method === 'PATCH' || method === 'DELETE') {
        const limited = this.channelRateLimit(segments[1] as string, res, method, path);
        if (limited === null) return;
        const refused = this.permissionRefusal(segments[1] as string, 0n);
        if (refused) return reply(403, refused);
        if (message.authorId !== this.botUser.id) {
          return reply(403, { message: 'Cannot edit a message authored by another user', code: 50005 });
        }
        if (method === 'DELETE') {
          message.deleted = true;
          return reply(204);
        }
        if (typeof json.content === 'string' && json.content.length > 2000) return reply(400, TOO_LONG);
        this.editMessage(message, json, files, requestedAt);
        return reply(200, this.messageJson(message), limited);
      }
    }

    // POST /channels/{id}/messages/{id}/threads: a public thread from a message.
    if (
      method === 'POST' &&
      segments[0] === 'channels' &&
      segments[2] === 'messages' &&
      segments[4] === 'threads'
    ) {
      const parent = this.channels.get(segments[1] as string);
      const message = this.messages.get(segments[3] as string);
      if (parent?.type !== 0 || !message || message.channelId !== parent.id) {
        return reply(404, { message: 'Unknown Message', code: 10008 });
      }
      if (typeof json.name !== 'string' || json.name.length < 1 || json.name.length > 100) {
        return reply(400, { message: 'Invalid Form Body', code: 50035 });
      }
      // Discord gives the thread the starter message's id.
      const thread: FakeChannel = {
        id: message.id,
        type: 11,
        parentId: parent.id,
        ownerId: this.botUser.id,
        guildId: parent.guildId,
        name: json.name,
      };
      if (this.channels.has(thread.id))
        return reply(400, { message: 'A thread has already been created for this message', code: 160004 });
      this.channels.set(thread.id, thread);
      const payload = { ...this.channelJson(thread.id), newly_created: true };
      this.route('THREAD_CREATE', payload, thread.guildId);
      return reply(201, this.channelJson(thread.id));
    }

    // POST /channels/{id}/messages
    if (
      method === 'POST' &&
      segments[0] === 'channels' &&
      segments[2] === 'messages' &&
      segments.length === 3
    ) {
      const channelId = segments[1] as string;
      const limited = this.channelRateLimit(channelId, res, method, path);
      if (limited === null) return;
      const needed = this.sendPermission(channelId) | (files.length > 0 ? PERMISSIONS.attachFiles : 0n);
      const refused = this.permissionRefusal(channelId, needed);
      if (refused) return reply(403, refused);
      if (json.message_reference && this.permissionRefusal(channelId, PERMISSIONS.readMessageHistory)) {
        return reply(400, NO_HISTORY);
      }
      const message = this.createMessage(
        'channel',
        segments[1] as string,
        undefined,
        json,
        files,
        requestedAt,
      );
      return reply(200, this.messageJson(message), limited);
    }

    this.unknownRoutes.push(route);
    return reply(404, { message: '404: Not Found', code: 0 });
  }
}

export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const fake = new FakeDiscord(options);
  await fake.start();
  return fake;
}
