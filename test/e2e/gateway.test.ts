/**
 * The gateway connection dropping under the real bot (discord.js's own reconnect logic against
 * the fake's RESUME): replies in progress carry on over REST, the bot resumes its session, and
 * what was dispatched while it was away is delivered once.
 */
import { describe, expect, it } from 'vitest';
import { STREAMING_CURSOR } from '../../src/reply/streamRenderer.js';
import { useHarness } from '../helpers/e2e.js';
import {
  answerPieces,
  PLAIN_REPLIES,
  replyTexts,
  settled,
  waitForExactReply,
  waitForReply,
} from '../helpers/harness.js';

const { h, ask, freshChannel } = useHarness({ guildConfig: PLAIN_REPLIES });

const longText = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');

describe('the gateway connection dropping', () => {
  it('mid-stream: the reply completes exact, the bot resumes (no new IDENTIFY), an /ask sent meanwhile is answered once', async () => {
    const text = longText(400);
    const expected = answerPieces('long', text);
    // About 2 s of streaming.
    h.service.enqueue({ text, chunks: 40, intervalMs: 50 });
    const first = ask({ prompt: 'long' }, { channelId: freshChannel() });
    await waitForReply(h, first, ([shown]) => (shown?.length ?? 0) > 100);
    const identifies = h.discord.identifies.length;

    // Still streaming when the connection drops.
    expect(replyTexts(h, first).at(-1)).toMatch(new RegExp(`${STREAMING_CURSOR}$`));
    h.discord.dropGateway();
    // Dispatched while the bot has no connection: Discord keeps it for the session.
    const second = ask({ prompt: 'sent while away' }, { channelId: freshChannel() });
    expect(h.discord.gatewayConnections()).toBe(0);
    expect(h.discord.disconnectedSessions()).toBe(1);
    // The stream goes on over REST while the gateway is down.
    await waitForExactReply(h, first, expected);

    await waitForExactReply(h, second, ['Echo: Member: sent while away']);
    await settled(h, second.id);
    await settled(h, first.id);
    // The bot resumed the same session (op 6) rather than identifying again.
    expect(h.discord.resumes).toMatchObject([{ resumed: true }]);
    expect(h.discord.identifies).toHaveLength(identifies);
    expect(h.discord.gatewayConnections()).toBe(1);
    expect(h.discord.disconnectedSessions()).toBe(0);
    // Once: one interaction response, one reply message, one service request; none twice.
    for (const interaction of [first, second]) {
      expect(interaction.callbacks.map((callback) => callback.type)).toEqual([5]);
    }
    expect(h.discord.replyMessages(second)).toHaveLength(1);
    const prompts = h.service.chatRequests().map((request) => JSON.stringify(request.body.messages));
    expect(prompts.filter((prompt) => prompt.includes('sent while away'))).toHaveLength(1);
    expect(prompts).toHaveLength(2);
    const failures = h.logs.filter((line) => line.includes('"request failed"'));
    expect(failures).toEqual([]);

    // And the resumed session keeps working.
    const third = ask({ prompt: 'after the resume' }, { channelId: freshChannel() });
    await waitForExactReply(h, third, ['Echo: Member: after the resume']);
  });
});
