/**
 * What the local Discord knows and records, as the functions of this folder see it (the
 * LocalDiscord class holds it). The records (`requestLog`, `deliveries`, …) are what tests and
 * the playground read; the rest is the server's own bookkeeping.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';
import type {
  EndpointDelivery,
  GatewayDelivery,
  GatewaySession,
  LocalAttachment,
  LocalChannel,
  LocalGuild,
  LocalInteraction,
  LocalMessage,
  LocalUser,
  RateLimitRule,
  RefusedIdentify,
} from './model.js';

/** A one-shot failure: the next request that matches gets this answer instead. */
export interface InjectedFailure {
  readonly match: (method: string, path: string, json: Record<string, unknown>) => boolean;
  readonly status: number;
  readonly body: unknown;
  /**
   * The request is carried out first and only its answer is lost (a timeout after Discord did
   * it); for the routes of the premium apps, commands, role deletion, DMs and message lists.
   */
  readonly afterApplying?: boolean;
}

/** An interaction the Interactions Endpoint URL failed: Discord shows the member "This interaction failed". */
export interface EndpointFailure {
  readonly interactionId: string;
  readonly status: EndpointDelivery['status'];
  readonly ms: number;
  /** What went wrong: the answer, the deadline, the connection, or why its inline response was refused. */
  readonly reason: string;
  readonly at: number;
}

export interface DiscordState {
  readonly applicationId: string;
  readonly botUser: LocalUser;
  /** The bot's token: `Authorization: Bot <token>` on REST bot routes, `token` in IDENTIFY and RESUME (auth.ts). */
  readonly botToken: string;
  /** The first guild (on shard 0), the one tests use by default. */
  readonly guildId: string;
  /** The first guild's channels. */
  readonly channelIds: string[];
  /** Every guild, the first one included. */
  readonly guilds: readonly LocalGuild[];
  /** The shard count GET /gateway/bot recommends (option `shards`). */
  readonly shardCount: number;
  readonly maxConcurrency: number;
  /** The person `dm: true` means when none is named; `dmChannelId` is their DM (dms.ts). */
  readonly dmUser: LocalUser;
  readonly dmChannelId: string;
  /** Whether the app has the privileged Message Content intent; without it an IDENTIFY asking for it is closed with 4014. */
  messageContentGranted: boolean;
  readonly channels: Map<string, LocalChannel>;
  readonly members: Map<string, LocalUser>;
  readonly messages: Map<string, LocalMessage>;
  readonly interactions: Map<string, LocalInteraction>;
  /** Files members gave as command options, by attachment id (commandFiles.ts; the newest 200). */
  readonly commandFiles: Map<string, LocalAttachment>;
  /** Registered commands by scope ('global' or a guild id). */
  readonly commands: Map<string, Record<string, unknown>[]>;
  readonly commandWrites: { scope: string; at: number }[];
  readonly requestLog: { method: string; route: string; status: number; at: number }[];
  /** The newest message writes' bodies, by the OpenAPI operation they are (messageWrites.ts). */
  readonly messageWrites: { readonly operation: string; readonly body: Record<string, unknown> }[];
  readonly unknownRoutes: string[];
  /** One-shot failures: the next request that matches gets this answer instead (see failNext). */
  readonly failures: InjectedFailure[];
  /** IDENTIFY payloads accepted (each started a session). */
  readonly identifies: Record<string, unknown>[];
  /** IDENTIFY payloads refused for their token (4004) or `shard`, with the close code sent. */
  readonly refusedIdentifies: RefusedIdentify[];
  /** Routed events (all but READY, GUILD_CREATE, RESUMED), one entry per session sent to (or HTTP delivery). */
  readonly deliveries: GatewayDelivery[];
  /** Routed events no live session's shard would receive. */
  readonly undelivered: { t: string; id: string; guildId: string | null }[];
  /** RESUME payloads received (op 6), and whether each resumed a live session. */
  readonly resumes: { d: Record<string, unknown>; resumed: boolean }[];
  /** Authorization headers of REST requests let in (to check which token the bot used). */
  readonly authorizations: Set<string>;
  rateLimited: number;
  apiUrl: string;
  gatewayUrl: string;
  rateLimit: RateLimitRule | undefined;
  restDelayMs: number;
  interactionTokenTtlMs: number | undefined;
  /** Tokens Discord refuses from now on, whatever their age (see expireToken). */
  readonly deadTokens: Set<string>;
  /** Requests received and not answered yet (method and path). */
  readonly pending: Map<string, string>;
  server: Server | undefined;
  wss: WebSocketServer | undefined;
  readonly sockets: Set<Socket>;
  readonly gatewaySockets: Set<WebSocket>;
  readonly buckets: Map<string, { start: number; count: number }>;
  readonly sessions: Map<string, GatewaySession>;
  /** Permissions withheld from the bot, per channel (threads inherit their parent's). */
  readonly withheld: Map<string, bigint>;
  /** The app's Public Key (64 hex characters), what an Interactions Endpoint verifies signatures with. */
  readonly publicKey: string;
  /** Where interactions go instead of the gateway (saved by setInteractionsEndpoint: interactionsEndpoint.ts). */
  interactionsEndpointUrl: string | undefined;
  /** Interactions the endpoint failed, the newest ENDPOINT_FAILURES_KEPT. */
  readonly endpointFailures: EndpointFailure[];
  /** Tells waiters (waitFor, the playground's page) that something changed. */
  emit(event: 'change'): boolean;
}
