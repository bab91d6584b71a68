/**
 * Part 4's processes: the bot processes of a run (one gateway process, or two HTTP workers behind
 * a round-robin balancer in a process of its own) started against the local Discord, and whether
 * a reply shows its exact final text.
 */
import type { LocalDiscord, LocalInteraction } from '../../src/localDiscord/localDiscord.js';
import { freePort } from '../../src/localService/harness/servers.js';
import { withoutQuestionHead } from '../../src/reply/quote.js';
import { withoutCostLine } from '../streamedReply.js';
import { sleep, WORKER_EDITS_PER_SECOND } from './conditions.js';
import { type ProbedBot, startProbedBot } from './probedBot.js';
import { type RoundRobin, startRoundRobin } from './roundRobin.js';

export type Mode = 'gateway' | 'workers';

/** When the reply showed its exact final text (the last version's time), else undefined. */
export function finishedAt(
  discord: LocalDiscord,
  interaction: LocalInteraction,
  text: string,
): number | undefined {
  const messages = discord.replyMessages(interaction);
  const answer = messages.map((message, index) =>
    index === 0 ? withoutQuestionHead(message.content) : message.content,
  );
  if (withoutCostLine(answer.join('')) !== text) return undefined;
  return Math.max(...messages.map((message) => message.versions.at(-1)?.at ?? 0));
}

/** Resolves once GET /healthz answers 200 (the worker has claimed its shards); rejects if it exits. */
async function healthy(port: number, bot: ProbedBot): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    // Exited, or alive after a fatal line ("could not start"): it will not become healthy.
    if (bot.bot.child.exitCode !== null || bot.bot.output().includes('"level":60'))
      throw new Error(`${bot.label} did not start:\n${bot.bot.output().slice(-3000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${bot.label} never became healthy:\n${bot.bot.output().slice(-3000)}`);
}

/** `count` distinct free ports. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** What a run started, to be stopped whatever happens. */
export interface Started {
  readonly bots: ProbedBot[];
  balancer?: RoundRobin;
}

export async function startBots(
  mode: Mode,
  discord: LocalDiscord,
  serviceUrl: string,
  held: Started,
  databaseUrl?: string,
) {
  // LOG_LEVEL warn for all: a line per request at info would be work the figures should not hold.
  const env = { LOG_LEVEL: 'warn', ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  // Each bot's /metrics (its interactions endpoint's outcomes); the workers' endpoints.
  const [metricsA, metricsB, ...ports] = await freePorts(mode === 'gateway' ? 1 : 4);
  if (mode === 'gateway') {
    const bot = startProbedBot('gateway process', discord, serviceUrl, env, metricsA as number);
    held.bots.push(bot);
    await bot.bot.ready();
    return;
  }
  for (const [shard, port] of ports.entries())
    held.bots.push(
      startProbedBot(
        `HTTP worker, shard ${shard}`,
        discord,
        serviceUrl,
        {
          ...env,
          GATEWAY: 'off',
          SHARD_COUNT: '2',
          SHARD_IDS: String(shard),
          INTERACTIONS_PORT: String(port),
          DISCORD_PUBLIC_KEY: discord.publicKey,
          // The edit budget is each process's own: half of it each keeps the work the same.
          STREAM_EDITS_PER_SECOND: String(WORKER_EDITS_PER_SECOND),
        },
        (shard === 0 ? metricsA : metricsB) as number,
      ),
    );
  await Promise.all(ports.map((port, index) => healthy(port, held.bots[index] as ProbedBot)));
  held.balancer = await startRoundRobin(ports.map((port) => `http://127.0.0.1:${port}`));
  // As an operator saves it in the developer portal: Discord checks it (through the balancer).
  await discord.setInteractionsEndpoint(`${held.balancer.url}/interactions`);
  // The worker with shard 0 registers the commands.
  await held.bots[0]?.bot.ready();
}
