/**
 * The bot's interactions endpoint, end to end: what Discord sent, sent again (within the window:
 * taken once; re-signed with an old timestamp: refused), and requests nobody signed, signed with
 * another key or too large, each refused before any work; and a worker with GATEWAY=off, which
 * holds no gateway connection and no server, answering /ask.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/interactions/endpoint.js';
import { useHarness } from '../helpers/e2e.js';
import { waitForReply } from '../helpers/harness.js';
import { startRoundRobin } from '../helpers/roundRobin.js';

const footer = (text: string | undefined) => text?.includes('💰') ?? false;

describe('the endpoint refuses what Discord did not send, before any work', () => {
  const { h, ask, freshChannel } = useHarness({ transport: 'http' });
  /** bot_interaction_requests_total by outcome, now. */
  const outcomes = async (): Promise<Record<string, number>> => {
    const metric = await h.running.bot.operations.metrics.registry
      .getSingleMetric('bot_interaction_requests_total')
      ?.get();
    return Object.fromEntries(
      (metric?.values ?? []).map((value) => [String(value.labels.outcome), value.value]),
    );
  };

  it('a replay within the window is taken once; stale, forged, unsigned and oversized requests are refused', async () => {
    const direct = `http://127.0.0.1:${h.running.bot.interactionsPort()}/interactions`;
    // A recording proxy in front, as an attacker on the path would see the requests.
    const proxy = await startRoundRobin([`http://127.0.0.1:${h.running.bot.interactionsPort()}`]);
    try {
      await h.discord.setInteractionsEndpoint(`${proxy.url}/interactions`);
      h.service.enqueue({ text: 'Only once.' });
      const asked = ask({ prompt: 'hello' }, { channelId: freshChannel() });
      await waitForReply(h, asked, ([text]) => footer(text));
      const seen = proxy.recorded.find((entry) => entry.body.includes(asked.id));
      if (!seen) throw new Error('the proxy saw the interaction');
      const served = h.service.chatRequests().length;
      const before = await outcomes();
      const post = async (body: string | Buffer, headers: Record<string, string>) => {
        const response = await request(direct, { method: 'POST', body, headers });
        await response.body.dump();
        return response.statusCode;
      };
      const json = { 'content-type': 'application/json' };
      // The same request again, within the freshness window: answered, not handled again.
      expect(await post(seen.body, seen.headers)).toBe(202);
      // Re-signed by Discord's key but a minute old: a replay.
      const old = h.discord.signInteraction(seen.body, String(Math.floor(Date.now() / 1000) - 60));
      expect(
        await post(seen.body, {
          ...json,
          'x-signature-ed25519': old.signature,
          'x-signature-timestamp': old.timestamp,
        }),
      ).toBe(401);
      // Signed by another key; not signed at all; over the size limit.
      const timestamp = String(Math.floor(Date.now() / 1000));
      const forged = sign(
        null,
        Buffer.from(timestamp + seen.body),
        generateKeyPairSync('ed25519').privateKey,
      );
      expect(
        await post(seen.body, {
          ...json,
          'x-signature-ed25519': forged.toString('hex'),
          'x-signature-timestamp': timestamp,
        }),
      ).toBe(401);
      expect(await post(seen.body, json)).toBe(401);
      expect(await post(Buffer.alloc(MAX_BODY_BYTES + 1, 32), json)).toBe(413);
      // None reached the bot's handlers: no request to the service, one answer to the member.
      expect(h.service.chatRequests()).toHaveLength(served);
      expect(asked.callbacks).toHaveLength(1);
      const after = await outcomes();
      const refusals = ['replayed', 'refused:stale timestamp', 'refused:bad signature', 'refused:unsigned'];
      expect([...refusals, 'refused:oversized'].map((key) => (after[key] ?? 0) - (before[key] ?? 0))).toEqual(
        [1, 1, 1, 1, 1],
      );
    } finally {
      await h.discord.setInteractionsEndpoint(direct);
      await proxy.close();
    }
  });
});

describe('GATEWAY=off: a worker with no gateway connection', () => {
  const { h, ask, freshChannel } = useHarness({ transport: 'http', env: { GATEWAY: 'off' } });

  it('answers /ask with no gateway session and no server held in memory', async () => {
    h.service.enqueue({ text: 'From a worker.' });
    const asked = ask({ prompt: 'hello' }, { channelId: freshChannel() });
    const [text] = await waitForReply(h, asked, ([reply]) => footer(reply));
    expect(text).toMatch(/^From a worker\./);
    expect(h.discord.readyShards()).toEqual([]);
    expect(h.running.bot.client.guilds.cache.size).toBe(0);
    expect(h.running.bot.client.user?.id).toBe(h.discord.botUser.id);
  });
});
