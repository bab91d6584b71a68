/**
 * What the local Discord's premium-apps tests share: raw REST with the bot's token and a raw
 * gateway connection that keeps every event it receives.
 */
import { once } from 'node:events';
import { WebSocket } from 'ws';
import type { LocalDiscord } from '../../../src/localDiscord/localDiscord.js';

export interface GatewayEvent {
  readonly op: number;
  readonly t: string | null;
  readonly d: Record<string, unknown>;
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** A REST request as the bot makes it (its token, JSON). */
export async function api(
  discord: LocalDiscord,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${discord.apiUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${discord.botToken}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A raw gateway session identified as `shard`; READY awaited. */
export async function connect(discord: LocalDiscord, shard?: [number, number]) {
  const ws = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=json`);
  const events: GatewayEvent[] = [];
  ws.on('message', (raw) => {
    events.push(JSON.parse(String(raw)) as GatewayEvent);
    ws.emit('event');
  });
  await once(ws, 'open');
  const d = { token: discord.botToken, intents: 1, properties: {}, ...(shard && { shard }) };
  ws.send(JSON.stringify({ op: 2, d }));
  const next = async (match: (event: GatewayEvent) => boolean): Promise<GatewayEvent> => {
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (ws.readyState !== WebSocket.OPEN)
        throw new Error(`closed before the event: ${events.map((e) => e.t)}`);
      await Promise.race([once(ws, 'event'), once(ws, 'close')]);
    }
  };
  await next((event) => event.t === 'READY');
  return {
    ws,
    events,
    next,
    /** The dispatches of type `t` whose payload id is `id`, received so far. */
    all: (t: string, id: string) => events.filter((event) => event.t === t && event.d.id === id),
    dispatch: (t: string, id: string) => next((event) => event.t === t && event.d.id === id),
  };
}
