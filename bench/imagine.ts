/**
 * /imagine benchmark: the time the bot adds around the service for 4 × 2048x2048 images on
 * loopback: from the service's answer to the last attachment stored by the fake Discord
 * (download from the content host, then multipart upload to Discord). The bot runs as its own
 * process; the fakes answer at once (no simulated delay), so the figure is the bot's own cost
 * plus loopback transfer.
 *
 * No time target is stated for it (docs/performance.md, "Other figures"); what is judged in code
 * (bench/run/verdict.ts; a miss exits non-zero): every attachment byte-exact, the four images in
 * one message under a 50 MiB upload limit, and every message within its upload limit.
 *
 * Run: npm run bench (after bench/stream.ts), or `npm run build && tsx bench/imagine.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { startLocalDiscord } from '../src/localDiscord/localDiscord.js';
import { startFakeService } from '../src/localService/fakeService.js';
import { startBotProcess } from '../src/localService/harness/botProcess.js';
import { makePng } from '../src/localService/png.js';
import { exitOnMiss, holds, judged } from './run/verdict.js';

const RUNS = Number(process.env.BENCH_IMAGINE_RUNS ?? 5);
const round = (value: number) => Math.round(value * 10) / 10;

// Photographic-like 2048x2048 PNGs: a gradient with 10 % noisy pixels, about 5.3 MB each.
const images = [1, 2, 3, 4].map((seed) => makePng(2048, 2048, seed, 0.1));

async function run(attachmentSizeLimit: number) {
  const discord = await startLocalDiscord();
  const service = await startFakeService();
  const bot = startBotProcess(discord, service);
  const samples: number[] = [];
  let messagesPerReply = 0;
  let withinLimit = true;
  try {
    await bot.ready();
    for (let i = 0; i < RUNS; i += 1) {
      service.enqueueImages({ images: images.map((bytes) => ({ bytes })) });
      const before = service.imageRequests().length;
      const interaction = discord.sendCommand({
        name: 'imagine',
        options: { prompt: 'a lighthouse at dusk', n: 4, size: '2048x2048' },
        attachmentSizeLimit,
      });
      await discord.waitFor(() => service.imageRequests().length > before, 10_000, 'the service request');
      // The fake answers at once: its request time is the service's answer time.
      const answeredAt = service.imageRequests().at(-1)?.receivedAt ?? 0;
      const messages = await discord.waitFor(
        () => {
          const list = discord.replyMessages(interaction);
          const files = list.reduce((sum, message) => sum + message.attachments.length, 0);
          return files === 4 ? list : undefined;
        },
        60_000,
        `four attachments (now: ${JSON.stringify(discord.replyMessages(interaction).map((m) => [m.content.slice(0, 300), m.attachments.length]))})`,
      );
      const storedAt = Math.max(...messages.map((message) => message.versions.at(-1)?.at ?? 0));
      const exact = messages
        .flatMap((message) => message.attachments)
        .every((file, index) => file.data.equals(images[index] as Buffer));
      if (!exact) throw new Error('attachment bytes differ from what the content host served');
      samples.push(storedAt - answeredAt);
      messagesPerReply = messages.length;
      withinLimit &&= messages.every(
        (message) =>
          message.attachments.reduce((sum, file) => sum + file.data.length, 0) <= attachmentSizeLimit,
      );
    }
  } finally {
    await bot.stop();
    await discord.close();
    await service.close();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    attachmentSizeLimitMiB: attachmentSizeLimit / 1024 / 1024,
    messagesPerReply,
    everyMessageWithinLimit: withinLimit,
    botAddedMs: {
      median: round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      min: round(sorted[0] ?? 0),
      max: round(sorted.at(-1) ?? 0),
    },
  };
}

const oneMessage = await run(50 * 1024 * 1024);
const defaultLimit = await run(10 * 1024 * 1024);
const report = judged(
  {
    date: new Date().toISOString(),
    node: process.version,
    imageBytes: images.map((bytes) => bytes.length),
    runs: RUNS,
    // Boosted guild: all four fit one message.
    oneMessage,
    // Discord's default 10 MiB: spread over follow-ups.
    defaultLimit,
  },
  [
    // A run whose attachments differ from what the content host served throws (a crash).
    holds(`every attachment byte-exact, ${RUNS} runs × 2 limits`, true),
    holds('all four in one message under a 50 MiB upload limit', oneMessage.messagesPerReply === 1),
    holds(
      'every message within its upload limit (10 MiB, 50 MiB)',
      defaultLimit.everyMessageWithinLimit && oneMessage.everyMessageWithinLimit,
    ),
  ],
);
console.log(JSON.stringify(report, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/imagine.json', `${JSON.stringify(report, null, 2)}\n`);
exitOnMiss(report);
