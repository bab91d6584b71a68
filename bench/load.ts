/**
 * Load benchmark: 200 concurrent /ask across 100 channels (two per channel, so each channel
 * queues one behind the other), the built bot as its own process against the fakes (25 ms REST
 * delay, Discord's 5 edits per 2 s per interaction). It checks that every reply is exact and
 * that each channel answered in order (the second request carries the first exchange), counts
 * unhandled rejections in the bot's output, and reads the bot's memory before, at its peak, and
 * after the load has drained.
 * Targets, judged in code (bench/run/verdict.ts; a miss exits non-zero): every reply exact,
 * every channel in order, no unhandled rejection, no error logged, no 429.
 *
 * Run: npm run bench (builds first), or BENCH=load after a build. Figures go to bench/results/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  type LocalDiscord,
  type LocalInteraction,
  startLocalDiscord,
} from '../src/localDiscord/localDiscord.js';
import { startFakeService } from '../src/localService/fakeService.js';
import { startBotProcess } from '../src/localService/harness/botProcess.js';
import { withoutQuestionHead } from '../src/reply/quote.js';
import { exitOnMiss, holds, judged } from './run/verdict.js';

const CHANNELS = Number(process.env.BENCH_LOAD_CHANNELS ?? 100);
const PER_CHANNEL = 2;
const TOKENS = 300;
const STREAM_MS = 3_000;
const SETTLE_MS = 15_000;

const text = Array.from({ length: TOKENS }, (_, i) => (i % 60 === 59 ? 'end.\n\n' : 'word '))
  .join('')
  .trimEnd();
const withoutFooter = (content: string) => content.replace(/\n\n-# [^\n]*$/, '');

function memory(pid: number): { rssMiB: number; peakRssMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMiB: Math.round(kb('VmRSS') / 102.4) / 10, peakRssMiB: Math.round(kb('VmHWM') / 102.4) / 10 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function finished(discord: LocalDiscord, interaction: LocalInteraction): boolean {
  return (
    withoutFooter(
      discord
        .replyMessages(interaction)
        .map((m, index) => (index === 0 ? withoutQuestionHead(m.content) : m.content))
        .join(''),
    ) === text
  );
}

const discord = await startLocalDiscord({
  restDelayMs: 25,
  rateLimit: { limit: 5, windowMs: 2000, headers: true },
  channelCount: CHANNELS,
});
const service = await startFakeService();
// --expose-gc: the bot collects garbage before it reports its heap (SIGUSR2), so heap figures
// compare live data, not what the collector has yet to reclaim.
const bot = startBotProcess(discord, service, { nodeOptions: '--expose-gc', env: { LOG_LEVEL: 'info' } });

/** The bot's heap in use after a full collection, from the line SIGUSR2 makes it log. */
async function heapUsedMiB(): Promise<number> {
  const before = bot.output().split('memory in use').length;
  bot.child.kill('SIGUSR2');
  for (let i = 0; i < 100 && bot.output().split('memory in use').length === before; i += 1) await sleep(20);
  const lines = bot
    .output()
    .split('\n')
    .filter((line) => line.includes('memory in use'));
  const heapUsed = (JSON.parse(lines.at(-1) ?? '{}') as { memory?: { heapUsed?: number } }).memory?.heapUsed;
  return Math.round((heapUsed ?? 0) / 104_857.6) / 10;
}
try {
  await bot.ready();
  const pid = bot.child.pid as number;
  // Warm up (first connection, first store writes), then let it settle.
  const warm = discord.sendCommand({
    name: 'ask',
    options: { prompt: 'warm up' },
    channelId: discord.channelIds[0] as string,
  });
  await discord.waitFor(() => discord.replyMessages(warm)[0]?.content.includes('💰'), 10_000, 'warm-up');
  await sleep(2_000);
  const before = memory(pid);
  const heapBefore = await heapUsedMiB();

  for (let i = 0; i < CHANNELS * PER_CHANNEL; i += 1) {
    service.enqueue({ text, chunks: TOKENS, intervalMs: STREAM_MS / TOKENS });
  }
  const started = performance.now();
  const asks: { channel: number; order: number; interaction: LocalInteraction }[] = [];
  for (let order = 0; order < PER_CHANNEL; order += 1) {
    for (let channel = 0; channel < CHANNELS; channel += 1) {
      const interaction = discord.sendCommand({
        name: 'ask',
        options: { prompt: `load ${channel} #${order}` },
        channelId: discord.channelIds[channel] as string,
      });
      asks.push({ channel, order, interaction });
    }
  }
  await discord
    .waitFor(
      () => asks.every(({ interaction }) => finished(discord, interaction)),
      120_000,
      'every reply to finish',
    )
    .catch((error: unknown) => {
      const stuck = asks.filter(({ interaction }) => !finished(discord, interaction)).slice(0, 3);
      for (const { interaction } of stuck) {
        console.error(JSON.stringify(discord.replyMessages(interaction).map((m) => m.content.slice(-200))));
      }
      console.error(bot.output().slice(-3000));
      throw error;
    });
  const drainedMs = performance.now() - started;
  const peak = memory(pid);

  // In order per channel: each channel's second request carries its first exchange.
  const inOrder = asks
    .filter(({ order }) => order === 1)
    .every(({ channel }) => {
      const second = service
        .chatRequests()
        .find((request) => JSON.stringify(request.body.messages).includes(`load ${channel} #1`));
      const messages = (second?.body.messages ?? []) as { content: string }[];
      return messages.some((message) => message.content.endsWith(`load ${channel} #0`));
    });

  await sleep(SETTLE_MS);
  const after = memory(pid);
  const heapAfter = await heapUsedMiB();
  const output = bot.output();
  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    asks: asks.length,
    channels: CHANNELS,
    allExact: asks.every(({ interaction }) => finished(discord, interaction)),
    inOrderPerChannel: inOrder,
    unhandledRejections: (output.match(/unhandled rejection/g) ?? []).length,
    errorLogLines: output.split('\n').filter((line) => line.includes('"level":50')).length,
    rateLimited429: discord.rateLimited,
    drainedSeconds: Math.round(drainedMs / 100) / 10,
    rssMiB: { before: before.rssMiB, peak: peak.peakRssMiB, afterSettling: after.rssMiB },
    heapUsedAfterGcMiB: { before: heapBefore, afterSettling: heapAfter },
    settleSeconds: SETTLE_MS / 1000,
  };
  const report = judged(figures, [
    holds(`all ${asks.length} replies exact`, figures.allExact),
    holds('each channel answered in order', figures.inOrderPerChannel),
    holds('no unhandled rejection', figures.unhandledRejections === 0),
    holds('no error logged', figures.errorLogLines === 0),
    holds('no 429', figures.rateLimited429 === 0),
  ]);
  console.log(JSON.stringify(report, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/load.json', `${JSON.stringify(report, null, 2)}\n`);
  exitOnMiss(report);
} finally {
  await bot.stop();
  await discord.close();
  await service.close();
}
