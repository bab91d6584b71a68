/**
 * The playground without a browser: with a service given (as an operator's real one would be),
 * the real bot answers through it with that key, and the page's API takes what a page sends and
 * refuses, with a clear 400, what it cannot act on (the bot and the local Discord carry on).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Playground, startPlayground } from '../../src/playground/playground.js';
import { type FakeService, startFakeService } from '../fakes/service.js';

describe('the playground with an operator service', () => {
  let service: FakeService;
  let playground: Playground;
  const post = (path: string, body: unknown) =>
    fetch(`${playground.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    service = await startFakeService();
    playground = await startPlayground({
      service: { baseUrl: service.url, apiKey: 'operator-key' },
      onBotOutput: () => {},
    });
  }, 60_000);

  afterAll(async () => {
    await playground?.close();
    await service?.close();
  });

  it('answers /ask through the given service, with its key, into the channel', async () => {
    expect(playground.demo).toBe(false);
    service.enqueue({ text: 'Hello from the operator service.', chunks: 3, intervalMs: 20 });
    const channelId = playground.discord.channelIds[1];
    const answer = await post('/api/command', {
      user: 'member',
      channelId,
      name: 'ask',
      options: { prompt: 'hi' },
    });
    expect(answer.status).toBe(200);
    const reply = await playground.discord.waitFor(
      () =>
        [...playground.discord.messages.values()].find(
          (message) =>
            message.channelId === channelId && message.content.startsWith('Hello from the operator service.'),
        ),
      20_000,
      'the reply',
    );
    expect(reply.content).not.toContain('▌');
    expect(service.chatRequests().at(-1)?.headers.authorization).toBe('Bearer operator-key');
  });

  it('refuses what it cannot act on with a 400 and a reason, and keeps serving', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/api/command', { user: 'member' }, /needs a name/],
      ['/api/message', { user: 'member', content: '   ' }, /needs text/],
      ['/api/click', { user: 'member', messageId: 'nope', customId: 'x' }, /no such message/],
      ['/api/command', '{not json', /JSON/],
      ['/api/nowhere', {}, /no route/],
    ];
    for (const [path, body, reason] of cases) {
      const answer = await post(path, body);
      expect(answer.status, path).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toMatch(reason);
    }
    expect((await fetch(`${playground.url}/attachments/1/0`)).status).toBe(404);
    const state = (await (await fetch(`${playground.url}/api/state`)).json()) as { commands: unknown[] };
    expect(state.commands.length).toBeGreaterThan(5);
  });
});
