/**
 * The local Discord's DMs, one per person as on Discord (each a type 1 channel whose recipient is
 * that person, the same one ever after), and the privileged Message Content intent the app may or
 * may not have been granted (an IDENTIFY asking for it without is closed with 4014), seen by a raw
 * gateway connection: what the bot would receive.
 */
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { INTENTS, LocalDiscord } from '../../../src/localDiscord/localDiscord.js';

interface GatewayEvent {
  readonly op: number;
  readonly t: string | null;
  readonly d: Record<string, unknown>;
}

/** A raw gateway connection, identified with `intents`; every event it received, and its close. */
async function connect(discord: LocalDiscord, intents: number) {
  const ws = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=json`);
  const events: GatewayEvent[] = [];
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.on('message', (raw) => {
    events.push(JSON.parse(String(raw)) as GatewayEvent);
    ws.emit('event');
  });
  await once(ws, 'open');
  ws.send(JSON.stringify({ op: 2, d: { token: discord.botToken, intents, properties: {} } }));
  const next = async (match: (event: GatewayEvent) => boolean): Promise<GatewayEvent> => {
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (ws.readyState !== WebSocket.OPEN)
        throw new Error(`closed before the event: ${events.map((e) => e.t)}`);
      await Promise.race([once(ws, 'event'), once(ws, 'close')]);
    }
  };
  return { ws, closed, next, dispatch: (t: string, id: string) => next((e) => e.t === t && e.d.id === id) };
}

let discord: LocalDiscord;
beforeEach(async () => {
  discord = new LocalDiscord();
  await discord.start();
});
afterEach(() => discord.close());

const BOT_INTENTS = INTENTS.guildMessages | INTENTS.directMessages;

describe('one DM per person', () => {
  it('gives each person their own DM channel, with them as its recipient, the same one each time', async () => {
    const gateway = await connect(discord, BOT_INTENTS);
    await gateway.next((event) => event.t === 'READY');
    const alex = discord.user('alex', 'Alex');
    const sam = discord.user('sam', 'Sam');
    const fromAlex = discord.sendMessage({ dm: true, user: alex, content: 'hi from Alex' });
    const fromSam = discord.sendMessage({ dm: true, user: sam, content: 'hi from Sam' });
    const again = discord.sendMessage({ dm: true, user: alex, content: 'Alex again' });
    expect(fromAlex.channelId).toBe(discord.dmChannelOf(alex));
    expect(fromSam.channelId).toBe(discord.dmChannelOf(sam));
    expect(fromSam.channelId).not.toBe(fromAlex.channelId);
    expect(again.channelId).toBe(fromAlex.channelId);
    expect(discord.channels.get(fromAlex.channelId)).toMatchObject({ type: 1, guildId: null });

    const created = (await gateway.dispatch('MESSAGE_CREATE', fromSam.id)).d;
    expect(created).toMatchObject({ channel_id: fromSam.channelId, channel_type: 1, content: 'hi from Sam' });
    expect(created.author).toMatchObject({ id: sam.id });
    expect(created.guild_id).toBeUndefined();

    const command = discord.sendCommand({ name: 'ask', options: { prompt: 'x' }, dm: true, user: sam });
    const interaction = (await gateway.dispatch('INTERACTION_CREATE', command.id)).d;
    expect(interaction).toMatchObject({ channel_id: fromSam.channelId, context: 1, user: { id: sam.id } });
    expect(interaction.channel).toEqual({
      id: fromSam.channelId,
      type: 1,
      last_message_id: null,
      flags: 0,
      recipients: [expect.objectContaining({ id: sam.id, username: 'sam' })],
    });
    expect(interaction.member).toBeUndefined();
    // Named by its channel, a DM's person is its recipient; a button there is clicked by them.
    const click = discord.clickButton(fromAlex, 'x');
    expect((await gateway.dispatch('INTERACTION_CREATE', click.id)).d.user).toMatchObject({ id: alex.id });
    gateway.ws.close(1000);
  });

  it('keeps `dmChannelId` as the DM of `dmUser`, whom `dm: true` means when nobody is named', () => {
    const message = discord.sendMessage({ dm: true, content: 'anyone?' });
    expect(message.channelId).toBe(discord.dmChannelId);
    expect(message.authorId).toBe(discord.dmUser.id);
    expect(discord.channels.get(discord.dmChannelId)).toMatchObject({ type: 1, guildId: null });
  });

  it('lets nobody act in another person’s DM', () => {
    const alex = discord.user('alex', 'Alex');
    const sam = discord.user('sam', 'Sam');
    const alexDm = discord.dmChannelOf(alex);
    expect(() => discord.sendMessage({ channelId: alexDm, user: sam, content: 'hi' })).toThrow(
      /sam is not in DM .*their own DM/,
    );
    expect(() => discord.sendCommand({ name: 'ask', channelId: alexDm, user: sam })).toThrow(/not in DM/);
    expect(discord.channelMessages(alexDm)).toEqual([]);
  });

  it('opens a person’s DM for the bot: POST /users/@me/channels, as create_dm answers', async () => {
    const kim = discord.user('kim', 'Kim');
    const open = () =>
      fetch(`${discord.apiUrl}/v10/users/@me/channels`, {
        method: 'POST',
        headers: { authorization: `Bot ${discord.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ recipient_id: kim.id }),
      });
    const first = await open();
    expect(first.status).toBe(200);
    const channel = (await first.json()) as Record<string, unknown>;
    expect(channel).toMatchObject({ type: 1, recipients: [{ id: kim.id, username: 'kim' }] });
    expect(channel.id).toBe(discord.dmChannelOf(kim));
    expect(((await (await open()).json()) as Record<string, unknown>).id).toBe(channel.id);
    const unknown = await fetch(`${discord.apiUrl}/v10/users/@me/channels`, {
      method: 'POST',
      headers: { authorization: `Bot ${discord.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipient_id: '1' }),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the Message Content intent, privileged', () => {
  it('is refused with 4014 when the app was not granted it, and let in (flag in READY) when it was', async () => {
    discord.messageContentGranted = false;
    const refused = await connect(discord, BOT_INTENTS | INTENTS.messageContent);
    expect(await refused.closed).toBe(4014);
    expect(discord.refusedIdentifies.at(-1)).toMatchObject({ code: 4014 });
    const without = await connect(discord, BOT_INTENTS);
    expect((await without.next((event) => event.t === 'READY')).d.application).toMatchObject({ flags: 0 });
    without.ws.close(1000);

    discord.messageContentGranted = true;
    const granted = await connect(discord, BOT_INTENTS | INTENTS.messageContent);
    const ready = await granted.next((event) => event.t === 'READY');
    expect(ready.d.application).toMatchObject({ flags: 1 << 19 });
    const message = discord.sendMessage({ content: 'plain words' });
    expect((await granted.dispatch('MESSAGE_CREATE', message.id)).d.content).toBe('plain words');
    granted.ws.close(1000);
  });
});
