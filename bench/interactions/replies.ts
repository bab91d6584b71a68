/**
 * Part 4: REPLIES concurrent /ask, one per channel, over servers on both of two shards, answered
 * (a) by one gateway process (GATEWAY=on, interactions over the gateway, both shards in it) or
 * (b) by two HTTP workers (GATEWAY=off, SHARD_COUNT=2, SHARD_IDS 0 and 1, on a shared store)
 * behind a round-robin balancer the local Discord delivers to (half the asks reach the worker
 * that does not own their server, which forwards them). The local Discord as bench/capacity's
 * (25 ms REST delay, 5 edits per 2 s per interaction token); the fake service streams each
 * reply, TOKENS tokens over STREAM_MS. Each /ask comes from a member of its own.
 * Measured from the dispatch to the last reply's exact final text, per bot process (probedBot.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type LocalInteraction, startLocalDiscord } from '../../src/localDiscord/localDiscord.js';
import { lagFigures, type ServiceHandle } from '../capacity/serviceProcess.js';
import { cpuPressureMicros } from '../processFigures.js';
import { replyText } from '../streamedReply.js';
import {
  CHANNELS_PER_GUILD,
  GUILDS_PER_SHARD,
  listenOverflows,
  percentile,
  REPLIES,
  round,
  STREAM_MS,
  sleep,
  TOKENS,
} from './conditions.js';
import type { ProcessWindow } from './probedBot.js';
import { finishedAt, type Mode, type Started, startBots } from './replyBots.js';
import type { BalancerTimes } from './roundRobin.js';

/** REST requests counted by method and route (ids and tokens as :id and :token), the top ones. */
function requestsByRoute(log: readonly { method: string; route: string }[]) {
  const counts = new Map<string, number>();
  for (const { method, route } of log) {
    const shape = route
      .replace(/\d{15,}/g, ':id')
      .replace(/\/(interactions|webhooks)\/:id\/[^/]+/, '/$1/:id/:token')
      .replace(/\?.*$/, '');
    const key = `${method} ${shape}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return { total: log.length, perReply: round(log.length / REPLIES), top: Object.fromEntries(top) };
}

/** The bots sent Discord nothing for this long: the replies not finished are lost. */
const STALLED_MS = 10_000;

export interface RepliesRun {
  readonly mode: Mode;
  readonly store: string;
  readonly replies: number;
  readonly channels: number;
  readonly channelsPerShard: number[];
  readonly allExact: boolean;
  readonly finished: number;
  readonly drainSeconds: number;
  readonly replyDoneSeconds: { p50: number; p99: number; max: number };
  readonly rateLimited429: number;
  /** The bots' REST requests to Discord in the window, and the most frequent routes. */
  readonly discordRequests: ReturnType<typeof requestsByRoute>;
  /** From the dispatch to the bot's acknowledgment (its first callback): Discord allows 3 s. */
  readonly ackMs: { p50: number; p99: number; max: number; within3s: number; never: number };
  readonly processes: ProcessWindow[];
  /** Workers: how Discord's POSTs went (status counts, time to the answer), the balancer's split. */
  readonly delivery?: {
    statuses: Record<string, number>;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    endpointFailures: number;
    balancerSent: number[];
    balancerCpuSeconds: number;
    balancer?: BalancerTimes;
  };
  /** The bench process (the local Discord): its CPU and event-loop delay, to show it kept up. */
  readonly benchCpuSeconds: number;
  readonly benchEventLoopDelayMs: ReturnType<typeof lagFigures>;
  readonly cpuPressure: number | null;
  /** Connections dropped meanwhile, a listening socket's accept queue full (machine-wide). */
  readonly listenOverflows: number | null;
}

export async function concurrentReplies(
  mode: Mode,
  service: ServiceHandle,
  store: { kind: string; url?: string },
): Promise<RepliesRun> {
  const discord = await startLocalDiscord({
    restDelayMs: 25,
    rateLimit: { limit: 5, windowMs: 2000, headers: true },
    shards: 2,
    guildsPerShard: GUILDS_PER_SHARD,
    channelCount: CHANNELS_PER_GUILD,
    maxConcurrency: 2,
  });
  const held: Started = { bots: [] };
  try {
    await startBots(mode, discord, service.url, held, store.url);
    const { bots, balancer } = held;
    const channels = discord.guilds.flatMap((guild) => guild.channelIds).slice(0, REPLIES);
    const shardOfChannel = (channelId: string) => discord.shardOf(discord.guildOf(channelId) ?? '');
    const users = channels.map((_, i) => discord.user(`asker${i}`, `Asker ${i}`));
    const text = replyText(TOKENS);

    // Warm-up: four short replies, in servers of both shards, one after another; then quiet.
    const warmChannels = [0, 1, 0, 1].map(
      (shard) => channels.find((channelId) => shardOfChannel(channelId) === shard) as string,
    );
    await service.enqueue({ text: 'warm up', chunks: 2, intervalMs: 10 }, warmChannels.length);
    for (const [i, channelId] of warmChannels.entries()) {
      const warm = discord.sendCommand({
        name: 'ask',
        options: { prompt: 'warm up' },
        channelId,
        user: discord.user(`warm${i}`),
      });
      await discord.waitFor(
        () => discord.replyMessages(warm)[0]?.content.includes('💰'),
        30_000,
        `${mode}: warm-up ${i}`,
      );
    }
    await sleep(2_000);
    await service.enqueue({ text, chunks: TOKENS, intervalMs: STREAM_MS / TOKENS }, REPLIES);

    await Promise.all(bots.map((bot) => bot.startWindow()));
    const benchCpu = process.cpuUsage();
    const pressureBefore = cpuPressureMicros();
    const overflowsBefore = listenOverflows();
    const rateLimitedBefore = discord.rateLimited;
    const requestsBefore = discord.requestLog.length;
    const failuresBefore = discord.endpointFailures.length;
    const balancerBefore = await balancer?.report();
    const benchLag = monitorEventLoopDelay({ resolution: 1 });
    benchLag.enable();
    const started = performance.now();
    const asks = channels.map((channelId, i) =>
      discord.sendCommand({
        name: 'ask',
        options: { prompt: 'write at length' },
        channelId,
        user: users[i] as (typeof users)[number],
      }),
    );
    const finished = new Map<LocalInteraction, number>();
    // The window ends at the last exact final text; replies lost on the way (no answer within
    // Discord's 3 s) never come, so it also ends once the bots have sent Discord nothing (no edit,
    // no callback) for STALLED_MS.
    const deadline = started + STREAM_MS * 4 + 60_000;
    let requestsSeen = discord.requestLog.length;
    let lastActivity = performance.now();
    while (finished.size < asks.length && performance.now() < deadline) {
      await sleep(250);
      for (const ask of asks) {
        if (finished.has(ask)) continue;
        const at = finishedAt(discord, ask, text);
        if (at !== undefined) finished.set(ask, at);
      }
      if (discord.requestLog.length !== requestsSeen) {
        requestsSeen = discord.requestLog.length;
        lastActivity = performance.now();
      } else if (performance.now() - lastActivity > STALLED_MS) break;
    }
    const end = finished.size > 0 ? Math.max(...finished.values()) : performance.now();
    const pressureAfter = cpuPressureMicros();
    const overflowsAfter = listenOverflows();
    const cpu = process.cpuUsage(benchCpu);
    benchLag.disable();
    const balancerAfter = await balancer?.report();
    const processes = await Promise.all(bots.map((bot) => bot.endWindow()));
    // BENCH_BOT_OUTPUT_DIR=dir: everything each bot printed, a file per process, for a closer look.
    const outputDir = process.env.BENCH_BOT_OUTPUT_DIR;
    if (outputDir)
      for (const [i, bot] of bots.entries())
        writeFileSync(join(outputDir, `${mode}-${i}.log`), bot.bot.output());
    if (finished.size < asks.length) {
      for (const ask of asks.filter((one) => !finished.has(one)).slice(0, 2))
        console.error(JSON.stringify(discord.replyMessages(ask).map((m) => m.content.slice(-120))));
      for (const bot of bots) console.error(`${bot.label}:\n${bot.bot.output().slice(-3000)}`);
    }
    const deliveries = balancer ? await Promise.all(asks.map((ask) => ask.delivered)) : [];
    const statuses: Record<string, number> = {};
    for (const delivery of deliveries)
      statuses[String(delivery?.status)] = (statuses[String(delivery?.status)] ?? 0) + 1;
    const deliveryMs = deliveries.map((delivery) => delivery?.ms ?? Number.POSITIVE_INFINITY);
    const done = [...finished.values()].map((at) => (at - started) / 1000);
    // Acknowledged: the bot's first callback; those never acknowledged are counted apart.
    const acked = asks.filter((ask) => ask.callbacks[0] !== undefined);
    const acks = acked.map((ask) => (ask.callbacks[0]?.at ?? 0) - ask.createdAt);
    return {
      mode,
      store: store.kind,
      replies: asks.length,
      channels: channels.length,
      channelsPerShard: [0, 1].map((shard) => channels.filter((id) => shardOfChannel(id) === shard).length),
      allExact: finished.size === asks.length,
      finished: finished.size,
      drainSeconds: round((end - started) / 1000),
      replyDoneSeconds: {
        p50: round(percentile(done, 50)),
        p99: round(percentile(done, 99)),
        max: round(Math.max(0, ...done)),
      },
      rateLimited429: discord.rateLimited - rateLimitedBefore,
      discordRequests: requestsByRoute(discord.requestLog.slice(requestsBefore)),
      ackMs: {
        p50: round(percentile(acks, 50)),
        p99: round(percentile(acks, 99)),
        max: round(Math.max(0, ...acks)),
        within3s: acks.filter((ms) => ms <= 3000).length,
        never: asks.length - acked.length,
      },
      processes,
      ...(balancer && {
        delivery: {
          statuses,
          p50Ms: round(percentile(deliveryMs, 50)),
          p99Ms: round(percentile(deliveryMs, 99)),
          maxMs: round(Math.max(...deliveryMs)),
          endpointFailures: discord.endpointFailures.length - failuresBefore,
          balancerSent: (balancerAfter?.sent ?? []).map((count, i) => count - (balancerBefore?.sent[i] ?? 0)),
          balancerCpuSeconds: round((balancerAfter?.cpuSeconds ?? 0) - (balancerBefore?.cpuSeconds ?? 0), 2),
          ...(balancerAfter && { balancer: balancerAfter.times }),
        },
      }),
      benchCpuSeconds: round((cpu.user + cpu.system) / 1e6),
      benchEventLoopDelayMs: lagFigures(benchLag),
      listenOverflows:
        overflowsBefore !== undefined && overflowsAfter !== undefined
          ? overflowsAfter - overflowsBefore
          : null,
      cpuPressure:
        pressureBefore !== undefined && pressureAfter !== undefined
          ? round((pressureAfter - pressureBefore) / 1000 / (end - started), 2)
          : null,
    };
  } finally {
    await held.balancer?.close();
    await Promise.all(held.bots.map((bot) => bot.stop()));
    await discord.close();
  }
}
