/**
 * `PLAYGROUND_TRANSPORT=http`: the playground's bot takes interactions at its interactions
 * endpoint. A command sent from the page's API reaches it as a signed POST (the local Discord
 * records the delivery as `transport: 'http'`, none on the gateway) and is answered; a mention
 * still comes over the gateway; and after the page's Message Content intent switch restarts the
 * bot, the endpoint is saved again for the new process and commands keep arriving over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeService, startFakeService } from '../../src/localService/fakeService.js';
import { type Playground, startPlayground } from '../../src/playground/playground.js';
import { playgroundSetup } from '../../src/playground/playgroundEnv.js';
import { openPage, type PageSession } from '../helpers/playgroundPage.js';

describe('the playground with PLAYGROUND_TRANSPORT=http', () => {
  let service: FakeService;
  let playground: Playground;
  let page: PageSession;

  beforeAll(async () => {
    service = await startFakeService();
    const setup = playgroundSetup({
      PLAYGROUND_TRANSPORT: 'http',
      SERVICE_BASE_URL: service.url,
      SERVICE_API_KEY: 'operator-key',
    });
    if (!setup.ok) throw new Error(setup.problem);
    playground = await startPlayground({ ...setup.options, onBotOutput: () => {} });
    page = await openPage(playground.url);
  }, 60_000);

  afterAll(async () => {
    await playground?.close();
    await service?.close();
  });

  /** How each delivery of this payload id went: 'http' (POSTed to the endpoint) or 'gateway'. */
  const deliveredOver = (id: string) =>
    playground.discord.deliveries
      .filter((entry) => entry.id === id)
      .map((entry) => entry.transport ?? 'gateway');

  /** `/ask` from the page as Alex; resolves with the interaction's id once its answer is in the channel. */
  const ask = async (prompt: string, text: string) => {
    const channelId = playground.discord.channelIds[1];
    service.enqueue({ text, chunks: 2, intervalMs: 20 });
    const answer = await page.post('/api/command', {
      user: 'member',
      channelId,
      name: 'ask',
      options: { prompt },
    });
    expect(answer.status, answer.text).toBe(200);
    await playground.discord.waitFor(
      () =>
        [...playground.discord.messages.values()].find(
          (message) => message.channelId === channelId && message.content.startsWith(`> ${prompt}\n${text}`),
        ),
      20_000,
      `the answer to ${prompt}`,
    );
    return (JSON.parse(answer.text) as { interactionId: string }).interactionId;
  };

  it('delivers /ask from the page to the bot over HTTP, signed, and its answer arrives', async () => {
    const { discord } = playground;
    expect(playground.interactionsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/interactions$/);
    expect(discord.interactionsEndpointUrl).toBe(playground.interactionsUrl);
    const interactionId = await ask('over http?', 'Yes, over HTTP.');
    expect(deliveredOver(interactionId)).toEqual(['http']);
    expect(
      discord.deliveries.filter((entry) => entry.t === 'INTERACTION_CREATE' && !entry.transport),
    ).toEqual([]);
    expect(discord.endpointFailures).toEqual([]);
    expect(service.chatRequests().at(-1)?.headers.authorization).toBe('Bearer operator-key');
  });

  it('still receives mentions over the gateway', async () => {
    const { discord } = playground;
    // Another channel than the asks': the member's last ask there may still be settling.
    const channelId = discord.channelIds[0];
    service.enqueue({ text: 'Heard you on the gateway.', chunks: 2, intervalMs: 20 });
    const answer = await page.post('/api/message', {
      user: 'member',
      channelId,
      content: `<@${discord.botUser.id}> are you there?`,
    });
    expect(answer.status, answer.text).toBe(200);
    const { messageId } = JSON.parse(answer.text) as { messageId: string };
    await discord.waitFor(
      () =>
        [...discord.messages.values()].find(
          (message) =>
            message.referenceId === messageId && message.content.includes('Heard you on the gateway.'),
        ),
      20_000,
      'the answer to the mention',
    );
    expect(deliveredOver(messageId)).toEqual(['gateway']);
  });

  it('saves the endpoint again for the bot restarted by the intent switch, and /ask keeps going over HTTP', async () => {
    const { discord } = playground;
    const saved = vi.spyOn(discord, 'setInteractionsEndpoint');
    try {
      const switched = await page.post('/api/intent', { on: !playground.intent.on });
      expect(switched.status, switched.text).toBe(200);
      expect(JSON.parse(switched.text)).toMatchObject({ restarting: false });
      // Saved (and checked against the new process) before the switch reported the restart over.
      expect(saved.mock.calls).toEqual([[playground.interactionsUrl]]);
      await expect(saved.mock.results[0]?.value).resolves.toBeUndefined();
    } finally {
      saved.mockRestore();
    }
    const interactionId = await ask('after the restart?', 'Still over HTTP.');
    expect(deliveredOver(interactionId)).toEqual(['http']);
    expect(discord.endpointFailures).toEqual([]);
  }, 60_000);
});
