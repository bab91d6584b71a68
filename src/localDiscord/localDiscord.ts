/**
 * A protocol-level Discord on loopback, the one the tests and the playground share: the REST API under
 * /api/v10 and a gateway WebSocket. The real discord.js Client logs into it (through `rest.api` =
 * DISCORD_API_URL and the gateway URL that GET /gateway/bot returns). It dispatches INTERACTION_CREATE
 * (commands, button clicks, modal submits), MESSAGE_CREATE (members' messages, with Discord's Message
 * Content rules per the intents the bot identified with) and THREAD_CREATE, keeps every message with its
 * edit history and buttons, and can enforce per-interaction-token rate limits with real 429 responses, as
 * Discord's headers tell them (X-RateLimit-*). Gateway sessions can be resumed (op 6, with the events
 * dispatched meanwhile replayed) after a test drops the connection; the bot's permissions per channel can
 * be withheld (sent as overwrites, `app_permissions` and enforced on REST like Discord: 50001, 50013).
 *
 * Sharding, like Discord's: GET /gateway/bot recommends `shards` (option, default 1), an IDENTIFY with
 * fewer shards (or none) than that is closed with 4011 and an impossible `[id, count]` with 4010. There
 * are one or more guilds (`guildsPerShard` on each shard); a guild's events go only to the sessions of its
 * shard, `(guild_id >> 22) % count`, and DMs only to shard 0. READY and GUILD_CREATE list a session's own
 * guilds. `deliveries` records which shard got each event. Only the bot's `botToken` gets in (auth.ts).
 * Each person has their own DM (dms.ts); an IDENTIFY asking for the Message Content intent the app was not
 * granted (`messageContentGranted`) is closed with 4014. Premium apps: `monetization` (localMonetization.ts).
 * Once an Interactions Endpoint URL is saved (`setInteractionsEndpoint`, checked as the Developer Portal
 * checks it), interactions are POSTed there, signed with the app's key, instead (interactionsEndpoint.ts).
 */
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocket, type WebSocketServer } from 'ws';
import { newBotToken } from './auth.js';
import { type MessageCommandInput, messageCommand } from './contextMenus.js';
import { openDm } from './dms.js';
import { buildGuilds } from './guilds.js';
import { makeSigningKey, setInteractionsEndpoint, signInteraction } from './interactionsEndpoint.js';
import { LocalMonetization } from './localMonetization.js';
import { clickButton, openInteraction, sendCommand, sendMessage, withholdPermissions } from './members.js';
import { replyMessages, replyTo } from './messages.js';
import { type SubmitModalInput, submitModal } from './modalSubmit.js';
import {
  type GatewayDelivery,
  type GatewaySession,
  type LocalChannel,
  type LocalDiscordOptions,
  type LocalGuild,
  type LocalInteraction,
  type LocalMessage,
  type LocalUser,
  type RateLimitRule,
  type RefusedIdentify,
  type SendCommandInput,
  type SendMessageInput,
  shardOf,
  snowflake,
} from './model.js';
import { closeServer, startServer } from './server.js';
import type { DiscordState, EndpointFailure, InjectedFailure } from './state.js';
import { waitForChange } from './waitFor.js';
import { botPermissions, channelMessages, guildOf, intents, user } from './world.js';

export * from './model.js';
export class LocalDiscord extends EventEmitter implements DiscordState {
  readonly applicationId = snowflake();
  readonly botUser: LocalUser = {
    id: this.applicationId,
    username: 'servicebot',
    global_name: 'Service Bot',
  };
  readonly botToken: string;
  readonly guildId: string;
  readonly channelIds: string[];
  readonly guilds: readonly LocalGuild[];
  readonly shardCount: number;
  readonly maxConcurrency: number;
  /** The person `dm: true` means when none is named, and their DM (each person has their own: dms.ts). */
  readonly dmUser: LocalUser;
  readonly dmChannelId: string;
  /** Whether the app has the privileged Message Content intent (gateway.ts refuses it otherwise: 4014). */
  messageContentGranted = true;
  /** The app's Public Key as the Developer Portal shows it (64 hex characters): what endpoints verify with. */
  readonly publicKey: string;
  /** Where interactions go instead of the gateway: saved, once checked, by setInteractionsEndpoint. */
  interactionsEndpointUrl: string | undefined;
  /** Interactions the endpoint failed ("This interaction failed"), the newest ENDPOINT_FAILURES_KEPT. */
  readonly endpointFailures: EndpointFailure[] = [];
  readonly channels = new Map<string, LocalChannel>();
  readonly members = new Map<string, LocalUser>();
  readonly messages = new Map<string, LocalMessage>();
  readonly interactions = new Map<string, LocalInteraction>();
  readonly commandFiles: DiscordState['commandFiles'] = new Map();
  readonly commands = new Map<string, Record<string, unknown>[]>();
  readonly commandWrites: { scope: string; at: number }[] = [];
  readonly requestLog: DiscordState['requestLog'] = [];
  readonly messageWrites: DiscordState['messageWrites'] = []; // newest MESSAGE_WRITES_KEPT
  readonly unknownRoutes: string[] = [];
  readonly failures: InjectedFailure[] = [];
  readonly identifies: Record<string, unknown>[] = [];
  readonly refusedIdentifies: RefusedIdentify[] = [];
  readonly deliveries: GatewayDelivery[] = [];
  readonly undelivered: DiscordState['undelivered'] = [];
  readonly resumes: DiscordState['resumes'] = [];
  readonly authorizations = new Set<string>();
  rateLimited = 0;
  apiUrl = '';
  gatewayUrl = '';
  rateLimit: RateLimitRule | undefined;
  restDelayMs: number;
  interactionTokenTtlMs: number | undefined;
  readonly deadTokens = new Set<string>();
  server: Server | undefined;
  wss: WebSocketServer | undefined;
  readonly sockets = new Set<Socket>();
  readonly gatewaySockets = new Set<WebSocket>();
  readonly buckets = new Map<string, { start: number; count: number }>();
  readonly sessions = new Map<string, GatewaySession>();
  readonly withheld = new Map<string, bigint>();
  readonly pending = new Map<string, string>();
  readonly monetization = new LocalMonetization(this);

  constructor(options: LocalDiscordOptions = {}) {
    super();
    this.setMaxListeners(0);
    this.publicKey = makeSigningKey(this);
    this.botToken = options.token ?? newBotToken(this.applicationId);
    this.restDelayMs = options.restDelayMs ?? 0;
    this.rateLimit = options.rateLimit;
    this.interactionTokenTtlMs = options.interactionTokenTtlMs;
    this.shardCount = options.shards ?? 1;
    this.maxConcurrency = options.maxConcurrency ?? 1;
    if (!Number.isInteger(this.shardCount) || this.shardCount < 1)
      throw new RangeError(`local Discord: shards must be a positive integer, not ${options.shards}`);
    const perShard = options.guildsPerShard;
    if (perShard !== undefined && (!Number.isInteger(perShard) || perShard < 1)) {
      throw new RangeError(`local Discord: guildsPerShard must be a positive integer, not ${perShard}`);
    }
    const guilds = buildGuilds(this.channels, this.shardCount, options);
    for (const member of guilds.flatMap((guild) => guild.members ?? [])) this.members.set(member.id, member);
    this.guilds = guilds;
    const first = guilds[0] as LocalGuild;
    this.guildId = first.id;
    this.channelIds = first.channelIds;
    this.dmUser = user(this, 'member', 'Member');
    this.dmChannelId = openDm(this, this.dmUser);
  }

  /** `person`'s DM channel with the bot, opened on first use (dms.ts). */
  dmChannelOf(person: LocalUser): string {
    return openDm(this, person);
  }

  /** The shard of `count` (default: `shardCount`) that a guild's events go to. */
  shardOf(guildId: string, count: number = this.shardCount): number {
    return shardOf(guildId, count);
  }

  /** `[shard_id, num_shards]` of each identified session with an open connection, in order. */
  readyShards(): [number, number][] {
    return [...this.sessions.values()]
      .filter((session) => session.ws?.readyState === WebSocket.OPEN)
      .map((session): [number, number] => [session.shard[0], session.shard[1]])
      .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  }

  /** Threads opened in the guilds, oldest first. */
  threads(): LocalChannel[] {
    return [...this.channels.values()].filter((channel) => channel.type === 11);
  }

  async start(): Promise<void> {
    await startServer(this);
  }

  async close(): Promise<void> {
    await closeServer(this);
  }

  /** The signature headers' values Discord sends with `body` (timestamp: unix seconds, default now). */
  signInteraction(body: string, timestamp?: string): { signature: string; timestamp: string } {
    return signInteraction(this, body, timestamp);
  }

  /** Saves the endpoint URL after the portal's checks (failing: rejects, the old one kept); undefined: gateway. */
  setInteractionsEndpoint(url: string | undefined): Promise<void> {
    return setInteractionsEndpoint(this, url);
  }

  /** The next REST request `match` accepts fails, once (`afterApplying`: done, answer lost: state.ts). */
  failNext(
    match: InjectedFailure['match'],
    status: number,
    body: { message: string; code: number; errors?: unknown },
    options: { readonly afterApplying?: boolean } = {},
  ): void {
    this.failures.push({ match, status, body, ...options });
  }

  /** Makes an interaction's token die now (as Discord's sometimes do before 15 minutes). */
  expireToken(interaction: LocalInteraction): void {
    this.deadTokens.add(interaction.token);
  }

  /** failNext's failures not used yet. */
  failuresLeft = (): number => this.failures.length;

  /** Number of gateway connections currently open. */
  gatewayConnections(): number {
    return this.gatewaySockets.size;
  }

  /** Drops every gateway connection without a close frame (a network failure): sessions stay resumable. */
  dropGateway(): void {
    for (const ws of this.gatewaySockets) ws.terminate();
    this.gatewaySockets.clear();
    for (const session of this.sessions.values()) session.ws = undefined;
  }

  /** Number of sessions waiting to be resumed (their connection dropped). */
  disconnectedSessions(): number {
    return [...this.sessions.values()].filter((session) => session.ws === undefined).length;
  }

  /** The bot's reply to a member's message: its first message (which replies to it) and the ones after. */
  replyTo(message: LocalMessage): LocalMessage[] {
    return replyTo(this, message);
  }

  /** The original response and follow-ups of an interaction, in order. */
  replyMessages(interaction: LocalInteraction): LocalMessage[] {
    return replyMessages(this, interaction);
  }

  /** Resolves when `check` returns a value other than undefined/false; re-checked on every change. */
  waitFor<T>(check: () => T | undefined | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
    return waitForChange(this, check, timeoutMs, what);
  }

  /** The guild a channel is in (null for the DM channel; the first guild for unknown ids). */
  guildOf(channelId: string): string | null {
    return guildOf(this, channelId);
  }

  /** The gateway intents of the latest identify. */
  intents(): number {
    return intents(this);
  }

  /** A member of the first guild (made on first use), by username. */
  user(username: string, globalName: string | null = null): LocalUser {
    return user(this, username, globalName);
  }

  /** The bot's permissions in a guild channel (a thread: its parent's). */
  botPermissions(channelId: string): bigint {
    return botPermissions(this, channelId);
  }

  /** Messages in a channel, oldest first (deleted ones left out). */
  channelMessages(channelId: string): LocalMessage[] {
    return channelMessages(this, channelId);
  }

  /** Dispatches a slash command: INTERACTION_CREATE to its guild's shard, or to the endpoint URL if set. */
  sendCommand(input: SendCommandInput): LocalInteraction {
    return sendCommand(this, input);
  }

  /** Opens a slash-command interaction without dispatching it (members.ts). */
  openInteraction(input: { readonly channelId?: string; readonly user?: LocalUser } = {}): LocalInteraction {
    return openInteraction(this, input);
  }

  /** Dispatches a click on a button of `message` (a MESSAGE_COMPONENT interaction). */
  clickButton(
    message: LocalMessage,
    customId: string,
    input: Omit<SendCommandInput, 'name' | 'options'> = {},
  ): LocalInteraction {
    return clickButton(this, message, customId, input);
  }

  /** A member submits the modal the bot answered `interaction` with (MODAL_SUBMIT, modalSubmit.ts). */
  submitModal(interaction: LocalInteraction, values: Record<string, string>, input?: SubmitModalInput) {
    return submitModal(this, interaction, values, input);
  }

  /** Withholds permissions from the bot in a channel (members.ts). */
  withholdPermissions(channelId: string, permissions: bigint): void {
    withholdPermissions(this, channelId, permissions);
  }

  /** A member posts a message (MESSAGE_CREATE; members.ts says what reaches the bot). */
  sendMessage(input: SendMessageInput): LocalMessage {
    return sendMessage(this, input);
  }

  /** A member uses message command `name` on `target` (Apps in its menu; contextMenus.ts). */
  readonly messageCommand = (name: string, target: LocalMessage, input?: MessageCommandInput) =>
    messageCommand(this, name, target, input);
}

export async function startLocalDiscord(options: LocalDiscordOptions = {}): Promise<LocalDiscord> {
  const fake = new LocalDiscord(options);
  await fake.start();
  return fake;
}
