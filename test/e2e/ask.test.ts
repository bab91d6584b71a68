/**
 * /ask end to end: the real discord.js client logged into the fake Discord, the real service
 * client talking HTTP/SSE to the fake service, the real SQLite store.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ChatScript } from '../../src/localService/fakeService.js';
import { STREAMING_CURSOR } from '../../src/reply/streamRenderer.js';
import { usageScope, utcDay } from '../../src/spend/records.js';
import { useHarness } from '../helpers/e2e.js';
import {
  API_KEY,
  answerPieces,
  BOT_TOKEN,
  PLAIN_REPLIES,
  settled,
  waitForExactReply,
  waitForIdle,
  waitForReply,
} from '../helpers/harness.js';

// Exact-text assertions: cost footers off in the guild (they have tests of their own). Each
// test talks in its own channel (freshChannel), so histories do not mix.
const suite = useHarness({
  discord: { channelCount: 80 },
  guildConfig: PLAIN_REPLIES,
  asker: { username: 'ann', globalName: 'Ann' },
});
const { h, freshChannel, ask } = suite;

async function usageRecords(guildId: string | null, userId = suite.asker.id) {
  const day = utcDay(Date.now());
  return h.running.bot.capabilities.spend.ledger.entries(usageScope({ guildId, userId }), day, day);
}

describe('/ask', () => {
  it('defers at once, streams with progressive edits, and ends with the exact text', async () => {
    const channelId = freshChannel();
    const text = 'Hello there! This reply is streamed in several pieces, one after another.';
    h.service.enqueue({ text, chunks: 6, intervalMs: 60 });
    const interaction = ask({ prompt: 'hi' }, { channelId });
    const [final] = await waitForExactReply(h, interaction, [text]);
    expect(final).toBe(text);
    expect(interaction.callbacks.map((callback) => callback.type)).toEqual([5]);
    const original = h.discord.replyMessages(interaction)[0];
    const versions = original?.versions.map((version) => version.content) ?? [];
    expect(versions.length).toBeGreaterThan(2);
    expect(versions.slice(0, -1).every((version) => version.endsWith(STREAMING_CURSOR))).toBe(true);
    // The question is quoted on top from the first text on (others see only "Ann used /ask").
    expect(versions.slice(1).every((version) => version.startsWith('> hi\nHello'))).toBe(true);
    expect(versions.at(-1)).toBe(`> hi\n${text}`);

    const request = h.service.chatRequests().at(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body).toMatchObject({
      model: 'service-v1-flash',
      stream: true,
      max_tokens: 2048,
      messages: [{ role: 'user', content: 'Ann: hi' }],
    });
  });

  it('passes model, temperature and max_tokens through, and uses the guild nickname', async () => {
    const channelId = freshChannel();
    const interaction = ask(
      { prompt: 'options', model: 'service-v1-pro-extended', temperature: 1.25, max_tokens: 300 },
      { channelId, nick: 'Annie' },
    );
    await waitForExactReply(h, interaction, ['Echo: Annie: options']);
    expect(h.service.chatRequests().at(-1)?.body).toMatchObject({
      model: 'service-v1-pro-extended',
      temperature: 1.25,
      max_tokens: 300,
    });
  });

  it('continues the channel conversation and keeps channels (and DMs) apart', async () => {
    const channelA = freshChannel();
    const channelB = freshChannel();
    const first = ask({ prompt: 'my name is Ann' }, { channelId: channelA });
    await waitForExactReply(h, first, ['Echo: Ann: my name is Ann']);
    const second = ask({ prompt: 'what is my name?' }, { channelId: channelA });
    await waitForExactReply(h, second, ['Echo: Ann: what is my name?']);
    expect(h.service.chatRequests().at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Ann: my name is Ann' },
      { role: 'assistant', content: 'Echo: Ann: my name is Ann' },
      { role: 'user', content: 'Ann: what is my name?' },
    ]);

    const other = ask({ prompt: 'fresh start' }, { channelId: channelB });
    await waitForExactReply(h, other, ['Echo: Ann: fresh start']);
    expect(h.service.chatRequests().at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Ann: fresh start' },
    ]);

    const dm = ask({ prompt: 'in a DM' }, { dm: true });
    // DMs have no guild setting: their replies always show the context and cost line.
    const [dmText] = await waitForReply(
      h,
      dm,
      ([text]) => text?.startsWith('Echo: Ann: in a DM\n\n-# context ') ?? false,
    );
    await waitForIdle(h);
    expect(dmText).toMatch(
      /^Echo: Ann: in a DM\n\n-# context \d+ % · 💰 USD\u00a00\.\d+ · \d+ in · \d+ out tokens$/,
    );
    expect(h.service.chatRequests().at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Ann: in a DM' },
    ]);
    const dmAgain = ask({ prompt: 'again' }, { dm: true });
    await waitForReply(h, dmAgain, ([text]) => text?.startsWith('Echo: Ann: again\n\n-# context') ?? false);
    expect(h.service.chatRequests().at(-1)?.body.messages).toHaveLength(3);
    // DM usage is attributed to the user, apart from any guild (read once the charge landed).
    await settled(h, dmAgain.id);
    expect((await usageRecords(null)).length).toBeGreaterThanOrEqual(2);
  });

  it('splits a 10,000-character reply with a code block into cards of at most 4,000 characters', async () => {
    const channelId = freshChannel();
    const code = Array.from(
      { length: 180 },
      (_, i) => `    result.push(compute(${i}) * factor + offset); // step ${i}`,
    ).join('\n');
    const text = `Here is the function you asked for.\n\n\`\`\`typescript\nfunction run() {\n${code}\n}\n\`\`\`\n\n${'It works like this. '.repeat(40)}`;
    expect(text.length).toBeGreaterThan(10_000);
    h.service.enqueue({ text, chunks: 60, intervalMs: 5 });
    const interaction = ask({ prompt: 'code please' }, { channelId });
    const expected = answerPieces('code please', text);
    const texts = await waitForExactReply(h, interaction, expected);
    expect(texts.length).toBeGreaterThanOrEqual(3);
    expect(texts[1]?.startsWith('```typescript\n')).toBe(true);
    for (const message of h.discord.replyMessages(interaction)) {
      for (const version of message.versions) expect(version.content.length).toBeLessThanOrEqual(4000);
    }
  });

  it('never pings: @everyone, roles and users in model output are inert', async () => {
    const channelId = freshChannel();
    const text = 'Attention @everyone and @here, ping <@&123456789012345678> and <@123456789012345678>!';
    h.service.enqueue({ text, chunks: 3 });
    const interaction = ask({ prompt: 'ping everyone' }, { channelId });
    await waitForExactReply(h, interaction, [text]);
    for (const message of h.discord.replyMessages(interaction)) {
      expect(message.allowedMentions).toMatchObject({ parse: [] });
      expect(message.versions.some((version) => version.pinged)).toBe(false);
    }
  });

  const variants: [string, ChatScript][] = [
    ['CRLF line endings', { crlf: true }],
    ['comment pings between events', { pings: true }],
    ['bytes one at a time (UTF-8 split across reads)', { byteByByte: true, text: 'Grüße 😀 東京 ok' }],
    ['usage on a trailing chunk with empty choices', { usagePlacement: 'trailing-chunk' }],
    ['prompt_tokens/completion_tokens naming', { usage: { prompt_tokens: 7, completion_tokens: 9 } }],
    ['whole-message chunks', { wholeMessages: true }],
    ['a JSON body to a streaming request', { json: true }],
    ['a final event with no blank line', { noFinalBlankLine: true }],
    ['no [DONE] after a finish reason', { done: false }],
  ];
  it.each(variants)('accepts %s', async (_name, script) => {
    const channelId = freshChannel();
    const text = script.text ?? 'A reply in a stream variant, with several words.';
    h.service.enqueue({ ...script, text, chunks: script.chunks ?? 4 });
    const interaction = ask({ prompt: 'variant' }, { channelId });
    await waitForExactReply(h, interaction, [text]);
    const records = await usageRecords(h.discord.guildId);
    const last = records.filter((record) => record.channelId === channelId).at(-1);
    expect(last?.estimated).toBe(false);
    if (script.usage && 'prompt_tokens' in script.usage)
      expect(last).toMatchObject({ inputTokens: 7, outputTokens: 9 });
  });

  it('estimates usage when the service sends none, flags it, and still records it', async () => {
    const channelId = freshChannel();
    const text = 'x'.repeat(80);
    h.service.enqueue({ text, usage: null, chunks: 2 });
    const interaction = ask({ prompt: 'no usage' }, { channelId });
    await waitForExactReply(h, interaction, [text]);
    const record = (await usageRecords(h.discord.guildId)).filter((r) => r.channelId === channelId).at(-1);
    expect(record).toMatchObject({
      estimated: true,
      outputTokens: 20,
      model: 'service-v1-flash',
      kind: 'chat',
    });
    expect(h.logs.some((line) => line.includes('service sent no usage'))).toBe(true);
  });

  it('says so when the stream ends with no end marker and no finish reason', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'Half a thought', finishReason: null, done: false, chunks: 2 });
    const interaction = ask({ prompt: 'truncated' }, { channelId });
    const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('-#') ?? false);
    expect(final).toMatch(/^Half a thought\n\n-# ⚠️ .*may be incomplete/);
  });

  it('notes a reply that hit max_tokens', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'Long answer cut at', finishReason: 'length' });
    const interaction = ask({ prompt: 'long', max_tokens: 5 }, { channelId });
    const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('-#') ?? false);
    expect(final).toBe('Long answer cut at\n\n-# The reply stopped at the max_tokens limit (5).');
  });
});

describe('/ask failures', () => {
  it('rejects bad input with an ephemeral message and no service call', async () => {
    const before = h.service.chatRequests().length;
    for (const options of [
      { prompt: '   ' },
      { prompt: 'x', temperature: 3 },
      { prompt: 'x', model: 'gpt-9' },
      { prompt: 'x', max_tokens: 999_999 },
    ]) {
      const interaction = ask(options, { channelId: freshChannel() });
      await h.discord.waitFor(() => interaction.callbacks.length > 0);
      expect(interaction.callbacks[0]?.type).toBe(4);
      expect(Number(interaction.callbacks[0]?.data.flags) & 64).toBe(64);
      expect(String(interaction.callbacks[0]?.data.content)).not.toBe('');
    }
    expect(h.service.chatRequests().length).toBe(before);
  });

  it('a rejected key tells the user an admin must fix it, and stores nothing', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ status: 401, errorBody: { error: { message: `invalid key ${API_KEY}` } } });
    const interaction = ask({ prompt: 'auth' }, { channelId });
    const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('⚠️') ?? false);
    expect(final).toMatch(/rejected this bot's API key \(HTTP 401\).*admin must fix the key/);
    expect(final).not.toContain(API_KEY);
    // Nothing stored: checked once the bot is done with the request.
    await settled(h, interaction.id);
    expect(await h.running.bot.capabilities.conversations.load(channelId)).toMatchObject({ turns: [] });
  });

  it('retries a 429 honouring Retry-After and a 503, then answers', async () => {
    const channelId = freshChannel();
    h.service.enqueue(
      { status: 429, headers: { 'retry-after': '0.3' } },
      { status: 503 },
      { text: 'Finally.' },
    );
    const before = h.service.chatRequests().length;
    const interaction = ask({ prompt: 'busy' }, { channelId });
    await waitForExactReply(h, interaction, ['Finally.']);
    const requests = h.service.chatRequests().slice(before);
    expect(requests).toHaveLength(3);
    expect((requests[1]?.receivedAt ?? 0) - (requests[0]?.receivedAt ?? 0)).toBeGreaterThanOrEqual(280);
  });

  it('gives up after two retries and says the service is unavailable', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ status: 500 }, { status: 502 }, { status: 503 });
    const interaction = ask({ prompt: 'down' }, { channelId });
    const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('⚠️') ?? false);
    expect(final).toBe('-# ⚠️ The service is unavailable right now (HTTP 503). Please try again in a moment.');
  });

  it('does not retry a long Retry-After; tells the user the wait', async () => {
    const channelId = freshChannel();
    const before = h.service.chatRequests().length;
    h.service.enqueue({ status: 429, headers: { 'retry-after': '120' } });
    const interaction = ask({ prompt: 'later' }, { channelId });
    const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('⚠️') ?? false);
    expect(final).toMatch(/busy right now.*try again in 2 min/);
    expect(h.service.chatRequests().length - before).toBe(1);
  });

  it('quotes a 400 error message', async () => {
    h.service.enqueue({
      status: 400,
      errorBody: { error: { message: 'max_tokens is too large for this model' } },
    });
    const interaction = ask({ prompt: 'bad' }, { channelId: freshChannel() });
    const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('⚠️') ?? false);
    expect(final).toMatch(/refused the request \(HTTP 400\).*max_tokens is too large/);
  });

  it('a mid-stream drop keeps the partial text with a note, records estimated usage, and leaves history intact', async () => {
    const channelId = freshChannel();
    const earlier = ask({ prompt: 'remember this' }, { channelId });
    await waitForExactReply(h, earlier, ['Echo: Ann: remember this']);
    h.service.enqueue({ text: 'one two three four five six', chunks: 6, dropAfterChunks: 3, intervalMs: 30 });
    const dropped = ask({ prompt: 'will drop' }, { channelId });
    const [final] = await waitForReply(h, dropped, ([first]) => first?.includes('⚠️') ?? false);
    const [partial, note] = (final ?? '').split('\n\n');
    expect(partial && 'one two three four five six'.startsWith(partial)).toBe(true);
    expect(partial?.length).toBeGreaterThan(5);
    expect(note).toBe('-# ⚠️ The connection to the service dropped mid-reply. The reply was cut short.');
    // The note shows while the charge is being written.
    await settled(h, dropped.id);
    const record = (await usageRecords(h.discord.guildId)).filter((r) => r.channelId === channelId).at(-1);
    expect(record).toMatchObject({ estimated: true, outcome: 'interrupted' });
    // The failed exchange is not in history; the bot keeps serving the channel.
    const after = ask({ prompt: 'still there?' }, { channelId });
    await waitForExactReply(h, after, ['Echo: Ann: still there?']);
    expect(h.service.chatRequests().at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Ann: remember this' },
      { role: 'assistant', content: 'Echo: Ann: remember this' },
      { role: 'user', content: 'Ann: still there?' },
    ]);
  });

  it('a mid-stream error event is shown as what it is', async () => {
    h.service.enqueue({
      text: 'alpha beta gamma',
      chunks: 3,
      errorAfterChunks: { after: 2, message: 'model overloaded' },
    });
    const interaction = ask({ prompt: 'error event' }, { channelId: freshChannel() });
    const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('⚠️') ?? false);
    expect(final).toMatch(
      /^alpha beta g\n\n-# ⚠️ The service reported an error mid-reply: “model overloaded”/,
    );
  });

  it('an unreachable service is reported, and the bot keeps serving', async () => {
    const { service } = h.running;
    // A dead port: connect fails at once.
    const { createServiceClient } = await import('../../src/service/client.js');
    const dead = createServiceClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: API_KEY,
      logger: h.running.logger,
      redact: (t) => t,
      backoffBaseMs: 5,
    });
    // The bot's chat reaches the service through this client: its stream is swapped for the dead one's.
    const streamChat = service.streamChat;
    Object.assign(service, { streamChat: dead.streamChat });
    try {
      const interaction = ask({ prompt: 'anyone?' }, { channelId: freshChannel() });
      const [final] = await waitForReply(h, interaction, ([first]) => first?.includes('⚠️') ?? false);
      expect(final).toMatch(/could not reach the service \(ECONNREFUSED\)/);
    } finally {
      Object.assign(service, { streamChat });
      await dead.close();
    }
    const ok = ask({ prompt: 'back' }, { channelId: freshChannel() });
    await waitForExactReply(h, ok, ['Echo: Ann: back']);
  });
});

describe('/ask concurrency', () => {
  it('runs two asks in one channel in arrival order; the second shows it is waiting', async () => {
    const channelId = freshChannel();
    h.service.enqueue({ text: 'first answer, slowly', chunks: 4, intervalMs: 100 });
    const first = ask({ prompt: 'one' }, { channelId });
    await h.discord.waitFor(() => first.callbacks.length > 0);
    // Another member: one member has one request at a time per channel.
    const bob = h.discord.user('bob', 'Bob');
    const second = h.discord.sendCommand({ name: 'ask', options: { prompt: 'two' }, channelId, user: bob });
    await waitForReply(
      h,
      second,
      ([text]) => text?.startsWith('⏳ Waiting for the reply before yours') ?? false,
    );
    await waitForExactReply(h, first, ['first answer, slowly']);
    await waitForExactReply(h, second, ['Echo: Bob: two']);
    const requests = h.service.chatRequests().slice(-2);
    expect(requests[0]?.body.messages).toEqual([{ role: 'user', content: 'Ann: one' }]);
    expect(requests[1]?.body.messages).toEqual([
      { role: 'user', content: 'Ann: one' },
      { role: 'assistant', content: 'first answer, slowly' },
      { role: 'user', content: 'Bob: two' },
    ]);
  });

  it('keeps arrival order when the first ask is acknowledged more slowly than the second', async () => {
    const channelId = freshChannel();
    const delay = h.discord.restDelayMs;
    const before = h.service.chatRequests().length;
    try {
      // The first ask's acknowledgement is held at Discord; the second's goes through at once.
      h.discord.restDelayMs = 300;
      const first = ask({ prompt: 'first in' }, { channelId });
      // Pending requests change without an event: polled.
      await vi.waitFor(
        () =>
          expect(
            [...h.discord.pending].some(
              ([label, state]) => label.includes(`/interactions/${first.id}/`) && state === 'body read',
            ),
          ).toBe(true),
        { timeout: 5000, interval: 5 },
      );
      h.discord.restDelayMs = delay;
      const bob = h.discord.user('bob', 'Bob');
      const second = h.discord.sendCommand({
        name: 'ask',
        options: { prompt: 'second in' },
        channelId,
        user: bob,
      });
      await waitForExactReply(h, first, ['Echo: Ann: first in']);
      await waitForExactReply(h, second, ['Echo: Bob: second in']);
    } finally {
      h.discord.restDelayMs = delay;
    }
    const [one, two] = h.service.chatRequests().slice(before);
    expect(one?.body.messages).toEqual([{ role: 'user', content: 'Ann: first in' }]);
    expect(two?.body.messages).toEqual([
      { role: 'user', content: 'Ann: first in' },
      { role: 'assistant', content: 'Echo: Ann: first in' },
      { role: 'user', content: 'Bob: second in' },
    ]);
  });

  it('runs ten asks in ten channels in parallel', async () => {
    const channels = Array.from({ length: 10 }, freshChannel);
    const before = h.service.chatRequests().length;
    for (let i = 0; i < 10; i += 1)
      h.service.enqueue({ text: `parallel reply ${i}`, chunks: 3, intervalMs: 150 });
    const interactions = channels.map((channelId) => ask({ prompt: 'go' }, { channelId }));
    await Promise.all(
      interactions.map((interaction) =>
        waitForReply(h, interaction, ([text]) => /^parallel reply \d$/.test(text ?? '')),
      ),
    );
    const requests = h.service.chatRequests().slice(before);
    expect(requests).toHaveLength(10);
    // All ten reached the service before any stream could have finished (each takes >= 300 ms).
    const spread =
      Math.max(...requests.map((r) => r.receivedAt)) - Math.min(...requests.map((r) => r.receivedAt));
    expect(spread).toBeLessThan(300);
  });
});

describe('/ask persistence and hygiene', () => {
  it('remembers the conversation across a restart, and does not re-register unchanged commands', async () => {
    const channelId = freshChannel();
    const before = ask({ prompt: 'before restart' }, { channelId });
    await waitForExactReply(h, before, ['Echo: Ann: before restart']);
    expect(h.discord.commandWrites).toHaveLength(1);
    await h.restart();
    await h.discord.waitFor(() => h.discord.gatewayConnections() === 1);
    expect(h.discord.commandWrites).toHaveLength(1);
    const after = ask({ prompt: 'after restart' }, { channelId });
    await waitForExactReply(h, after, ['Echo: Ann: after restart']);
    expect(h.service.chatRequests().at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Ann: before restart' },
      { role: 'assistant', content: 'Echo: Ann: before restart' },
      { role: 'user', content: 'Ann: after restart' },
    ]);
  });

  it('registered every command', () => {
    const registered = h.discord.commands.get('global') ?? [];
    expect(registered.map((command) => command.name)).toEqual([
      'ask',
      'imagine',
      'reset',
      'system',
      'config',
      'usage',
      'budget',
      // Message commands (Summarize from here only with the Message Content intent).
      'Ask about this message',
    ]);
  });

  it('never writes a secret to the log or a reply', () => {
    const everything = h.logs.join('\n');
    expect(everything).not.toContain(BOT_TOKEN);
    expect(everything).not.toContain(API_KEY);
    for (const message of h.discord.messages.values()) {
      for (const version of message.versions) {
        expect(version.content).not.toContain(API_KEY);
        expect(version.content).not.toContain(BOT_TOKEN);
      }
    }
    expect([...h.discord.authorizations]).toContain(`Bot ${BOT_TOKEN}`);
    expect(h.discord.unknownRoutes).toEqual([]);
  });
});
