/**
 * The fake Discord's gateway sharding, driven by raw WebSocket clients (what each shard receives,
 * in order, is all there is to see) and then by a real discord.js Client.
 *
 * Negative checks ("shard 0 never got it") need no sleeps: each socket delivers its events in
 * order, so once a later event has arrived on a socket, an earlier one sent to it would be there.
 */
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LocalDiscord, shardOf, snowflakeOnShard } from '../../../src/localDiscord/localDiscord.js';

interface GatewayEvent {
  readonly op: number;
  readonly t: string | null;
  readonly s: number | null;
  readonly d: Record<string, unknown>;
}

/** A raw gateway connection that keeps every event it receives. */
class RawShard {
  readonly events: GatewayEvent[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(
    readonly ws: WebSocket,
    private readonly token: string,
  ) {
    ws.on('message', (raw) => {
      this.events.push(JSON.parse(String(raw)) as GatewayEvent);
      ws.emit('event');
    });
    this.closed = new Promise((resolve) => {
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
  }

  /** Connects and waits for HELLO. */
  static async open(fake: LocalDiscord): Promise<RawShard> {
    const shard = new RawShard(new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json`), fake.botToken);
    await shard.next((event) => event.op === 10);
    return shard;
  }

  identify(shard?: [number, number]): void {
    const d = { token: this.token, intents: 1 << 0, properties: {}, ...(shard && { shard }) };
    this.ws.send(JSON.stringify({ op: 2, d }));
  }

  /** The first event `match` accepts (already received or the next to come). */
  async next(match: (event: GatewayEvent) => boolean): Promise<GatewayEvent> {
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.ws.readyState !== WebSocket.OPEN && this.ws.readyState !== WebSocket.CONNECTING) {
        throw new Error(`connection closed before the event (${JSON.stringify(this.types())})`);
      }
      await Promise.race([once(this.ws, 'event'), once(this.ws, 'close')]);
    }
  }

  /** The dispatch of type `t` whose payload id is `id`. */
  dispatch(t: string, id: string): Promise<GatewayEvent> {
    return this.next((event) => event.t === t && event.d.id === id);
  }

  /** The ids of the dispatches of type `t` received so far. */
  ids(t: string): string[] {
    return this.events.filter((event) => event.t === t).map((event) => String(event.d.id));
  }

  types(): (string | null)[] {
    return this.events.map((event) => event.t);
  }

  close(): void {
    this.ws.close(1000);
  }
}

/** Request options with the fake's bot token, which its REST bot routes require. */
const asBot = (fake: LocalDiscord) => ({ headers: { authorization: `Bot ${fake.botToken}` } });

/** `list[index]`, which the test knows is there. */
function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startFake(options: ConstructorParameters<typeof LocalDiscord>[0]): Promise<LocalDiscord> {
  const fake = new LocalDiscord(options);
  await fake.start();
  cleanups.push(() => fake.close());
  return fake;
}

async function openShard(fake: LocalDiscord): Promise<RawShard> {
  const shard = await RawShard.open(fake);
  cleanups.push(() => shard.close());
  return shard;
}

describe('shardOf and snowflakeOnShard', () => {
  it("use Discord's formula, (guild_id >> 22) % num_shards", () => {
    expect(shardOf('81384788765712384', 1)).toBe(0);
    // 81384788765712384 >> 22 = 19403645698: shard 0 of 2, 3 of 5.
    expect(shardOf('81384788765712384', 2)).toBe(0);
    expect(shardOf('81384788765712384', 5)).toBe(3);
    for (const count of [1, 2, 3, 16]) {
      for (let shard = 0; shard < count; shard++) {
        expect(shardOf(snowflakeOnShard(shard, count), count)).toBe(shard);
      }
    }
  });
});

describe('the fake with its defaults', () => {
  it('keeps one guild on shard 0, answers shards: 1 and takes an IDENTIFY without shard', async () => {
    const fake = await startFake({});
    expect(fake.guilds).toEqual([{ id: fake.guildId, channelIds: fake.channelIds, shard: 0 }]);
    expect(fake.channels.get(fake.channelIds[0] as string)?.guildId).toBe(fake.guildId);
    expect(fake.channels.get(fake.dmChannelId)?.guildId).toBeNull();
    const answer = await fetch(`${fake.apiUrl}/v10/gateway/bot`, asBot(fake));
    const info = (await answer.json()) as Record<string, unknown>;
    expect(info).toEqual({
      url: fake.gatewayUrl,
      shards: 1,
      session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 },
    });

    const socket = await openShard(fake);
    socket.identify();
    const ready = await socket.next((event) => event.t === 'READY');
    expect(ready.d.shard).toEqual([0, 1]);
    expect(ready.d.guilds).toEqual([{ id: fake.guildId, unavailable: true }]);
    await socket.dispatch('GUILD_CREATE', fake.guildId);
    expect(fake.readyShards()).toEqual([[0, 1]]);

    const command = fake.sendCommand({ name: 'ask', options: { prompt: 'hi' } });
    const dm = fake.sendCommand({ name: 'ask', options: { prompt: 'hi' }, dm: true });
    expect((await socket.dispatch('INTERACTION_CREATE', command.id)).d.guild_id).toBe(fake.guildId);
    expect((await socket.dispatch('INTERACTION_CREATE', dm.id)).d.guild_id).toBeUndefined();
    expect(fake.undelivered).toEqual([]);
  });
});

describe('a fake that requires two shards, one guild on each', () => {
  it('recommends 2 shards, refuses unsharded (4011) and impossible shards (4010)', async () => {
    const fake = await startFake({ shards: 2, guildsPerShard: 1 });
    const info = (await (await fetch(`${fake.apiUrl}/v10/gateway/bot`, asBot(fake))).json()) as {
      shards: number;
      session_start_limit: Record<string, number>;
    };
    expect(info.shards).toBe(2);
    expect(info.session_start_limit).toEqual({
      total: 1000,
      remaining: 999,
      reset_after: 0,
      max_concurrency: 1,
    });

    const refusals: [[number, number] | undefined, number][] = [
      [undefined, 4011],
      [[0, 1], 4011],
      [[2, 2], 4010],
      [[0, 0], 4010],
    ];
    for (const [shard, code] of refusals) {
      const socket = await openShard(fake);
      socket.identify(shard);
      const closed = await Promise.race([socket.closed, socket.next((event) => event.t === 'READY')]);
      expect(closed).toEqual({ code, reason: code === 4011 ? 'Sharding required' : 'Invalid shard' });
      expect(socket.types()).toEqual([null]);
    }
    expect(fake.refusedIdentifies).toEqual(refusals.map(([shard, code]) => ({ shard, code })));
    expect(fake.identifies).toEqual([]);
    expect(fake.readyShards()).toEqual([]);

    // More shards than recommended is fine, as on Discord.
    const socket = await openShard(fake);
    socket.identify([3, 4]);
    expect((await socket.next((event) => event.t === 'READY')).d.shard).toEqual([3, 4]);
  });

  it('gives each shard READY and GUILD_CREATE for its own guild, and routes each guild and DM to its shard', async () => {
    const fake = await startFake({ shards: 2, guildsPerShard: 1 });
    const [first, second] = fake.guilds as [(typeof fake.guilds)[0], (typeof fake.guilds)[0]];
    expect(fake.guilds).toHaveLength(2);
    expect(first.id).toBe(fake.guildId);
    expect(first.channelIds).toBe(fake.channelIds);
    expect([first.shard, second.shard]).toEqual([0, 1]);
    expect([fake.shardOf(first.id), fake.shardOf(second.id)]).toEqual([0, 1]);
    expect(second.channelIds).toHaveLength(3);
    for (const guild of fake.guilds) {
      for (const id of guild.channelIds) expect(fake.channels.get(id)?.guildId).toBe(guild.id);
    }

    const shard0 = await openShard(fake);
    const shard1 = await openShard(fake);
    shard0.identify([0, 2]);
    shard1.identify([1, 2]);
    const ready0 = await shard0.next((event) => event.t === 'READY');
    const ready1 = await shard1.next((event) => event.t === 'READY');
    expect(ready0.d.shard).toEqual([0, 2]);
    expect(ready0.d.guilds).toEqual([{ id: first.id, unavailable: true }]);
    expect(ready1.d.shard).toEqual([1, 2]);
    expect(ready1.d.guilds).toEqual([{ id: second.id, unavailable: true }]);
    const created0 = await shard0.dispatch('GUILD_CREATE', first.id);
    const created1 = await shard1.dispatch('GUILD_CREATE', second.id);
    expect(
      (created1.d.channels as { id: string; guild_id: string }[]).map((c) => [c.id, c.guild_id]),
    ).toEqual(second.channelIds.map((id) => [id, second.id]));
    expect((created0.d.roles as { id: string }[])[0]?.id).toBe(first.id);
    await fake.waitFor(() => fake.readyShards().length === 2, 5000, 'both shards ready');
    expect(fake.readyShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);

    const inSecond = fake.sendCommand({
      name: 'ask',
      options: { prompt: 'hi' },
      channelId: at(second.channelIds, 1),
    });
    const inFirst = fake.sendCommand({ name: 'ask', options: { prompt: 'hi' } });
    const dm = fake.sendCommand({ name: 'ask', options: { prompt: 'hi' }, dm: true });
    const said = fake.sendMessage({ content: 'hello', channelId: at(second.channelIds, 0) });
    // Sent after the rest: once each has arrived, anything sent to its socket before it has too.
    const lastOn1 = fake.sendCommand({
      name: 'ask',
      options: { prompt: 'last' },
      channelId: at(second.channelIds, 0),
    });
    const lastOn0 = fake.sendCommand({
      name: 'ask',
      options: { prompt: 'last' },
      channelId: at(first.channelIds, 2),
    });

    const got = await shard1.dispatch('INTERACTION_CREATE', inSecond.id);
    expect(got.d.guild_id).toBe(second.id);
    expect(got.d.channel_id).toBe(at(second.channelIds, 1));
    expect((got.d.channel as { guild_id: string }).guild_id).toBe(second.id);
    expect(got.d.authorizing_integration_owners).toEqual({ '0': second.id });
    expect(inSecond.guildId).toBe(second.id);
    expect((await shard0.dispatch('INTERACTION_CREATE', inFirst.id)).d.guild_id).toBe(first.id);
    expect((await shard0.dispatch('INTERACTION_CREATE', dm.id)).d.guild_id).toBeUndefined();
    expect(dm.guildId).toBeNull();
    // The member's message reaches no shard: these identifies had only the Guilds intent.
    await shard1.dispatch('INTERACTION_CREATE', lastOn1.id);
    await shard0.dispatch('INTERACTION_CREATE', lastOn0.id);

    expect(shard0.ids('INTERACTION_CREATE')).toEqual([inFirst.id, dm.id, lastOn0.id]);
    expect(shard1.ids('INTERACTION_CREATE')).toEqual([inSecond.id, lastOn1.id]);
    expect(fake.deliveries.filter((entry) => entry.t === 'INTERACTION_CREATE')).toEqual([
      { t: 'INTERACTION_CREATE', id: inSecond.id, guildId: second.id, shard: [1, 2] },
      { t: 'INTERACTION_CREATE', id: inFirst.id, guildId: first.id, shard: [0, 2] },
      { t: 'INTERACTION_CREATE', id: dm.id, guildId: null, shard: [0, 2] },
      { t: 'INTERACTION_CREATE', id: lastOn1.id, guildId: second.id, shard: [1, 2] },
      { t: 'INTERACTION_CREATE', id: lastOn0.id, guildId: first.id, shard: [0, 2] },
    ]);
    expect(fake.deliveries.some((entry) => entry.id === said.id)).toBe(false);
    expect(fake.undelivered).toEqual([]);
  });

  it('routes MESSAGE_CREATE, THREAD_CREATE and CHANNEL_UPDATE by guild; threads keep their guild', async () => {
    const fake = await startFake({ shards: 2, guildsPerShard: 1 });
    const [first, second] = fake.guilds as [(typeof fake.guilds)[0], (typeof fake.guilds)[0]];
    const shard0 = await openShard(fake);
    const shard1 = await openShard(fake);
    const intents = (1 << 0) | (1 << 9) | (1 << 12) | (1 << 15);
    for (const [socket, shard] of [
      [shard0, [0, 2]],
      [shard1, [1, 2]],
    ] as const) {
      socket.ws.send(JSON.stringify({ op: 2, d: { token: fake.botToken, intents, properties: {}, shard } }));
      await socket.next((event) => event.t === 'GUILD_CREATE');
    }

    const inSecond = fake.sendMessage({ content: 'in guild 2', channelId: at(second.channelIds, 2) });
    const inDm = fake.sendMessage({ content: 'in a DM', dm: true });
    const got = await shard1.dispatch('MESSAGE_CREATE', inSecond.id);
    expect(got.d.guild_id).toBe(second.id);
    expect(got.d.content).toBe('in guild 2');
    expect((await shard0.dispatch('MESSAGE_CREATE', inDm.id)).d.guild_id).toBeUndefined();

    // A thread from a bot message in guild 2, over REST: THREAD_CREATE on shard 1 only.
    const posted = (await (
      await fetch(`${fake.apiUrl}/v10/channels/${at(second.channelIds, 2)}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...asBot(fake).headers },
        body: JSON.stringify({ content: 'starter' }),
      })
    ).json()) as { id: string };
    const response = await fetch(
      `${fake.apiUrl}/v10/channels/${at(second.channelIds, 2)}/messages/${posted.id}/threads`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...asBot(fake).headers },
        body: JSON.stringify({ name: 'a thread' }),
      },
    );
    expect(response.status).toBe(201);
    expect(((await response.json()) as { guild_id: string }).guild_id).toBe(second.id);
    const thread = await shard1.dispatch('THREAD_CREATE', posted.id);
    expect(thread.d.guild_id).toBe(second.id);
    expect(fake.channels.get(posted.id)?.guildId).toBe(second.id);

    // In the thread: still guild 2, still shard 1.
    const inThread = fake.sendCommand({ name: 'ask', options: { prompt: 'hi' }, channelId: posted.id });
    expect((await shard1.dispatch('INTERACTION_CREATE', inThread.id)).d.guild_id).toBe(second.id);

    // A permission change in guild 1: CHANNEL_UPDATE on shard 0.
    fake.withholdPermissions(at(first.channelIds, 0), 1n << 11n);
    expect((await shard0.dispatch('CHANNEL_UPDATE', at(first.channelIds, 0))).d.guild_id).toBe(first.id);
    // And a last event on each, so that the lists below are complete.
    const last0 = fake.sendCommand({ name: 'ask', options: { prompt: 'x' } });
    const last1 = fake.sendCommand({
      name: 'ask',
      options: { prompt: 'x' },
      channelId: at(second.channelIds, 0),
    });
    await shard0.dispatch('INTERACTION_CREATE', last0.id);
    await shard1.dispatch('INTERACTION_CREATE', last1.id);

    expect(shard0.types().filter((t) => t !== null)).toEqual([
      'READY',
      'GUILD_CREATE',
      'MESSAGE_CREATE',
      'CHANNEL_UPDATE',
      'INTERACTION_CREATE',
    ]);
    expect(shard1.types().filter((t) => t !== null)).toEqual([
      'READY',
      'GUILD_CREATE',
      'MESSAGE_CREATE',
      'THREAD_CREATE',
      'INTERACTION_CREATE',
      'INTERACTION_CREATE',
    ]);
    expect(fake.undelivered).toEqual([]);
  });

  it('records an event whose shard has no session as undelivered', async () => {
    const fake = await startFake({ shards: 2, guildsPerShard: 1 });
    const shard0 = await openShard(fake);
    shard0.identify([0, 2]);
    await shard0.next((event) => event.t === 'GUILD_CREATE');
    const second = fake.guilds[1] as (typeof fake.guilds)[0];
    const lost = fake.sendCommand({
      name: 'ask',
      options: { prompt: 'hi' },
      channelId: at(second.channelIds, 0),
    });
    const kept = fake.sendCommand({ name: 'ask', options: { prompt: 'hi' } });
    await shard0.dispatch('INTERACTION_CREATE', kept.id);
    expect(shard0.ids('INTERACTION_CREATE')).toEqual([kept.id]);
    expect(fake.undelivered).toEqual([{ t: 'INTERACTION_CREATE', id: lost.id, guildId: second.id }]);
  });

  it('spreads guildsPerShard guilds over every shard', async () => {
    const fake = await startFake({ shards: 3, guildsPerShard: 2, channelCount: 1 });
    expect(fake.guilds.map((guild) => guild.shard).sort()).toEqual([0, 0, 1, 1, 2, 2]);
    expect(fake.guilds[0]?.shard).toBe(0);
    for (const guild of fake.guilds) expect(fake.shardOf(guild.id, 3)).toBe(guild.shard);
    expect(new Set(fake.guilds.map((guild) => guild.id)).size).toBe(6);
    const socket = await openShard(fake);
    socket.identify([2, 3]);
    const ready = await socket.next((event) => event.t === 'READY');
    const mine = fake.guilds.filter((guild) => guild.shard === 2).map((guild) => guild.id);
    expect((ready.d.guilds as { id: string }[]).map((guild) => guild.id)).toEqual(mine);
    for (const id of mine) await socket.dispatch('GUILD_CREATE', id);
    expect(socket.ids('GUILD_CREATE')).toEqual(mine);
  });
});

describe('a discord.js Client against the sharded fake', () => {
  function client(options: { shards?: [number, number]; shardCount?: number }, fake: LocalDiscord): Client {
    const created = new Client({
      intents: [GatewayIntentBits.Guilds],
      ...options,
      rest: { api: fake.apiUrl },
    });
    cleanups.push(() => created.destroy());
    return created;
  }

  it('with both shards: ready with both guilds, each interaction on its guild’s shard', async () => {
    // max_concurrency 2: both shards identify at once (with 1, discord.js waits 5 s between them).
    const fake = await startFake({ shards: 2, guildsPerShard: 1, maxConcurrency: 2 });
    const bot = client({ shards: [0, 1], shardCount: 2 }, fake);
    const ready = once(bot, Events.ClientReady);
    await bot.login(fake.botToken);
    await ready;
    expect([...bot.guilds.cache.keys()].sort()).toEqual(fake.guilds.map((guild) => guild.id).sort());
    expect(bot.guilds.cache.get(fake.guilds[1]?.id as string)?.shardId).toBe(1);
    expect(fake.readyShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(fake.identifies.map((identify) => identify.shard).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);

    // What each shard's connection received (not the guild's shardId, which READY decides).
    const received: [string, number][] = [];
    bot.on(Events.Raw, (packet: { t?: string; d?: { id?: string } }, shardId: number) => {
      if (packet.t !== 'INTERACTION_CREATE') return;
      received.push([String(packet.d?.id), shardId]);
      fake.emit('change');
    });
    const second = fake.guilds[1] as (typeof fake.guilds)[0];
    const inSecond = fake.sendCommand({
      name: 'ask',
      options: { prompt: 'hi' },
      channelId: at(second.channelIds, 0),
    });
    const inFirst = fake.sendCommand({ name: 'ask', options: { prompt: 'hi' } });
    const lastOn1 = fake.sendCommand({
      name: 'ask',
      options: { prompt: 'x' },
      channelId: at(second.channelIds, 1),
    });
    const arrived = (id: string, shard: number) => received.some(([i, s]) => i === id && s === shard);
    // Each connection delivers in order: once these two are in, anything sent before them is too.
    await fake.waitFor(() => arrived(inFirst.id, 0) && arrived(lastOn1.id, 1), 5000, 'the interactions');
    expect(received.sort()).toEqual(
      (
        [
          [inSecond.id, 1],
          [inFirst.id, 0],
          [lastOn1.id, 1],
        ] as [string, number][]
      ).sort(),
    );
    expect(fake.undelivered).toEqual([]);
  });

  it('without shards: login fails with "Sharding is required" after the 4011', async () => {
    const fake = await startFake({ shards: 2, guildsPerShard: 1 });
    const bot = client({}, fake);
    const shardErrors: unknown[] = [];
    bot.on(Events.ShardError, (error) => shardErrors.push(error.message));
    await expect(bot.login(fake.botToken)).rejects.toThrow('Sharding is required');
    expect(shardErrors).toEqual(['Sharding is required']);
    expect(fake.refusedIdentifies).toEqual([{ shard: [0, 1], code: 4011 }]);
    expect(fake.identifies).toEqual([]);
  });
});
