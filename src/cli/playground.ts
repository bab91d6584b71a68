/**
 * `npm run playground`: the real bot in a local Discord, with a web page to talk to it
 * (src/playground/). No Discord application and no `.env` needed: the demo service answers unless
 * SERVICE_BASE_URL and SERVICE_API_KEY are both set (then the operator's own service does, and is
 * billed). PLAYGROUND_PORT picks the page's port; PLAYGROUND_DATABASE_URL keeps the playground's
 * store (default: a temporary file, removed on exit). The bot's DATABASE_URL is never used, nor
 * its Discord, shard or metrics settings; its other settings (prices, budgets, limits…) are read
 * as `npm start` reads them (src/playground/playgroundEnv.ts lists them). PLAYGROUND_PLANS=off runs
 * without the demo paid plans; PLAYGROUND_TRANSPORT=http delivers commands, buttons and forms to
 * the bot's interactions endpoint over HTTP, signed, instead of the gateway (default `gateway`;
 * mentions and DMs use the gateway either way). The printed address
 * carries a key made for this run: the page works only when opened from it.
 */
import { startPlayground } from '../playground/playground.js';
import { playgroundSetup, transportLine } from '../playground/playgroundEnv.js';

const setup = playgroundSetup(process.env);
if (!setup.ok) {
  console.error(`playground: ${setup.problem}`);
  process.exit(1);
}
for (const note of setup.notes) console.error(`playground: ${note}`);

try {
  const playground = await startPlayground(setup.options);
  console.log(`playground: open ${playground.url}`);
  console.log(
    `playground: dashboard ${playground.dashboardUrl} ("Log in with Discord" logs in as Sam, the admin)`,
  );
  console.log(
    playground.demo
      ? 'playground: answers come from the demo service (set SERVICE_BASE_URL and SERVICE_API_KEY for yours)'
      : `playground: answers come from your service at ${playground.serviceUrl} (requests are billed)`,
  );
  console.log(transportLine(playground.interactionsUrl));
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
