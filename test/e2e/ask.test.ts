import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('/ask end to end', () => {
  it('streams a reply', async () => {
    h.service.enqueue({ text: 'Hello there, this is a streamed reply.', chunks: 5, intervalMs: 30 });
    const interaction = h.discord.sendCommand({ name: 'ask', options: { prompt: 'hi' } });
    const final = await h.discord.waitFor(() => {
      const [original] = h.discord.replyMessages(interaction);
      return original?.content === 'Hello there, this is a streamed reply.' ? original : undefined;
    });
    expect(interaction.callbacks[0]?.type).toBe(5);
    expect(final.versions.length).toBeGreaterThan(1);
  });
});
