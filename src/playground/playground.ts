/**
 * The playground: the real bot, exactly as `npm start` runs it (the built `dist/src/main.js`,
 * nothing stubbed), logged into the local Discord (a server with three channels, a member and an
 * admin, and a DM; Discord's limits on: 2,000 characters, 5 edits per 2 s per message with its
 * rate-limit headers, 25 ms per REST call, 10 MiB uploads), answering through the demo service or
 * the operator's real one, with a web page that shows and drives the channels. The page's switch
 * grants or withdraws the Message Content intent (`MESSAGE_CONTENT_INTENT` sets it at start): the
 * local Discord decides whether the app has it, and the bot is restarted to identify accordingly.
 *
 * Paid plans (issue 31): the bot runs with the demo plan file (demoPlans.ts: a $0.10 free
 * allowance a month, a server and a member subscription and a credit pack, declared at the local
 * Discord), and the page's premium buttons "buy" them as test purchases; `plans: false` runs
 * without.
 *
 * Interactions (commands, buttons, forms) reach the bot over the gateway, or with `transport:
 * 'http'` (`PLAYGROUND_TRANSPORT=http`) at its interactions endpoint: the bot listens on a free
 * loopback port with the local Discord's public key, and once it is ready (at every restart too)
 * the endpoint is saved at the local Discord, which checks it and from then on POSTs each
 * interaction there, signed. Mentions and DMs keep coming over the gateway.
 *
 * The playground never touches the operator's production data: the bot gets its own store
 * (`databaseUrl`, by default a SQLite file in a temporary folder) and, of `env`, only the settings
 * listed in playgroundEnv.ts (prices, budgets, limits, log level…): never `DATABASE_URL`, a
 * Discord token or address, shard or metrics settings. The page's address (`url`) carries a key
 * made for this run, without which the web server answers nothing but the page's static files.
 * The local Discord, likewise, lets in only the bot, with a token made for this run
 * (src/localDiscord/auth.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalDiscord, startLocalDiscord } from '../localDiscord/localDiscord.js';
import type { FakeService } from '../localService/fakeService.js';
import { type BotRunner, startBotRunner } from './botRunner.js';
import { dashboardSetup, freePort } from './dashboardSetup.js';
import { declareDemoSkus, writeDemoPlans } from './demoPlans.js';
import { startDemoService } from './demoService.js';
import type { IntentSwitch } from './pageIntent.js';
import { playgroundPeople } from './pageView.js';
import { botEnvironment, type PlaygroundTransport } from './playgroundEnv.js';
import { startWebServer, type WebServer } from './webServer.js';

export interface PlaygroundOptions {
  /** The page's port (0: any free one). */
  readonly port?: number;
  /** The operator's service; both or neither (then the demo service answers). */
  readonly service?: { readonly baseUrl: string; readonly apiKey: string };
  /**
   * The playground's own store (`PLAYGROUND_DATABASE_URL` in `npm run playground`, never the
   * bot's `DATABASE_URL`); default a SQLite file in a temporary folder, removed at close.
   */
  readonly databaseUrl?: string;
  /**
   * The bot's other settings (prices, budgets, limits, log level…): only those listed in
   * `PLAYGROUND_SETTINGS` (playgroundEnv.ts) are passed on, the rest is dropped.
   */
  readonly env?: NodeJS.ProcessEnv;
  /** Where the built bot is (default `dist/src/main.js`) and the page's files (`src/playground/page`). */
  readonly mainScript?: string;
  readonly pageDir?: string;
  /** false: the bot runs without paid plans; default the demo plans (demoPlans.ts). */
  readonly plans?: boolean;
  /** How interactions reach the bot: the gateway (default) or its endpoint over HTTP, signed. */
  readonly transport?: PlaygroundTransport;
  /** Where the bot's log lines go (default: this process's stderr). */
  readonly onBotOutput?: (chunk: string) => void;
}

export interface Playground {
  /** The page's address with this run's key: `http://127.0.0.1:<port>/?key=<key>`. */
  readonly url: string;
  /** The bot's dashboard; "Log in with Discord" there logs in as Sam, the admin. */
  readonly dashboardUrl: string;
  readonly discord: LocalDiscord;
  readonly serviceUrl: string;
  readonly demo: boolean;
  readonly databaseUrl: string;
  /** Whether the bot runs with the demo plans (demoPlans.ts). */
  readonly plans: boolean;
  /** The bot's interactions endpoint the local Discord POSTs to; undefined: over the gateway. */
  readonly interactionsUrl: string | undefined;
  /** The Message Content intent: whether the app has it, and granting or withdrawing it (the bot restarted). */
  readonly intent: IntentSwitch;
  close(): Promise<void>;
}

export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const discord = await startLocalDiscord({
    channelNames: ['general', 'ask-the-bot', 'images'],
    restDelayMs: 25,
    rateLimit: { limit: 5, windowMs: 2000, headers: true },
  });
  let demo: FakeService | undefined;
  let web: WebServer | undefined;
  let bot: BotRunner | undefined;
  // The temporary folder: the store unless one is given, the demo plan file.
  const scratch = mkdtempSync(join(tmpdir(), 'playground-'));
  const databaseUrl = options.databaseUrl ?? `sqlite://${join(scratch, 'playground.sqlite')}`;
  const plans = options.plans !== false;
  const close = async () => {
    await bot?.stop();
    await web?.close();
    await demo?.close();
    await discord.close();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    demo = options.service ? undefined : await startDemoService();
    const service = options.service ?? { baseUrl: (demo as FakeService).url, apiKey: 'playground-demo-key' };
    const dashboardPort = await freePort();
    const people = playgroundPeople(discord);
    if (plans) declareDemoSkus(discord);
    const interactionsPort = options.transport === 'http' ? await freePort() : undefined;
    const interactionsUrl =
      interactionsPort === undefined ? undefined : `http://127.0.0.1:${interactionsPort}/interactions`;
    bot = await startBotRunner(discord, {
      mainScript: options.mainScript ?? 'dist/src/main.js',
      env: {
        ...botEnvironment(options.env, {
          discordToken: discord.botToken,
          discordApiUrl: discord.apiUrl,
          service,
          databaseUrl,
          demo: demo !== undefined,
          ...(plans && { plansFile: writeDemoPlans(scratch) }),
          ...(interactionsPort !== undefined && {
            interactions: { port: interactionsPort, publicKey: discord.publicKey },
          }),
        }),
        ...dashboardSetup(discord, dashboardPort, people),
      },
      output: options.onBotOutput ?? ((chunk: string) => process.stderr.write(chunk)),
      // Saved (checked with a signed and a forged PING) for each bot process, the restarted one too.
      ...(interactionsUrl !== undefined && {
        whenReady: () => discord.setInteractionsEndpoint(interactionsUrl),
      }),
    });
    web = await startWebServer(discord, {
      ...(options.port !== undefined && { port: options.port }),
      pageDir: options.pageDir ?? join(process.cwd(), 'src', 'playground', 'page'),
      dashboardUrl: `http://127.0.0.1:${dashboardPort}`,
      people,
      intent: bot.intent,
    });
    return {
      url: web.url,
      dashboardUrl: `http://127.0.0.1:${dashboardPort}`,
      discord,
      serviceUrl: service.baseUrl,
      demo: demo !== undefined,
      databaseUrl,
      plans,
      interactionsUrl,
      intent: bot.intent,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
