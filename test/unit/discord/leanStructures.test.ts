/**
 * discord/leanStructures.ts against the installed discord.js: gateway events go through
 * discord.js's own handlers (`client.ws.handlePacket`), and what the bot reads of guilds and
 * channels (permissionsFor for the bot, a message's channel, the dashboard's channel and role
 * lists) is what discord.js gave without the change.
 */
import {
  type Channel,
  ChannelType,
  Client,
  ClientUser,
  type Guild,
  GuildMessageManager,
  GuildTextThreadManager,
  type Message,
  PermissionFlagsBits,
  PermissionOverwriteManager,
  type TextChannel,
  VoiceStateManager,
} from 'discord.js';
import { describe, expect, it } from 'vitest';
import { cacheOptions } from '../../../src/discord/caches.js';
import { useLeanStructures } from '../../../src/discord/leanStructures.js';

const BOT = { id: '900', username: 'bot', discriminator: '0', avatar: null, global_name: null, bot: true };
const MEMBER = { id: '901', username: 'member', discriminator: '0', avatar: null, global_name: null };
const GUILD = '100';
const BOT_ROLE = '110';
const EVERYONE = String(
  PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.ReadMessageHistory,
);
const role = (id: string, permissions: string) => ({
  id,
  name: `role ${id}`,
  position: 0,
  permissions,
  flags: 0,
});
const overwrite = (id: string, type: 0 | 1, deny: bigint) => ({ id, type, allow: '0', deny: String(deny) });
const channel = (id: string, overwrites: unknown[] = []) => ({
  id,
  type: ChannelType.GuildText,
  guild_id: GUILD,
  name: `channel-${id}`,
  position: Number(id) - 200,
  permission_overwrites: overwrites,
  parent_id: null,
});

/** A client with the bot's caches, its user set (READY), and one guild (GUILD_CREATE). */
function world() {
  useLeanStructures();
  const client = new Client({ intents: [], ...cacheOptions });
  const ready = client as unknown as { user: ClientUser };
  ready.user = new (ClientUser as unknown as new (client: Client, data: unknown) => ClientUser)(client, BOT);
  client.users.cache.set(BOT.id, ready.user);
  (client.ws as unknown as { status: number }).status = 0; // Ready: events are handled, not queued
  const dispatch = (t: string, d: unknown) =>
    (client.ws as unknown as { handlePacket(packet: unknown, shard: unknown): void }).handlePacket(
      { t, d },
      { id: 0 },
    );
  dispatch('GUILD_CREATE', {
    id: GUILD,
    name: 'server',
    owner_id: MEMBER.id,
    unavailable: false,
    system_channel_flags: 0,
    roles: [
      role(GUILD, EVERYONE),
      role(BOT_ROLE, '0'),
      role('120', String(PermissionFlagsBits.Administrator)),
      role('130', '0'),
    ],
    members: [{ user: BOT, roles: [BOT_ROLE], joined_at: '2026-01-01T00:00:00.000Z', flags: 0 }],
    channels: [
      channel('201'),
      channel('202', [overwrite(BOT.id, 1, PermissionFlagsBits.SendMessages)]),
      channel('203', [overwrite(BOT_ROLE, 0, PermissionFlagsBits.ViewChannel)]),
      channel('204', [overwrite(GUILD, 0, PermissionFlagsBits.ReadMessageHistory), overwrite('120', 0, 0n)]),
    ],
    threads: [],
    emojis: [],
    stickers: [],
  });
  const guild = client.guilds.cache.get(GUILD) as Guild;
  const text = (id: string) => guild.channels.cache.get(id) as TextChannel;
  const missing = (id: string) =>
    text(id)
      .permissionsFor(BOT.id)
      ?.missing([
        PermissionFlagsBits.ViewChannel,
        PermissionFlagsBits.SendMessages,
        PermissionFlagsBits.ReadMessageHistory,
      ]);
  return { client, guild, text, missing, dispatch };
}

describe('lean discord.js structures', () => {
  it('keeps no manager that holds nothing, and makes one when read', () => {
    const { client, guild, text } = world();
    const first = text('201');
    for (const property of ['messages', 'threads', 'permissionOverwrites', 'flags'])
      expect(Object.hasOwn(first, property)).toBe(false);
    expect(first.messages).toBeInstanceOf(GuildMessageManager);
    expect(first.messages.channel).toBe(first);
    expect(text('202').messages.channel).toBe(text('202')); // each read is its channel's
    expect(first.messages.channel).toBe(first);
    expect(first.threads).toBeInstanceOf(GuildTextThreadManager);
    expect(first.permissionOverwrites).toBeInstanceOf(PermissionOverwriteManager);
    expect(first.permissionOverwrites.cache.size).toBe(0);
    expect(guild.voiceStates).toBeInstanceOf(VoiceStateManager);
    expect(guild.voiceStates.guild).toBe(guild);
    expect(Object.hasOwn(guild, 'bans')).toBe(false);
    // Flags and permissions that hold no bit are one shared frozen value.
    expect(first.flags.bitfield).toBe(0);
    expect(first.flags).toBe(text('202').flags);
    expect(Object.isFrozen(first.flags)).toBe(true);
    // Other values are kept as they are: a partial group DM (an interaction's) has null flags.
    const channels = client.channels as unknown as { _add(data: unknown): Channel };
    const group = channels._add({
      id: '500',
      type: ChannelType.GroupDM,
      name: 'group',
      icon: null,
      recipients: [],
    });
    expect(group.flags).toBeNull();
    expect(guild.roles.cache.get(BOT_ROLE)?.permissions).toBe(guild.roles.cache.get('130')?.permissions);
  });

  it('keeps the overwrites of channels that have some, and permissionsFor reads them', () => {
    const { text, missing } = world();
    expect(text('202').permissionOverwrites.cache.map((entry) => entry.id)).toEqual([BOT.id]);
    expect(missing('201')).toEqual([]);
    expect(missing('202')).toEqual(['SendMessages']); // the bot's own member overwrite
    expect(missing('203')).toEqual(['ViewChannel']); // its role's
    expect(missing('204')).toEqual(['ReadMessageHistory']); // @everyone's
    expect(text('204').permissionOverwrites.cache.size).toBe(2);
  });

  it('follows CHANNEL_UPDATE: overwrites added, changed and removed; the old channel keeps its own', () => {
    const { client, text, missing, dispatch } = world();
    const updates: [Channel, Channel][] = [];
    client.on('channelUpdate', (old, now) => updates.push([old as Channel, now as Channel]));
    dispatch('CHANNEL_UPDATE', channel('201', [overwrite(BOT_ROLE, 0, PermissionFlagsBits.SendMessages)]));
    expect(missing('201')).toEqual(['SendMessages']);
    dispatch('CHANNEL_UPDATE', { ...channel('201', []), flags: 2 });
    expect(missing('201')).toEqual([]);
    expect(text('201').flags.bitfield).toBe(2);
    dispatch('CHANNEL_UPDATE', channel('202', []));
    expect(missing('202')).toEqual([]);
    const [added, removed] = updates.map(([old, now]) => [old, now] as [TextChannel, TextChannel]);
    expect(added?.[0].permissionOverwrites.cache.size).toBe(0);
    expect(added?.[1].permissionOverwrites.cache.size).toBe(0); // the same channel, now emptied
    expect(removed?.[0].permissionOverwrites.cache.map((entry) => entry.id)).toEqual([BOT_ROLE]);
    expect(removed?.[0].flags.bitfield).toBe(0);
    expect(text('201').permissionOverwrites.cache.size).toBe(0);
  });

  it('follows role updates, and a message still reaches the bot with its channel', () => {
    const { client, guild, text, missing, dispatch } = world();
    dispatch('GUILD_ROLE_UPDATE', {
      guild_id: GUILD,
      role: role(BOT_ROLE, String(PermissionFlagsBits.Administrator)),
    });
    expect(guild.roles.cache.get(BOT_ROLE)?.permissions.has(PermissionFlagsBits.Administrator)).toBe(true);
    expect(missing('203')).toEqual([]);
    const messages: Message[] = [];
    client.on('messageCreate', (message) => messages.push(message));
    dispatch('MESSAGE_CREATE', {
      id: '300',
      channel_id: '202',
      guild_id: GUILD,
      author: MEMBER,
      content: `<@${BOT.id}> hello`,
      timestamp: '2026-01-01T00:00:00.000Z',
      mentions: [BOT],
      mention_roles: [],
      attachments: [],
      embeds: [],
      type: 0,
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.channel).toBe(text('202'));
    expect(messages[0]?.mentions.users.has(BOT.id)).toBe(true);
    expect(text('202').messages.cache.size).toBe(0);
  });
});
