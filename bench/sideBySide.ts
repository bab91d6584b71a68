/**
 * Side-by-side streaming benchmark: our renderer beside three small reference policies
 * (bench/policies/: llmcord's one global 1 s throttle, discord-ollama's edit per chunk, TuringAI's
 * fixed 2.5 s interval), all four driving the same fake Discord and fake service in the same run,
 * at 1, 10, 50 and 200 concurrent replies per policy.
 *
 * Conditions: the fake Discord enforces 5 edits per 2 s per interaction token (with X-RateLimit
 * headers) and answers every REST call after 25 ms; every reply is 1,500 tokens (8,382
 * characters, five messages) streamed over 30 s (50 tokens/s); everything on loopback. Each reply
 * has a channel of its own, and the N commands of a policy are issued in one synchronous loop
 * (the same millisecond).
 *
 * Fairness on two cores. Each policy runs in a process of its own, the way each would run in
 * production, so a policy's CPU is its own and is reported:
 * - this process: the fake Discord, the fake service and the measuring (done after each round,
 *   when nothing streams);
 * - our bot: the built bot (`dist/src/main.js`, test/helpers/botProcess.ts) on SQLite, connected
 *   to the fake gateway, answering /ask;
 * - one process per reference policy (bench/policies/runner.ts): it defers the interaction,
 *   requests the stream with our bot's request shape, reads it with our bot's SSE reader, and
 *   writes through one discord.js REST client on the interaction-token routes with discord.js's
 *   global limit lifted, as our bot's interaction client does. The references pay only for their
 *   timing policy (no database, ledger, history or gateway); our bot pays for all of those. One
 *   process per reference rather than one for all three keeps discord-ollama's CPU (it queues an
 *   edit per chunk: 300,000 at 200 replies) from slowing the other two.
 * At 1 and 10 replies the four policies stream at the same time (4 and 40 streams: the cores are
 * mostly idle). Above that they cannot without slowing each other, as measured on the 2-core
 * machine: with all four at once, ours' deferral of its commands took 1.05 s at 50 and 8 s at 200
 * (0.26 s at 200 alone), and the 600 reference streams of 200 need about three cores by
 * themselves (the fake service's socket writes, 30,000 a second, take one): a round of 30 s
 * streams took 84 s, the fakes themselves falling behind. So from 50 replies up
 * (BENCH_SEPARATE_FROM) ours streams alone first, then the three references together; at 200
 * (BENCH_SPLIT_REFERENCES_FROM) llmcord-like and TuringAI-like together, then discord-ollama-like
 * alone (its edit per chunk puts 300,000 requests in discord.js's queue, about a core's work).
 * Every round uses the same fakes; each round's CPU seconds per process, wall time and the
 * upstreams' actual duration are reported, so a saturated round shows as such.
 *
 * Measured per reply (the definitions of the earlier bench/stream.ts):
 * - first visible: from the first upstream token leaving the service to Discord showing text
 *   (the edit's response); "bot share" is the part until that request reached Discord;
 * - staleness: time-weighted age of the oldest text the service has sent that Discord does not
 *   show yet (0 while up to date), from the first token to the final edit (or to the end of the
 *   wait, see below). What Discord "shows" is the longest prefix of the reply that the reply's
 *   messages, read in order, show (a policy's in-progress indicator removed): a placeholder, or a
 *   later message shown before an earlier one has caught up, adds nothing;
 * - final lag: from the upstream's last token to Discord showing the exact final text (the
 *   messages, without our context-and-cost line, equal to the reply, no indicator left);
 * - edits per reply (message versions: edits, and follow-ups created); 429s; exact;
 * - in the JSON also: deferral and service request times from the command, requests per reply.
 * A policy that does not get there (discord-ollama's queue of an edit per chunk drains at 2.5
 * edits per second, i.e. minutes after the stream) is waited for 2 s after the last upstream token;
 * then its queued writes are cancelled (their number is reported): its final lag shows as "> 2 s"
 * and its staleness is integrated up to then (a lower bound). A round ends as soon as every reply
 * in it shows its exact final text.
 *
 * Quick mode (BENCH_QUICK=1): 250-token replies over 5 s, levels 1 and 50. Overrides:
 * BENCH_LEVELS=1,10, BENCH_STREAM_MS (at 50 tokens per second), BENCH_FINAL_WAIT_MS,
 * BENCH_SEPARATE_FROM, BENCH_SPLIT_REFERENCES_FROM, BENCH_POLICIES=ours,llmcord (development).
 *
 * Run: npm run bench (all benchmarks), or `npm run build && tsx bench/sideBySide.ts`.
 * Writes bench/results/sideBySide.json and prints its table.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import { withoutQuestionHead } from '../src/discord/render/quote.js';
import { STREAMING_CURSOR } from '../src/discord/render/streamRenderer.js';
import {
  type LocalDiscord,
  type LocalInteraction,
  type LocalMessage,
  startLocalDiscord,
} from '../src/localDiscord/localDiscord.js';
import { type FakeService, type SentChunk, startFakeService } from '../test/fakes/service.js';
import { type BotProcess, startBotProcess } from '../test/helpers/botProcess.js';
import { discordOllama } from './policies/discordOllama.js';
import { llmcord } from './policies/llmcord.js';
import type { FromRunner, ReplyJob, ToRunner } from './policies/runner.js';
import { turingAi } from './policies/turingAi.js';

const QUICK = process.env.BENCH_QUICK === '1';
const REST_DELAY_MS = 25;
const RATE_LIMIT = { limit: 5, windowMs: 2000, headers: true } as const;
const TOKENS_PER_SECOND = 50;
const STREAM_MS = Number(process.env.BENCH_STREAM_MS ?? (QUICK ? 5_000 : 30_000));
const TOKENS = Math.max(5, Math.round((STREAM_MS * TOKENS_PER_SECOND) / 1000));
const LEVELS = (process.env.BENCH_LEVELS ?? (QUICK ? '1,50' : '1,10,50,200')).split(',').map(Number);
const FINAL_WAIT_MS = Number(process.env.BENCH_FINAL_WAIT_MS ?? 2_000);
/** From this many replies per policy up, ours streams alone, then the references together. */
const SEPARATE_FROM = Number(process.env.BENCH_SEPARATE_FROM ?? 50);
/** From this many up, discord-ollama-like streams alone too (its queue needs a core of its own). */
const SPLIT_REFERENCES_FROM = Number(process.env.BENCH_SPLIT_REFERENCES_FROM ?? 200);
const TICKS_PER_SECOND = 100;

/** Targets for ours (issue 12). */
export const TARGETS = {
  meanStalenessMs: 350,
  firstVisibleMs: REST_DELAY_MS + 50,
  finalLagMs: REST_DELAY_MS + 100,
  /** The levels at which the first-visible target applies: alone, and 50 at once. */
  firstVisibleLevels: [1, 50],
} as const;

export const POLICY_KEYS = ['ours', 'llmcord', 'discordOllama', 'turingAi'] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];
type Reference = Exclude<PolicyKey, 'ours'>;
/** BENCH_POLICIES=ours,llmcord runs only those (development); default all four. */
const ACTIVE = (process.env.BENCH_POLICIES?.split(',') ?? POLICY_KEYS).filter((key): key is PolicyKey =>
  (POLICY_KEYS as readonly string[]).includes(key),
);
const REFERENCES = ACTIVE.filter((key): key is Reference => key !== 'ours');

export const POLICY_LABELS: Record<PolicyKey, string> = {
  ours: 'ours',
  llmcord: 'llmcord-like (global 1 s)',
  discordOllama: 'discord-ollama-like (edit/chunk)',
  turingAi: 'TuringAI-like (2.5 s)',
};
const SHORT: Record<PolicyKey, string> = {
  ours: 'ours',
  llmcord: 'llmcord',
  discordOllama: 'discord-ollama',
  turingAi: 'TuringAI',
};
const INDICATORS: Record<PolicyKey, string> = {
  ours: STREAMING_CURSOR,
  llmcord: llmcord.indicator,
  discordOllama: discordOllama.indicator,
  turingAi: turingAi.indicator,
};

export function replyText(tokens: number): string {
  const words = ['the', 'quick', 'model', 'writes', 'text', 'that', 'grows', 'into', 'long', 'answer'];
  const out: string[] = [];
  for (let i = 0; i < tokens; i += 1) {
    // About four characters per token; a paragraph break every 80 tokens.
    out.push(i % 80 === 79 ? 'end.\n\n' : `${words[i % words.length]} `);
  }
  return out.join('');
}

/** The reply without the context and cost line our bot adds under it (not streamed text). */
function withoutCostLine(content: string): string {
  return content.replace(/\n\n-# (context|💰)[^\n]*$/, '');
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  return i;
}

/** The first index in `sent` whose cumulative characters exceed `shown` (sent.length if none). */
function firstUnshown(sent: readonly SentChunk[], shown: number): number {
  let lo = 0;
  let hi = sent.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sent[mid]?.sentChars ?? 0) <= shown) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface ReplyFigures {
  firstVisibleMs: number | null;
  firstRequestMs: number | null;
  meanStalenessMs: number;
  finalLagMs: number | null;
  edits: number;
  exact: boolean;
}

export function measure(
  messages: readonly LocalMessage[],
  sent: readonly SentChunk[],
  text: string,
  indicator: string,
  stoppedAt: number,
): ReplyFigures {
  const changes: { at: number; requestedAt: number; index: number; content: string }[] = [];
  messages.forEach((message, index) => {
    for (const version of message.versions) {
      changes.push({ at: version.at, requestedAt: version.requestedAt, index, content: version.content });
    }
  });
  changes.sort((a, b) => a.at - b.at);
  const raw: string[] = messages.map(() => '');
  // (time, reply characters shown in order, exact final text shown)
  const timeline = changes.map((change) => {
    // Our reply starts with the quoted question; the measures are about the answer.
    raw[change.index] = change.index === 0 ? withoutQuestionHead(change.content) : change.content;
    const visible = raw
      .map((content) =>
        indicator && content.endsWith(indicator) ? content.slice(0, -indicator.length) : content,
      )
      .join('');
    return {
      at: change.at,
      requestedAt: change.requestedAt,
      shown: commonPrefix(visible, text),
      exact: withoutCostLine(raw.join('')) === text,
    };
  });
  const start = sent[0]?.at;
  const lastToken = sent.at(-1)?.at;
  if (start === undefined || lastToken === undefined) {
    return {
      firstVisibleMs: null,
      firstRequestMs: null,
      meanStalenessMs: 0,
      finalLagMs: null,
      edits: 0,
      exact: false,
    };
  }
  const exact = timeline.at(-1)?.exact ?? false;
  // The final edit: the change from which on Discord shows the exact text.
  let finalAt: number | undefined;
  if (exact) {
    finalAt = timeline.at(-1)?.at;
    for (let i = timeline.length - 2; i >= 0 && timeline[i]?.exact; i -= 1) finalAt = timeline[i]?.at;
  }
  const firstPoint = timeline.find((point) => point.shown > 0);
  const end = finalAt ?? stoppedAt;

  // Integrate staleness on a 5 ms grid.
  let stale = 0;
  let samples = 0;
  let shownIndex = -1;
  let sentIndex = 0;
  for (let t = start; t <= end; t += 5) {
    while (shownIndex + 1 < timeline.length && (timeline[shownIndex + 1]?.at ?? Infinity) <= t)
      shownIndex += 1;
    const shown = shownIndex >= 0 ? (timeline[shownIndex]?.shown ?? 0) : 0;
    while (sentIndex < sent.length && (sent[sentIndex]?.at ?? Infinity) <= t) sentIndex += 1;
    const sentChars = sentIndex > 0 ? (sent[sentIndex - 1]?.sentChars ?? 0) : 0;
    if (shown < sentChars) stale += t - (sent[firstUnshown(sent, shown)]?.at ?? t);
    samples += 1;
  }
  return {
    firstVisibleMs: firstPoint ? firstPoint.at - start : null,
    firstRequestMs: firstPoint ? firstPoint.requestedAt - start : null,
    meanStalenessMs: samples > 0 ? stale / samples : 0,
    finalLagMs: finalAt !== undefined ? finalAt - lastToken : null,
    edits: messages.reduce((sum, message) => sum + message.versions.length, 0),
    exact,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

export interface Stats {
  mean: number;
  p50: number;
  p95: number;
  max: number;
}

function stats(values: number[]): Stats | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    p50: at(0.5),
    p95: at(0.95),
    max: at(1),
  };
}

function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function peakRssMiB(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

export function machine() {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    ramGiB: round(totalmem() / 1024 ** 3),
    node: process.version,
    loadAverage1m: round(loadavg()[0] ?? 0),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Runner {
  readonly key: Reference;
  readonly child: ChildProcess;
  output(): string;
  send(message: ToRunner): void;
  next(type: FromRunner['type'], timeoutMs: number): Promise<FromRunner>;
}

function startRunner(key: Reference, discord: LocalDiscord, service: FakeService): Runner {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/policies/runner.ts', key], {
    env: {
      PATH: process.env.PATH ?? '',
      BENCH_DISCORD_API: discord.apiUrl,
      BENCH_APPLICATION_ID: discord.applicationId,
      BENCH_SERVICE_URL: service.url,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const inbox: FromRunner[] = [];
  child.on('message', (message: FromRunner) => {
    inbox.push(message);
    child.emit('inbox');
  });
  const output = () => Buffer.concat(chunks).toString('utf8');
  return {
    key,
    child,
    output,
    send: (message) => child.send(message),
    next: (type, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const index = inbox.findIndex((message) => message.type === type);
          if (index < 0) return false;
          cleanup();
          resolve(inbox.splice(index, 1)[0] as FromRunner);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${key} runner: no ${type} within ${timeoutMs} ms\n${output().slice(-2000)}`));
        }, timeoutMs);
        const onExit = () => {
          cleanup();
          reject(new Error(`${key} runner exited\n${output().slice(-2000)}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          child.off('inbox', check);
          child.off('exit', onExit);
        };
        if (check()) return;
        child.on('inbox', check);
        child.once('exit', onExit);
      }),
  };
}

interface Reply {
  readonly policy: PolicyKey;
  readonly tag: string;
  readonly interaction: LocalInteraction;
  /** Index in the service's sendLogs, once its request arrived. */
  log?: number;
  final?: boolean;
}

/** Finds each reply's service request by the tag in its prompt. */
function matchLogs(service: FakeService, byTag: Map<string, Reply>, from: { index: number }): void {
  for (; from.index < service.sendLogRequests.length; from.index += 1) {
    const request = service.sendLogRequests[from.index];
    const tags = JSON.stringify(request?.body.messages ?? '').match(/\[[A-Z]\d*-[a-zA-Z]+-\d+\]/g);
    const reply = tags ? byTag.get(tags.at(-1) as string) : undefined;
    if (reply) reply.log = from.index;
  }
}

function tokenOf(route: string): string | undefined {
  const segments = route.split('/').filter(Boolean);
  if (segments[0] === 'webhooks') return segments[2];
  if (segments[0] === 'interactions') return segments[2];
  return undefined;
}

export interface PolicyLevel {
  replies: number;
  /** From the command to the interaction's deferral reaching Discord. */
  deferredMs: Stats | null;
  /** From the command to its request reaching the service. */
  askedMs: Stats | null;
  /** How long the upstreams took from first to last token (the script says STREAM_MS). */
  upstreamSeconds: Stats | null;
  firstVisibleMs: Stats | null;
  botShareOfFirstVisibleMs: Stats | null;
  meanStalenessMs: Stats | null;
  finalLagMs: Stats | null;
  notFinal: number;
  editsPerReply: number;
  requestsPerReply: number;
  rateLimited429: number;
  exact: number;
  /** Writes still queued or in flight when the wait ended (references only). */
  cancelledWrites?: number;
  cpuSeconds: number;
  peakRssMiB: number;
}

export interface RoundReport {
  /** The policies that streamed at the same time in this round. */
  policies: PolicyKey[];
  wallSeconds: number;
  /** CPU seconds during the round, per process; `fakes` is this process (fakes + driving). */
  cpuSeconds: Partial<Record<PolicyKey, number>> & { fakes: number };
  /** Sum of CPU seconds over wall seconds: 2 means both cores were busy throughout. */
  coresBusy: number;
}

export interface LevelReport {
  replies: number;
  rounds: RoundReport[];
  policies: Partial<Record<PolicyKey, PolicyLevel>>;
}

export interface TargetCheck {
  target: string;
  replies: number;
  value: string;
  met: boolean;
}

export interface SideBySideReport {
  date: string;
  quick: boolean;
  machine: ReturnType<typeof machine>;
  conditions: {
    restDelayMs: number;
    rateLimit: string;
    tokens: number;
    replyChars: number;
    streamMs: number;
    finalWaitMs: number;
    levels: number[];
  };
  levels: LevelReport[];
  targets: TargetCheck[];
  durationSeconds: number;
}

interface Context {
  readonly discord: LocalDiscord;
  readonly service: FakeService;
  readonly bot: BotProcess;
  readonly runners: Partial<Record<Reference, Runner>>;
  readonly byTag: Map<string, Reply>;
  readonly logCursor: { index: number };
  nextChannel: number;
}

/** Issues one reply per policy per slot, all in one synchronous loop. */
function issue(
  context: Context,
  policies: readonly PolicyKey[],
  count: number,
  prefix: string,
  text: string,
  /** Chunks the text is streamed in; undefined: one per token (the fake's word pieces). */
  chunks: number | undefined,
  intervalMs: number,
) {
  const { discord, service, runners } = context;
  const replies: Reply[] = [];
  for (let i = 0; i < count * policies.length; i += 1)
    service.enqueue({ text, intervalMs, ...(chunks !== undefined && { chunks }) });
  for (let i = 0; i < count; i += 1) {
    for (const policy of policies) {
      const channelId = discord.channelIds[context.nextChannel] as string;
      context.nextChannel += 1;
      const tag = `[${prefix}-${policy}-${i}]`;
      const prompt = `write at length ${tag}`;
      let interaction: LocalInteraction;
      if (policy === 'ours') {
        interaction = discord.sendCommand({ name: 'ask', options: { prompt }, channelId });
      } else {
        interaction = discord.openInteraction({ channelId });
        const job: ReplyJob = { id: interaction.id, token: interaction.token, prompt };
        runners[policy]?.send({ type: 'replies', replies: [job] });
      }
      const reply: Reply = { policy, tag, interaction };
      context.byTag.set(tag, reply);
      replies.push(reply);
    }
  }
  return replies;
}

function isFinal(discord: LocalDiscord, reply: Reply, text: string): boolean {
  reply.final ||=
    withoutCostLine(
      discord
        .replyMessages(reply.interaction)
        .map((message, index) => (index === 0 ? withoutQuestionHead(message.content) : message.content))
        .join(''),
    ) === text;
  return reply.final;
}

async function stopReferences(
  context: Context,
  references: readonly Reference[] = REFERENCES,
): Promise<Partial<Record<Reference, number>>> {
  const pending: Partial<Record<Reference, number>> = {};
  for (const key of references) context.runners[key]?.send({ type: 'stop' });
  for (const key of references) {
    const answer = await (context.runners[key] as Runner).next('stopped', 10_000);
    pending[key] = answer.type === 'stopped' ? answer.pending : 0;
  }
  return pending;
}

function forget(context: Context, replies: Reply[]): void {
  for (const reply of replies) {
    const { interaction } = reply;
    for (const id of [interaction.originalId, ...interaction.followUpIds]) {
      if (id) context.discord.messages.delete(id);
    }
    context.discord.interactions.delete(interaction.token);
    if (reply.log !== undefined) context.service.sendLogs[reply.log] = [];
    context.byTag.delete(reply.tag);
  }
}

async function warmUp(context: Context): Promise<void> {
  const text = 'a short reply to warm every process up.';
  const replies = issue(context, ACTIVE, 1, 'W', text, 5, 50);
  const until = performance.now() + 15_000;
  while (performance.now() < until && !replies.every((reply) => isFinal(context.discord, reply, text))) {
    await sleep(100);
  }
  await stopReferences(context);
  await sleep(300);
  forget(context, replies);
}

async function runRound(
  context: Context,
  n: number,
  active: readonly PolicyKey[],
): Promise<{ round: RoundReport; policies: Partial<Record<PolicyKey, PolicyLevel>> }> {
  const { discord, service, bot, runners } = context;
  const text = replyText(TOKENS);
  // One chunk per token ("the ", "end.\n\n"), a token every 20 ms.
  const expectedChunks = TOKENS;
  const pids: Record<PolicyKey, number | undefined> = {
    ours: bot.child.pid,
    llmcord: runners.llmcord?.child.pid,
    discordOllama: runners.discordOllama?.child.pid,
    turingAi: runners.turingAi?.child.pid,
  };
  const cpuBefore = Object.fromEntries(active.map((key) => [key, cpuSecondsOf(pids[key])]));
  const fakesBefore = process.cpuUsage();
  const requestLogStart = discord.requestLog.length;
  const started = performance.now();

  const replies = issue(context, active, n, `L${n}`, text, undefined, STREAM_MS / TOKENS);

  // Wait for every upstream to end, then for every reply to show its exact text, at most
  // FINAL_WAIT_MS after the last upstream token.
  const hardDeadline = started + STREAM_MS * 3 + FINAL_WAIT_MS + 60_000;
  for (;;) {
    await sleep(250);
    matchLogs(service, context.byTag, context.logCursor);
    const now = performance.now();
    const ended = replies.every(
      (reply) => reply.log !== undefined && service.sendLogs[reply.log]?.length === expectedChunks,
    );
    const allFinal = replies.every((reply) => isFinal(discord, reply, text));
    if (ended && allFinal) break;
    if (ended) {
      const lastToken = Math.max(
        ...replies.map((reply) => service.sendLogs[reply.log as number]?.at(-1)?.at ?? 0),
      );
      if (now >= lastToken + FINAL_WAIT_MS) break;
    }
    if (now >= hardDeadline) {
      const late = active.map((policy) => {
        const own = replies.filter((reply) => reply.policy === policy);
        const unasked = own.filter((reply) => reply.log === undefined).length;
        const streaming = own.filter(
          (reply) => reply.log !== undefined && service.sendLogs[reply.log]?.length !== expectedChunks,
        ).length;
        return `${policy}: ${unasked} not asked, ${streaming} streaming`;
      });
      console.error(
        `side by side: level ${n} did not end by ${Math.round((hardDeadline - started) / 1000)} s (${late.join('; ')})`,
      );
      break;
    }
  }
  const stoppedAt = performance.now();
  const cancelled = await stopReferences(
    context,
    active.filter((key): key is Reference => key !== 'ours'),
  );
  // Answers already on their way land; nothing new starts.
  await sleep(300);
  const wallSeconds = (performance.now() - started) / 1000;
  const fakesCpu = process.cpuUsage(fakesBefore);
  const cpuSeconds = {
    ...(Object.fromEntries(
      active.map((key) => [key, round(cpuSecondsOf(pids[key]) - (cpuBefore[key] ?? 0))]),
    ) as Partial<Record<PolicyKey, number>>),
    fakes: round((fakesCpu.user + fakesCpu.system) / 1e6),
  };

  const tokenPolicy = new Map(replies.map((reply) => [reply.interaction.token, reply.policy]));
  const requests = Object.fromEntries(POLICY_KEYS.map((key) => [key, 0])) as Record<PolicyKey, number>;
  const limited = Object.fromEntries(POLICY_KEYS.map((key) => [key, 0])) as Record<PolicyKey, number>;
  for (const entry of discord.requestLog.slice(requestLogStart)) {
    const policy = tokenPolicy.get(tokenOf(entry.route) ?? '');
    if (!policy) continue;
    requests[policy] += 1;
    if (entry.status === 429) limited[policy] += 1;
  }

  const policies: Partial<Record<PolicyKey, PolicyLevel>> = {};
  for (const policy of active) {
    const own = replies.filter((reply) => reply.policy === policy);
    const figures = own.map((reply) =>
      measure(
        discord.replyMessages(reply.interaction),
        reply.log !== undefined ? (service.sendLogs[reply.log] ?? []) : [],
        text,
        INDICATORS[policy],
        stoppedAt,
      ),
    );
    const present = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
    policies[policy] = {
      replies: own.length,
      deferredMs: stats(
        present(
          own.map((reply) => (reply.interaction.callbacks[0]?.at ?? NaN) - reply.interaction.createdAt),
        ).filter(Number.isFinite),
      ),
      askedMs: stats(
        own
          .map((reply) =>
            reply.log === undefined
              ? NaN
              : (service.sendLogRequests[reply.log]?.receivedAt ?? NaN) - reply.interaction.createdAt,
          )
          .filter(Number.isFinite),
      ),
      upstreamSeconds: stats(
        own
          .map((reply) => {
            const log = reply.log === undefined ? undefined : service.sendLogs[reply.log];
            return ((log?.at(-1)?.at ?? NaN) - (log?.[0]?.at ?? NaN)) / 1000;
          })
          .filter(Number.isFinite),
      ),
      firstVisibleMs: stats(present(figures.map((f) => f.firstVisibleMs))),
      botShareOfFirstVisibleMs: stats(present(figures.map((f) => f.firstRequestMs))),
      meanStalenessMs: stats(figures.map((f) => f.meanStalenessMs)),
      finalLagMs: stats(present(figures.map((f) => f.finalLagMs))),
      notFinal: figures.filter((f) => f.finalLagMs === null).length,
      editsPerReply: round(figures.reduce((sum, f) => sum + f.edits, 0) / Math.max(1, own.length)),
      requestsPerReply: round(requests[policy] / Math.max(1, own.length)),
      rateLimited429: limited[policy],
      exact: figures.filter((f) => f.exact).length,
      ...(policy !== 'ours' && { cancelledWrites: cancelled[policy] }),
      cpuSeconds: cpuSeconds[policy] ?? 0,
      peakRssMiB: peakRssMiB(pids[policy]),
    };
  }
  forget(context, replies);
  const cpuTotal = Object.values(cpuSeconds).reduce((a: number, b) => a + (b ?? 0), 0);
  return {
    round: {
      policies: [...active],
      wallSeconds: round(wallSeconds),
      cpuSeconds,
      coresBusy: Math.round((cpuTotal / wallSeconds) * 100) / 100,
    },
    policies,
  };
}

/** Which policies stream at the same time, round after round, at `n` replies each. */
export function roundsOf(n: number, active: readonly PolicyKey[]): PolicyKey[][] {
  const groups: PolicyKey[][] =
    n >= SPLIT_REFERENCES_FROM
      ? [['ours'], ['llmcord', 'turingAi'], ['discordOllama']]
      : n >= SEPARATE_FROM
        ? [['ours'], ['llmcord', 'discordOllama', 'turingAi']]
        : [[...POLICY_KEYS]];
  return groups
    .map((group) => group.filter((key) => active.includes(key)))
    .filter((group) => group.length > 0);
}

async function runLevel(context: Context, n: number): Promise<LevelReport> {
  const groups = roundsOf(n, ACTIVE);
  const level: LevelReport = { replies: n, rounds: [], policies: {} };
  for (const group of groups) {
    const { round: done, policies } = await runRound(context, n, group);
    level.rounds.push(done);
    Object.assign(level.policies, policies);
  }
  return level;
}

function checkTargets(levels: LevelReport[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const ms = (value: number | undefined) => `${Math.round(value ?? 0)} ms`;
  for (const level of levels) {
    const ours = level.policies.ours;
    if (!ours) continue;
    const staleness = ours.meanStalenessMs?.mean;
    checks.push({
      target: `mean staleness ≤ ${TARGETS.meanStalenessMs / 1000} s`,
      replies: level.replies,
      value: staleness === undefined ? 'none' : `${(staleness / 1000).toFixed(2)} s`,
      met: staleness !== undefined && staleness <= TARGETS.meanStalenessMs,
    });
    checks.push({
      target: '0 × 429',
      replies: level.replies,
      value: `${ours.rateLimited429}`,
      met: ours.rateLimited429 === 0,
    });
    checks.push({
      target: '100 % exact',
      replies: level.replies,
      value: `${ours.exact}/${ours.replies}`,
      met: ours.exact === ours.replies,
    });
    if ((TARGETS.firstVisibleLevels as readonly number[]).includes(level.replies)) {
      const first = ours.firstVisibleMs;
      checks.push({
        target: `first visible ≤ ${TARGETS.firstVisibleMs} ms (p95)`,
        replies: level.replies,
        value: first ? `mean ${ms(first.mean)}, p95 ${ms(first.p95)}` : 'none',
        met: first !== null && first.p95 <= TARGETS.firstVisibleMs && ours.notFinal < ours.replies,
      });
    }
    const lag = ours.finalLagMs;
    checks.push({
      target: `final lag ≤ ${TARGETS.finalLagMs} ms (p95)`,
      replies: level.replies,
      value: lag ? `mean ${ms(lag.mean)}, p95 ${ms(lag.p95)}` : 'none',
      met: lag !== null && lag.p95 <= TARGETS.finalLagMs && ours.notFinal === 0,
    });
  }
  return checks;
}

// ---- Table ---------------------------------------------------------------------------------------

/** Right-aligned columns (left-aligned where `left`); the first row is the header. */
export function formatTable(rows: string[][], left: number[] = []): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        left.includes(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  return [line(header ?? []), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join(
    '\n',
  );
}

function separation(report: SideBySideReport): string {
  const names = (round: RoundReport) =>
    round.policies.map((key) => (key === 'ours' ? 'ours' : SHORT[key])).join(' + ');
  return report.levels
    .map((level) =>
      level.rounds.length === 1
        ? `at ${level.replies} all at once`
        : `at ${level.replies} in rounds: ${level.rounds.map(names).join(', then ')}`,
    )
    .join('; ');
}

export function sideBySideTable(report: SideBySideReport): string {
  const c = report.conditions;
  const ms = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value)}`);
  const s = (value: number | undefined) => (value === undefined ? '-' : (value / 1000).toFixed(2));
  const rows: string[][] = [
    [
      'replies',
      'policy',
      'first visible ms mean/p95/max',
      'staleness s mean/max',
      'final lag ms mean/p95/max',
      'edits/reply',
      '429s',
      'exact',
      'CPU s',
    ],
  ];
  for (const level of report.levels) {
    for (const key of POLICY_KEYS) {
      const p = level.policies[key];
      if (!p) continue;
      const first = p.firstVisibleMs;
      const lag = p.finalLagMs;
      let lagText = lag ? `${ms(lag.mean)}/${ms(lag.p95)}/${ms(lag.max)}` : '';
      if (p.notFinal > 0) {
        lagText = `${lagText ? `${lagText}, ` : ''}> ${c.finalWaitMs / 1000} s: ${p.notFinal}/${p.replies}`;
      }
      rows.push([
        String(level.replies),
        POLICY_LABELS[key],
        first ? `${ms(first.mean)}/${ms(first.p95)}/${ms(first.max)}` : '-',
        p.meanStalenessMs ? `${s(p.meanStalenessMs.mean)}/${s(p.meanStalenessMs.max)}` : '-',
        lagText,
        String(p.editsPerReply),
        String(p.rateLimited429),
        `${p.exact}/${p.replies}`,
        String(p.cpuSeconds),
      ]);
    }
  }
  const lines = [
    `Streaming side by side${report.quick ? ' (quick)' : ''}: ${c.tokens.toLocaleString('en')}-token replies ` +
      `(${c.replyChars.toLocaleString('en')} characters) over ${c.streamMs / 1000} s; fake Discord ${c.rateLimit}, ` +
      `${c.restDelayMs} ms REST delay; the N commands of each policy issued in the same millisecond; ` +
      `${separation(report)}.`,
    formatTable(rows, [1]),
    '',
    'Rounds (the policies of a round stream at the same time): CPU seconds per process / wall seconds; ' +
      `the upstreams' actual duration (scripted: ${c.streamMs / 1000} s)`,
    ...report.levels.flatMap((level) =>
      level.rounds.map((round) => {
        const cpu = POLICY_KEYS.filter((key) => round.cpuSeconds[key] !== undefined)
          .map((key) => `${SHORT[key]} ${round.cpuSeconds[key]}`)
          .join(', ');
        const upstream = Math.max(
          ...round.policies.map((key) => level.policies[key]?.upstreamSeconds?.max ?? 0),
        );
        // Timers of a busy fakes process fire late: the upstreams then run slower than scripted.
        const over = Math.round((upstream / (c.streamMs / 1000) - 1) * 100);
        const slowed = over >= 10 ? ` ⚠ ${over} % slower than scripted (the fakes fell behind)` : '';
        return (
          `  ${level.replies}: ${cpu}, fakes ${round.cpuSeconds.fakes} / ${round.wallSeconds} s ` +
          `(${round.coresBusy} cores busy); upstreams ≤ ${upstream} s${slowed}`
        );
      }),
    ),
  ];
  const cancelled = report.levels
    .map((level) => [level.replies, level.policies.discordOllama?.cancelledWrites ?? 0] as const)
    .filter(([, count]) => count > 0);
  if (cancelled.length > 0) {
    lines.push(
      `discord-ollama-like writes still queued when the wait ended (cancelled): ${cancelled
        .map(([replies, count]) => `${count.toLocaleString('en')} at ${replies}`)
        .join(', ')} (each token's queue drains at 2.5 edits/s).`,
    );
  }
  lines.push('', 'Targets (ours):');
  const targetRows = [
    ['target', 'replies', 'ours', ''],
    ...report.targets.map((t) => [t.target, String(t.replies), t.value, t.met ? '✓' : '✗']),
  ];
  lines.push(formatTable(targetRows, [0, 2]));
  return lines.join('\n');
}

// ---- Main ----------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const began = performance.now();
  const totalReplies = 1 + LEVELS.reduce((sum, n) => sum + n, 0);
  const discord = await startLocalDiscord({
    restDelayMs: REST_DELAY_MS,
    rateLimit: RATE_LIMIT,
    channelCount: totalReplies * ACTIVE.length,
  });
  const service = await startFakeService();
  const bot = startBotProcess(discord, service, { nodeOptions: process.env.BENCH_BOT_NODE_OPTIONS ?? '' });
  const runners = Object.fromEntries(
    REFERENCES.map((key) => [key, startRunner(key, discord, service)]),
  ) as Partial<Record<Reference, Runner>>;
  const context: Context = {
    discord,
    service,
    bot,
    runners,
    byTag: new Map(),
    logCursor: { index: 0 },
    nextChannel: 0,
  };
  try {
    await Promise.all([bot.ready(), ...REFERENCES.map((key) => runners[key]?.next('ready', 30_000))]);
    await warmUp(context);
    const levels: LevelReport[] = [];
    for (const n of LEVELS) {
      const level = await runLevel(context, n);
      levels.push(level);
      const ours = level.policies.ours;
      console.error(
        `side by side: ${n} replies per policy done in ${level.rounds.map((r) => `${r.wallSeconds} s`).join(' + ')}` +
          (ours
            ? ` (ours: staleness ${ours.meanStalenessMs?.mean ?? '-'} ms, exact ${ours.exact}/${ours.replies})`
            : ''),
      );
    }
    const text = replyText(TOKENS);
    const report: SideBySideReport = {
      date: new Date().toISOString(),
      quick: QUICK,
      machine: machine(),
      conditions: {
        restDelayMs: REST_DELAY_MS,
        rateLimit: `${RATE_LIMIT.limit} edits per ${RATE_LIMIT.windowMs / 1000} s per token`,
        tokens: TOKENS,
        replyChars: text.length,
        streamMs: STREAM_MS,
        finalWaitMs: FINAL_WAIT_MS,
        levels: LEVELS,
      },
      levels,
      targets: checkTargets(levels),
      durationSeconds: round((performance.now() - began) / 1000),
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/sideBySide.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(sideBySideTable(report));
  } catch (error) {
    console.error(bot.output().slice(-3000));
    for (const key of REFERENCES) console.error(runners[key]?.output().slice(-2000));
    throw error;
  } finally {
    for (const key of REFERENCES) runners[key]?.child.kill('SIGTERM');
    await bot.stop();
    await discord.close();
    await service.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
