/**
 * A misbehaving service under the real bot: an event that never ends, a malformed chunk, and a
 * reply that never finishes. Members keep what arrived, with a note saying what happened; the
 * partial reply is charged.
 */
import { describe, expect, it } from 'vitest';
import { usageScope, utcDay } from '../../src/spend/records.js';
import { useHarness } from '../helpers/e2e.js';
import {
  API_KEY,
  type Harness,
  PLAIN_REPLIES,
  startHarness,
  waitForExactReply,
  waitForIdle,
  waitForReply,
} from '../helpers/harness.js';

// Exact-text assertions: no cost or context lines under the replies.
const suite = useHarness({ discord: { channelCount: 10 }, guildConfig: PLAIN_REPLIES });
const { h, ask, freshChannel } = suite;

async function lastRecord(harness: Harness, channelId: string, userId: string) {
  const day = utcDay(Date.now());
  const scope = usageScope({ guildId: harness.discord.guildId, userId });
  const entries = await harness.running.bot.capabilities.spend.ledger.entries(scope, day, day);
  return entries.filter((entry) => entry.channelId === channelId).at(-1);
}

const warned = (harness: Harness, message: string) =>
  harness.logs
    .map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown })
    .filter((line) => line.msg === message && line.level === 40);

describe('an event that never ends', () => {
  it('a 2 MiB line without a newline ends the reply at the 1 MiB bound, keeping the partial text', async () => {
    const channelId = freshChannel();
    h.service.enqueue({
      text: 'Kept before the flood',
      // Then one endless line, and the connection stays open: only the bound can end this.
      raw: [{ before: 2, text: `data: ${'x'.repeat(2 * 1024 * 1024)}` }],
      stallAfterChunks: 2,
    });
    const interaction = ask({ prompt: 'flood' }, { channelId });
    const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('⚠️') ?? false);
    expect(final).toBe(
      'Kept before \n\n-# ⚠️ The service sent more than 1 MiB in a single stream event, so the bot stopped reading. The reply was cut short.',
    );
    await waitForIdle(h);
    expect(await lastRecord(h, channelId, suite.asker.id)).toMatchObject({
      outcome: 'event_too_large',
      estimated: true,
    });
    // The bot dropped the connection instead of reading on.
    expect(h.service.closedEarly.at(-1)).toBeDefined();

    const after = ask({ prompt: 'still there?' }, { channelId });
    await waitForExactReply(h, after, ['Echo: Member: still there?']);
  });
});

describe('a malformed chunk', () => {
  it('is skipped and logged as a warning with a short, redacted excerpt; the text around it arrives intact', async () => {
    // The key straddles the excerpt's cut: quoting before redacting would leave its start.
    const bad = `{not json ${'x'.repeat(60)}${API_KEY} and more`;
    h.service.enqueue({
      text: 'alpha beta gamma',
      raw: [
        { before: 1, text: `data: ${bad}\n\n` },
        { before: 2, text: 'data: 42\n\n' },
        // An empty data line is a keep-alive: skipped without a warning.
        { before: 2, text: 'data: \n\n' },
      ],
    });
    const interaction = ask({ prompt: 'malformed' }, { channelId: freshChannel() });
    await waitForExactReply(h, interaction, ['alpha beta gamma']);

    const lines = warned(h, 'skipped a malformed stream event');
    expect(lines.map(({ reason, excerpt }) => ({ reason, excerpt }))).toEqual([
      { reason: 'not JSON', excerpt: `{not json ${'x'.repeat(60)}[redacted]…` },
      { reason: 'not an object', excerpt: '42' },
    ]);
    expect(h.logs.join('\n')).not.toContain(API_KEY.slice(0, 8));
  });
});

describe('a whole JSON answer over 1 MiB', () => {
  it('is not read: the member is told, nothing is stored, the bot keeps serving', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'y'.repeat(2 * 1024 * 1024), json: true });
    const interaction = ask({ prompt: 'huge json' }, { channelId });
    const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('⚠️') ?? false);
    expect(final).toBe('-# ⚠️ The service sent an answer larger than 1 MiB, which the bot does not read.');
    await waitForIdle(h);
    expect((await h.running.bot.capabilities.conversations.load(channelId)).turns).toEqual([]);
    await waitForExactReply(h, ask({ prompt: 'after' }, { channelId }), ['Echo: Member: after']);
  });
});

describe('a reply that never ends', () => {
  it('is cut off at REPLY_MAX_DURATION_MS although pings keep it alive; the partial reply is charged', async () => {
    const ceiling = await startHarness({
      guildConfig: PLAIN_REPLIES,
      env: { REPLY_MAX_DURATION_MS: '1000' },
    });
    try {
      const channelId = ceiling.discord.channelIds[0] as string;
      // Pings every 100 ms: the idle timeout (60 s) never fires.
      ceiling.service.enqueue({ text: 'Partial answer here', pingForeverAfterChunks: 2, intervalMs: 100 });
      const user = ceiling.discord.user('member', 'Member');
      const interaction = ceiling.discord.sendCommand({
        name: 'ask',
        options: { prompt: 'endless' },
        channelId,
        user,
      });
      const [final] = await waitForReply(ceiling, interaction, ([first]) => first?.includes('⚠️') ?? false);
      expect(final).toBe(
        'Partial answer \n\n-# ⚠️ The reply took longer than 1 sec, so the bot stopped it. The reply was cut short.',
      );
      await waitForIdle(ceiling);
      const record = await lastRecord(ceiling, channelId, user.id);
      expect(record).toMatchObject({ outcome: 'reply_timeout', estimated: true });
      expect(record && 'outputTokens' in record && record.outputTokens).toBeGreaterThan(0);

      // The bot closed the connection at the ceiling, counted from the response.
      const started = ceiling.service.sendLogs.at(-1)?.[0]?.at ?? Number.NaN;
      const closed = ceiling.service.closedEarly.at(-1) ?? Number.NaN;
      expect(closed - started).toBeGreaterThan(800);
      expect(closed - started).toBeLessThan(5_000);
    } finally {
      await ceiling.close();
    }
  });
});
