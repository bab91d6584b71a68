/**
 * /ask under Discord rate limits, a silent service, and shutdown mid-reply.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { english } from '../helpers/english.js';
import {
  answerPieces,
  type Harness,
  PLAIN_REPLIES,
  replyTexts,
  settled,
  startHarness,
  waitForExactReply,
  waitForReply,
} from '../helpers/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const longText = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

describe('Discord rate limits on edits', () => {
  it('real 429s without rate-limit headers: the final text is still exact', async () => {
    h = await startHarness({
      guildConfig: PLAIN_REPLIES,
      discord: { rateLimit: { limit: 2, windowMs: 1000, headers: false } },
      env: { STREAM_EDIT_INTERVAL_MS: '20' },
    });
    const text = longText(500);
    h.service.enqueue({ text, chunks: 40, intervalMs: 25 });
    const interaction = h.discord.sendCommand({ name: 'ask', options: { prompt: 'long' } });
    await waitForExactReply(h, interaction, answerPieces('long', text), 20_000);
    expect(h.discord.rateLimited).toBeGreaterThan(0);
  });

  it('at the default pace (one edit a second) the streamed edits stay within 5 per 2 s; the final write follows at once', async () => {
    // No rate-limit rule at the fake: no X-RateLimit-* headers and no 429 from which discord.js
    // could learn to throttle itself, so only the bot's own pacing keeps the requests apart.
    h = await startHarness({
      guildConfig: PLAIN_REPLIES,
      env: { STREAM_EDIT_INTERVAL_MS: '1000' },
    });
    const text = longText(600);
    const expected = answerPieces('paced', text);
    expect(expected.length).toBeGreaterThan(1);
    h.service.enqueue({ text, chunks: 60, intervalMs: 50 });
    const interaction = h.discord.sendCommand({ name: 'ask', options: { prompt: 'paced' } });
    await waitForExactReply(h, interaction, expected, 20_000);
    await settled(h, interaction.id);
    // When the service wrote its last chunk: the writes after it are the final one (the exact
    // text, the last follow-up and the buttons), which goes out at once by design.
    const streamEnd = h.service.sendLogs.at(-1)?.at(-1)?.at as number;
    const times = h.discord.requestLog
      .filter((entry) => entry.route.startsWith('/webhooks/') && entry.route.includes(interaction.token))
      .map((entry) => entry.at)
      .sort((a, b) => a - b);
    const streamed = times.filter((at) => at <= streamEnd);
    const offsets = times.map((at) => Math.round(at - (times[0] as number)));
    const where = `webhook requests at ${offsets.join(', ')} ms; the stream ended at ${Math.round(streamEnd - (times[0] as number))} ms`;
    // Edits of the original plus the follow-ups, all on the interaction's webhook bucket.
    expect(streamed.length, where).toBeGreaterThan(2);
    expect(mostInWindow(streamed, 2000), where).toBeLessThanOrEqual(5);
    expect(times.length - streamed.length, where).toBeLessThanOrEqual(3);
  });

  it('all /ask streams together stay under STREAM_EDITS_PER_SECOND: each is spaced by how many stream', async () => {
    // The per-reply pace alone (40 ms, no rate-limit headers) would allow ~25 edits a second each.
    h = await startHarness({
      guildConfig: PLAIN_REPLIES,
      discord: { channelCount: 4 },
      env: { STREAM_EDIT_INTERVAL_MS: '40', STREAM_EDITS_PER_SECOND: '4' },
    });
    const text = longText(120);
    const asks = h.discord.channelIds.slice(0, 4).map((channelId) => {
      h?.service.enqueue({ text, chunks: 60, intervalMs: 50 });
      return h?.discord.sendCommand({ name: 'ask', options: { prompt: 'budget' }, channelId });
    });
    for (const ask of asks) {
      if (!ask) throw new Error('no harness');
      await waitForExactReply(h, ask, [text], 20_000);
      await settled(h, ask.id);
    }
    const streamEnd = Math.max(...h.service.sendLogs.map((log) => log.at(-1)?.at ?? 0));
    const streamed = h.discord.requestLog
      .filter((entry) => entry.route.startsWith('/webhooks/') && entry.at <= streamEnd)
      .map((entry) => entry.at)
      .sort((a, b) => a - b);
    const where = `${streamed.length} streamed edits over ${Math.round(streamEnd - (streamed[0] ?? 0))} ms`;
    // Four streams at 4 a second: one edit a second each (the first text of each goes at once).
    expect(streamed.length, where).toBeGreaterThanOrEqual(4);
    expect(mostInWindow(streamed, 1000), where).toBeLessThanOrEqual(4 + 4);
    expect(streamed.length, where).toBeLessThanOrEqual(4 * 5);
  });
});

/** The most of `times` (ms, ascending) that fall within any window of `windowMs`. */
function mostInWindow(times: readonly number[], windowMs: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while ((times[last] as number) - (times[first] as number) >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe('a silent service', () => {
  it('gives up after the idle timeout, keeping the partial text with a clear note', async () => {
    h = await startHarness({ timeouts: { idleMs: 300 }, guildConfig: PLAIN_REPLIES });
    h.service.enqueue({ text: 'first second third fourth', chunks: 4, stallAfterChunks: 2 });
    const interaction = h.discord.sendCommand({ name: 'ask', options: { prompt: 'stall' } });
    const [final] = await waitForReply(h, interaction, ([text]) => text?.includes('⚠️') ?? false);
    expect(final).toMatch(
      /^first seco.*\n\n-# ⚠️ The service sent nothing for 1 sec, so the bot stopped waiting\. The reply was cut short\.$/s,
    );
  });

  it('reports a service that never starts answering (headers timeout), without retrying', async () => {
    h = await startHarness({ timeouts: { headersMs: 300 } });
    h.service.enqueue({ text: 'late', headersDelayMs: 1500 });
    const interaction = h.discord.sendCommand({ name: 'ask', options: { prompt: 'slow start' } });
    const [final] = await waitForReply(h, interaction, ([text]) => text?.includes('⚠️') ?? false);
    expect(final).toMatch(/did not start answering within 1 sec/);
    expect(h.service.chatRequests()).toHaveLength(1);
  });
});

describe('shutdown', () => {
  it('ends a reply in progress with a note instead of leaving it hanging, and takes no new work', async () => {
    // Slow REST answers: ending the reply in progress takes long enough for a request to arrive.
    h = await startHarness({ guildConfig: PLAIN_REPLIES, discord: { restDelayMs: 100 } });
    h.service.enqueue({ text: longText(40), chunks: 40, intervalMs: 100 });
    const interaction = h.discord.sendCommand({ name: 'ask', options: { prompt: 'slow' } });
    await waitForReply(h, interaction, ([text]) => (text?.length ?? 0) > 20);
    const stopping = h.running.bot.stop(5_000);
    // Shutting down takes no new work: a request arriving now is told to come back.
    const late = h.discord.sendCommand({ name: 'ask', options: { prompt: 'too late' } });
    await stopping;
    const [final] = await waitForReply(h, interaction, ([text]) => text?.includes('⚠️') ?? false);
    expect(final).toMatch(/^word0 word1.*\n\n-# ⚠️ The bot is restarting, so this reply was cut short\.$/s);
    expect(replyTexts(h, late)).toEqual([english.t('errors.restartingNow')]);
    expect(h.service.chatRequests().map((request) => JSON.stringify(request.body))).not.toContain('too late');
    // Restart for afterEach's close (which stops the running bot once more).
    await h.restart();
  });
});
