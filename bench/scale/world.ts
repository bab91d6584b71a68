/**
 * A world for the bot: a local Discord of `servers` servers and the built bot connected to it; and
 * what the bench does in it (member messages not for the bot, a mention) and reads off the bot.
 */
import { type LocalDiscord, type LocalUser, startLocalDiscord } from '../../src/localDiscord/localDiscord.js';
import type { FakeService } from '../../src/localService/fakeService.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';
import { processFigures, TICKS_PER_SECOND } from '../processFigures.js';
import { CHANNELS, MEMBERS, MiB, PER_SHARD, QUICK, round, sleep } from './conditions.js';

export interface Running {
  readonly discord: LocalDiscord;
  readonly bot: BotProcess;
  readonly pid: number;
  readonly shards: number;
  readonly startSeconds: number;
}

export async function startWorld(servers: number, service: FakeService): Promise<Running> {
  const shards = Math.ceil(servers / PER_SHARD);
  const discord = await startLocalDiscord({
    shards,
    guildsPerShard: Math.ceil(servers / shards),
    channelCount: CHANNELS,
    membersPerGuild: MEMBERS,
    // Discord gives large bots a higher identify concurrency; 1 would add 5 s per shard.
    maxConcurrency: 16,
  });
  const started = performance.now();
  const bot = startBotProcess(discord, service, {
    nodeOptions: `--expose-gc ${process.env.BENCH_BOT_NODE_OPTIONS ?? ''}`.trim(),
    env: { LOG_LEVEL: 'info' },
  });
  await bot.ready();
  return {
    discord,
    bot,
    pid: bot.child.pid as number,
    shards,
    startSeconds: round((performance.now() - started) / 1000, 2),
  };
}

export async function stopWorld(world: Running): Promise<void> {
  await world.bot.stop();
  await world.discord.close();
}

/** The bot's memory after a full collection (twice, the second counts), from its SIGUSR2 line. */
export async function memoryAfterGc(bot: BotProcess): Promise<NodeJS.MemoryUsage> {
  let memory = {} as NodeJS.MemoryUsage;
  for (let round = 0; round < 2; round += 1) {
    const count = () => bot.output().split('memory in use').length;
    const before = count();
    bot.child.kill('SIGUSR2');
    for (let i = 0; i < 500 && count() === before; i += 1) await sleep(10);
    const line = bot
      .output()
      .split('\n')
      .filter((entry) => entry.includes('memory in use'))
      .at(-1);
    memory = (JSON.parse(line ?? '{}') as { memory: NodeJS.MemoryUsage }).memory;
  }
  return memory;
}

/** Heap after GC and RSS once the bot has been quiet for a while. */
export async function settled(world: Running) {
  await sleep(QUICK ? 1_000 : 3_000);
  const memory = await memoryAfterGc(world.bot);
  return {
    heapAfterGcMiB: round(memory.heapUsed / MiB, 2),
    rssMiB: round(processFigures(world.pid).rssMiB),
    heapTotalMiB: round(memory.heapTotal / MiB, 1),
    externalMiB: round(memory.external / MiB, 1),
  };
}

/** Resolves once every gateway connection has answered a WebSocket ping sent after the messages. */
export async function drained(discord: LocalDiscord): Promise<void> {
  await Promise.all(
    [...discord.sessions.values()].map(
      (session) =>
        new Promise<void>((resolve) => {
          const ws = session.ws;
          if (!ws) return resolve();
          ws.once('pong', () => resolve());
          ws.ping();
        }),
    ),
  );
}

/** Waits until each connection's send buffer is under 1 MiB (the bot reads as fast as it parses). */
export async function backPressure(discord: LocalDiscord): Promise<void> {
  const full = () =>
    [...discord.sessions.values()].some((session) => (session.ws?.bufferedAmount ?? 0) > MiB);
  while (full()) await sleep(1);
}

/** Waits until the bot's CPU time stops moving (two reads 100 ms apart within 2 ms). */
export async function quiet(pid: number): Promise<number> {
  let last = processFigures(pid).cpuSeconds * 1000;
  for (let i = 0; i < 100; i += 1) {
    await sleep(100);
    const now = processFigures(pid).cpuSeconds * 1000;
    if (now - last <= 2 * (1000 / TICKS_PER_SECOND)) return now;
    last = now;
  }
  return last;
}

/** Sends `count` member messages not meant for the bot, round-robin over every channel. */
export async function sendIgnored(discord: LocalDiscord, count: number, offset: number): Promise<void> {
  const targets = discord.guilds.flatMap((guild) =>
    guild.channelIds.map((channelId) => ({ channelId, members: guild.members ?? [] })),
  );
  for (let i = 0; i < count; i += 1) {
    const target = targets[(offset + i) % targets.length] as (typeof targets)[number];
    const user = target.members[(offset + i) % target.members.length] as LocalUser;
    discord.sendMessage({
      channelId: target.channelId,
      user,
      content: `just chatting among members, message ${offset + i}`,
      keep: false,
    });
    if (i % 500 === 499) await backPressure(discord);
  }
}

/** A mention of the bot in the first server's first channel; true when it is answered. */
export async function mentionAnswered(world: Running): Promise<boolean> {
  const guild = world.discord.guilds[0];
  if (!guild) return false;
  const mention = world.discord.sendMessage({
    channelId: guild.channelIds[0] as string,
    user: guild.members?.[0] as LocalUser,
    content: `<@${world.discord.botUser.id}> are you still there?`,
  });
  const reply = await world.discord
    .waitFor(
      () => world.discord.replyTo(mention)[0]?.content.includes('Echo: ') && world.discord.replyTo(mention),
      20_000,
      'the reply to a mention',
    )
    .catch(() => undefined);
  return reply !== undefined;
}
