/**
 * Entry point: validate configuration, open the store, connect, and shut down cleanly on
 * SIGINT/SIGTERM.
 */
import { createBot } from './bot.js';
import { loadConfig } from './config.js';
import { createLogger, createRedactor } from './lib/logger.js';
import { openStore } from './lib/store.js';
import { createServiceClient } from './service/client.js';
import { loadPriceList } from './spend/prices.js';

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
  const secrets = [config.discordToken, config.serviceApiKey];
  const logger = createLogger({ level: config.logLevel, secrets });
  const redact = createRedactor(secrets);

  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  // `kill -USR2 <pid>` logs the memory in use (after a full collection when node runs with
  // --expose-gc), for an operator watching a long-running bot, and for the load benchmark.
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    logger.info({ memory: process.memoryUsage() }, 'memory in use');
  });

  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(config.databaseUrl);
  } catch (error) {
    process.stderr.write(`config: DATABASE_URL cannot be opened: ${redact(String(error))}\n`);
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
  const bot = createBot({ config, logger, store, service, prices: priced.prices });

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
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    await bot.start();
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    process.stderr.write(`start: ${redact(error instanceof Error ? error.message : String(error))}\n`);
    await stop('start failure');
    process.exitCode = 1;
  }
}

await main();
