/**
 * The local Discord's premium apps over raw REST and a raw gateway connection (issue 31): SKUs,
 * the entitlement list (filters, paging), test entitlements, consume, the three gateway events
 * (shard 0 only) and the entitlements interactions carry. Checked against Discord's OpenAPI
 * description and monetization docs (src/localDiscord/entitlements.ts, monetization.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SKU_FLAGS, SKU_TYPES } from '../../../src/localDiscord/entitlements.js';
import { LocalDiscord } from '../../../src/localDiscord/localDiscord.js';
import { api, connect } from './monetizationSupport.js';

let discord: LocalDiscord;
beforeEach(async () => {
  discord = new LocalDiscord();
  await discord.start();
});
afterEach(() => discord.close());

const app = () => `/applications/${discord.applicationId}`;
const ids = (body: unknown) => (body as { id: string }[]).map((entry) => entry.id);

describe('SKUs', () => {
  it('lists the declared SKUs, a subscription after its system-made group, as Discord does', async () => {
    const server = discord.monetization.addSku({ type: SKU_TYPES.subscription, name: 'Server Plan' });
    const credit = discord.monetization.addSku({ type: SKU_TYPES.consumable, name: 'Credit Pack' });
    const { status, body } = await api(discord, 'GET', `${app()}/skus`);
    expect(status).toBe(200);
    const list = body as Record<string, unknown>[];
    expect(list.map((sku) => sku.type)).toEqual([6, 5, 3]);
    expect(list[1]).toMatchObject({
      id: server.id,
      application_id: discord.applicationId,
      name: 'Server Plan',
      slug: 'server-plan',
      flags: SKU_FLAGS.available | SKU_FLAGS.guildSubscription,
    });
    expect(list[2]).toMatchObject({ id: credit.id, flags: SKU_FLAGS.available });
  });
});

describe('listing entitlements', () => {
  it('pages by id: after goes up from it, before (or none) down from it, limit 1-100', async () => {
    const sku = discord.monetization.addSku({ type: SKU_TYPES.durable, name: 'Forever' });
    const made = Array.from({ length: 5 }, (_, n) =>
      discord.monetization.grantEntitlement({ skuId: sku.id, userId: `10${n}` }),
    ).map((entitlement) => entitlement.id);
    const list = (query: string) => api(discord, 'GET', `${app()}/entitlements?${query}`);
    expect(ids((await list('')).body)).toEqual([...made].reverse());
    expect(ids((await list('limit=2')).body)).toEqual([made[4], made[3]]);
    expect(ids((await list(`after=${made[1]}&limit=2`)).body)).toEqual([made[2], made[3]]);
    expect(ids((await list(`before=${made[3]}&limit=2`)).body)).toEqual([made[2], made[1]]);
    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'user_id=abc']) {
      const refused = await list(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body).toMatchObject({ code: 50035, errors: { [bad.split('=')[0] as string]: {} } });
    }
  });

  it('filters by user, server, SKUs, and leaves out deleted ones unless asked and ended ones when asked', async () => {
    const plan = discord.monetization.addSku({ type: SKU_TYPES.subscription, name: 'Plan' });
    const pack = discord.monetization.addSku({ type: SKU_TYPES.consumable, name: 'Pack' });
    const other = discord.monetization.addSku({ type: SKU_TYPES.durable, name: 'Other' });
    const m = discord.monetization;
    const server = m.grantEntitlement({ skuId: plan.id, guildId: discord.guildId, userId: '7' });
    const mine = m.grantEntitlement({ skuId: pack.id, userId: '8' });
    const ended = m.grantEntitlement({ skuId: other.id, userId: '8' });
    const refunded = m.grantEntitlement({ skuId: other.id, userId: '9' });
    m.endEntitlement(ended.id, new Date(Date.now() - 1000));
    m.deleteEntitlement(refunded.id);
    const list = async (query: string) =>
      ids((await api(discord, 'GET', `${app()}/entitlements?${query}`)).body);
    expect(await list('user_id=8')).toEqual([ended.id, mine.id]);
    expect(await list(`guild_id=${discord.guildId}`)).toEqual([server.id]);
    expect(await list(`sku_ids=${plan.id},${pack.id}`)).toEqual([mine.id, server.id]);
    expect(await list(`sku_ids=${plan.id}&sku_ids=${pack.id}`)).toEqual([mine.id, server.id]);
    expect(await list('exclude_ended=true')).toEqual([mine.id, server.id]);
    expect(await list('')).toEqual([ended.id, mine.id, server.id]);
    expect(await list('exclude_deleted=false')).toEqual([refunded.id, ended.id, mine.id, server.id]);
    const one = await api(discord, 'GET', `${app()}/entitlements/${server.id}`);
    expect(one).toEqual({
      status: 200,
      body: {
        id: server.id,
        sku_id: plan.id,
        application_id: discord.applicationId,
        user_id: '7',
        guild_id: discord.guildId,
        type: 8,
        deleted: false,
        consumed: false,
        starts_at: expect.any(String),
        ends_at: null,
      },
    });
    expect(await api(discord, 'GET', `${app()}/entitlements/123`)).toMatchObject({
      status: 404,
      body: { code: 10029 },
    });
  });
});

describe('test entitlements, consume and the gateway events', () => {
  it('creates and deletes a test entitlement, each announced with its event', async () => {
    const gateway = await connect(discord);
    const plan = discord.monetization.addSku({
      type: SKU_TYPES.subscription,
      name: 'Member',
      flags: SKU_FLAGS.available | SKU_FLAGS.userSubscription,
    });
    const created = await api(discord, 'POST', `${app()}/entitlements`, {
      sku_id: plan.id,
      owner_id: '42',
      owner_type: 2,
    });
    expect(created).toMatchObject({
      status: 200,
      body: { sku_id: plan.id, user_id: '42', guild_id: null, type: 4, starts_at: null, ends_at: null },
    });
    const id = (created.body as { id: string }).id;
    expect((await gateway.dispatch('ENTITLEMENT_CREATE', id)).d).toEqual(created.body);
    const again = { sku_id: plan.id, owner_id: '42', owner_type: 2 };
    expect(await api(discord, 'POST', `${app()}/entitlements`, again)).toMatchObject({
      status: 400,
      body: { code: 40074 },
    });
    const bad = await api(discord, 'POST', `${app()}/entitlements`, {
      sku_id: plan.id,
      owner_id: 'x',
      owner_type: 3,
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 50035, errors: { owner_id: {}, owner_type: {} } },
    });
    const unknown = { sku_id: '99', owner_id: '42', owner_type: 2 };
    expect(await api(discord, 'POST', `${app()}/entitlements`, unknown)).toMatchObject({
      status: 404,
      body: { code: 10027 },
    });

    expect((await api(discord, 'DELETE', `${app()}/entitlements/${id}`)).status).toBe(204);
    expect((await gateway.dispatch('ENTITLEMENT_DELETE', id)).d).toMatchObject({ id, deleted: true });
    expect(ids((await api(discord, 'GET', `${app()}/entitlements`)).body)).toEqual([]);
    expect(await api(discord, 'DELETE', `${app()}/entitlements/${id}`)).toMatchObject({
      status: 404,
      body: { code: 10029 },
    });
    const bought = discord.monetization.grantEntitlement({ skuId: plan.id, userId: '43' });
    const notTest = await api(discord, 'DELETE', `${app()}/entitlements/${bought.id}`);
    expect(notTest).toMatchObject({ status: 400, body: { code: 40019 } });
    gateway.ws.close(1000);
  });

  it('consumes only a consumable, once (a repeat is a recorded no-op), announced with ENTITLEMENT_UPDATE', async () => {
    const gateway = await connect(discord);
    const pack = discord.monetization.addSku({ type: SKU_TYPES.consumable, name: 'Pack' });
    const forever = discord.monetization.addSku({ type: SKU_TYPES.durable, name: 'Forever' });
    const bought = discord.monetization.grantEntitlement({
      skuId: pack.id,
      userId: '5',
      guildId: discord.guildId,
    });
    const durable = discord.monetization.grantEntitlement({ skuId: forever.id, userId: '5' });
    await gateway.dispatch('ENTITLEMENT_CREATE', bought.id);
    const consume = (id: string) => api(discord, 'POST', `${app()}/entitlements/${id}/consume`);
    expect((await consume(bought.id)).status).toBe(204);
    expect((await gateway.dispatch('ENTITLEMENT_UPDATE', bought.id)).d).toMatchObject({ consumed: true });
    expect((await consume(bought.id)).status).toBe(204);
    expect(await consume(durable.id)).toMatchObject({ status: 400, body: { code: 40018 } });
    expect(discord.monetization.consumeCount(bought.id)).toBe(2);
    expect(discord.monetization.consumes.filter((record) => record.consumed)).toEqual([
      expect.objectContaining({ entitlementId: bought.id, status: 204 }),
    ]);
    await gateway.dispatch('ENTITLEMENT_CREATE', durable.id); // sent after the first update
    expect(gateway.all('ENTITLEMENT_UPDATE', bought.id)).toHaveLength(1);
    gateway.ws.close(1000);
  });

  it('announces an ending subscription with ends_at, and sends entitlement events to shard 0 only', async () => {
    await discord.close();
    discord = new LocalDiscord({ shards: 2 });
    await discord.start();
    const [zero, one] = [await connect(discord, [0, 2]), await connect(discord, [1, 2])];
    const plan = discord.monetization.addSku({ type: SKU_TYPES.subscription, name: 'Plan' });
    const server = discord.guilds.find((guild) => guild.shard === 1)?.id ?? discord.guildId;
    const granted = discord.monetization.grantEntitlement({ skuId: plan.id, guildId: server });
    const at = new Date(Date.now() + 60_000);
    discord.monetization.endEntitlement(granted.id, at);
    expect((await zero.dispatch('ENTITLEMENT_UPDATE', granted.id)).d).toMatchObject({
      ends_at: at.toISOString(),
    });
    expect(discord.deliveries.filter((delivery) => delivery.id === granted.id)).toEqual([
      { t: 'ENTITLEMENT_CREATE', id: granted.id, guildId: null, shard: [0, 2] },
      { t: 'ENTITLEMENT_UPDATE', id: granted.id, guildId: null, shard: [0, 2] },
    ]);
    expect(one.events.filter((event) => event.t?.startsWith('ENTITLEMENT'))).toEqual([]);
    zero.ws.close(1000);
    one.ws.close(1000);
  });
});

describe('interactions', () => {
  it('carry the active entitlements of the member and of the server they are in', async () => {
    const gateway = await connect(discord);
    const m = discord.monetization;
    const plan = m.addSku({ type: SKU_TYPES.subscription, name: 'Server' });
    const personal = m.addSku({
      type: SKU_TYPES.subscription,
      name: 'Member',
      flags: SKU_FLAGS.available | SKU_FLAGS.userSubscription,
    });
    const alex = discord.user('alex', 'Alex');
    const sam = discord.user('sam', 'Sam');
    const server = m.grantEntitlement({ skuId: plan.id, guildId: discord.guildId, userId: sam.id });
    const own = m.grantEntitlement({ skuId: personal.id, userId: alex.id });
    const entitlementsOf = async (input: Parameters<LocalDiscord['sendCommand']>[0]) => {
      const command = discord.sendCommand(input);
      const payload = (await gateway.dispatch('INTERACTION_CREATE', command.id)).d;
      return ids(payload.entitlements);
    };
    expect(await entitlementsOf({ name: 'ask', user: alex })).toEqual([server.id, own.id]);
    expect(await entitlementsOf({ name: 'ask', user: alex, dm: true })).toEqual([own.id]);
    expect(await entitlementsOf({ name: 'ask', user: sam })).toEqual([server.id]);
    // A server's subscription counts in that server only, not in its buyer's DMs.
    expect(await entitlementsOf({ name: 'ask', user: sam, dm: true })).toEqual([]);
    const command = discord.sendCommand({ name: 'ask', user: alex });
    expect((await gateway.dispatch('INTERACTION_CREATE', command.id)).d.entitlements).toEqual([
      m.json(server),
      m.json(own),
    ]);
    m.endEntitlement(own.id);
    m.deleteEntitlement(server.id);
    expect(await entitlementsOf({ name: 'ask', user: alex })).toEqual([]);
    gateway.ws.close(1000);
  });
});
