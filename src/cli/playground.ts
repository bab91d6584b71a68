/**
 * `npm run playground`: the real bot in a local Discord, with a web page to talk to it
 * (src/playground/). No Discord application and no `.env` needed: the demo service answers unless
 * SERVICE_BASE_URL and SERVICE_API_KEY are both set (then the operator's own service does, and is
 * billed). PLAYGROUND_PORT picks the page's port; DATABASE_URL keeps the store (default: a
 * temporary file, removed on exit). The bot's other settings are read as `npm start` reads them.
 */
import { startPlayground } from '../playground/playground.js';

const env = process.env;
const service =
  env.SERVICE_BASE_URL && env.SERVICE_API_KEY
    ? { baseUrl: env.SERVICE_BASE_URL, apiKey: env.SERVICE_API_KEY }
    : undefined;
if (!service && (env.SERVICE_BASE_URL || env.SERVICE_API_KEY)) {
  console.error(
    'playground: set both SERVICE_BASE_URL and SERVICE_API_KEY to use your service; using the demo service',
  );
}
const port = Number(env.PLAYGROUND_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('playground: PLAYGROUND_PORT must be a port number (0-65535)');
  process.exit(1);
}

try {
  const playground = await startPlayground({
    port,
    ...(service && { service }),
    ...(env.DATABASE_URL && { databaseUrl: env.DATABASE_URL }),
    env: { LOG_LEVEL: 'warn', ...env, SERVICE_BASE_URL: undefined, SERVICE_API_KEY: undefined },
  });
  console.log(`playground: open ${playground.url}`);
  console.log(
    playground.demo
      ? 'playground: answers come from the demo service (set SERVICE_BASE_URL and SERVICE_API_KEY for yours)'
      : `playground: answers come from your service at ${playground.serviceUrl} (requests are billed)`,
  );
  console.log(`playground: store ${playground.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}; Ctrl-C stops`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void playground.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`playground: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
