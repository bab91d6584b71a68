/** The interactions bench's conditions, read from the environment once, and small helpers. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const QUICK = process.env.BENCH_QUICK === '1';

/** Part 1: checkSignature calls timed one by one. */
export const SIGNATURE_CHECKS = QUICK ? 4_000 : 20_000;
/** Part 2: seconds of load per scenario, and the connections the load keeps open. */
export const RATE_SECONDS = QUICK ? 2 : 5;
export const RATE_CONNECTIONS = 32;
/** Part 3: the idle server counts compared (heap per server: the slope between them). */
export const IDLE_SERVERS = QUICK ? [1, 2_000] : [1, 5_000];
/** Part 4: concurrent /ask replies, each `TOKENS` tokens streamed over `STREAM_MS`. */
export const REPLIES = Number(process.env.BENCH_INTERACTIONS_REPLIES ?? (QUICK ? 100 : 1_000));
export const TOKENS = 300;
export const STREAM_MS = QUICK ? 5_000 : 10_000;
/**
 * Part 4: each worker's STREAM_EDITS_PER_SECOND. The budget is per process (default 800), so two
 * workers on the default would edit the same 1,000 replies twice as often as one process (22.8
 * edits a reply against 12.6 in a trial): half each keeps Discord's traffic and the work the same.
 */
export const WORKER_EDITS_PER_SECOND = Number(process.env.BENCH_WORKER_EDITS_PER_SECOND ?? 400);
/** Part 4's servers: this many on each of the two shards, the channels spread over them. */
export const GUILDS_PER_SHARD = QUICK ? 2 : 5;
export const CHANNELS_PER_GUILD = Math.ceil(REPLIES / (2 * GUILDS_PER_SHARD));

/** Targets. */
export const TARGET_SIGNATURE_P99_MS = 1;
export const TARGET_PINGS_PER_SECOND = 2_000;
export const TARGET_HTTP_HEAP_PER_SERVER_KIB = 0.5;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
export const MiB = 1024 * 1024;

/** The value at percentile `p` (0–100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Connections the kernel dropped because a listening socket's accept queue was full (Linux,
 * TcpExt ListenOverflows, machine-wide): each is tried again only after 1, 3, 7, 15 s.
 */
export function listenOverflows(): number | undefined {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const index = lines.findIndex((line) => line.startsWith('TcpExt:'));
    const names = lines[index]?.split(' ') ?? [];
    const values = lines[index + 1]?.split(' ') ?? [];
    const at = names.indexOf('ListenOverflows');
    return at > 0 ? Number(values[at]) : undefined;
  } catch {
    return undefined;
  }
}

let nextId = 1_300_000_000_000_000_000n;
const snowflake = () => {
  nextId += 1n;
  return String(nextId);
};

/**
 * A slash-command interaction as Discord POSTs it (APPLICATION_COMMAND, /ask in a guild channel),
 * padded to about `bytes` with the prompt: member, user, channel, entitlements and the rest.
 */
export function commandBody(bytes = 1_500): string {
  const guildId = snowflake();
  const channelId = snowflake();
  const user = {
    id: snowflake(),
    username: 'member',
    global_name: 'A Member',
    discriminator: '0',
    avatar: 'a_0123456789abcdef0123456789abcdef',
    public_flags: 0,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
  const build = (prompt: string) =>
    JSON.stringify({
      app_permissions: '2248473465835073',
      application_id: snowflake(),
      attachment_size_limit: 10485760,
      authorizing_integration_owners: { '0': guildId },
      channel: { flags: 0, guild_id: guildId, id: channelId, name: 'general', nsfw: false, type: 0 },
      channel_id: channelId,
      context: 0,
      data: { id: snowflake(), name: 'ask', options: [{ name: 'prompt', type: 3, value: prompt }], type: 1 },
      entitlement_sku_ids: [],
      entitlements: [],
      guild: { features: [], id: guildId, locale: 'en-US' },
      guild_id: guildId,
      guild_locale: 'en-US',
      id: snowflake(),
      locale: 'en-GB',
      member: {
        avatar: null,
        communication_disabled_until: null,
        deaf: false,
        flags: 0,
        joined_at: '2025-03-01T12:00:00.000000+00:00',
        mute: false,
        nick: null,
        pending: false,
        permissions: '2248473465835073',
        premium_since: null,
        roles: [snowflake(), snowflake()],
        unusual_dm_activity_until: null,
        user,
      },
      token: randomBytes(120).toString('base64url'),
      type: 2,
      version: 1,
    });
  const bare = build('');
  return build('tell me about it '.repeat(64).slice(0, Math.max(0, bytes - bare.length)));
}

/** A PING as Discord sends it to check the endpoint. */
export const pingBody = () =>
  JSON.stringify({
    application_id: snowflake(),
    id: snowflake(),
    token: randomBytes(48).toString('base64url'),
    type: 1,
    version: 1,
  });
