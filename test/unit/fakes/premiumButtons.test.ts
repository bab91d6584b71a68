/**
 * The local Discord's check of the buttons the bot sends (issue 31): Discord's premium button
 * (style 6 with a `sku_id`, nothing else) is kept; a malformed one, and a `sku_id` on another
 * button, are refused like Discord refuses a form (400, 50035, the field named), whatever route
 * writes the message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKU_TYPES } from '../../../src/localDiscord/entitlements.js';
import { LocalDiscord } from '../../../src/localDiscord/localDiscord.js';
import { api } from './monetizationSupport.js';

let discord: LocalDiscord;
beforeAll(async () => {
  discord = new LocalDiscord();
  await discord.start();
});
afterAll(() => discord.close());

const row = (...buttons: Record<string, unknown>[]) => [{ type: 1, components: buttons }];

describe('premium buttons', () => {
  it('keeps a premium button in an interaction response and a channel message', async () => {
    const sku = discord.monetization.addSku({ type: SKU_TYPES.subscription, name: 'Plan' });
    const premium = { type: 2, style: 6, sku_id: sku.id };
    const interaction = discord.sendCommand({ name: 'ask' });
    const answer = await api(
      discord,
      'POST',
      `/interactions/${interaction.id}/${interaction.token}/callback`,
      {
        type: 4,
        data: { content: 'Upgrade', flags: 64, components: row(premium) },
      },
    );
    expect(answer.status).toBe(204);
    expect(discord.replyMessages(interaction)[0]?.components).toEqual(row(premium));
    const posted = await api(discord, 'POST', `/channels/${discord.channelIds[0]}/messages`, {
      content: 'Upgrade',
      components: row({ type: 2, style: 2, custom_id: 'more', label: 'More' }, premium),
    });
    expect(posted.status).toBe(200);
  });

  it('refuses a malformed premium button and a sku_id elsewhere, on every route that writes a message', async () => {
    const sku = discord.monetization.addSku({ type: SKU_TYPES.consumable, name: 'Pack' });
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 2, style: 6 }, 'sku_id'],
      [{ type: 2, style: 6, sku_id: sku.id, custom_id: 'buy' }, 'custom_id'],
      [{ type: 2, style: 6, sku_id: sku.id, label: 'Buy' }, 'label'],
      [{ type: 2, style: 6, sku_id: sku.id, url: 'https://example.com' }, 'url'],
      [{ type: 2, style: 6, sku_id: sku.id, emoji: { name: '💎' } }, 'emoji'],
      [{ type: 2, style: 6, sku_id: 'plan' }, 'sku_id'],
      [{ type: 2, style: 1, custom_id: 'go', sku_id: sku.id }, 'sku_id'],
      [{ type: 2, style: 7, sku_id: sku.id }, 'style'],
    ];
    for (const [button, field] of cases) {
      const interaction = discord.sendCommand({ name: 'ask' });
      const answer = await api(
        discord,
        'POST',
        `/interactions/${interaction.id}/${interaction.token}/callback`,
        {
          type: 4,
          data: { content: 'Upgrade', components: row(button) },
        },
      );
      expect(answer.status, JSON.stringify(button)).toBe(400);
      expect(answer.body).toMatchObject({
        code: 50035,
        errors: { data: { components: { 0: { components: { 0: { [field]: { _errors: [{}] } } } } } } },
      });
      expect(interaction.callbacks).toEqual([]);
    }
    const bad = row({ type: 2, style: 6, sku_id: sku.id, label: 'Buy' });
    const channel = discord.channelIds[0] as string;
    const posted = await api(discord, 'POST', `/channels/${channel}/messages`, {
      content: 'x',
      components: bad,
    });
    expect(posted).toMatchObject({ status: 400, body: { code: 50035, errors: { components: {} } } });
    const interaction = discord.sendCommand({ name: 'ask' });
    await api(discord, 'POST', `/interactions/${interaction.id}/${interaction.token}/callback`, {
      type: 4,
      data: { content: 'fine' },
    });
    const webhook = `/webhooks/${discord.applicationId}/${interaction.token}`;
    expect((await api(discord, 'POST', webhook, { content: 'x', components: bad })).status).toBe(400);
    const edit = await api(discord, 'PATCH', `${webhook}/messages/@original`, { components: bad });
    expect(edit.status).toBe(400);
    expect(discord.replyMessages(interaction).map((message) => message.components)).toEqual([[]]);
  });
});
