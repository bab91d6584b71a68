/**
 * Scale benchmark (issue 18, "a year in ten thousand servers"): what servers and the messages
 * not meant for the bot cost one bot process. The built bot (`dist/src/main.js`) runs as its own
 * process against the local Discord (in this process) and the fake service, on loopback. Each
 * server has 10 text channels, @everyone, the bot's managed role and a members' role, the bot's
 * member and 3 others (`membersPerGuild`: Discord sends other members only with the presence
 * intent, so this is the worst case for the caches).
 *
 * Measured, each in a fresh bot process (started with --expose-gc; the heap is read after a full
 * collection through the bot's own SIGUSR2 line, `memory in use`):
 * - idle: heap after GC and RSS at two server counts (1,000 and 10,000; quick: 200 and 2,000),
 *   the shards Discord requires (2,500 servers per shard at most, `SHARD_COUNT=auto`) all in one
 *   process; the heap per server is the slope between the two;
 * - ignored: at 1,000 servers (quick: 200), 1,000,000 member messages not for the bot (quick:
 *   100,000), spread over every channel, from each server's members; heap after GC and RSS
 *   before and after, and a mention answered at the end;
 * - cpu: the bot's CPU (user + system, /proc) per 10,000 of those messages, per batch of 100,000
 *   (quick: 20,000) once the bot has taken each batch (a WebSocket ping answered, then quiet).
 *
 * Targets: heap per idle server ≤ 6 KiB; RSS at 10,000 servers ≤ 300 MiB; after the messages,
 * heap after GC within +10 MiB of idle and RSS within +15 %, mentions still answered; CPU per
 * 10,000 ignored messages ≤ 200 ms.
 *
 * Env: BENCH_QUICK=1 (under a minute), BENCH_SCALE_SERVERS (e.g. `1000,10000`),
 * BENCH_SCALE_MESSAGES, BENCH_BOT_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * Run after a build: `tsx bench/scale.ts`. Writes bench/results/scale.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { type LocalDiscord, type LocalUser, startLocalDiscord } from '../src/localDiscord/localDiscord.js';
import { type FakeService, startFakeService } from '../test/fakes/service.js';
import { type BotProcess, startBotProcess } from '../test/helpers/botProcess.js';
import { processFigures, TICKS_PER_SECOND } from './processFigures.js';

const QUICK = process.env.BENCH_QUICK === '1';
const SERVERS = (process.env.BENCH_SCALE_SERVERS ?? (QUICK ? '200,2000' : '1000,10000'))
  .split(',')
  .map(Number);
const IGNORED_SERVERS = SERVERS[0] as number;
const MESSAGES = Number(process.env.BENCH_SCALE_MESSAGES ?? (QUICK ? 100_000 : 1_000_000));
const BATCH = QUICK ? 20_000 : 100_000;
const CHANNELS = 10;
const MEMBERS = 3;
/** Discord's most servers per shard. */
const PER_SHARD = 2500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const MiB = 1024 * 1024;

interface Running {
  readonly discord: LocalDiscord;
  readonly bot: BotProcess;
  readonly pid: number;
  readonly shards: number;
  readonly startSeconds: number;
}

async function startWorld(servers: number, service: FakeService): Promise<Running> {
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

async function stopWorld(world: Running): Promise<void> {
  await world.bot.stop();
  await world.discord.close();
}

/** The bot's memory after a full collection (twice, the second counts), from its SIGUSR2 line. */
async function memoryAfterGc(bot: BotProcess): Promise<NodeJS.MemoryUsage> {
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
async function settled(world: Running) {
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
async function drained(discord: LocalDiscord): Promise<void> {
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
async function backPressure(discord: LocalDiscord): Promise<void> {
  const full = () =>
    [...discord.sessions.values()].some((session) => (session.ws?.bufferedAmount ?? 0) > MiB);
  while (full()) await sleep(1);
}

/** Waits until the bot's CPU time stops moving (two reads 100 ms apart within 2 ms). */
async function quiet(pid: number): Promise<number> {
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
async function sendIgnored(discord: LocalDiscord, count: number, offset: number): Promise<void> {
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
async function mentionAnswered(world: Running): Promise<boolean> {
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

const service = await startFakeService();
const report: Record<string, unknown> = {};
const started = performance.now();
try {
  // ---- idle: heap and RSS per server count --------------------------------------------------
  type Figures = Awaited<ReturnType<typeof settled>>;
  const idleRuns: ({ servers: number; shards: number; startSeconds: number } & Figures)[] = [];
  let ignoredWorld: Running | undefined;
  for (const servers of SERVERS) {
    const world = await startWorld(servers, service);
    const figures = await settled(world);
    idleRuns.push({ servers, shards: world.shards, startSeconds: world.startSeconds, ...figures });
    console.error(`idle ${servers} servers (${world.shards} shards): ${JSON.stringify(figures)}`);
    if (servers === IGNORED_SERVERS && ignoredWorld === undefined) ignoredWorld = world;
    else await stopWorld(world);
  }
  const [low, high] = [idleRuns[0], idleRuns.at(-1)];
  const perServer = (key: 'heapAfterGcMiB' | 'rssMiB') =>
    low && high && high.servers > low.servers
      ? round(((high[key] - low[key]) * 1024) / (high.servers - low.servers), 2)
      : null;
  report.idle = {
    runs: idleRuns,
    heapPerServerKiB: perServer('heapAfterGcMiB'),
    rssPerServerKiB: perServer('rssMiB'),
    rssAtMostServersMiB: high?.rssMiB ?? null,
    mostServers: high?.servers ?? null,
  };

  // ---- ignored messages and CPU ---------------------------------------------------------------
  const world = ignoredWorld ?? (await startWorld(IGNORED_SERVERS, service));
  try {
    const before = idleRuns.find((run) => run.servers === IGNORED_SERVERS) ?? (await settled(world));
    const batches: { messages: number; cpuMs: number; seconds: number }[] = [];
    let sent = 0;
    const sendStarted = performance.now();
    while (sent < MESSAGES) {
      const count = Math.min(BATCH, MESSAGES - sent);
      const cpuBefore = await quiet(world.pid);
      const batchStarted = performance.now();
      await sendIgnored(world.discord, count, sent);
      await drained(world.discord);
      const cpuAfter = await quiet(world.pid);
      batches.push({
        messages: count,
        cpuMs: Math.round(cpuAfter - cpuBefore),
        seconds: round((performance.now() - batchStarted) / 1000, 2),
      });
      sent += count;
      console.error(`ignored: ${sent}/${MESSAGES}, batch CPU ${Math.round(cpuAfter - cpuBefore)} ms`);
    }
    const sendSeconds = round((performance.now() - sendStarted) / 1000, 1);
    const after = await settled(world);
    const answered = await mentionAnswered(world);
    report.ignored = {
      servers: IGNORED_SERVERS,
      messages: MESSAGES,
      seconds: sendSeconds,
      heapAfterGcMiB: { idle: before.heapAfterGcMiB, after: after.heapAfterGcMiB },
      heapGrowthMiB: round(after.heapAfterGcMiB - before.heapAfterGcMiB, 2),
      rssMiB: { idle: before.rssMiB, after: after.rssMiB },
      // V8's committed heap (after GC): pages it gave up stay in its page pool, counted in RSS.
      heapTotalMiB: { idle: before.heapTotalMiB, after: after.heapTotalMiB },
      rssGrowthPercent: round(((after.rssMiB - before.rssMiB) / before.rssMiB) * 100, 1),
      mentionAnswered: answered,
    };
    // The first batch warms the bot's code up (JIT); the figure is over the rest.
    const measured = batches.length > 1 ? batches.slice(1) : batches;
    const per10k = measured.map((batch) => (batch.cpuMs * 10_000) / batch.messages).sort((a, b) => a - b);
    report.cpu = {
      per10kMessagesMs: Math.round(per10k.reduce((sum, value) => sum + value, 0) / per10k.length),
      per10kMessagesMinMs: Math.round(per10k[0] ?? 0),
      per10kMessagesMaxMs: Math.round(per10k.at(-1) ?? 0),
      batches,
      note: 'bot CPU (user+system) per batch once drained, first batch (warm-up) left out of the figure',
    };
  } finally {
    await stopWorld(world);
  }
} finally {
  await service.close();
}

report.machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  ramGiB: round(totalmem() / 1024 ** 3),
  node: process.version,
  loadAverage1m: round(loadavg()[0] ?? 0, 2),
  quick: QUICK,
  botNodeOptions: process.env.BENCH_BOT_NODE_OPTIONS ?? '',
  seconds: round((performance.now() - started) / 1000),
  date: new Date().toISOString(),
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/scale.json', `${JSON.stringify(report, null, 2)}\n`);

const idle = report.idle as {
  heapPerServerKiB: number | null;
  rssAtMostServersMiB: number | null;
  mostServers: number;
};
const ignored = report.ignored as {
  heapGrowthMiB: number;
  rssGrowthPercent: number;
  mentionAnswered: boolean;
  messages: number;
};
const cpu = report.cpu as { per10kMessagesMs: number };
const rows = [
  ['heap after GC per idle server', `${idle.heapPerServerKiB} KiB`, '≤ 6 KiB'],
  [`RSS at ${idle.mostServers} servers, idle`, `${idle.rssAtMostServersMiB} MiB`, '≤ 300 MiB (10,000)'],
  [
    `after ${ignored.messages.toLocaleString('en')} ignored messages`,
    `heap ${ignored.heapGrowthMiB >= 0 ? '+' : ''}${ignored.heapGrowthMiB} MiB, RSS ${ignored.rssGrowthPercent >= 0 ? '+' : ''}${ignored.rssGrowthPercent} %, mention ${ignored.mentionAnswered ? 'answered' : 'NOT answered'}`,
    '≤ +10 MiB, ≤ +15 %, answered',
  ],
  ['bot CPU per 10,000 ignored messages', `${cpu.per10kMessagesMs} ms`, '≤ 200 ms'],
];
const width = rows.reduce((max, row) => Math.max(max, (row[0] as string).length), 0);
const width2 = rows.reduce((max, row) => Math.max(max, (row[1] as string).length), 0);
for (const [measure, figure, target] of rows)
  console.log(`${(measure as string).padEnd(width)}  ${(figure as string).padEnd(width2)}  ${target}`);
