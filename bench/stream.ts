/**
 * Streaming benchmark: the built bot runs as its own process (so its CPU and memory are its
 * own), talking to the fake Discord and the fake service in this process over loopback.
 *
 * The fake Discord enforces 5 edits per 2 s per interaction token (and per channel for the bot's
 * channel messages) and answers every REST call after 25 ms. Each reply is 1,500 tokens streamed over about 30 s. Scenarios: one reply alone,
 * then 50 concurrent replies in 50 channels (asked with /ask, then by mentioning the bot).
 *
 * Measured per reply:
 * - first-visible latency: from the first upstream token leaving the service to Discord showing
 *   text (the edit's response time);
 * - mean visible staleness: time-weighted age of the oldest text the service has sent that
 *   Discord does not show yet (0 while Discord is up to date), from the first token to the end;
 * - edits (Discord requests) per reply; 429 responses overall;
 * - the bot process's CPU seconds and peak RSS.
 *
 * Run: npm run bench (builds first). Figures are printed and written to bench/results/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { STREAMING_CURSOR } from '../src/discord/render/streamRenderer.js';
import { type FakeDiscord, type FakeMessage, startFakeDiscord } from '../test/fakes/discord.js';
import { type FakeService, startFakeService } from '../test/fakes/service.js';
import { startBotProcess } from '../test/helpers/botProcess.js';

const REST_DELAY_MS = 25;
const TOKENS = 1500;
const STREAM_MS = Number(process.env.BENCH_STREAM_MS ?? 30_000);
const TICKS_PER_SECOND = 100;

function replyText(): string {
  const words = ['the', 'quick', 'model', 'writes', 'text', 'that', 'grows', 'into', 'long', 'answer'];
  const tokens: string[] = [];
  for (let i = 0; i < TOKENS; i += 1) {
    // About four characters per token; a paragraph break every 80 tokens.
    tokens.push(i % 80 === 79 ? 'end.\n\n' : `${words[i % words.length]} `);
  }
  return tokens.join('');
}

/** The reply without the context and cost line the bot adds under it (not streamed text). */
function withoutCostLine(content: string): string {
  return content.replace(/\n\n-# (context|💰)[^\n]*$/, '');
}

interface ReplyFigures {
  firstVisibleMs: number;
  /** The bot's share: first upstream token to the first edit request reaching Discord. */
  firstRequestMs: number;
  meanStalenessMs: number;
  edits: number;
  exact: boolean;
}

function measure(
  messages: FakeMessage[],
  service: FakeService,
  logIndex: number,
  text: string,
): ReplyFigures {
  const sent = service.sendLogs[logIndex] ?? [];
  // Every moment Discord's visible text changed: (time, total characters shown).
  const changes: { at: number; requestedAt: number; index: number; chars: number }[] = [];
  messages.forEach((message, index) => {
    for (const version of message.versions) {
      const body = version.content.endsWith(STREAMING_CURSOR)
        ? version.content.slice(0, -STREAMING_CURSOR.length)
        : version.content;
      changes.push({ at: version.at, requestedAt: version.requestedAt, index, chars: body.length });
    }
  });
  changes.sort((a, b) => a.at - b.at);
  const shownPerMessage: number[] = [];
  const timeline = changes.map((change) => {
    shownPerMessage[change.index] = change.chars;
    return {
      at: change.at,
      requestedAt: change.requestedAt,
      shown: shownPerMessage.reduce((sum, chars) => sum + (chars ?? 0), 0),
    };
  });
  const start = sent[0]?.at ?? 0;
  const end = timeline.at(-1)?.at ?? start;
  const firstPoint = timeline.find((point) => point.shown > 0);
  const firstVisible = firstPoint?.at ?? end;

  // Integrate staleness on a 5 ms grid.
  let stale = 0;
  let samples = 0;
  let t = start;
  let shownIndex = -1;
  let sentIndex = 0;
  let firstUnshown = 0;
  for (; t <= end; t += 5) {
    while (shownIndex + 1 < timeline.length && (timeline[shownIndex + 1]?.at ?? Infinity) <= t)
      shownIndex += 1;
    const shown = shownIndex >= 0 ? (timeline[shownIndex]?.shown ?? 0) : 0;
    while (sentIndex < sent.length && (sent[sentIndex]?.at ?? Infinity) <= t) sentIndex += 1;
    const sentChars = sentIndex > 0 ? (sent[sentIndex - 1]?.sentChars ?? 0) : 0;
    if (shown < sentChars) {
      firstUnshown = 0;
      while (firstUnshown < sentIndex && (sent[firstUnshown]?.sentChars ?? 0) <= shown) firstUnshown += 1;
      stale += t - (sent[firstUnshown]?.at ?? t);
    }
    samples += 1;
  }
  const finalText = withoutCostLine(messages.map((message) => message.content).join(''));
  return {
    firstVisibleMs: firstVisible - start,
    firstRequestMs: (firstPoint?.requestedAt ?? end) - start,
    meanStalenessMs: samples > 0 ? stale / samples : 0,
    edits: messages.reduce((sum, message) => sum + message.versions.length, 0),
    exact: finalText === text,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

function processFigures(pid: number): { cpuSeconds: number; peakRssMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return { cpuSeconds: ticks / TICKS_PER_SECOND, peakRssMiB: hwm / 1024 };
}

/** How the members ask: /ask (interaction webhooks) or a mention (bot-token channel messages). */
type Via = 'ask' | 'mention';

function request(discord: FakeDiscord, channelId: string, via: Via): () => FakeMessage[] {
  if (via === 'ask') {
    const interaction = discord.sendCommand({
      name: 'ask',
      options: { prompt: 'write at length' },
      channelId,
    });
    return () => discord.replyMessages(interaction);
  }
  const message = discord.sendMessage({ channelId, content: `<@${discord.botUser.id}> write at length` });
  return () => discord.replyTo(message);
}

async function scenario(replies: number, spreadMs = 0, via: Via = 'ask') {
  const discord = await startFakeDiscord({
    restDelayMs: REST_DELAY_MS,
    rateLimit: { limit: 5, windowMs: 2000, headers: true },
    channelCount: replies,
  });
  const service = await startFakeService();
  const bot = startBotProcess(discord, service, { nodeOptions: process.env.BENCH_BOT_NODE_OPTIONS ?? '' });
  try {
    await bot.ready();
    const text = replyText();
    const requests: (() => FakeMessage[])[] = [];
    for (let i = 0; i < replies; i += 1) {
      service.enqueue({ text, chunks: TOKENS, intervalMs: STREAM_MS / TOKENS });
    }
    const baseline = bot.child.pid ? processFigures(bot.child.pid) : { cpuSeconds: 0, peakRssMiB: 0 };
    for (const [index, channelId] of discord.channelIds.entries()) {
      if (spreadMs > 0 && index > 0) await new Promise((resolve) => setTimeout(resolve, spreadMs / replies));
      requests.push(request(discord, channelId, via));
    }
    await discord.waitFor(
      () =>
        requests.every(
          (messages) =>
            withoutCostLine(
              messages()
                .map((m) => m.content)
                .join(''),
            ) === text,
        ),
      STREAM_MS * 3,
      'every reply to finish',
    );
    const figures = bot.child.pid ? processFigures(bot.child.pid) : { cpuSeconds: 0, peakRssMiB: 0 };
    // Map each interaction to its service request by arrival order of prompts per channel.
    const results = requests.map((messages, i) => measure(messages(), service, i, text));
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q: number) =>
        round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
      return {
        mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
        p50: at(0.5),
        p95: at(0.95),
        max: at(1),
      };
    };
    return {
      via,
      replies,
      arrivalsSpreadOverMs: spreadMs,
      firstVisibleMs: stats(results.map((r) => r.firstVisibleMs)),
      botShareOfFirstVisibleMs: stats(results.map((r) => r.firstRequestMs)),
      meanStalenessMs: stats(results.map((r) => r.meanStalenessMs)),
      editsPerReply: stats(results.map((r) => r.edits)).mean,
      rateLimited429: discord.rateLimited,
      allExact: results.every((r) => r.exact),
      botCpuSeconds: round(figures.cpuSeconds - baseline.cpuSeconds),
      botPeakRssMiB: round(figures.peakRssMiB),
    };
  } finally {
    await bot.stop();
    await discord.close();
    await service.close();
  }
}

// BENCH_SCENARIOS=fifty runs one scenario; BENCH_BOT_NODE_OPTIONS passes flags (e.g. --cpu-prof) to the bot.
const wanted = (process.env.BENCH_SCENARIOS ?? 'alone,fifty,fiftySpread,mentionsSpread').split(',');
const report = {
  date: new Date().toISOString(),
  node: process.version,
  alone: wanted.includes('alone') ? await scenario(1) : undefined,
  // All 50 commands dispatched in the same millisecond: the worst case for first-visible latency.
  fifty: wanted.includes('fifty') ? await scenario(50) : undefined,
  // The same 50 concurrent replies, their commands arriving over the first second.
  fiftySpread: wanted.includes('fiftySpread') ? await scenario(50, 1000) : undefined,
  // The same, asked by mentioning the bot: replies are channel messages under the bot token,
  // which share discord.js's 50 requests/s global limit (interaction webhooks do not).
  mentionsSpread: wanted.includes('mentionsSpread') ? await scenario(50, 1000, 'mention') : undefined,
};
console.log(JSON.stringify(report, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/stream.json', `${JSON.stringify(report, null, 2)}\n`);
