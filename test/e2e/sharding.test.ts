/**
 * Discord's gateway sharding against the fake Discord serving `shards: 2`, with one guild on each
 * shard: the bot as one process running both shards (SHARD_COUNT=auto), and as two processes,
 * one shard each, on one shared store and through one REST proxy (@discordjs/proxy). Asks in both
 * guilds and a DM each land once, on the shard Discord's formula names, with exact ledgers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openStore, type Store, spillPathFor } from '../../src/lib/store.js';
import {
  type LocalDiscord,
  type LocalInteraction,
  startLocalDiscord,
} from '../../src/localDiscord/localDiscord.js';
import { type FakeService, startFakeService } from '../../src/localService/fakeService.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';
import { chatCharge, quietLogger, shippedPrices } from '../../src/localService/harness/charges.js';
import { withDatabase, withPostgres } from '../../src/localService/harness/databaseUrls.js';
import { createLedger } from '../../src/spend/ledger.js';
import { readMonthReport } from '../../src/spend/monthReport.js';
import { utcDay } from '../../src/spend/records.js';
import { startHarness } from '../helpers/harness.js';

const USAGE = { input_tokens: 12, output_tokens: 34 };
const COST = createLedger({} as never, shippedPrices, quietLogger).costOf({
  id: 'x',
  time: 0,
  guildId: null,
  channelId: 'c',
  userId: 'u',
  kind: 'chat',
  model: 'service-v1-flash',
  inputTokens: USAGE.input_tokens,
  outputTokens: USAGE.output_tokens,
  estimated: false,
  outcome: 'completed',
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An ask in each guild and one in a DM; resolves once each reply is final. */
async function askEverywhere(discord: LocalDiscord, service: FakeService) {
  const member = discord.user('member', 'Member');
  for (let i = 0; i < 3; i += 1) service.enqueue({ text: `answer ${i}`, usage: USAGE, chunks: 2 });
  const [first, second] = discord.guilds;
  if (!first || !second) throw new Error('the fake should have a guild on each shard');
  const asks = {
    [first.id]: discord.sendCommand({
      name: 'ask',
      options: { prompt: 'one' },
      channelId: first.channelIds[0] as string,
      user: member,
    }),
    [second.id]: discord.sendCommand({
      name: 'ask',
      options: { prompt: 'two' },
      channelId: second.channelIds[0] as string,
      user: member,
    }),
    [`dm-${member.id}`]: discord.sendCommand({
      name: 'ask',
      options: { prompt: 'three' },
      dm: true,
      user: member,
    }),
  } satisfies Record<string, LocalInteraction>;
  const finals = await Promise.all(
    Object.values(asks).map((interaction) =>
      discord.waitFor(
        () => {
          const text = discord.replyMessages(interaction)[0]?.content ?? '';
          return text.includes('💰') ? text : undefined;
        },
        20_000,
        'a final reply',
      ),
    ),
  );
  return { asks, finals, first, second, member };
}

/** Each interaction reached exactly one session: the shard Discord's formula names (DMs: 0). */
function expectDeliveredOnce(discord: LocalDiscord, asks: Record<string, LocalInteraction>) {
  for (const [scope, interaction] of Object.entries(asks)) {
    const deliveries = discord.deliveries.filter((delivery) => delivery.id === interaction.id);
    const shard = scope.startsWith('dm-') ? 0 : discord.shardOf(scope);
    expect(deliveries.map((delivery) => delivery.shard)).toEqual([[shard, 2]]);
  }
  expect(discord.undelivered).toEqual([]);
}

/** Resolves once everything a bot process printed has been read ('exit' can come before). */
const allPrinted = (bot: BotProcess) =>
  expect
    .poll(() => [bot.child.stdout, bot.child.stderr].every((pipe) => pipe?.readableEnded ?? true), {
      timeout: 15_000,
    })
    .toBe(true);

/** The store holds exactly one charge per scope (the cost line may show while it is written). */
async function expectExactLedger(store: Store, scopes: string[]) {
  await expect
    .poll(
      async () => {
        const report = await readMonthReport(store, utcDay(Date.now()).slice(0, 7), []);
        return report.scopes.map((scope) => [scope.scope, scope.requests, scope.costMicros]).sort();
      },
      { timeout: 10_000, interval: 20 },
    )
    .toEqual(scopes.map((scope) => [scope, 1, COST]).sort());
}

describe('sharding', () => {
  it('one process runs every shard Discord recommends (SHARD_COUNT=auto): each guild and a DM answered once, on its shard', async () => {
    const h = await startHarness({ discord: { shards: 2, guildsPerShard: 1, maxConcurrency: 2 } });
    cleanups.push(() => h.close());
    expect(h.discord.readyShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const { asks, finals } = await askEverywhere(h.discord, h.service);
    for (const text of finals) expect(text).toMatch(/^> (one|two|three)\nanswer [0-2]/);
    expectDeliveredOnce(h.discord, asks);
    expect(h.service.chatRequests()).toHaveLength(3);
    await expectExactLedger(h.running.store, Object.keys(asks));

    // A spill file another shard layout left is not applied here (its guilds may not be this
    // process's), and the operator is told.
    const stray = spillPathFor(h.config.databaseUrl, 'shards-1-of-2');
    const strayCharge = {
      ...chatCharge(99, h.discord.guilds[1]?.id as string),
      time: Date.now(),
      costMicros: 777,
    };
    await h.restart(() => writeFileSync(stray, JSON.stringify([strayCharge])));
    expect(h.logs.join('\n')).toContain('spill files of another shard layout are waiting');
    expect(existsSync(stray)).toBe(true);
    await expectExactLedger(h.running.store, Object.keys(asks));
  });

  it('two processes, one shard each, on one shared store and through one REST proxy: every ask lands once, ledgers exact', async () => {
    const discord = await startLocalDiscord({ shards: 2, guildsPerShard: 1, maxConcurrency: 2 });
    const service = await startFakeService();
    cleanups.push(
      () => discord.close(),
      () => service.close(),
    );
    const proxy = await startRestProxy(discord.apiUrl);
    cleanups.push(() => stopChild(proxy.child));
    const dir = mkdtempSync(join(tmpdir(), 'sharded-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const databaseUrl = await sharedStoreUrl(dir);
    const processes = [0, 1].map((shard) =>
      startBotProcess(discord, service, {
        fromSource: true,
        databaseDir: dir,
        env: {
          SHARD_COUNT: '2',
          SHARD_IDS: String(shard),
          DISCORD_API_URL: proxy.apiUrl,
          DATABASE_URL: databaseUrl,
        },
      }),
    );
    cleanups.push(...processes.map((bot) => () => bot.stop()));
    await discord.waitFor(
      () => discord.readyShards().length === 2 || undefined,
      30_000,
      'both shards to connect',
    );
    expect(discord.readyShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    // Only the process with shard 0 registers the commands.
    await processes[0]?.ready();

    const { asks } = await askEverywhere(discord, service);
    expectDeliveredOnce(discord, asks);
    expect(service.chatRequests()).toHaveLength(3);
    for (const bot of processes) await bot.stop();
    for (const bot of processes) await allPrinted(bot);
    for (const bot of processes) expect(bot.output()).not.toMatch(/error|fatal/i);
    const store = await openStore(databaseUrl);
    try {
      await expectExactLedger(store, Object.keys(asks));
    } finally {
      await store.disconnect();
    }
  });

  it('npm run start:cluster runs one process per shard (ShardingManager), and SIGTERM stops them all', async () => {
    const discord = await startLocalDiscord({ shards: 2, guildsPerShard: 1, maxConcurrency: 2 });
    const service = await startFakeService();
    cleanups.push(
      () => discord.close(),
      () => service.close(),
    );
    const dir = mkdtempSync(join(tmpdir(), 'cluster-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const databaseUrl = `sqlite://${join(dir, 'bot.sqlite')}`;
    const cluster = spawn(process.execPath, ['--import', 'tsx', 'src/cli/cluster.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        DISCORD_TOKEN: discord.botToken,
        SERVICE_BASE_URL: service.url,
        SERVICE_API_KEY: 'cluster-key',
        DATABASE_URL: databaseUrl,
        DISCORD_API_URL: discord.apiUrl,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, to signal it as a service manager does.
      detached: true,
    });
    let output = '';
    const waiters = new Set<() => void>();
    /** Resolves once the cluster's output passes `check` (re-checked at each chunk it writes). */
    const outputWhere = (check: (text: string) => boolean, what: string) =>
      new Promise<void>((resolve, reject) => {
        const test = () => {
          if (!check(output)) return;
          waiters.delete(test);
          resolve();
        };
        waiters.add(test);
        test();
        const timer = setTimeout(
          () => reject(new Error(`cluster output: timed out waiting for ${what}\n${output}`)),
          60_000,
        );
        timer.unref();
      });
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      for (const test of [...waiters]) test();
    };
    cluster.stdout?.on('data', read);
    cluster.stderr?.on('data', read);
    cleanups.push(() => stopChild(cluster));
    await outputWhere((text) => text.includes('cluster: every shard is ready'), 'every shard to be ready');
    expect(discord.readyShards()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const { asks } = await askEverywhere(discord, service);
    expectDeliveredOnce(discord, asks);

    // A reply still streaming when the cluster is stopped, on a slow Discord: stopping takes a while.
    service.enqueue({ text: 'a long answer '.repeat(40), chunks: 40, intervalMs: 100, usage: USAGE });
    const long = discord.sendCommand({
      name: 'ask',
      options: { prompt: 'long' },
      channelId: discord.guilds[1]?.channelIds[0] as string,
    });
    await discord.waitFor(
      () => discord.replyMessages(long)[0]?.content.includes('a long answer') || undefined,
    );
    discord.restDelayMs = 300;

    // As systemd and Ctrl-C do: the signal reaches the whole process group (each shard's process
    // gets it directly, and again from the manager), then once more while they are stopping.
    process.kill(-(cluster.pid as number), 'SIGTERM');
    const pids = [...output.matchAll(/started \(pid (\d+)\)/g)].map((match) => Number(match[1]));
    expect(pids).toHaveLength(2);
    await outputWhere(
      (text) => (text.match(/"msg":"shutting down"/g)?.length ?? 0) >= 2,
      'both to shut down',
    );
    for (const pid of pids) process.kill(pid, 'SIGTERM');
    // 'close', not 'exit': the output below is read to its end first.
    const [code] = (await once(cluster, 'close')) as [number | null];
    expect(code).toBe(0);
    // Each process finished its shutdown: the reply in progress ended with its note and was charged.
    expect(output.match(/"msg":"stopped"/g)).toHaveLength(2);
    expect(discord.replyMessages(long)[0]?.content).toContain('restart');
    expect(discord.readyShards()).toEqual([]);
    expect(output).toContain('cluster: running shard(s) 0, 1 of 2, one process each');
    expect(output).toContain('cluster: stopped');
    expect(output).not.toContain(discord.botToken);
    const store = await openStore(databaseUrl);
    try {
      // The cut-short reply was charged too (for what it streamed), in the second guild.
      const report = await readMonthReport(store, utcDay(Date.now()).slice(0, 7), []);
      const requests = Object.fromEntries(report.scopes.map((scope) => [scope.scope, scope.requests]));
      const [first, second, dm] = Object.keys(asks) as [string, string, string];
      expect(requests).toEqual({ [first]: 1, [second]: 2, [dm]: 1 });
      expect(report.scopes.find((scope) => scope.scope === first)?.costMicros).toBe(COST);
    } finally {
      await store.disconnect();
    }
  }, 90_000);

  it('a token Discord refuses stops the bot at its first request with one line naming DISCORD_TOKEN', async () => {
    const discord = await startLocalDiscord();
    const service = await startFakeService();
    cleanups.push(
      () => discord.close(),
      () => service.close(),
    );
    discord.failNext((method, path) => method === 'GET' && path === '/gateway/bot', 401, {
      message: '401: Unauthorized',
      code: 0,
    });
    const bot = startBotProcess(discord, service, { fromSource: true });
    cleanups.push(() => bot.stop());
    expect(await bot.exited).toBe(1);
    await allPrinted(bot);
    expect(bot.output().trim().split('\n').at(-1)).toBe(
      'start: could not ask Discord for the recommended shard count (SHARD_COUNT=auto): Discord refused DISCORD_TOKEN (401 Unauthorized): reset the bot token in the developer portal',
    );
    expect(bot.output()).not.toContain(discord.botToken);
  });

  it('a bot that does not shard when Discord requires it stops with one line saying what to set', async () => {
    const discord = await startLocalDiscord({ shards: 2, guildsPerShard: 1 });
    const service = await startFakeService();
    cleanups.push(
      () => discord.close(),
      () => service.close(),
    );
    const bot = startBotProcess(discord, service, { fromSource: true, env: { SHARD_COUNT: '1' } });
    cleanups.push(() => bot.stop());
    expect(await bot.exited).toBe(1);
    await allPrinted(bot);
    expect(discord.refusedIdentifies.map((refused) => refused.code)).toContain(4011);
    expect(bot.output()).toContain(
      'start: Discord requires more shards for this bot (close code 4011): set SHARD_COUNT=auto, or a higher count',
    );
  });
});

/**
 * One store for processes that split the shards: a new PostgreSQL database when the test servers
 * run one (test/helpers/servers.ts), else a SQLite file both processes open.
 */
async function sharedStoreUrl(dir: string): Promise<string> {
  const server = inject('postgresUrl');
  if (server === undefined) return `sqlite://${join(dir, 'bot.sqlite')}`;
  const name = `sharded_${randomBytes(6).toString('hex')}`;
  await withPostgres(server, (client) => client.query(`CREATE DATABASE ${name}`));
  cleanups.push(async () => {
    await withPostgres(server, (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
  });
  return withDatabase(server, name);
}

/** `npm run rest-proxy` (src/cli/restProxy.ts) in front of the fake Discord, on a free port. */
async function startRestProxy(upstream: string): Promise<{ child: ChildProcess; apiUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/restProxy.ts'], {
    env: { PATH: process.env.PATH ?? '', REST_PROXY_PORT: '0', REST_PROXY_UPSTREAM: upstream },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const apiUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+\/api)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the REST proxy exited (${code}): ${output}`)));
  });
  return { child, apiUrl };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}
