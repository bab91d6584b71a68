/**
 * Prototype (issue 32): what discord/leanStructures.ts costs in CPU where it makes managers on
 * read (a channel's messages, twice per MESSAGE_CREATE): 200,000 member messages through
 * discord.js's own handlers, 100 servers of 10 channels, in this process, after 50,000 of warm-up.
 * Run: `tsx bench/idleServerCpu.ts`; BENCH_IDLE_LEAN=0 without leanStructures. CPU figures are
 * noisy on a shared machine: run each a few times.
 */
import { ChannelType, Client, ClientUser } from 'discord.js';
import { cacheOptions } from '../src/discord/caches.js';
import { useLeanStructures } from '../src/discord/leanStructures.js';

const lean = process.env.BENCH_IDLE_LEAN !== '0';
if (lean) useLeanStructures();
const BOT = { id: '900', username: 'bot', discriminator: '0', avatar: null, global_name: null, bot: true };
const client = new Client({ intents: [], ...cacheOptions });
const ready = client as unknown as { user: ClientUser };
ready.user = new (ClientUser as unknown as new (client: Client, data: unknown) => ClientUser)(client, BOT);
const ws = client.ws as unknown as { status: number; handlePacket(packet: unknown, shard: unknown): void };
ws.status = 0; // Ready
const dispatch = (t: string, d: unknown) => ws.handlePacket({ t, d }, { id: 0 });

const channels: { id: string; guild: string }[] = [];
for (let g = 0; g < 100; g += 1) {
  const guild = String(1000 + g);
  const own = Array.from({ length: 10 }, (_, position) => {
    channels.push({ id: `${guild}${position}`, guild });
    const type = ChannelType.GuildText;
    return {
      id: `${guild}${position}`,
      type,
      guild_id: guild,
      name: 'c',
      position,
      permission_overwrites: [],
    };
  });
  dispatch('GUILD_CREATE', {
    id: guild,
    name: 'server',
    owner_id: '1',
    unavailable: false,
    roles: [{ id: guild, name: '@everyone', position: 0, permissions: '1024', flags: 0 }],
    members: [{ user: BOT, roles: [], joined_at: '2026-01-01T00:00:00.000Z', flags: 0 }],
    channels: own,
    threads: [],
    emojis: [],
    stickers: [],
  });
}
let received = 0;
client.on('messageCreate', () => {
  received += 1;
});
const send = (count: number, offset: number) => {
  for (let i = offset; i < offset + count; i += 1) {
    const channel = channels[i % channels.length] as { id: string; guild: string };
    dispatch('MESSAGE_CREATE', {
      id: String(5_000_000 + i),
      channel_id: channel.id,
      guild_id: channel.guild,
      author: {
        id: String(10 + (i % 50)),
        username: 'm',
        discriminator: '0',
        avatar: null,
        global_name: null,
      },
      member: { roles: [], joined_at: '2026-01-01T00:00:00.000Z', flags: 0 },
      content: 'just chatting',
      timestamp: '2026-01-01T00:00:00.000Z',
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      type: 0,
    });
  }
};
send(50_000, 0);
const before = process.cpuUsage();
send(200_000, 50_000);
const cpu = process.cpuUsage(before);
const per10kMs = Math.round(((cpu.user + cpu.system) / 1000 / 20) * 10) / 10;
console.log(JSON.stringify({ lean, received, cpuPer10kMessagesMs: per10kMs }));
client.destroy();
