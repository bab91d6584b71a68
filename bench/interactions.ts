/**
 * Interactions over HTTP (the endpoint Discord POSTs interactions to, src/interactions/): what the
 * endpoint costs, and what HTTP workers give compared with one gateway process. Four parts, in
 * bench/interactions/:
 * 1. signatureCost: checkSignature on a realistic 1.5 KB slash command, 20,000 times (quick: 4,000):
 *    µs per check, mean and p99 (target p99 < 1 ms), and a forged one's;
 * 2. endpointRate: startInteractionsEndpoint in a process pinned to one core (`taskset`), loaded
 *    from another process for 5 s each (quick: 2 s) with signed PINGs, signed slash commands
 *    (answered 202 after a setImmediate, standing in for a deferral) and forged ones (401):
 *    requests per second, latency, the endpoint's CPU per request (the whole path). Target: PINGs
 *    ≥ 2,000/s on one core, judged per CPU second of the endpoint process (on a shared machine its
 *    wall-clock rate is also what the other processes leave it; both are shown);
 * 3. idleHeap: heap after GC per idle server, a gateway process vs an HTTP worker (GATEWAY=off),
 *    1 vs 5,000 servers (quick: 2,000). Target: the HTTP worker < 0.5 KiB per server;
 * 4. replies: 1,000 concurrent /ask (quick: 100; 300 tokens over 10 s, quick 5 s), one per
 *    channel over servers on both of two shards, answered by one gateway process, then by two HTTP
 *    workers (SHARD_COUNT=2, SHARD_IDS 0 and 1, GATEWAY=off) behind a round-robin balancer (a
 *    process of its own), both on the same shared store (PostgreSQL, else Redis, started as
 *    bench/stores.ts starts them; without either the workers are skipped, and the gateway process
 *    runs on SQLite). Per bot process: event-loop delay (bench/capacity's probe), CPU seconds, RSS,
 *    and (workers) its endpoint's requests by outcome; per interaction, the time from the dispatch
 *    to the bot's first callback. Targets: every reply exact in both; each worker's p99 event-loop
 *    delay ≤ the gateway process's; every interaction acknowledged within Discord's 3 s (workers:
 *    every POST answered 202 in time; the local Discord enforces the 3 s only on the endpoint, so
 *    over the gateway a late acknowledgment still gets its reply, which Discord would refuse).
 * Targets are verdicts (bench/run/verdict.ts): a miss exits non-zero. Writes
 * bench/results/interactions.json. Env: BENCH_QUICK=1 (about a minute), BENCH_INTERACTIONS_REPLIES,
 * BENCH_BOT_OUTPUT_DIR (a folder: everything each part-4 bot printed, a file per process),
 * BENCH_WORKER_EDITS_PER_SECOND (each worker's STREAM_EDITS_PER_SECOND, default 400: half the one
 * process's, the budget being per process).
 * Run: npm run bench (BENCH_ONLY=interactions), or `tsx bench/interactions.ts` after a build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startFakeService } from '../src/localService/fakeService.js';
import { startService } from './capacity/serviceProcess.js';
import {
  QUICK,
  REPLIES,
  round,
  STREAM_MS,
  TOKENS,
  WORKER_EDITS_PER_SECOND,
} from './interactions/conditions.js';
import { endpointRate } from './interactions/endpointRate.js';
import { idleHeap } from './interactions/idleHeap.js';
import { concurrentReplies, type RepliesRun } from './interactions/replies.js';
import { tables, verdicts } from './interactions/report.js';
import { startSharedStore } from './interactions/sharedStore.js';
import { signatureCost } from './interactions/signatureCost.js';
import { cpuPressureMicros, machineFigures } from './processFigures.js';
import { exitOnMiss, judged, verdictLine } from './run/verdict.js';

const began = performance.now();
/** Runs a part, noting how long it took and how busy the machine was meanwhile. */
const conditions: Record<string, { seconds: number; cpuPressure: number | null; loadAverage1m: number }> = {};
async function part<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const pressure = cpuPressureMicros();
  console.error(`interactions: ${name} …`);
  const result = await run();
  const ms = performance.now() - started;
  const after = cpuPressureMicros();
  conditions[name] = {
    seconds: round(ms / 1000),
    cpuPressure:
      pressure !== undefined && after !== undefined ? round((after - pressure) / 1000 / ms, 2) : null,
    loadAverage1m: round(loadavg()[0] ?? 0, 2),
  };
  return result;
}

const signature = await part('signature', signatureCost);
const rate = await part('endpointRate', endpointRate);
const idleService = await startFakeService();
const idle = await part('idleHeap', () => idleHeap(idleService)).finally(() => idleService.close());

const service = await startService();
const shared = await startSharedStore();
let gateway: RepliesRun;
let workers: RepliesRun | { readonly skipped: string };
try {
  const store = 'skipped' in shared ? { kind: 'sqlite' } : { kind: shared.kind, url: await shared.fresh() };
  gateway = await part('repliesGateway', () => concurrentReplies('gateway', service, store));
  if ('skipped' in shared) {
    workers = { skipped: `neither PostgreSQL nor Redis: ${shared.skipped}` };
    console.error(`interactions: two HTTP workers skipped (${workers.skipped})`);
  } else {
    const url = await shared.fresh();
    workers = await part('repliesWorkers', () =>
      concurrentReplies('workers', service, { kind: shared.kind, url }),
    );
  }
} finally {
  await service.close();
  if (!('skipped' in shared)) await shared.stop();
}

const parts = { signature, rate, idle, gateway, workers };
const byLabel = (run: RepliesRun | { skipped: string }) =>
  'skipped' in run
    ? run
    : {
        ...run,
        // Keyed (not a list) so that the combined table can pick each process's figures.
        processes: Object.fromEntries(
          run.processes.map((one, i) => [run.mode === 'gateway' ? 'gatewayProcess' : `worker${i}`, one]),
        ),
      };
const report = judged(
  {
    date: new Date().toISOString(),
    node: process.version,
    quick: QUICK,
    machine: { ...machineFigures(), loadAverage1m: round(loadavg()[0] ?? 0, 2) },
    seconds: round((performance.now() - began) / 1000),
    conditions,
    signature,
    endpointRate: rate,
    idleHeap: idle,
    concurrentReplies: {
      replies: REPLIES,
      tokensPerReply: TOKENS,
      streamSeconds: STREAM_MS / 1000,
      workerStreamEditsPerSecond: WORKER_EDITS_PER_SECOND,
      gateway: byLabel(gateway),
      workers: byLabel(workers),
    },
  },
  verdicts(parts),
);
console.log(tables(parts));
console.log(JSON.stringify(conditions));
for (const verdict of report.verdicts) console.log(verdictLine(verdict));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/interactions.json', `${JSON.stringify(report, null, 2)}\n`);
exitOnMiss(report);
