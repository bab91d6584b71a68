/**
 * Commands over HTTPS from two workers behind a plain load balancer, on a shared PostgreSQL and
 * Redis: each worker owns one of two shards (claimed in the store) and forwards the other's
 * interactions to it. One channel's asks, delivered to the workers alternately, are answered in
 * the order they were sent; Stop pressed on the worker that is not streaming stops the stream; a
 * third worker for a claimed shard refuses to start. On PostgreSQL the workers hold no gateway
 * connection; on Redis each also runs its shard's gateway and answers a mention.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreKind } from '../../src/lib/store.js';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import {
  type LocalDiscord,
  type LocalInteraction,
  type LocalMessage,
  type LocalUser,
  startLocalDiscord,
} from '../../src/localDiscord/localDiscord.js';
import { type FakeService, startFakeService } from '../../src/localService/fakeService.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';
import { readMonthReport } from '../../src/spend/monthReport.js';
import { utcDay } from '../../src/spend/records.js';
import { startRoundRobin } from '../helpers/roundRobin.js';
import { serverUrl, storeUrls } from '../helpers/storeUrls.js';

const USAGE = { input_tokens: 12, output_tokens: 34 };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const buttonIds = (message: LocalMessage | undefined): string[] =>
  messageButtons(message?.components ?? []).map((button) => button.custom_id as string);

/** The port a worker's endpoint bound, once it has claimed its shards (its log lines). */
async function endpointPort(worker: BotProcess): Promise<number> {
  await expect.poll(() => worker.output(), { timeout: 30_000 }).toMatch(/claimed this worker’s shards/);
  const line = worker
    .output()
    .split('\n')
    .find((text) => text.includes('interactions endpoint listening'));
  return (JSON.parse(line as string) as { port: number }).port;
}

interface Workers {
  readonly discord: LocalDiscord;
  readonly service: FakeService;
  readonly workers: BotProcess[];
  readonly balancer: Awaited<ReturnType<typeof startRoundRobin>>;
  readonly databaseUrl: string;
}

async function startWorkers(databaseUrl: string, gateway: boolean): Promise<Workers> {
  const discord = await startLocalDiscord({ shards: 2, guildsPerShard: 1, maxConcurrency: 2 });
  const service = await startFakeService();
  cleanups.push(
    () => discord.close(),
    () => service.close(),
  );
  const workers = [0, 1].map((shard) =>
    startBotProcess(discord, service, {
      fromSource: true,
      env: {
        SHARD_COUNT: '2',
        SHARD_IDS: String(shard),
        GATEWAY: gateway ? 'on' : 'off',
        INTERACTIONS_PORT: '0',
        DISCORD_PUBLIC_KEY: discord.publicKey,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'info',
      },
    }),
  );
  cleanups.push(...workers.map((worker) => () => worker.stop()));
  const ports = [await endpointPort(workers[0] as BotProcess), await endpointPort(workers[1] as BotProcess)];
  const balancer = await startRoundRobin(ports.map((port) => `http://127.0.0.1:${port}`));
  cleanups.push(() => balancer.close());
  // As an operator saves it in the developer portal: Discord checks it (through the balancer).
  await discord.setInteractionsEndpoint(`${balancer.url}/interactions`);
  await workers[0]?.ready();
  return { discord, service, workers, balancer, databaseUrl };
}

/**
 * Each asked by another member (one request in flight per member and channel), one after another
 * as members would, the balancer handing them out in turn.
 */
async function askInTurn(discord: LocalDiscord, channelId: string, prompts: readonly string[]) {
  const asks: LocalInteraction[] = [];
  const users: LocalUser[] = [];
  for (const [i, prompt] of prompts.entries()) {
    const user = discord.user(`member${i}`, `Member ${i}`);
    users.push(user);
    const interaction = discord.sendCommand({ name: 'ask', options: { prompt }, channelId, user });
    expect((await interaction.delivered)?.status).toBe(202);
    asks.push(interaction);
  }
  return { asks, users };
}

const finalText = (discord: LocalDiscord, interaction: LocalInteraction) =>
  discord.waitFor(
    () => {
      const text = discord.replyMessages(interaction)[0]?.content ?? '';
      return text.includes('💰') ? text : undefined;
    },
    30_000,
    `the final reply to ${interaction.id}`,
  );

for (const kind of ['postgres', 'redis'] as const satisfies readonly StoreKind[]) {
  const gateway = kind === 'redis';
  describe.skipIf(serverUrl(kind) === undefined)(`two HTTP workers on ${kind}`, () => {
    const stores = storeUrls(kind);

    it('answer one channel’s asks in the order sent, alternately to each worker, with one writer of its ledger', async () => {
      const { discord, service, balancer, databaseUrl } = await startWorkers(await stores.fresh(), gateway);
      const guild = discord.guilds.find((candidate) => discord.shardOf(candidate.id) === 1);
      const channelId = guild?.channelIds[0] as string;
      const prompts = Array.from({ length: 6 }, (_, i) => `question ${i}`);
      for (const [i] of prompts.entries())
        service.enqueue({ text: `answer ${i}`, chunks: 3, intervalMs: 20, usage: USAGE });
      const from = balancer.sent.length;
      const { asks } = await askInTurn(discord, channelId, prompts);
      // The balancer gave them to the workers in turn; only the owner of shard 1 answered them.
      expect(balancer.sent.slice(from)).toEqual([0, 1, 0, 1, 0, 1]);
      const texts = await Promise.all(asks.map((interaction) => finalText(discord, interaction)));
      for (const [i, text] of texts.entries())
        expect(text).toMatch(new RegExp(`^> question ${i}\\nanswer ${i}`));
      // Each request carried the channel's exchanges before it, in order.
      const last = service.chatRequests().at(-1)?.body.messages as { role: string; content: string }[];
      expect(last.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(
        prompts.map((prompt, i) => `Member ${i}: ${prompt}`),
      );
      expect(discord.endpointFailures).toEqual([]);
      const store = await stores.open(databaseUrl);
      await expect
        .poll(async () => {
          const report = await readMonthReport(store, utcDay(Date.now()).slice(0, 7), []);
          return report.scopes.map((scope) => [scope.scope, scope.requests]);
        })
        .toEqual([[guild?.id, 6]]);
    });

    it('Stop pressed on the worker that is not streaming stops the stream; a third worker for a claimed shard refuses to start', async () => {
      const { discord, service, balancer, databaseUrl } = await startWorkers(await stores.fresh(), gateway);
      const guild = discord.guilds.find((candidate) => discord.shardOf(candidate.id) === 1);
      const channelId = guild?.channelIds[0] as string;
      const full = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
      service.enqueue({ text: full, chunks: 80, intervalMs: 50, usage: null });
      // The ask reaches the owner of shard 1 itself; the press then goes to the other worker.
      balancer.pin(1);
      const {
        asks: [asked],
        users: [asker],
      } = await askInTurn(discord, channelId, ['talk a lot']);
      const streaming = await discord.waitFor(() => {
        const message = asked && discord.replyMessages(asked)[0];
        return message && buttonIds(message)[0]?.startsWith('ask:stop:') && message.content.includes('word3')
          ? message
          : undefined;
      });
      balancer.pin(0);
      const stop = discord.clickButton(streaming, buttonIds(streaming)[0] as string, {
        ...(asker && { user: asker }),
      });

      expect((await stop.delivered)?.status).toBe(202);
      expect(balancer.sent.at(-1)).toBe(0);
      const final = await discord.waitFor(() => {
        const text = asked && discord.replyMessages(asked)[0]?.content;
        return text?.includes('⏹️') ? text : undefined;
      });
      expect(final).toContain('-# ⏹️ Stopped by Member 0.');
      expect(final).not.toContain('word79');

      if (gateway) {
        // With the gateway on, each worker also answers mentions in its own shard's servers.
        service.enqueue({ text: 'mentioned', usage: USAGE });
        const mention = discord.sendMessage({ content: `<@${discord.botUser.id}> hello`, channelId });
        await discord.waitFor(() => discord.replyTo(mention)[0]?.content.includes('mentioned') || undefined);
      }

      const third = startBotProcess(discord, service, {
        fromSource: true,
        env: {
          SHARD_COUNT: '2',
          SHARD_IDS: '1',
          GATEWAY: 'off',
          INTERACTIONS_PORT: '0',
          DISCORD_PUBLIC_KEY: discord.publicKey,
          DATABASE_URL: databaseUrl,
        },
      });
      cleanups.push(() => third.stop());
      expect(await third.exited).toBe(1);
      expect(third.output()).toMatch(/shard 1 of 2 is owned by another worker/);

      // A port already taken: it says so and exits, leaving no connection to the store open.
      const taken = startBotProcess(discord, service, {
        fromSource: true,
        env: {
          SHARD_COUNT: '2',
          SHARD_IDS: '0',
          GATEWAY: 'off',
          INTERACTIONS_PORT: new URL(balancer.url).port,
          DISCORD_PUBLIC_KEY: discord.publicKey,
          DATABASE_URL: databaseUrl,
        },
      });
      cleanups.push(() => taken.stop());
      expect(await taken.exited).toBe(1);
      expect(taken.output()).toMatch(/EADDRINUSE/);
    });
  });
}
