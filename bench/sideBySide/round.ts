/**
 * One level (n replies per policy): its rounds, each streaming some policies at the same time on
 * the same fakes, and the figures of each policy in its round. ours and oursClassic are one
 * process: when they stream in the same round, its CPU is counted once, for both.
 */
import { replyText } from '../streamedReply.js';
import {
  ACTIVE,
  FINAL_WAIT_MS,
  INDICATORS,
  isBot,
  POLICY_KEYS,
  type PolicyKey,
  type Reference,
  SEPARATE_FROM,
  SPLIT_REFERENCES_FROM,
  STREAM_MS,
  TOKENS,
} from './conditions.js';
import { inItsLayout } from './layouts.js';
import { measure, round, stats } from './measure.js';
import { cpuSecondsOf, peakRssMiB } from './processes.js';
import {
  type Context,
  forget,
  isFinal,
  issue,
  matchLogs,
  sleep,
  stopReferences,
  tokenOf,
} from './replies.js';
import type { LevelReport, PolicyLevel, RoundReport } from './report.js';

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
    oursClassic: bot.child.pid,
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
    active.filter((key): key is Reference => !isBot(key)),
  );
  // Answers already on their way land; nothing new starts.
  await sleep(300);
  const wallSeconds = (performance.now() - started) / 1000;
  const fakesCpu = process.cpuUsage(fakesBefore);
  const cpuOf = Object.fromEntries(
    active.map((key) => [key, round(cpuSecondsOf(pids[key]) - (cpuBefore[key] ?? 0))]),
  ) as Partial<Record<PolicyKey, number>>;
  // Each process once: when ours and oursClassic stream in the same round, the bot's CPU is ours'.
  const sharedWith = (key: PolicyKey) => active.find((other) => other !== key && pids[other] === pids[key]);
  const firstOfProcess = (key: PolicyKey, index: number) =>
    active.findIndex((other) => pids[other] === pids[key]) === index;
  const cpuSeconds = {
    ...(Object.fromEntries(active.filter(firstOfProcess).map((key) => [key, cpuOf[key]])) as Partial<
      Record<PolicyKey, number>
    >),
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
    const messages = own.map((reply) => discord.replyMessages(reply.interaction));
    const figures = own.map((reply, index) =>
      measure(
        messages[index] ?? [],
        reply.log !== undefined ? (service.sendLogs[reply.log] ?? []) : [],
        text,
        INDICATORS[policy],
        stoppedAt,
      ),
    );
    const shared = sharedWith(policy);
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
      messagesPerReply: round(messages.reduce((sum, m) => sum + m.length, 0) / Math.max(1, own.length)),
      ...(isBot(policy)
        ? { inItsLayout: messages.filter((shown) => inItsLayout(policy, shown)).length }
        : { cancelledWrites: cancelled[policy] ?? 0 }),
      cpuSeconds: cpuOf[policy] ?? 0,
      ...(shared && { cpuSharedWith: shared }),
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
  // Where ours streams alone, so does oursClassic, right after it (the same bot, the same fakes).
  const groups: PolicyKey[][] =
    n >= SPLIT_REFERENCES_FROM
      ? [['ours'], ['oursClassic'], ['llmcord', 'turingAi'], ['discordOllama']]
      : n >= SEPARATE_FROM
        ? [['ours'], ['oursClassic'], ['llmcord', 'discordOllama', 'turingAi']]
        : [[...POLICY_KEYS]];
  return groups
    .map((group) => group.filter((key) => active.includes(key)))
    .filter((group) => group.length > 0);
}

export async function runLevel(context: Context, n: number): Promise<LevelReport> {
  const groups = roundsOf(n, ACTIVE);
  const level: LevelReport = { replies: n, rounds: [], policies: {} };
  for (const group of groups) {
    const { round: done, policies } = await runRound(context, n, group);
    level.rounds.push(done);
    Object.assign(level.policies, policies);
  }
  return level;
}
