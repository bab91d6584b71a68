/**
 * Side-by-side streaming benchmark: our bot in both of its layouts, V2 cards (`ours`, the default)
 * and the classic plain-text layout a server can keep (`oursClassic`, "ours (classic layout)"),
 * beside three small reference policies (bench/policies/: llmcord's one global 1 s throttle,
 * discord-ollama's edit per chunk, TuringAI's fixed 2.5 s interval), all five driving the same
 * fake Discord and fake service in the same run, at 1, 10, 50 and 200 concurrent replies per policy.
 *
 * Conditions: the fake Discord enforces 5 edits per 2 s per interaction token (with X-RateLimit
 * headers) and answers every REST call after 25 ms; every reply is 1,500 tokens (8,382
 * characters: five classic messages of at most 2,000, three V2 ones of at most 4,000) streamed
 * over 30 s (50 tokens/s); everything on loopback. Each reply has a channel of its own, and the N
 * commands of a policy are issued in one synchronous loop (the same millisecond). What a reply
 * shows is read the same way in both layouts (the local Discord keeps a V2 message's text
 * displays as its `content`).
 *
 * Fairness on two cores. Each policy runs in a process of its own, the way each would run in
 * production, so a policy's CPU is its own and is reported:
 * - this process: the fake Discord, the fake service and the measuring (done after each round,
 *   when nothing streams);
 * - our bot: the built bot (`dist/src/main.js`, src/localService/harness/botProcess.ts) on SQLite, connected
 *   to the fake gateway, answering /ask; one process for both layouts, in two guilds of the fake:
 *   ours in the first (V2), oursClassic in a second that a server manager set once, before the
 *   warm-up, with `/config features classic_layout:true` (bench/sideBySide/layouts.ts); every reply's
 *   messages are checked to be in its guild's layout, so no figure mixes the two;
 * - one process per reference policy (bench/policies/runner.ts): it defers the interaction,
 *   requests the stream with our bot's request shape, reads it with our bot's SSE reader, and
 *   writes through one discord.js REST client on the interaction-token routes with discord.js's
 *   global limit lifted, as our bot's interaction client does. The references pay only for their
 *   timing policy (no database, ledger, history or gateway); our bot pays for all of those. One
 *   process per reference rather than one for all three keeps discord-ollama's CPU (it queues an
 *   edit per chunk: 300,000 at 200 replies) from slowing the other two.
 * At 1 and 10 replies the five policies stream at the same time (5 and 50 streams: the cores are
 * mostly idle; the bot's CPU is then one figure for both layouts, marked * in the table). Above that they cannot without slowing each other, as measured on the 2-core
 * machine: with all four at once, ours' deferral of its commands took 1.05 s at 50 and 8 s at 200
 * (0.26 s at 200 alone), and the 600 reference streams of 200 need about three cores by
 * themselves (the fake service's socket writes, 30,000 a second, take one): a round of 30 s
 * streams took 84 s, the fakes themselves falling behind. So from 50 replies up
 * (BENCH_SEPARATE_FROM) ours streams alone first, then oursClassic alone (the same bot, so the two
 * layouts meet the same conditions, one round apart), then the three references together; at 200
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
 * BENCH_SEPARATE_FROM, BENCH_SPLIT_REFERENCES_FROM, BENCH_POLICIES=ours,oursClassic (development:
 * only those; without oursClassic there is no second guild and V2 against classic is not judged).
 *
 * Targets (ours, issue 12; bench/sideBySide/targets.ts, judged in code by bench/run/verdict.ts: a
 * miss exits non-zero): mean staleness ≤ 0.35 s, 0 × 429 and every reply exact at every level;
 * first visible p95 ≤ 75 ms alone and at 50; final edit after the upstream ends p95 ≤ 125 ms.
 * V2 no worse than classic: oursClassic with 0 × 429 and every reply exact at every level, every
 * reply of both in its layout; at 1, 50 and 200 replies ours' mean staleness and final-lag p95 at
 * most oursClassic's + 50 ms each (a margin, not a ratio: why in targets.ts).
 *
 * Run: npm run bench (all benchmarks), or `npm run build && tsx bench/sideBySide.ts`.
 * Writes bench/results/sideBySide.json and prints its table; draws the figures at 1 and 50
 * replies as bench/results/streaming.png (and $PLOTS_DIR/streaming.png when PLOTS_DIR is set:
 * `npm run plots` writes docs/images/streaming.png).
 *
 * The parts, in bench/sideBySide/: conditions (environment, targets, policies), layouts (the
 * classic guild, and which layout a reply is in), referenceProcess (a reference policy's process), replies (issuing and following them), round (a level's rounds
 * and their figures), measure (one reply's figures), processes (CPU and memory), report (the
 * JSON's shape), targets, table, and plot (the figures as an SVG) with plotFile (its PNGs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startLocalDiscord } from '../src/localDiscord/localDiscord.js';
import { startFakeService } from '../src/localService/fakeService.js';
import { startBotProcess } from '../src/localService/harness/botProcess.js';
import { exitOnMiss, judged, verdictLine } from './run/verdict.js';
import {
  ACTIVE,
  FINAL_WAIT_MS,
  LEVELS,
  QUICK,
  RATE_LIMIT,
  REFERENCES,
  REST_DELAY_MS,
  type Reference,
  STREAM_MS,
  TOKENS,
} from './sideBySide/conditions.js';
import { GUILDS_PER_SHARD, useClassicLayout } from './sideBySide/layouts.js';
import { round } from './sideBySide/measure.js';
import { writeStreamingPlot } from './sideBySide/plotFile.js';
import { machine } from './sideBySide/processes.js';
import { type Runner, startRunner } from './sideBySide/referenceProcess.js';
import { type Context, warmUp } from './sideBySide/replies.js';
import type { JudgedSideBySideReport, LevelReport, SideBySideReport } from './sideBySide/report.js';
import { runLevel } from './sideBySide/round.js';
import { sideBySideTable } from './sideBySide/table.js';
import { verdicts } from './sideBySide/targets.js';
import { replyText } from './streamedReply.js';

async function main(): Promise<void> {
  const began = performance.now();
  const totalReplies = 1 + LEVELS.reduce((sum, n) => sum + n, 0);
  const discord = await startLocalDiscord({
    restDelayMs: REST_DELAY_MS,
    rateLimit: RATE_LIMIT,
    channelCount: totalReplies * ACTIVE.length,
    // oursClassic's replies are asked in a second guild, set to the classic layout below.
    guildsPerShard: GUILDS_PER_SHARD,
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
    if (ACTIVE.includes('oursClassic')) await useClassicLayout(discord);
    await warmUp(context);
    const levels: LevelReport[] = [];
    for (const n of LEVELS) {
      const level = await runLevel(context, n);
      levels.push(level);
      const ourFigures = (['ours', 'oursClassic'] as const).flatMap((key) => {
        const p = level.policies[key];
        return p
          ? [`${key}: staleness ${p.meanStalenessMs?.mean ?? '-'} ms, exact ${p.exact}/${p.replies}`]
          : [];
      });
      console.error(
        `side by side: ${n} replies per policy done in ${level.rounds.map((r) => `${r.wallSeconds} s`).join(' + ')}` +
          (ourFigures.length > 0 ? ` (${ourFigures.join('; ')})` : ''),
      );
    }
    const text = replyText(TOKENS);
    const figures: SideBySideReport = {
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
      durationSeconds: round((performance.now() - began) / 1000),
    };
    const report: JudgedSideBySideReport = judged(figures, verdicts(levels));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/sideBySide.json', `${JSON.stringify(report, null, 2)}\n`);
    writeStreamingPlot(report);
    console.log(
      `${sideBySideTable(report)}\n\nTargets (ours, and V2 beside classic):\n${report.verdicts.map(verdictLine).join('\n')}`,
    );
    exitOnMiss(report);
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
