/**
 * What the paid plans send Discord and read from it, against Discord's OpenAPI description
 * (discord/discord-api-spec, copied in test/fixtures/discordApiSpec.json): the entitlement
 * listing's query (every parameter one get_entitlements takes), the routes the port calls, the
 * premium buttons of a refusal (ButtonComponentForMessageRequest), and the entitlements the local
 * Discord answers with (EntitlementResponse), read back into the facts the bot keeps.
 */
import { REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntitlementPort, factsFromApi } from '../../../src/discord/entitlementPort.js';
import { type LocalDiscord, startLocalDiscord } from '../../../src/localDiscord/localDiscord.js';
import { premiumRows } from '../../../src/reply/premium.js';
import { loadSpecCopy, schemaProblems } from '../../helpers/jsonSchema.js';

const spec = loadSpecCopy();
const operation = (id: string) =>
  spec.operations[id] as { path: string; method: string; schema?: Record<string, unknown>; query?: string[] };
const SKU = '1800000000000000001';
const TOKEN = 'MTExMTExMTExMTExMTExMTEx.entitlements-spec.t0k3n';

let discord: LocalDiscord;
beforeAll(async () => {
  discord = await startLocalDiscord({ channelCount: 1, token: TOKEN });
  discord.monetization.addSku({ id: SKU, type: 3, name: 'Pack' });
});
afterAll(() => discord?.close());

describe("the paid plans' Discord requests, by Discord's OpenAPI description", () => {
  it('premium buttons are ButtonComponentForMessageRequest with style 6 and a snowflake sku_id, five at most in a row', () => {
    const rows = premiumRows({ admin: ['1800000000000000002', SKU], member: [SKU] }, 'admin');
    const buttons = rows.flatMap((row) => row.components);
    expect(buttons).toHaveLength(2);
    for (const button of buttons)
      expect(
        schemaProblems(spec, { $ref: '#/components/schemas/ButtonComponentForMessageRequest' }, button),
      ).toEqual([]);
    expect(premiumRows({ admin: [], member: [] }, 'member')).toEqual([]);
    const many = premiumRows(
      { admin: Array.from({ length: 7 }, (_, i) => `18000000000000000${10 + i}`), member: [] },
      'admin',
    );
    expect(many[0]?.components).toHaveLength(5);
    // A broken button is caught: the check is live.
    expect(
      schemaProblems(
        spec,
        { $ref: '#/components/schemas/ButtonComponentForMessageRequest' },
        { type: 2, style: 9, sku_id: 'x' },
      ),
    ).not.toEqual([]);
  });

  it('the port lists with the parameters get_entitlements takes, reads one, consumes one, and reads EntitlementResponse back', async () => {
    const rest = new REST({ api: discord.apiUrl, version: '10', retries: 0 }).setToken(TOKEN);
    const port = createEntitlementPort(rest, () => discord.applicationId);
    const buyer = discord.user('buyer', 'Buyer');
    const pack = discord.monetization.grantEntitlement({
      skuId: SKU,
      guildId: discord.guildId,
      userId: buyer.id,
    });
    const before = discord.requestLog.length;
    const listed = await port.list(undefined);
    await port.get(pack.id);
    await port.consume(pack.id);
    expect(await port.get('1899999999999999999')).toBeUndefined();

    const sent = discord.requestLog.slice(before).map((entry) => `${entry.method} ${entry.route}`);
    const app = discord.applicationId;
    expect(sent.slice(0, 3)).toEqual([
      `GET ${operation('get_entitlements').path.replace('{application_id}', app)}`,
      `GET ${operation('get_entitlement').path.replace('{application_id}', app).replace('{entitlement_id}', pack.id)}`,
      `POST ${operation('consume_entitlement').path.replace('{application_id}', app).replace('{entitlement_id}', pack.id)}`,
    ]);
    expect(discord.monetization.consumeCount(pack.id)).toBe(1);
    const json = discord.monetization.json(pack);
    // The one difference is documented (src/localDiscord/entitlements.ts): the spec lists entitlement
    // types 8 and 10 only, Discord's docs 1-7 too, and a consumable's purchase is type 1.
    expect(schemaProblems(spec, operation('get_entitlement').schema ?? {}, json)).toEqual([
      '$.type: fits 0 of oneOf, expected exactly 1',
    ]);
    expect(json.type).toBe(1);
    expect(listed).toEqual([factsFromApi(json as never)].map((facts) => ({ ...facts, consumed: false })));
  });

  it('the listing asks only for parameters Discord documents', () => {
    const query = operation('get_entitlements').query ?? [];
    for (const name of ['limit', 'after', 'exclude_ended', 'exclude_deleted']) expect(query).toContain(name);
  });
});
