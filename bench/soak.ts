/**
 * Soak benchmark (issue 18): the built bot (`dist/src/main.js`) as its own process for 10 minutes
 * of steady traffic on a real PostgreSQL store that is stopped (`pg_ctl -m fast`) and started
 * again 3 times during the run, against the local Discord (in this process: 100 servers of 10
 * channels, 5 edits per 2 s per interaction token and per channel, 25 ms per REST answer) and
 * the fake service (SSE chat streams, small PNGs), all on loopback.
 *
 * Traffic, steady from start to end (each request from a member of its own, never seen before):
 * - /ask: 3 a second across 20 channels (two servers' channels), replies of ~60 words streamed
 *   over 2.4 s;
 * - mentions of the bot: 1 a second, round-robin over the 980 channels of the other 98 servers;
 * - /imagine: one every 4 s (n = 1 or 2), in those channels too;
 * - member messages not for the bot: 200 a second over all 1,000 channels, from 50,000 members
 *   in rotation (dispatched without being kept).
 * The local Discord and the fake service are pruned as the run goes (answered requests' messages,
 * interactions, logs, rate-limit buckets), so this process stays flat; only the bot is measured.
 *
 * Measured, in the bot process (started with --expose-gc), every 15 s (quick: 5 s): RSS
 * (/proc/<pid>/status, read first), then heap after a full collection (the bot's SIGUSR2 line,
 * `memory in use`), and where RSS is: a probe preloaded into the bot (`--import data:`, nothing in
 * the bot's code) prints on the same signal V8's heap as committed and as resident and the
 * file-backed RSS, so RSS splits into the V8 heap's resident pages and everything outside it
 * (native: malloc, buffers, code); also the event-loop delay since the previous sample (the bot's
 * /metrics, prom-client, reset at each scrape) and its CPU. The slopes (least squares, MiB per
 * minute) are over the samples after the warm-up (2 minutes; quick: 20 s) until the traffic
 * stops. The forced collection every sample keeps V8 from letting garbage pile up between them;
 * V8 still sizes its young generation by the allocation rate, up to 128 MiB committed here, and
 * its pages become resident as they are first used, which RSS shows as a slow climb (the
 * heapResident series; BENCH_BOT_NODE_OPTIONS=--max-semi-space-size=16 caps it).
 * This process's own heap after a full collection is in the timeline too (benchHeapAfterGcMiB).
 *
 * Counted: every request reaches a final reply (no Stop button, not loading) that is the exact
 * text, the exact text with the "could not save this exchange" note (the store was down when the
 * exchange was written), or a clear error (a `⚠️` line, e.g. the error boundary's while the store
 * is down); anything else is `wrong`, and a request with no final reply 60 s after the traffic
 * stopped is `unanswered`. Images: delivered (all n PNGs attached) or a clear error. Then the bot
 * is stopped with SIGTERM (it must exit 0), and the store is read through the ledger's own keys
 * (listScopes, entriesAfter) and ledgerTotals: exactly one entry per request the service billed
 * (every chat stream and image request it answered; each request's member is unique, so entries
 * are matched to requests by member), none twice, the day/month totals equal to the entries, and
 * the spill file (`data/ledger.pending.json` in the bot's working directory) empty. The bot's log
 * must hold no `unhandled rejection` and no uncaught exception.
 *
 * Targets: RSS slope ≤ 1 MiB/min after the warm-up; every request answered (exact or a clear
 * error), none unanswered; the ledger matches; no unhandled error; exit 0.
 *
 * Env: BENCH_QUICK=1 (75 s, 1 restart), BENCH_SOAK_MINUTES (e.g. 30), BENCH_SOAK_RESTARTS,
 * BENCH_SOAK_DOWN_S (how long the store stays down, default 5), BENCH_BOT_NODE_OPTIONS (more
 * node options for the bot), BENCH_SOAK_SNAPSHOTS=1 (a heap snapshot of the bot after the warm-up
 * and at the end, through --heapsnapshot-signal=SIGPWR, kept in a temporary folder and printed,
 * to compare in Chrome's DevTools).
 * Run after a build: `tsx bench/soak.ts`. Writes bench/results/soak.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { withoutQuestionHead } from '../src/discord/render/quote.js';
import { openStore } from '../src/lib/store.js';
import {
  type LocalDiscord,
  type LocalInteraction,
  type LocalMessage,
  type LocalUser,
  snowflake,
  startLocalDiscord,
} from '../src/localDiscord/localDiscord.js';
import type { LedgerEntry } from '../src/spend/aggregate.js';
import { entriesAfter } from '../src/spend/ledgerKeys.js';
import { ledgerTotals } from '../src/spend/monthReport.js';
import { listScopes } from '../src/spend/scopes.js';
import { readSpill } from '../src/spend/spill.js';
import { type RecordedRequest, startFakeService } from '../test/fakes/service.js';
import { startBotProcess } from '../test/helpers/botProcess.js';
import { findPostgresBin, freePort, type PostgresServer, startPostgres } from '../test/helpers/servers.js';
import { processFigures } from './processFigures.js';

const QUICK = process.env.BENCH_QUICK === '1';
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? (QUICK ? 1.25 : 10));
const RUN_S = MINUTES * 60;
/** Samples before this are the warm-up (JIT, caches filling, V8 sizing its heap). */
const WARMUP_S = QUICK ? 20 : Math.min(120, RUN_S * 0.2);
const SAMPLE_S = QUICK ? 5 : 15;
const RESTARTS = Number(process.env.BENCH_SOAK_RESTARTS ?? (QUICK ? 1 : 3));
const DOWN_S = Number(process.env.BENCH_SOAK_DOWN_S ?? 5);
/** After the traffic stops, how long requests may take to get their final reply. */
const DRAIN_S = 60;
const SNAPSHOTS = process.env.BENCH_SOAK_SNAPSHOTS === '1';

const GUILDS = 100;
const CHANNELS_PER_GUILD = 10;
const ASK_CHANNELS = 20;
const ASKS_PER_S = 3;
const MENTIONS_PER_S = 1;
const IMAGE_EVERY_S = 4;
const FLOOD_PER_S = 200;
const FLOOD_MEMBERS = 50_000;
const REPLY_WORDS = 60;
const REPLY_CHUNKS = 30;
const REPLY_INTERVAL_MS = 80;
/** A request's messages and interaction stay in the local Discord this long after its final reply. */
const KEEP_ANSWERED_MS = 60_000;
const TARGET_SLOPE = 1;

// This process's own full collection, to show the local Discord and the fake service stay flat.
setFlagsFromString('--expose-gc');
const benchGc = runInNewContext('gc') as () => void;
const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const seconds = (since: number) => (performance.now() - since) / 1000;

// ---- the bot process, seen from outside --------------------------------------------------------

/** Microseconds some task waited for a CPU since boot (Linux PSI), when the kernel reports it. */
function cpuPressureMicros(): number | undefined {
  try {
    return Number(/^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]);
  } catch {
    return undefined;
  }
}

const PROBE_MARK = 'SOAK_PROBE ';

/**
 * Preloaded into the bot (`--import data:`, nothing in the bot's code): on SIGUSR2, once the
 * bot's own handler has collected garbage, where its memory is: V8's heap as committed
 * (heapSize) and as resident (physical), V8's own malloc, and the process's anonymous and file
 * RSS. RSS minus the resident heap is the memory outside V8's heap (native: malloc, buffers, code).
 */
const PROBE = `
import v8 from 'node:v8';
import { readFileSync } from 'node:fs';
process.on('SIGUSR2', () => setImmediate(() => {
  const h = v8.getHeapStatistics();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (f) => Number(new RegExp(f + ':\\\\s+(\\\\d+) kB').exec(status)?.[1] ?? 0);
  process.stderr.write(${JSON.stringify(PROBE_MARK)} + JSON.stringify({
    rss: kb('VmRSS') * 1024, rssAnon: kb('RssAnon') * 1024, rssFile: kb('RssFile') * 1024,
    heapSize: h.total_heap_size, physical: h.total_physical_size, used: h.used_heap_size,
    malloced: h.malloced_memory, external: h.external_memory,
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, [s.space_size, s.space_physical_size, s.space_used_size]])),
  }) + '\\n');
}));
`;

interface ProbeLine {
  rss: number;
  rssAnon: number;
  rssFile: number;
  heapSize: number;
  physical: number;
  used: number;
  malloced: number;
  external: number;
  spaces: Record<string, [number, number, number]>;
}

/** What the bot's log says, read line by line as it comes (not kept whole). */

class BotLog {
  readonly warnings = new Map<string, number>();
  readonly errors = new Map<string, number>();
  /** The first line of each error message, shortened. */
  readonly errorSamples = new Map<string, string>();
  unhandled = 0;
  uncaught = 0;
  /** Lines that are not JSON (a crash's stack trace, node's own warnings). */
  readonly other: string[] = [];
  otherCount = 0;
  stopped = false;
  private memoryLines: NodeJS.MemoryUsage[] = [];
  private probeLines: ProbeLine[] = [];
  /** The first line of each warning message, shortened. */
  readonly warningSamples = new Map<string, string>();
  private partial = '';

  take(chunk: Buffer): void {
    const lines = (this.partial + chunk.toString('utf8')).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  private line(line: string): void {
    if (line.trim() === '') return;
    if (line.startsWith(PROBE_MARK)) {
      this.probeLines.push(JSON.parse(line.slice(PROBE_MARK.length)) as ProbeLine);
      return;
    }
    if (/uncaught/i.test(line)) this.uncaught += 1;
    if (!line.startsWith('{')) {
      this.otherCount += 1;
      if (this.other.length < 20) this.other.push(line.slice(0, 300));
      return;
    }
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level < 40 && !line.includes('"memory in use"') && !line.includes('"msg":"stopped"')) return;
    const entry = JSON.parse(line) as {
      level: number;
      msg?: string;
      memory?: NodeJS.MemoryUsage;
      err?: { type?: string; code?: string | number; message?: string };
    };
    const msg = entry.msg ?? '';
    // The message, and what failed (numbers out, so alike failures count together).
    const cause = entry.err
      ? ` (${entry.err.code ?? entry.err.type}: ${(entry.err.message ?? '').replace(/\d+/g, 'N').slice(0, 80)})`
      : '';
    if (msg === 'memory in use' && entry.memory) this.memoryLines.push(entry.memory);
    if (msg === 'stopped') this.stopped = true;
    if (msg === 'unhandled rejection') this.unhandled += 1;
    if (level >= 50) {
      this.errors.set(msg + cause, (this.errors.get(msg + cause) ?? 0) + 1);
      if (!this.errorSamples.has(msg)) this.errorSamples.set(msg, line.slice(0, 700));
    } else if (level >= 40) {
      this.warnings.set(msg + cause, (this.warnings.get(msg + cause) ?? 0) + 1);
      if (!this.warningSamples.has(msg)) this.warningSamples.set(msg, line.slice(0, 700));
    }
  }

  /** The memory line and the probe's line logged after SIGUSR2 (10 s at most), then forgotten. */
  async memoryNow(): Promise<{ memory?: NodeJS.MemoryUsage; probe?: ProbeLine }> {
    this.memoryLines = [];
    this.probeLines = [];
    for (let i = 0; i < 1000 && (this.memoryLines.length === 0 || this.probeLines.length === 0); i += 1)
      await sleep(10);
    const [memory] = this.memoryLines;
    const [probe] = this.probeLines;
    return { ...(memory && { memory }), ...(probe && { probe }) };
  }
}

/** The bot's event-loop delay (prom-client's figures since the previous scrape). */
async function scrapeLag(port: number): Promise<{ p99Ms: number; maxMs: number } | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const value = (name: string) =>
      round(
        Number(new RegExp(`^bot_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]) * 1000,
        2,
      );
    return { p99Ms: value('p99'), maxMs: value('max') };
  } catch {
    return undefined;
  }
}

/** Least-squares slope of y over x. */
function slope(points: readonly { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  if (sxx === 0) return null;
  return points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0) / sxx;
}

function benchHeapAfterGc(): number {
  benchGc();
  return round(process.memoryUsage().heapUsed / MiB);
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0, 2);
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

// ---- requests and their replies ----------------------------------------------------------------

type Kind = 'ask' | 'mention' | 'image';
type Outcome = 'exact' | 'exactWithStorageNote' | 'clearError' | 'wrong' | 'unanswered';

interface Tracked {
  readonly n: number;
  readonly kind: Kind;
  readonly channelId: string;
  readonly userId: string;
  readonly sentAt: number;
  readonly interaction?: LocalInteraction;
  /** A mention's message id (its reply refers to it). */
  readonly messageId?: string;
  /** Images asked for. */
  readonly images?: number;
  /** When its reply was first seen final (it must stay so for a while to count). */
  finalSince?: number | undefined;
  finalContent?: string;
}

const WORDS = ['the', 'soak', 'keeps', 'every', 'reply', 'exact', 'while', 'stores', 'restart', 'often'];

/** The reply the fake service streams to request `n` (one line break every 20 words). */
function replyText(n: number): string {
  const words = Array.from({ length: REPLY_WORDS + (n % 7) }, (_, i) =>
    i % 20 === 19 ? `${WORDS[(n + i) % WORDS.length]}.\n` : `${WORDS[(n + i) % WORDS.length]}`,
  );
  // Discord keeps no trailing line break: the text never ends with one.
  return `Reply ${n}: ${words.join(' ').replace(/\n /g, '\n')}`.trimEnd();
}

const promptOf = (n: number, what: string) => `soak request ${n}: ${what}`;

/** The request number a chat request answers, from its last message. */
function requestNumber(request: RecordedRequest): number | undefined {
  const messages = Array.isArray(request.body.messages)
    ? (request.body.messages as { content?: unknown }[])
    : [];
  const last = messages.at(-1)?.content;
  const match = typeof last === 'string' ? /soak request (\d+)/.exec(last) : null;
  return match ? Number(match[1]) : undefined;
}

/** A reply's text and the `-# ` note lines under it. */
function splitNotes(content: string): { text: string; notes: string[] } {
  const lines = content.split('\n');
  const notes: string[] = [];
  while (lines.length > 0 && (lines.at(-1) as string).startsWith('-# ')) notes.unshift(lines.pop() as string);
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return { text: lines.join('\n'), notes };
}

const hasStopButton = (messages: readonly LocalMessage[]) =>
  messages.some((message) => JSON.stringify(message.components).includes('"ask:stop:'));

/** An error reply, shortened to what repeats (ids and numbers out). */
const errorShape = (content: string) =>
  (content.split('\n').find((line) => line.includes('⚠️')) ?? content)
    .replace(/error id [0-9a-f]+/g, 'error id …')
    .replace(/\d+/g, 'N')
    .slice(0, 160);

// ---- the run -----------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = performance.now();
  const bin = findPostgresBin();
  if (!bin) throw new Error('soak: PostgreSQL is not installed (no pg_ctl/initdb); it needs a real store');
  const postgres: PostgresServer = await startPostgres(bin);
  const cleanups: (() => Promise<unknown>)[] = [() => postgres.stop()];
  try {
    await soak(postgres, cleanups, started);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

async function soak(
  postgres: PostgresServer,
  cleanups: (() => Promise<unknown>)[],
  started: number,
): Promise<void> {
  const databaseUrl = postgres.url;
  const botDir = mkdtempSync(join(tmpdir(), 'soak-bot-'));
  const discord: LocalDiscord = await startLocalDiscord({
    shards: 1,
    guildsPerShard: GUILDS,
    channelCount: CHANNELS_PER_GUILD,
    membersPerGuild: 3,
    maxConcurrency: 16,
    restDelayMs: 25,
    rateLimit: { limit: 5, windowMs: 2000, headers: true },
  });
  cleanups.push(() => discord.close());
  const service = await startFakeService();
  cleanups.push(() => service.close());
  service.fallback = (request) => {
    const n = requestNumber(request);
    return {
      text: n === undefined ? 'a request without a number' : replyText(n),
      chunks: REPLY_CHUNKS,
      intervalMs: REPLY_INTERVAL_MS,
    };
  };
  const metricsPort = await freePort();
  const log = new BotLog();
  const bot = startBotProcess(discord, service, {
    nodeOptions: [
      '--expose-gc',
      `--import=data:text/javascript;base64,${Buffer.from(PROBE).toString('base64')}`,
      SNAPSHOTS ? '--heapsnapshot-signal=SIGPWR' : '',
      process.env.BENCH_BOT_NODE_OPTIONS ?? '',
    ]
      .filter(Boolean)
      .join(' '),
    cwd: botDir,
    env: { LOG_LEVEL: 'info', DATABASE_URL: databaseUrl, METRICS_PORT: String(metricsPort) },
  });
  cleanups.push(async () => {
    if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
  });
  bot.child.stdout?.on('data', (chunk: Buffer) => log.take(chunk));
  bot.child.stderr?.on('data', (chunk: Buffer) => log.take(chunk));
  let botExit: number | null | undefined;
  void bot.exited.then((code) => {
    botExit = code;
  });

  const askChannels = discord.guilds.slice(0, 2).flatMap((guild) => guild.channelIds);
  const otherChannels = discord.guilds.slice(2).flatMap((guild) => guild.channelIds);
  const floodTargets = discord.guilds.flatMap((guild) =>
    guild.channelIds.map((channelId) => ({ channelId, members: guild.members ?? [] })),
  );
  const floodMembers: LocalUser[] = Array.from({ length: FLOOD_MEMBERS }, (_, i) => ({
    id: snowflake(),
    username: `chatter${i}`,
    global_name: `Chatter ${i}`,
  }));
  /** A member of its own for each request, never seen before. */
  const newMember = (n: number): LocalUser => ({
    id: snowflake(),
    username: `asker${n}`,
    global_name: `Asker ${n}`,
  });

  const pending = new Map<number, Tracked>();
  const counts = {
    ask: { sent: 0, exact: 0, exactWithStorageNote: 0, clearErrors: 0, wrong: 0, unanswered: 0 },
    mention: { sent: 0, exact: 0, exactWithStorageNote: 0, clearErrors: 0, wrong: 0, unanswered: 0 },
    image: { sent: 0, delivered: 0, clearErrors: 0, wrong: 0, unanswered: 0 },
  };
  const latencies: Record<Kind, number[]> = { ask: [], mention: [], image: [] };
  const errorReplies = new Map<string, number>();
  const wrongSamples: string[] = [];
  const unansweredSamples: string[] = [];
  /** Requests with a final reply: member → what it got (to match the ledger's entries). */
  const answered = new Map<string, { kind: Kind; outcome: Outcome }>();
  const serviceCounts = { chat: 0, image: 0, untagged: 0 };
  let requestCounter = 0;
  let floodSent = 0;
  let floodDeferred = 0;

  const result = (tracked: Tracked, outcome: Outcome, content: string) => {
    pending.delete(tracked.n);
    answered.set(tracked.userId, { kind: tracked.kind, outcome });
    const bucket = counts[tracked.kind] as Record<string, number>;
    const key =
      tracked.kind === 'image' && outcome === 'exact'
        ? 'delivered'
        : outcome === 'clearError'
          ? 'clearErrors'
          : outcome;
    bucket[key] = (bucket[key] ?? 0) + 1;
    if (outcome !== 'unanswered')
      latencies[tracked.kind].push(((tracked.finalSince ?? performance.now()) - tracked.sentAt) / 1000);
    if (outcome === 'clearError')
      errorReplies.set(errorShape(content), (errorReplies.get(errorShape(content)) ?? 0) + 1);
    if (outcome === 'wrong' && wrongSamples.length < 5)
      wrongSamples.push(`${tracked.kind} ${tracked.n}: ${JSON.stringify(content.slice(-300))}`);
  };

  /** The reply messages of each pending mention, by the mention's id (one pass over the messages). */
  const mentionReplies = () => {
    const byReference = new Map<string, LocalMessage[]>();
    for (const message of discord.messages.values()) {
      if (message.kind !== 'channel' || message.referenceId === undefined || message.deleted) continue;
      const list = byReference.get(message.referenceId) ?? [];
      list.push(message);
      byReference.set(message.referenceId, list);
    }
    return byReference;
  };

  /** Looks at every pending request's reply; classifies those final for 2 s. */
  const check = (now: number) => {
    const replies = mentionReplies();
    for (const tracked of pending.values()) {
      const messages =
        tracked.kind === 'mention'
          ? (replies.get(tracked.messageId as string) ?? [])
          : discord.replyMessages(tracked.interaction as LocalInteraction);
      const loading = messages.length === 0 || messages.some((message) => (message.flags & 128) !== 0);
      // An /ask reply starts with the quoted question; the check is of the answer.
      const content = messages
        .map((message, index) =>
          index === 0 && tracked.kind === 'ask' ? withoutQuestionHead(message.content) : message.content,
        )
        .join('\n');
      const attachments = messages.reduce((sum, message) => sum + message.attachments.length, 0);
      const final =
        !loading &&
        (tracked.kind === 'image'
          ? attachments >= (tracked.images ?? 1) || content.includes('⚠️')
          : !hasStopButton(messages) && content !== '');
      if (!final) {
        tracked.finalSince = undefined;
        continue;
      }
      if (tracked.finalSince === undefined || tracked.finalContent !== content) {
        tracked.finalSince = now;
        tracked.finalContent = content;
        continue;
      }
      if (now - tracked.finalSince < 2000) continue;
      if (tracked.kind === 'image') {
        const pngs = messages
          .flatMap((message) => message.attachments)
          .filter((file) => file.data.subarray(1, 4).toString() === 'PNG').length;
        result(
          tracked,
          pngs === tracked.images ? 'exact' : content.includes('⚠️') ? 'clearError' : 'wrong',
          content,
        );
        continue;
      }
      const { text, notes } = splitNotes(content);
      const warned = notes.filter((line) => line.includes('⚠️'));
      const exact = text === replyText(tracked.n);
      if (exact && warned.length === 0) result(tracked, 'exact', content);
      else if (exact && warned.length === 1 && warned[0]?.includes('could not save this exchange'))
        result(tracked, 'exactWithStorageNote', content);
      else if (content.includes('⚠️')) result(tracked, 'clearError', content);
      else result(tracked, 'wrong', content);
    }
  };

  /** Drops what the local Discord and the fake service keep of answered requests. */
  const prune = () => {
    const now = performance.now();
    const keep = new Set<string>();
    const replies = mentionReplies();
    for (const tracked of pending.values()) {
      const messages =
        tracked.kind === 'mention'
          ? (replies.get(tracked.messageId as string) ?? [])
          : discord.replyMessages(tracked.interaction as LocalInteraction);
      for (const message of messages) keep.add(message.id);
    }
    // Replies still showing Regenerate: the bot takes the button off when the conversation's
    // next reply comes (after a store outage, the one before may keep it for good).
    for (const message of discord.messages.values())
      if (message.components.length > 0 && JSON.stringify(message.components).includes('"ask:regenerate:'))
        keep.add(message.id);
    for (const [id, message] of discord.messages) {
      if (keep.has(id)) {
        // Its edit history is not needed.
        if (message.versions.length > 1) message.versions.splice(0, message.versions.length - 1);
        continue;
      }
      if (now - message.createdAt > KEEP_ANSWERED_MS) discord.messages.delete(id);
    }
    const pendingTokens = new Set(
      [...pending.values()].flatMap((tracked) => (tracked.interaction ? [tracked.interaction.token] : [])),
    );
    for (const [token, interaction] of discord.interactions)
      if (!pendingTokens.has(token) && now - interaction.createdAt > KEEP_ANSWERED_MS)
        discord.interactions.delete(token);
    const wall = Date.now();
    for (const [key, bucket] of discord.buckets)
      if (wall - bucket.start > 10_000) discord.buckets.delete(key);
    discord.requestLog.splice(0, Math.max(0, discord.requestLog.length - 1000));
    discord.deliveries.length = 0;
    // The fake service's records: counted, then dropped.
    for (const request of service.requests) {
      if (request.path.endsWith('/v1/chat/completions')) {
        serviceCounts.chat += 1;
        if (requestNumber(request) === undefined) serviceCounts.untagged += 1;
      } else if (request.path.endsWith('/v1/images/generations')) serviceCounts.image += 1;
    }
    service.requests.length = 0;
    service.sendLogs.length = 0;
    service.sendLogRequests.length = 0;
    service.closedEarly.length = 0;
    service.cdnRequests.length = 0;
    service.served.clear();
  };

  // ---- start ------------------------------------------------------------------------------------
  await bot.ready();
  const pid = bot.child.pid as number;
  const botStartSeconds = round(seconds(started), 1);
  console.error(`soak: bot ready in ${botStartSeconds} s on ${databaseUrl}; ${MINUTES} min of traffic`);

  const timeline: {
    minute: number;
    rssMiB: number;
    heapAfterGcMiB: number | null;
    heapTotalMiB: number | null;
    externalMiB: number | null;
    heapResidentMiB: number | null;
    outsideHeapMiB: number | null;
    rssFileMiB: number | null;
    lagP99Ms: number | null;
    lagMaxMs: number | null;
    botCpuPercent: number;
    inFlight: number;
    storeUp: boolean;
    benchHeapAfterGcMiB: number;
  }[] = [];
  let storeUp = true;
  let lastCpu = processFigures(pid).cpuSeconds;
  let lastSampleAt = performance.now();
  let trafficStart = performance.now();
  await scrapeLag(metricsPort);
  /** V8's heap spaces at the latest sample: [size, resident, used] bytes each. */
  let lastSpaces: Record<string, [number, number, number]> = {};
  const sample = async () => {
    const figures = processFigures(pid);
    const reading = log.memoryNow();
    bot.child.kill('SIGUSR2');
    const { memory, probe } = await reading;
    if (probe) lastSpaces = probe.spaces;
    const lag = await scrapeLag(metricsPort);
    const now = performance.now();
    const mib = (bytes: number | undefined) => (bytes === undefined ? null : round(bytes / MiB, 1));
    const point = {
      minute: round((now - trafficStart) / 60_000, 2),
      rssMiB: round(figures.rssMiB),
      heapAfterGcMiB: mib(memory?.heapUsed),
      heapTotalMiB: mib(memory?.heapTotal),
      externalMiB: mib(memory?.external),
      // V8's heap pages in RAM, and everything else in RSS (native: malloc, buffers, code, stacks).
      heapResidentMiB: mib(probe?.physical),
      outsideHeapMiB: probe ? round((figures.rssMiB * MiB - probe.physical) / MiB, 1) : null,
      // The part of RSS that is files mapped in: the node binary's and libraries' pages in use.
      rssFileMiB: mib(probe?.rssFile),
      lagP99Ms: lag?.p99Ms ?? null,
      lagMaxMs: lag?.maxMs ?? null,
      botCpuPercent: round(((figures.cpuSeconds - lastCpu) / ((now - lastSampleAt) / 1000)) * 100, 0),
      inFlight: pending.size,
      storeUp,
      benchHeapAfterGcMiB: benchHeapAfterGc(),
    };
    lastCpu = figures.cpuSeconds;
    lastSampleAt = now;
    timeline.push(point);
    console.error(
      `soak ${point.minute.toFixed(2)} min: RSS ${point.rssMiB} MiB, heap after GC ${point.heapAfterGcMiB} MiB, lag p99 ${point.lagP99Ms} ms, CPU ${point.botCpuPercent} %, in flight ${point.inFlight}, asks ${JSON.stringify(counts.ask)}`,
    );
    return point;
  };
  const snapshots: string[] = [];
  const snapshot = async (label: string) => {
    if (!SNAPSHOTS) return;
    const before = new Set(readdirSync(botDir));
    bot.child.kill('SIGPWR');
    for (let i = 0; i < 600; i += 1) {
      await sleep(100);
      const made = readdirSync(botDir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
      if (made) {
        // Written once the size stops changing.
        await sleep(3000);
        snapshots.push(`${label}: ${join(botDir, made)}`);
        return;
      }
    }
  };

  // Idle figures, after the bot has settled.
  await sleep(3000);
  const pressureBefore = cpuPressureMicros();
  const loadBefore = loadavg()[0] ?? 0;
  const benchRssStart = process.memoryUsage().rss / MiB;
  const benchCpuStart = process.cpuUsage();
  trafficStart = performance.now();
  const idle = await sample();

  // ---- traffic ------------------------------------------------------------------------------------
  let trafficOn = true;
  const sendDue = () => {
    const elapsed = seconds(trafficStart);
    const due = (rate: number) => Math.floor(elapsed * rate);
    while (counts.ask.sent < due(ASKS_PER_S)) {
      const n = ++requestCounter;
      const user = newMember(n);
      const channelId = askChannels[counts.ask.sent % askChannels.length] as string;
      const interaction = discord.sendCommand({
        name: 'ask',
        options: { prompt: promptOf(n, 'tell me more') },
        channelId,
        user,
      });
      pending.set(n, { n, kind: 'ask', channelId, userId: user.id, sentAt: performance.now(), interaction });
      counts.ask.sent += 1;
    }
    while (counts.mention.sent < due(MENTIONS_PER_S)) {
      const n = ++requestCounter;
      const user = newMember(n);
      // Every channel in turn (a stride prime to 980): each mention in a channel of its own.
      const channelId = otherChannels[(counts.mention.sent * 3) % otherChannels.length] as string;
      const message = discord.sendMessage({
        channelId,
        user,
        content: `<@${discord.botUser.id}> ${promptOf(n, 'what do you think?')}`,
        keep: false,
      });
      pending.set(n, {
        n,
        kind: 'mention',
        channelId,
        userId: user.id,
        sentAt: performance.now(),
        messageId: message.id,
      });
      counts.mention.sent += 1;
    }
    while (counts.image.sent < due(1 / IMAGE_EVERY_S)) {
      const n = ++requestCounter;
      const user = newMember(n);
      const images = (counts.image.sent % 2) + 1;
      const channelId = otherChannels[(counts.image.sent * 13 + 5) % otherChannels.length] as string;
      const interaction = discord.sendCommand({
        name: 'imagine',
        options: { prompt: promptOf(n, 'a lighthouse at dusk'), n: images },
        channelId,
        user,
      });
      pending.set(n, {
        n,
        kind: 'image',
        channelId,
        userId: user.id,
        sentAt: performance.now(),
        interaction,
        images,
      });
      counts.image.sent += 1;
    }
    const floodDue = due(FLOOD_PER_S);
    const full = [...discord.sessions.values()].some((session) => (session.ws?.bufferedAmount ?? 0) > MiB);
    if (full) {
      floodDeferred += 1;
      return;
    }
    while (floodSent < floodDue) {
      const target = floodTargets[floodSent % floodTargets.length] as (typeof floodTargets)[number];
      discord.sendMessage({
        channelId: target.channelId,
        user: floodMembers[(floodSent * 31) % FLOOD_MEMBERS] as LocalUser,
        content: `just chatting among members, message ${floodSent}`,
        keep: false,
      });
      floodSent += 1;
    }
  };
  const traffic = setInterval(() => {
    if (trafficOn) sendDue();
  }, 50);
  const checker = setInterval(() => check(performance.now()), 500);
  const pruner = setInterval(prune, 10_000);

  // Store restarts, evenly spread over the run.
  const restarts: { atMinute: number; downSeconds: number; error?: string }[] = [];
  const restartTask = (async () => {
    for (let k = 1; k <= RESTARTS; k += 1) {
      const at = (RUN_S * k) / (RESTARTS + 1);
      const wait = at * 1000 - (performance.now() - trafficStart);
      if (wait > 0) await sleep(wait);
      const haltAt = performance.now();
      const atMinute = round((haltAt - trafficStart) / 60_000, 2);
      console.error(`soak ${atMinute} min: stopping PostgreSQL for ${DOWN_S} s`);
      try {
        await postgres.halt();
        storeUp = false;
        await sleep(DOWN_S * 1000);
        await postgres.resume();
        storeUp = true;
        restarts.push({ atMinute, downSeconds: round(seconds(haltAt), 1) });
      } catch (error) {
        storeUp = true;
        restarts.push({
          atMinute,
          downSeconds: round(seconds(haltAt), 1),
          error: String(error).slice(0, 300),
        });
      }
      console.error(`soak: PostgreSQL back after ${round(seconds(haltAt), 1)} s`);
    }
  })();

  let afterWarmup: (typeof timeline)[number] | undefined;
  // Samples every SAMPLE_S, the last one at the end of the traffic.
  while (timeline.length * SAMPLE_S <= RUN_S && botExit === undefined) {
    const nextAt = timeline.length * SAMPLE_S;
    await sleep(Math.max(0, nextAt * 1000 - (performance.now() - trafficStart)));
    const point = await sample();
    if (!afterWarmup && point.minute * 60 >= WARMUP_S) {
      afterWarmup = point;
      await snapshot('after warm-up');
    }
  }
  trafficOn = false;
  if (botExit !== undefined) {
    clearInterval(traffic);
    clearInterval(checker);
    clearInterval(pruner);
    throw new Error(
      `soak: the bot exited (code ${botExit}) ${round(seconds(trafficStart))} s into the traffic; errors ${JSON.stringify(Object.fromEntries(log.errors))}; other output:\n${log.other.join('\n')}`,
    );
  }
  const trafficSeconds = round(seconds(trafficStart), 1);
  const spacesAtEndOfTraffic = Object.fromEntries(
    Object.entries(lastSpaces)
      .filter(([, [size]]) => size > 0)
      .map(([name, [size]]) => [name, round(size / MiB)]),
  );
  const last = timeline.at(-1) as (typeof timeline)[number];
  await restartTask;

  // ---- drain: every request gets its final reply --------------------------------------------------
  const drainStarted = performance.now();
  while (pending.size > 0 && seconds(drainStarted) < DRAIN_S && botExit === undefined) await sleep(500);
  // The last ones stay final for 2 s before they count.
  await sleep(2500);
  check(performance.now());
  const drainSeconds = round(seconds(drainStarted), 1);
  for (const tracked of [...pending.values()]) {
    const messages =
      tracked.kind === 'mention'
        ? (mentionReplies().get(tracked.messageId as string) ?? [])
        : discord.replyMessages(tracked.interaction as LocalInteraction);
    if (unansweredSamples.length < 5)
      unansweredSamples.push(
        `${tracked.kind} ${tracked.n} (sent at ${round((tracked.sentAt - trafficStart) / 1000)} s): ${JSON.stringify(messages.map((message) => message.content.slice(-200)))}`,
      );
    result(tracked, 'unanswered', '');
  }
  clearInterval(traffic);
  clearInterval(checker);
  clearInterval(pruner);
  // Let the ledger's retries (every 5 s) land what waits, then the end figures.
  await sleep(6000);
  const end = await sample();
  await snapshot('end');
  prune();
  const peakRss = processFigures(pid).peakRssMiB;
  const pressureAfter = cpuPressureMicros();
  const loadAfter = loadavg()[0] ?? 0;

  // ---- graceful stop, then the store --------------------------------------------------------------
  const stopStarted = performance.now();
  if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGTERM');
  const exitCode = await bot.exited;
  const stopSeconds = round(seconds(stopStarted), 1);
  const spillPath = join(botDir, 'data', 'ledger.pending.json');
  const spilled = readSpill(spillPath);

  const store = await openStore(databaseUrl);
  const entries: LedgerEntry[] = [];
  let aggregateRequests = 0;
  try {
    for (const scope of await listScopes(store)) entries.push(...(await entriesAfter(store, scope, 0)));
    for (const totals of (await ledgerTotals(store)).values()) aggregateRequests += totals.requests;
  } finally {
    await store.disconnect();
  }
  const perMember = new Map<string, number>();
  for (const entry of [...entries, ...spilled])
    perMember.set(entry.userId, (perMember.get(entry.userId) ?? 0) + 1);
  const duplicates = [...perMember.values()].filter((count) => count > 1).length;
  const unknownMembers = [...perMember.keys()].filter((userId) => !answered.has(userId)).length;
  let exactWithoutEntry = 0;
  let errorsBilled = 0;
  for (const [userId, reply] of answered) {
    const billed = perMember.get(userId) ?? 0;
    if ((reply.outcome === 'exact' || reply.outcome === 'exactWithStorageNote') && billed !== 1)
      exactWithoutEntry += 1;
    if (reply.outcome === 'clearError' && billed > 0) errorsBilled += 1;
  }
  const expected = serviceCounts.chat + serviceCounts.image;
  const ledger = {
    entries: entries.length,
    spilled: spilled.length,
    expected,
    serviceChatRequests: serviceCounts.chat,
    serviceImageRequests: serviceCounts.image,
    duplicates,
    entriesOfUnknownRequests: unknownMembers,
    answeredExactWithoutOneEntry: exactWithoutEntry,
    clearErrorsBilled: errorsBilled,
    aggregateRequests,
    matches:
      entries.length + spilled.length === expected &&
      duplicates === 0 &&
      unknownMembers === 0 &&
      exactWithoutEntry === 0 &&
      aggregateRequests === entries.length,
  };

  if (!SNAPSHOTS) rmSync(botDir, { recursive: true, force: true });

  // ---- figures ------------------------------------------------------------------------------------
  const measured = timeline.filter(
    (point) => point.minute * 60 >= WARMUP_S && point.minute * 60 <= trafficSeconds,
  );
  const rssSlope = slope(measured.map((point) => ({ x: point.minute, y: point.rssMiB })));
  const heapSlope = slope(
    measured.flatMap((point) =>
      point.heapAfterGcMiB === null ? [] : [{ x: point.minute, y: point.heapAfterGcMiB }],
    ),
  );
  const seriesSlope = (key: 'heapResidentMiB' | 'outsideHeapMiB') =>
    slope(measured.flatMap((point) => (point[key] === null ? [] : [{ x: point.minute, y: point[key] }])));
  const residentSlope = seriesSlope('heapResidentMiB');
  const outsideSlope = seriesSlope('outsideHeapMiB');
  const heaps = timeline.flatMap((point) => (point.heapAfterGcMiB === null ? [] : [point.heapAfterGcMiB]));
  const lags = timeline.slice(1).flatMap((point) => (point.lagP99Ms === null ? [] : [point.lagP99Ms]));
  const lagMaxes = timeline.slice(1).flatMap((point) => (point.lagMaxMs === null ? [] : [point.lagMaxMs]));
  const unhandled = log.unhandled + log.uncaught;
  const report = {
    minutes: MINUTES,
    quick: QUICK,
    store: 'postgres',
    storeRestarts: restarts.length,
    rssSlopeMiBPerMin: rssSlope === null ? null : round(rssSlope, 2),
    heapAfterGcSlopeMiBPerMin: heapSlope === null ? null : round(heapSlope, 2),
    targetRssSlopeMiBPerMin: TARGET_SLOPE,
    rssSlopeMet: rssSlope !== null && rssSlope <= TARGET_SLOPE,
    warmupMinutes: round(WARMUP_S / 60, 2),
    slopeSamples: measured.length,
    rssMiB: {
      start: idle.rssMiB,
      afterWarmup: afterWarmup?.rssMiB ?? null,
      endOfTraffic: last.rssMiB,
      end: end.rssMiB,
      max: round(peakRss),
    },
    heapAfterGcMiB: {
      start: idle.heapAfterGcMiB,
      afterWarmup: afterWarmup?.heapAfterGcMiB ?? null,
      endOfTraffic: last.heapAfterGcMiB,
      end: end.heapAfterGcMiB,
      max: heaps.length > 0 ? Math.max(...heaps) : null,
    },
    // Where the RSS slope comes from: V8's heap pages in RAM, and the rest (see the header).
    heapResidentSlopeMiBPerMin: residentSlope === null ? null : round(residentSlope, 2),
    outsideHeapSlopeMiBPerMin: outsideSlope === null ? null : round(outsideSlope, 2),
    // V8's heap spaces as committed at the last sample of the traffic (after a full collection).
    heapSpacesMiBAtEndOfTraffic: spacesAtEndOfTraffic,
    asks: { ...counts.ask, latencySeconds: quantiles(latencies.ask) },
    mentions: { ...counts.mention, latencySeconds: quantiles(latencies.mention) },
    images: { ...counts.image, latencySeconds: quantiles(latencies.image) },
    // The clear errors members saw, by wording (ids and numbers out).
    errorReplies: [...errorReplies].sort((a, b) => b[1] - a[1]).map(([reply, count]) => ({ count, reply })),
    wrongSamples,
    unansweredSamples,
    drainSeconds,
    ledger,
    errors: {
      unhandled,
      unhandledRejections: log.unhandled,
      uncaughtLines: log.uncaught,
      botExitCode: exitCode,
      stoppedGracefully: exitCode === 0 && log.stopped,
      stopSeconds,
      // What the bot logged at error and warn level, by message and cause.
      errorLines: [...log.errors].map(([line, count]) => ({ count, line })),
      warningLines: [...log.warnings].map(([line, count]) => ({ count, line })),
      otherLines: log.otherCount,
    },
    eventLoopDelayMs: {
      p99Median: quantiles(lags).p50,
      p99Max: quantiles(lags).max,
      max: quantiles(lagMaxes).max,
      note: "the bot's prom-client figures per sample window (10 ms resolution)",
    },
    restarts,
    sampleSeconds: SAMPLE_S,
    traffic: {
      seconds: trafficSeconds,
      asksPerSecond: ASKS_PER_S,
      askChannels: ASK_CHANNELS,
      mentionsPerSecond: MENTIONS_PER_S,
      imageEverySeconds: IMAGE_EVERY_S,
      ignoredPerSecond: FLOOD_PER_S,
      ignoredSent: floodSent,
      ignoredMembers: FLOOD_MEMBERS,
      ignoredTicksHeldBack: floodDeferred,
      servers: GUILDS,
      channels: GUILDS * CHANNELS_PER_GUILD,
      replyCharacters: replyText(0).length,
      replySeconds: round((REPLY_CHUNKS * REPLY_INTERVAL_MS) / 1000, 1),
    },
    discord: { rateLimited429: discord.rateLimited, unknownRoutes: discord.unknownRoutes.length },
    benchProcess: {
      rssMiB: { start: round(benchRssStart), end: round(process.memoryUsage().rss / MiB) },
      heapAfterGcMiB: {
        start: timeline[0]?.benchHeapAfterGcMiB ?? null,
        end: timeline.at(-1)?.benchHeapAfterGcMiB ?? null,
      },
      // The local Discord and the fake service: their share of a core over the run.
      cpuShareOfOneCore: round(
        (process.cpuUsage(benchCpuStart).user + process.cpuUsage(benchCpuStart).system) /
          1e6 /
          seconds(trafficStart),
        2,
      ),
    },
    botStartSeconds,
    heapSnapshots: snapshots,
    timeline,
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      ramGiB: round(totalmem() / 1024 ** 3),
      node: process.version,
      loadAverage1m: { start: round(loadBefore, 2), end: round(loadAfter, 2) },
      // The share of the run in which some task waited for a CPU (0: never; 1: all the time).
      cpuPressure:
        pressureBefore !== undefined && pressureAfter !== undefined
          ? round((pressureAfter - pressureBefore) / 1e6 / seconds(trafficStart), 2)
          : null,
      note: 'a shared machine: other work ran beside the soak',
      commit: git(['rev-parse', '--short', 'HEAD']),
      // Files changed and not committed when the soak ran (the build is of the working tree).
      uncommitted: git(['status', '--porcelain', '--untracked-files=no'])
        .split('\n')
        .filter(Boolean)
        .map((line) => line.trim().split(/\s+/).slice(1).join(' ')),
      seconds: round(seconds(started)),
      date: new Date().toISOString(),
    },
  };
  // The first line of each error and warning the bot logged, and its other output (in the log only).
  for (const [msg, line] of [...log.errorSamples, ...log.warningSamples])
    console.error(`soak: the bot logged "${msg}", first: ${line}`);
  for (const line of log.other) console.error(`soak: the bot printed: ${line}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/soak.json', `${JSON.stringify(report, null, 2)}\n`);

  const answeredLine = (figures: { sent: number; unanswered: number; clearErrors: number; wrong: number }) =>
    `${figures.sent} sent, ${figures.clearErrors} clear errors, ${figures.wrong} wrong, ${figures.unanswered} unanswered`;
  const rows = [
    [
      `RSS slope after ${round(WARMUP_S / 60, 2)} min (MiB/min)`,
      `${report.rssSlopeMiBPerMin} (heap after GC ${report.heapAfterGcSlopeMiBPerMin})`,
      `≤ ${TARGET_SLOPE}`,
    ],
    [
      'RSS start / after warm-up / end / max (MiB)',
      `${report.rssMiB.start} / ${report.rssMiB.afterWarmup} / ${report.rssMiB.end} / ${report.rssMiB.max}`,
      '',
    ],
    [
      'heap after GC start / after warm-up / end (MiB)',
      `${report.heapAfterGcMiB.start} / ${report.heapAfterGcMiB.afterWarmup} / ${report.heapAfterGcMiB.end}`,
      '',
    ],
    [
      '/ask',
      `${counts.ask.exact} exact (+${counts.ask.exactWithStorageNote} with the not-saved note), ${answeredLine(counts.ask)}`,
      'none unanswered',
    ],
    [
      'mentions',
      `${counts.mention.exact} exact (+${counts.mention.exactWithStorageNote} with the note), ${answeredLine(counts.mention)}`,
      'none unanswered',
    ],
    ['/imagine', `${counts.image.delivered} delivered, ${answeredLine(counts.image)}`, 'none unanswered'],
    [
      `store restarts (${DOWN_S} s down)`,
      `${restarts.length} at ${restarts.map((restart) => `${restart.atMinute}`).join(', ')} min`,
      '',
    ],
    [
      'ledger entries / billed by the service',
      `${ledger.entries} (+${ledger.spilled} spilled) / ${ledger.expected}, ${ledger.duplicates} twice, totals ${ledger.aggregateRequests}`,
      'equal',
    ],
    ['unhandled errors; exit code', `${unhandled}; ${exitCode} (stop ${stopSeconds} s)`, '0; 0'],
    [
      'event-loop delay p99 (median / max window), max',
      `${report.eventLoopDelayMs.p99Median} / ${report.eventLoopDelayMs.p99Max} / ${report.eventLoopDelayMs.max} ms`,
      '',
    ],
  ];
  const width = Math.max(...rows.map((row) => (row[0] as string).length));
  const width2 = Math.max(...rows.map((row) => (row[1] as string).length));
  for (const [measure, figure, target] of rows)
    console.log(`${(measure as string).padEnd(width)}  ${(figure as string).padEnd(width2)}  ${target}`);
  if (snapshots.length > 0) console.log(`heap snapshots:\n${snapshots.join('\n')}`);
}

await main();
