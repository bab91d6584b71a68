/**
 * Entry point: validate configuration, open the store, connect, and shut down cleanly on
 * SIGINT/SIGTERM.
 */
import { createBot } from './app/bot.js';
import { configSecrets, loadConfig } from './config.js';
import { shardsFor } from './discord/shardPlan.js';
import { createLogger, createRedactor, createSecretSet } from './lib/logger.js';
import type { ShardSet } from './lib/shards.js';
import { describeStore, openStore, type Store } from './lib/store.js';
import { createServiceClient } from './service/client.js';
import { loadPlans, plansCurrencyProblem } from './spend/plans.js';
import { loadPriceList } from './spend/prices.js';

/** Why the bot could not start, in words an operator can act on. */
function startFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // discord.js reports Discord's close code 4011 so: the bot is in too many servers for its shards.
  if (/sharding is required/i.test(message))
    return 'Discord requires more shards for this bot (close code 4011): set SHARD_COUNT=auto, or a higher count';
  return message;
}

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    for (const problem of loaded.problems) process.stderr.write(`config: ${problem}\n`);
    process.stderr.write('See .env.example for every setting.\n');
    process.exitCode = 1;
    return;
  }
  const { config } = loaded;
  const priced = loadPriceList(config.pricesFile);
  if (!priced.ok) {
    for (const problem of priced.problems)
      process.stderr.write(`prices (${config.pricesFile}): ${problem}\n`);
    process.exitCode = 1;
    return;
  }
  const plans = config.plansFile === undefined ? undefined : loadPlans(config.plansFile);
  const plansProblems = plans?.ok === false ? plans.problems : [plans && plansCurrencyProblem(priced.prices)];
  if (plansProblems.some((problem) => problem !== undefined)) {
    for (const problem of plansProblems)
      if (problem !== undefined) process.stderr.write(`plans (${config.plansFile}): ${problem}\n`);
    process.exitCode = 1;
    return;
  }
  // Shared by the logger and the bot, which teaches it servers' own service keys as they are set.
  const secrets = createSecretSet(configSecrets(config));
  const logger = createLogger({ level: config.logLevel, secrets });
  const redact = createRedactor(secrets);

  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  // `kill -USR2 <pid>` logs the memory in use (after a full collection when node runs with
  // --expose-gc), for an operator watching a long-running bot, and for the load benchmark.
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    logger.info({ memory: process.memoryUsage() }, 'memory in use');
  });

  let store: Store;
  try {
    store = await openStore(config.databaseUrl, { logger });
  } catch (error) {
    process.stderr.write(
      `config: DATABASE_URL cannot be opened (${describeStore(config.databaseUrl)}): ${redact(String(error))}\n`,
    );
    process.exitCode = 1;
    return;
  }
  let shards: ShardSet;
  try {
    shards = await shardsFor(config);
  } catch (error) {
    process.stderr.write(
      `start: could not ask Discord for the recommended shard count (SHARD_COUNT=auto): ${redact(error instanceof Error ? error.message : String(error))}\n`,
    );
    await store.disconnect();
    process.exitCode = 1;
    return;
  }

  const service = createServiceClient({
    baseUrl: config.serviceBaseUrl,
    apiKey: config.serviceApiKey,
    logger,
    redact,
    timeouts: { replyMs: config.replyMaxDurationMs },
  });
  const bot = createBot({
    config,
    logger,
    store,
    service,
    prices: priced.prices,
    plans: plans?.ok ? plans.plans : undefined,
    shards,
    secrets,
    // Another worker may take the shard over: this one stops, and its supervisor starts it again.
    onClaimLost: () => {
      process.exitCode = 1;
      void stop('shard claim lost');
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await bot.stop();
    } catch (error) {
      logger.error({ err: error }, 'shutdown did not finish cleanly');
      process.exitCode = 1;
    } finally {
      await service.close();
      await store.disconnect();
    }
    logger.info('stopped');
    // Under start:cluster the manager's IPC channel would keep this process alive.
    if (process.connected) process.disconnect();
  };
  // `on`, not `once`: a second signal (systemd and Ctrl-C signal the whole process group, and
  // start:cluster's manager forwards its own) must not kill a process that is stopping.
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Under start:cluster, a manager that is gone cannot restart or stop this process: stop.
  if (process.env.SHARDING_MANAGER === 'true') process.on('disconnect', () => void stop('manager gone'));

  try {
    await bot.start();
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    process.stderr.write(`start: ${redact(startFailure(error))}\n`);
    await stop('start failure');
    process.exitCode = 1;
  }
}

await main();
