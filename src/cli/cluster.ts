/**
 * `npm run start:cluster`: one bot process per shard on this machine, spawned and restarted by
 * discord.js's ShardingManager. Each process runs src/main.ts with the shard the manager gives
 * it (and, with METRICS_PORT set, serves its metrics on METRICS_PORT + its shard id). SHARD_IDS
 * limits this machine to some shards, so several machines can split one bot.
 *
 * The shard count is resolved here (SHARD_COUNT, or `auto`: asked through DISCORD_API_URL), so
 * every process agrees on it; the manager's own `auto` would ask discord.com directly.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { ShardingManager } from 'discord.js';
import { configSecrets, loadConfig } from '../config.js';
import { shardsFor } from '../discord/shardPlan.js';
import { createRedactor } from '../lib/logger.js';

/** Discord lets a bot start one session per 5 s (max_concurrency 1): spawns are spaced so. */
const SPAWN_DELAY_MS = 5_500;

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) fail(loaded.problems.map((problem) => `config: ${problem}`).join('\n'));
  const { config } = loaded;
  const redact = createRedactor(configSecrets(config));
  const shards = await shardsFor(config).catch((error: unknown) =>
    fail(`start: could not ask Discord for the recommended shard count: ${redact(String(error))}`),
  );

  // Built, this file is dist/src/cli/cluster.js beside dist/src/main.js; run from source (tests,
  // through tsx, whose loader the processes inherit), src/main.ts.
  const entry = new URL(import.meta.url.endsWith('.ts') ? '../main.ts' : '../main.js', import.meta.url);
  const manager = new ShardingManager(fileURLToPath(entry), {
    totalShards: shards.count,
    shardList: [...shards.ids],
    token: config.discordToken,
    mode: 'process',
    respawn: true,
    // Node's own flags (and a loader such as tsx when run from source) reach each process.
    execArgv: process.execArgv,
  });
  const say = (line: string) => process.stdout.write(`cluster: ${line}\n`);
  let stopping = false;
  manager.on('shardCreate', (shard) => {
    shard.on('spawn', (child: ChildProcess | Worker) => {
      say(`shard ${shard.id} of ${shards.count} started (${'pid' in child ? `pid ${child.pid}` : 'worker'})`);
    });
    shard.on('death', () => say(`shard ${shard.id} exited${manager.respawn ? '; restarting it' : ''}`));
    // A restart that fails (the process died or was not ready in time) is reported; the manager
    // keeps running (discord.js restarts a process that dies). Unhandled, the error would end the
    // manager and leave the other processes unmanaged.
    shard.on('error', (error: unknown) => {
      process.stderr.write(`cluster: shard ${shard.id}: ${redact(String(error))}\n`);
    });
  });

  const stop = async (signal: NodeJS.Signals, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    manager.respawn = false;
    say(`${signal}: stopping ${manager.shards.size} process(es)`);
    // Each process ends its replies and writes its charges (src/main.ts), then exits.
    await Promise.all(
      [...manager.shards.values()].map(
        (shard) =>
          new Promise<void>((resolve) => {
            const child = shard.process;
            if (!child || child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill(signal);
          }),
      ),
    );
    say('stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  say(`running shard(s) ${shards.ids.join(', ')} of ${shards.count}, one process each`);
  try {
    await manager.spawn({ amount: shards.count, delay: SPAWN_DELAY_MS, timeout: 120_000 });
  } catch (error) {
    if (stopping) return;
    process.stderr.write(`cluster: a shard did not start: ${redact(String(error))}\n`);
    await stop('SIGTERM', 1);
  }
  if (!stopping) say('every shard is ready');
}

await main();
