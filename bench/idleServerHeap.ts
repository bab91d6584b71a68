/**
 * Prototype (issue 32, "the idle server"): the heap discord.js's caches keep per idle server, in
 * this process, without a gateway. A Client with the bot's cache options (discord/caches.ts) gets
 * READY's user and N GUILD_CREATE payloads shaped like the local Discord's (localDiscord/world.ts
 * guildPayload: 10 text channels, @everyone, the bot's managed role and a members' role, the
 * bot's member and 3 others); the heap after GC before and after, over N, is the figure.
 *
 * Run: `node --expose-gc --import tsx bench/idleServerHeap.ts [servers] [--snapshot]`.
 * `--snapshot` also prints the heap by constructor (self size per server, the biggest first),
 * from two heap snapshots (before and after the servers).
 * BENCH_IDLE_OVERWRITES=n gives each channel n role overwrites (roles of the server the bot does
 * not hold), to see what overwrites cost. BENCH_IDLE_LEAN=0 leaves discord.js's classes as they are
 * (without discord/leanStructures.ts).
 */
import { writeHeapSnapshot } from 'node:v8';
import { Client, ClientUser, GatewayIntentBits } from 'discord.js';
import { cacheOptions } from '../src/discord/caches.js';
import { useLeanStructures } from '../src/discord/leanStructures.js';
import { bySelfSize, readSnapshot } from './idleServerSnapshot.js';

const servers = Number(process.argv[2] ?? 2000);
const snapshot = process.argv.includes('--snapshot');
const overwrites = Number(process.env.BENCH_IDLE_OVERWRITES ?? 0);
const gc =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    throw new Error('run with node --expose-gc');
  });

let next = 1_000_000_000_000_000n;
const snowflake = () => {
  next += 1n;
  return String(next);
};
const BOT = {
  id: snowflake(),
  username: 'bot',
  discriminator: '0',
  avatar: null,
  bot: true,
  global_name: null,
};

const role = (id: string, name: string, position: number, botId?: string) => ({
  id,
  name,
  color: 0,
  colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
  hoist: false,
  icon: null,
  unicode_emoji: null,
  position,
  permissions: '0',
  managed: botId !== undefined,
  mentionable: false,
  flags: 0,
  ...(botId !== undefined && { tags: { bot_id: botId } }),
});
const member = (user: Record<string, unknown>, roles: string[]) => ({
  user,
  nick: null,
  roles,
  joined_at: new Date().toISOString(),
  deaf: false,
  mute: false,
  flags: 0,
  pending: false,
  premium_since: null,
  avatar: null,
});

/** A GUILD_CREATE like the local Discord's (guildPayload), with `overwrites` role overwrites per channel. */
function guildCreate(): Record<string, unknown> {
  const id = snowflake();
  const [botRole, memberRole] = [snowflake(), snowflake()];
  const extraRoles = Array.from({ length: overwrites }, () => snowflake());
  return {
    id,
    name: `Local server ${id}`,
    icon: null,
    description: null,
    splash: null,
    discovery_splash: null,
    features: [],
    banner: null,
    owner_id: snowflake(),
    application_id: null,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    system_channel_id: null,
    system_channel_flags: 0,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 0,
    roles: [
      { ...role(id, '@everyone', 0), permissions: '1071698660929' },
      role(botRole, 'bot', 1, BOT.id),
      role(memberRole, 'Member', 2),
      ...extraRoles.map((extra, i) => role(extra, `role ${i}`, 3 + i)),
    ],
    default_message_notifications: 0,
    mfa_level: 0,
    explicit_content_filter: 0,
    max_presences: null,
    max_members: 500_000,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: 'en-US',
    rules_channel_id: null,
    safety_alerts_channel_id: null,
    public_updates_channel_id: null,
    premium_progress_bar_enabled: false,
    nsfw: false,
    nsfw_level: 0,
    emojis: [],
    stickers: [],
    incidents_data: null,
    joined_at: new Date().toISOString(),
    large: false,
    unavailable: false,
    member_count: 5,
    voice_states: [],
    members: [
      member(BOT, [botRole]),
      ...[1, 2, 3].map((n) =>
        member({ id: snowflake(), username: `m${n}`, discriminator: '0', avatar: null, global_name: null }, [
          memberRole,
        ]),
      ),
    ],
    channels: Array.from({ length: 10 }, (_, position) => ({
      id: snowflake(),
      type: 0,
      guild_id: id,
      name: `channel-${position}`,
      position,
      permission_overwrites: extraRoles.map((extra) => ({ id: extra, type: 0, allow: '0', deny: '1024' })),
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
    shardId: 0,
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
async function heapAfterGc(): Promise<number> {
  await turn(); // the event-scoped caches empty on the next turn
  for (let i = 0; i < 3; i += 1) gc();
  return process.memoryUsage().heapUsed;
}

if (process.env.BENCH_IDLE_LEAN !== '0') useLeanStructures();
const client = new Client({ intents: [GatewayIntentBits.Guilds], ...cacheOptions });
// READY: the client's user (discord.js's handler does the same).
const ready = client as unknown as { user: ClientUser };
ready.user = new (ClientUser as unknown as new (client: Client, data: unknown) => ClientUser)(client, BOT);
client.users.cache.set(ready.user.id, ready.user);
/** What discord.js's GUILD_CREATE handler does for a guild it did not know. */
const guilds = client.guilds as unknown as { _add(data: unknown): unknown };
const addGuild = () => guilds._add(guildCreate());
// One server first, so code and shapes are warm before the baseline.
addGuild();

const before = await heapAfterGc();
const first = snapshot ? writeHeapSnapshot('/tmp/idle-before.heapsnapshot') : undefined;
for (let i = 0; i < servers; i += 1) addGuild();
const after = await heapAfterGc();
const second = snapshot ? writeHeapSnapshot('/tmp/idle-after.heapsnapshot') : undefined;

const perServer = (after - before) / servers;
console.log(
  JSON.stringify({
    servers,
    overwritesPerChannel: overwrites,
    lean: process.env.BENCH_IDLE_LEAN !== '0',
    heapPerServerBytes: Math.round(perServer),
    heapPerServerKiB: Math.round((perServer / 1024) * 100) / 100,
    cachedChannels: client.channels.cache.size,
  }),
);
if (first && second) {
  const [a, b] = [bySelfSize(readSnapshot(first)), bySelfSize(readSnapshot(second))];
  const rows = [...b.entries()]
    .map(([name, { size, count }]) => {
      const base = a.get(name) ?? { size: 0, count: 0 };
      return { name, bytes: (size - base.size) / servers, count: (count - base.count) / servers };
    })
    .filter((row) => Math.abs(row.bytes) >= 8)
    .sort((x, y) => y.bytes - x.bytes);
  for (const row of rows)
    console.log(`${row.bytes.toFixed(0).padStart(6)} B  ${row.count.toFixed(2).padStart(6)} ×  ${row.name}`);
  console.log(`${rows.reduce((sum, row) => sum + row.bytes, 0).toFixed(0)} B in all`);
}
client.destroy();
