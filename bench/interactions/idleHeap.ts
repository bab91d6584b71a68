/**
 * Part 3: the heap per idle server of a gateway process and of an HTTP worker (GATEWAY=off), each
 * a fresh built bot (--expose-gc, heap read after a full collection through its SIGUSR2 line) at
 * IDLE_SERVERS[0] and IDLE_SERVERS[1] servers of bench/scale's shape (10 channels, the bot and 3
 * members each; 2,500 servers per shard). The gateway process is bench/scale's world as it is; the
 * HTTP worker gets the same local Discord, listens for interactions (saved as the endpoint URL, so
 * Discord has PINGed it) and connects to no gateway: it is never told of the servers. Per server:
 * the slope of the heap after GC between the two counts.
 */
import type { LocalDiscord } from '../../src/localDiscord/localDiscord.js';
import { startLocalDiscord } from '../../src/localDiscord/localDiscord.js';
import type { FakeService } from '../../src/localService/fakeService.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';
import { CHANNELS, MEMBERS, PER_SHARD } from '../scale/conditions.js';
import { type Running, settled, startWorld, stopWorld } from '../scale/world.js';
import { IDLE_SERVERS, round, sleep } from './conditions.js';

/** The port an HTTP worker listens on, from its `interactions endpoint listening` line. */
async function listeningPort(bot: BotProcess): Promise<number> {
  for (let i = 0; i < 600; i += 1) {
    const line = bot
      .output()
      .split('\n')
      .find((text) => text.includes('interactions endpoint listening'));
    if (line) return (JSON.parse(line) as { port: number }).port;
    if (bot.child.exitCode !== null) break;
    await sleep(50);
  }
  throw new Error(`the HTTP worker did not listen:\n${bot.output().slice(-3000)}`);
}

async function startHttpWorld(servers: number, service: FakeService): Promise<Running> {
  const shards = Math.ceil(servers / PER_SHARD);
  const discord: LocalDiscord = await startLocalDiscord({
    shards,
    guildsPerShard: Math.ceil(servers / shards),
    channelCount: CHANNELS,
    membersPerGuild: MEMBERS,
    maxConcurrency: 16,
  });
  const started = performance.now();
  const bot = startBotProcess(discord, service, {
    nodeOptions: '--expose-gc',
    env: {
      LOG_LEVEL: 'info',
      GATEWAY: 'off',
      INTERACTIONS_PORT: '0',
      DISCORD_PUBLIC_KEY: discord.publicKey,
    },
  });
  try {
    await bot.ready();
    const port = await listeningPort(bot);
    await discord.setInteractionsEndpoint(`http://127.0.0.1:${port}/interactions`);
  } catch (error) {
    await bot.stop();
    await discord.close();
    throw error;
  }
  return {
    discord,
    bot,
    pid: bot.child.pid as number,
    shards,
    startSeconds: round((performance.now() - started) / 1000, 2),
  };
}

type Figures = Awaited<ReturnType<typeof settled>>;

async function slope(kind: 'gateway' | 'http', service: FakeService) {
  const runs: ({ servers: number; startSeconds: number; gatewayConnections: number } & Figures)[] = [];
  for (const servers of IDLE_SERVERS) {
    const world =
      kind === 'gateway' ? await startWorld(servers, service) : await startHttpWorld(servers, service);
    try {
      const figures = await settled(world);
      runs.push({
        servers,
        startSeconds: world.startSeconds,
        gatewayConnections: world.discord.gatewayConnections(),
        ...figures,
      });
      console.error(`idle ${kind}, ${servers} servers: ${JSON.stringify(runs.at(-1))}`);
    } finally {
      await stopWorld(world);
    }
  }
  const [low, high] = [runs[0], runs.at(-1)];
  const perServer = (key: 'heapAfterGcMiB' | 'rssMiB') =>
    low && high && high.servers > low.servers
      ? round(((high[key] - low[key]) * 1024) / (high.servers - low.servers), 3)
      : null;
  return { runs, heapPerServerKiB: perServer('heapAfterGcMiB'), rssPerServerKiB: perServer('rssMiB') };
}

export async function idleHeap(service: FakeService) {
  return {
    servers: IDLE_SERVERS,
    gatewayProcess: await slope('gateway', service),
    httpWorker: await slope('http', service),
  };
}
