/**
 * The local Discord's ids, records and constants: snowflakes and Discord's shard formula, what it
 * keeps of users, channels, guilds, messages (with every version) and interactions, the intents and
 * permission bits it enforces, and the options it starts with.
 */
import type { WebSocket } from 'ws';
import type { CommandRolesInput, MemberRolesInput } from './roleInputs.js';

export const DISCORD_EPOCH = 1_420_070_400_000n;
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

export interface LocalUser {
  readonly id: string;
  readonly username: string;
  readonly global_name: string | null;
}

export interface LocalAttachment {
  readonly id: string;
  readonly filename: string;
  readonly size: number;
  readonly contentType: string | undefined;
  readonly data: Buffer;
  /** Where it is served (default: the local Discord's own CDN route, contextMenus.ts). */
  readonly url?: string;
}

export interface MessageVersion {
  readonly content: string;
  readonly at: number;
  /** When the request that made this version arrived (before the simulated REST delay). */
  readonly requestedAt: number;
  /** True when this version would ping someone (per allowed_mentions and content). */
  readonly pinged: boolean;
}

export interface LocalMessage {
  readonly id: string;
  readonly channelId: string;
  /** The interaction token it belongs to, for interaction responses and follow-ups. */
  readonly interactionToken: string | undefined;
  /** 'user' for members' messages; the rest are the bot's. */
  readonly kind: 'original' | 'followup' | 'channel' | 'user';
  readonly authorId: string;
  /** The message this one replies to. */
  readonly referenceId: string | undefined;
  /** Its text; for a V2 message, its text displays' a line apart, as read (the API shows ''). */
  content: string;
  flags: number;
  attachments: LocalAttachment[];
  components: unknown[];
  allowedMentions: unknown;
  readonly versions: MessageVersion[];
  deleted: boolean;
  readonly createdAt: number;
}

export interface LocalInteraction {
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
  /** What was dispatched: the type (2 command, 3 button, 5 modal submit), data and member input. */
  readonly type?: number;
  readonly data?: Record<string, unknown>;
  readonly input?: SendCommandInput;
  /** The modal the bot answered with (callback type 9), to be submitted (modalSubmit.ts). */
  modal?: LocalModal;
  /** Set when it went to the Interactions Endpoint URL instead of the gateway (interactionsEndpoint.ts). */
  delivered?: Promise<EndpointDelivery>;
}

/** The endpoint's status (none in 3 s, no connection) and whether its answer was an applied inline response. */
export type EndpointDelivery = { status: number | 'timeout' | 'error'; ms: number; inline: boolean };

/** A modal the bot opened, as it sent it (Discord's shape, checked by modals.ts). */
export interface LocalModal {
  readonly customId: string;
  readonly title: string;
  readonly components: readonly Record<string, unknown>[];
  /** Its text inputs in order, with their label (a Label's, or an action row input's own). */
  readonly fields: readonly LocalModalField[];
  readonly uploads: readonly { readonly customId: string; readonly min: number; readonly max: number }[]; // file uploads
  /** The submits made of it (MODAL_SUBMIT interactions' ids): Discord closes a modal on submit. */
  readonly submits: string[];
}

export interface LocalModalField {
  readonly customId: string;
  readonly label: string;
  readonly description: string | undefined;
  readonly style: number; // 1 short, 2 paragraph
  readonly required: boolean;
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly placeholder: string | undefined;
  readonly value: string | undefined;
}

export interface LocalChannel {
  readonly id: string;
  /** 0 text, 1 DM, 11 public thread. */
  readonly type: number;
  readonly parentId: string | null;
  readonly ownerId: string | null;
  /** The guild it is in (a thread: its parent's); null for the DM channel. */
  readonly guildId: string | null;
  readonly name: string;
}

export interface LocalGuild {
  readonly id: string;
  /** Its text channels (`channelCount` of them). */
  readonly channelIds: string[];
  /** Members besides the bot listed in its GUILD_CREATE (`membersPerGuild`, when given). */
  readonly members?: readonly LocalUser[];
  /** The shard its events go to when the bot runs the recommended shard count (`shards`). */
  readonly shard: number;
}

/** A gateway event as dispatched to one session (possibly kept for its RESUME). */
export interface GatewayDelivery {
  readonly t: string;
  /** The payload's id (interaction, message, channel). */
  readonly id: string;
  readonly guildId: string | null;
  /** The session's `[shard_id, num_shards]`; `[-1, 0]` for an interaction POSTed to the endpoint. */
  readonly shard: [number, number];
  readonly transport?: 'http';
}

/** An IDENTIFY refused: 4004 Authentication failed, 4010 Invalid shard, 4011 Sharding required, 4014 Disallowed intents. */
export interface RefusedIdentify {
  /** The `shard` it identified with (undefined when none). */
  readonly shard: unknown;
  readonly code: number;
}

export interface SendMessageInput extends MemberRolesInput {
  readonly content: string;
  readonly channelId?: string;
  readonly user?: LocalUser;
  readonly nick?: string | null;
  /** Nicknames of mentioned members, sent in each mention's `member` as Discord does. */
  readonly nicks?: Readonly<Record<string, string>>;
  readonly dm?: boolean;
  /** Reply to this message. */
  readonly replyTo?: LocalMessage;
  /** Whether the reply pings its author (Discord's default: yes). */
  readonly replyPing?: boolean;
  /** Files attached to the message (served on loopback, or at their own `url`). */
  readonly files?: readonly LocalAttachment[];
  /**
   * false: dispatched only, neither kept in `messages` nor recorded in `deliveries`, so that a
   * benchmark can send millions without the local Discord growing (default true).
   */
  readonly keep?: boolean;
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

export const MISSING_ACCESS = { message: 'Missing Access', code: 50001 };
export const MISSING_PERMISSIONS = { message: 'Missing Permissions', code: 50013 };
export const NO_HISTORY = {
  message: 'Cannot reply without permission to read message history',
  code: 160002,
};

/** A gateway session: resumable after its connection drops, until it is closed with 1000/1001. */
export interface GatewaySession {
  readonly id: string;
  /** `[shard_id, num_shards]` it identified with (`[0, 1]` without `shard`). */
  readonly shard: readonly [number, number];
  ws: WebSocket | undefined;
  seq: number;
  /** Recent dispatches (serialized, with their seq), replayed to a RESUME. */
  readonly sent: { readonly s: number; readonly data: string }[];
}

export interface LocalDiscordOptions {
  /** The bot's token, which REST bot routes, IDENTIFY and RESUME require (auth.ts); default a fresh one. */
  readonly token?: string;
  /** Delay before every REST response. */
  readonly restDelayMs?: number;
  readonly rateLimit?: RateLimitRule;
  /** Channels to create in each guild (default: three text channels). */
  readonly channelCount?: number;
  /** Names of the first guild's text channels, in order (default `channel-0`, `channel-1`, …). */
  readonly channelNames?: readonly string[];
  /**
   * The shard count GET /gateway/bot recommends, and the fewest Discord accepts: an IDENTIFY with
   * fewer (or without `shard`) is closed with 4011 when it is over 1. Default 1.
   */
  readonly shards?: number;
  /** Guilds on each of the `shards` shards (default: one guild in all, on shard 0). */
  readonly guildsPerShard?: number;
  /**
   * Members besides the bot in each guild's GUILD_CREATE, with a role of their own; the bot then
   * has its managed role too (default 0). Discord lists members other than the bot only to bots
   * with the Guild Presences intent (and those in voice): benchmarks use them as the worst case.
   */
  readonly membersPerGuild?: number;
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

export interface SendCommandInput extends CommandRolesInput {
  readonly name: string;
  readonly options?: Record<string, string | number | boolean>;
  readonly channelId?: string;
  readonly user?: LocalUser;
  readonly nick?: string | null;
  readonly dm?: boolean; // in the person's own DM with the bot (no guild, no member; dms.ts)
  readonly attachmentSizeLimit?: number;
  /** Run this subcommand of the command, with `options` as its options. */
  readonly subcommand?: string;
  /** Channel options (name → channel id), sent with their resolved channel. */
  readonly channelOptions?: Record<string, string>;
  /** File options (name → `memberFile(...)`), sent with their resolved attachment (commandFiles.ts). */
  readonly files?: Record<string, LocalAttachment>;
  /** The member's permissions bitfield in the channel (default: an ordinary member's). */
  readonly permissions?: string;
  /** The member's permissions in channels given as options, where they differ from `permissions`. */
  readonly channelPermissions?: Record<string, string>;
  /** Who installed the app, Discord's `context`, its `app_permissions` (userInstall.ts; defaults by place). */
  readonly install?: 'guild' | 'user' | 'both';
  readonly context?: 0 | 1 | 2;
  readonly appPermissions?: bigint;
}

/** View Channel, Send Messages, Read History, Use Commands, Create Public Threads, Send in Threads. */
export const MEMBER_PERMISSIONS = String(1024n + 2048n + 65536n + 2147483648n + (1n << 35n) + (1n << 38n));
/** A member who may also manage messages. */
export const MODERATOR_PERMISSIONS = String(BigInt(MEMBER_PERMISSIONS) | 8192n);
/** A moderator who may also manage the server (Manage Server, 32). */
export const SERVER_MANAGER_PERMISSIONS = String(BigInt(MODERATOR_PERMISSIONS) | 32n);
/** A server manager who may also manage channels (Manage Channels, 16). */
export const ADMIN_PERMISSIONS = String(BigInt(SERVER_MANAGER_PERMISSIONS) | 16n);

export const OPTION_TYPES: Record<string, number> = { string: 3, number: 10, boolean: 5 };
