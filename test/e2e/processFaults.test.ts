/**
 * The bot as its own process (as `npm start` runs it) under process faults: SIGTERM while replies
 * stream, SIGKILL mid-stream; and, over a whole conversation with errors, that neither secret
 * ever appears in anything it printed or sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { openStore } from '../../src/lib/store.js';
import {
  type LocalDiscord,
  type LocalInteraction,
  startLocalDiscord,
} from '../../src/localDiscord/localDiscord.js';
import { type FakeService, startFakeService } from '../../src/localService/fakeService.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';
import { createLedger } from '../../src/spend/ledger.js';
import { loadPriceList } from '../../src/spend/prices.js';

const TOKEN = 'MTExMTExMTExMTExMTExMTEx.process-fault-token.d1st1nct1v3-t0k3n';
const KEY = 'sk-process-fault-key-d1st1nct1v3-k3y';
const RESTARTING = '-# ⚠️ The bot is restarting, so this reply was cut short.';

let discord: LocalDiscord;
let service: FakeService;
let dir: string;
const bots: BotProcess[] = [];
beforeAll(async () => {
  discord = await startLocalDiscord({ channelCount: 10, token: TOKEN });
  service = await startFakeService();
  dir = mkdtempSync(join(tmpdir(), 'process-faults-'));
});
afterAll(async () => {
  for (const bot of bots) await bot.stop();
  await discord?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function startBot(): Promise<BotProcess> {
  const bot = startBotProcess(discord, service, {
    fromSource: true,
    databaseDir: dir,
    env: { DISCORD_TOKEN: TOKEN, SERVICE_API_KEY: KEY, LOG_LEVEL: 'debug' },
  });
  bots.push(bot);
  await bot.ready();
  return bot;
}

const channel = (i: number) => discord.channelIds[i] as string;
const ask = (i: number, prompt: string) =>
  discord.sendCommand({ name: 'ask', options: { prompt }, channelId: channel(i) });
const texts = (interaction: LocalInteraction) => discord.replyMessages(interaction).map((m) => m.content);
const finished = (interaction: LocalInteraction, done: (text: string) => boolean) =>
  discord.waitFor(() => {
    const last = texts(interaction).at(-1);
    return last !== undefined && done(last) ? last : undefined;
  }, 20_000);

/** Whether everything the process printed has been read (its stdout and stderr ended). */
const printedAll = (bot: BotProcess) =>
  [bot.child.stdout, bot.child.stderr].every((pipe) => pipe?.readableEnded ?? true);

async function ledgerOf(guildId: string) {
  const priced = loadPriceList('prices.json');
  if (!priced.ok) throw new Error('prices');
  const store = await openStore(`sqlite://${join(dir, 'bot.sqlite')}`);
  try {
    const ledger = createLedger(store, priced.prices, createLogger({ level: 'silent', secrets: [] }));
    const day = new Date().toISOString().slice(0, 10);
    return await ledger.entries(guildId, day, day);
  } finally {
    await store.disconnect();
  }
}

describe('the bot as a process, under process faults', () => {
  it('SIGTERM while replies stream: every reply ends with a note, what the service did is charged, exit 0 within 10 s', async () => {
    const bot = await startBot();
    await finished(ask(0, 'warm up'), (text) => text.includes('💰'));
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const streams = [1, 2, 3].map((i) => {
      service.enqueue({
        text: long,
        chunks: 200,
        intervalMs: 50,
        usage: { input_tokens: 10, output_tokens: 400 },
      });
      return ask(i, `stream ${i}`);
    });
    await discord.waitFor(
      () => streams.every((interaction) => (texts(interaction)[0]?.length ?? 0) > 30),
      20_000,
    );
    const signalled = performance.now();
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(10_000);
    for (const [index, interaction] of streams.entries()) {
      const [text] = texts(interaction);
      // The question quoted on top, then the answer so far.
      expect(text?.startsWith(`> stream ${index + 1}\nword0 word1`)).toBe(true);
      expect(text).toContain(RESTARTING);
    }
    // The cut-short replies are charged on an estimate (the service's usage never came).
    const entries = await ledgerOf(discord.guildId);
    const cut = entries.filter((entry) => [1, 2, 3].some((i) => entry.channelId === channel(i)));
    expect(cut).toHaveLength(3);
    for (const entry of cut) expect(entry).toMatchObject({ outcome: 'aborted', estimated: true });
    // 'exit' can come before the last of what it printed is read from the pipe.
    await expect.poll(() => bot.output(), { timeout: 15_000 }).toContain('"msg":"stopped"');
  });

  it('SIGKILL mid-stream: after a restart nothing recorded is lost and the conversation has no half-written turn', async () => {
    const first = await startBot();
    await finished(ask(5, 'kept question'), (text) => text.includes('💰'));
    service.enqueue({
      text: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '),
      chunks: 200,
      intervalMs: 50,
    });
    const killed = ask(5, 'killed question');
    await discord.waitFor(() => texts(killed)[0]?.startsWith('> killed question\nw0 w1 w2'), 20_000);
    // Read now, not at the footer: the final edit goes out while the charge is written, but a
    // channel's next turn starts only once the previous one is stored.
    const before = (await ledgerOf(discord.guildId)).length;
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    await startBot();
    const after = ask(5, 'after restart');
    await finished(after, (text) => text.includes('💰'));
    expect(service.chatRequests().at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Member: kept question' },
      { role: 'assistant', content: 'Echo: Member: kept question' },
      { role: 'user', content: 'Member: after restart' },
    ]);
    // Every entry recorded before the kill is still there; the killed reply never got one. The
    // footer shows while the charge of "after restart" is being written: wait for it to land.
    await expect
      .poll(async () => (await ledgerOf(discord.guildId)).length, { timeout: 15_000, interval: 100 })
      .toBe(before + 1);
    expect((await ledgerOf(discord.guildId)).length).toBe(before + 1);
  });

  it('over the whole conversation, errors included, neither secret appears in anything printed or sent', async () => {
    const bot = bots.at(-1) as BotProcess;
    service.enqueue({ status: 401, errorBody: { error: { message: `invalid key ${KEY}` } } });
    await finished(ask(6, 'auth error'), (text) => text.includes('⚠️'));
    service.enqueue({
      text: 'partial then',
      chunks: 2,
      errorAfterChunks: { after: 1, message: `bad token ${TOKEN}` },
    });
    await finished(ask(7, 'stream error'), (text) => text.includes('⚠️'));
    const mention = discord.sendMessage({ channelId: channel(8), content: `<@${discord.botUser.id}> hello` });
    await discord.waitFor(() => discord.replyTo(mention)[0]?.content.includes('💰'));
    await finished(
      discord.sendCommand({ name: 'imagine', options: { prompt: 'a lighthouse' }, channelId: channel(9) }),
      (text) => text.includes('service-image-v1'),
    );
    await bot.stop();
    // Nothing they printed may be left unread in a pipe ('exit' can come first).
    await expect.poll(() => bots.every(printedAll), { timeout: 15_000 }).toBe(true);

    const printed = bots.map((process) => process.output()).join('\n');
    expect(printed.length).toBeGreaterThan(0);
    const sent = [...discord.messages.values()].flatMap((message) => message.versions.map((v) => v.content));
    const serviceBodies = service.requests.map((request) => JSON.stringify(request.body));
    for (const secret of [TOKEN, KEY]) {
      expect(printed).not.toContain(secret);
      expect(sent.filter((text) => text.includes(secret))).toEqual([]);
      expect(serviceBodies.filter((body) => body.includes(secret))).toEqual([]);
    }
    // Only where they belong: the token to Discord, the key to the service.
    expect([...discord.authorizations]).toContain(`Bot ${TOKEN}`);
    expect(service.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });
});
