/**
 * `npm run start:cluster`: one bot process per shard on this machine, spawned and restarted by
 * discord.js's ShardingManager. Each process runs src/main.ts with the shard the manager gives
 * it (and, with METRICS_PORT set, serves its metrics on METRICS_PORT + its shard id). SHARD_IDS
 * limits this machine to some shards, so several machines can split one bot.
 *
 * The shard count is resolved here (SHARD_COUNT, or `auto`: asked through DISCORD_API_URL), so
 * every process agrees on it; the manager's own `auto` would ask discord.com directly.
 */
import { fileURLToPath } from 'node:url';
import { ShardingManager } from 'discord.js';
import { loadConfig } from '../config.js';
import { recommendedShardCount, resolveShards } from '../discord/shardPlan.js';
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
  const redact = createRedactor([config.discordToken, config.serviceApiKey]);
  const shards = await resolveShards(config.shards, () =>
    recommendedShardCount(config.discordApiUrl, config.discordToken),
  ).catch((error: unknown) =>
    fail(`start: could not ask Discord for the recommended shard count: ${redact(String(error))}`),
  );

  const manager = new ShardingManager(fileURLToPath(new URL('../main.js', import.meta.url)), {
    totalShards: shards.count,
    shardList: [...shards.ids],
    token: config.discordToken,
    mode: 'process',
    respawn: true,
  });
  const say = (line: string) => process.stdout.write(`cluster: ${line}\n`);
  manager.on('shardCreate', (shard) => {
    say(`shard ${shard.id} of ${shards.count} starting (pid ${shard.process?.pid ?? '?'})`);
    shard.on('death', () => say(`shard ${shard.id} exited${manager.respawn ? '; restarting it' : ''}`));
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
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
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  say(`running shard(s) ${shards.ids.join(', ')} of ${shards.count}, one process each`);
  await manager
    .spawn({ amount: shards.count, delay: SPAWN_DELAY_MS, timeout: 120_000 })
    .catch((error: unknown) => {
      if (!stopping) fail(`cluster: a shard did not start: ${redact(String(error))}`);
    });
  if (!stopping) say('every shard is ready');
}

await main();
