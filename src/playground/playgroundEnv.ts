/**
 * What the playground takes from the operator's environment (and `.env`, which
 * `npm run playground` reads as `npm start` does), as pure functions.
 *
 * The playground must never become a second writer of the operator's production data, nor a
 * second holder of its ports or its Discord identity. So the bot it spawns gets only the settings
 * that shape what members see and what requests cost (`PLAYGROUND_SETTINGS`), and the playground
 * supplies the rest itself: the local Discord's token and address, one shard, and its own store.
 * Dropped in particular: `DATABASE_URL` (the store: SQLite, PostgreSQL or Redis), `DISCORD_TOKEN`,
 * `DISCORD_API_URL`, `COMMAND_GUILD_ID`, `SHARD_COUNT`, `SHARD_IDS` (and discord.js's `SHARDS`,
 * `SHARDING_MANAGER`), `METRICS_PORT`, `METRICS_HOST`, `REST_PROXY_*`, `NODE_OPTIONS`,
 * `PLANS_FILE` (the playground brings its demo plans: demoPlans.ts), and anything else not listed: a setting added later stays out until it is listed here.
 */
/** The bot's settings passed through to the playground's bot, and the process's own basics. */
export const PLAYGROUND_SETTINGS: readonly string[] = [
  'DEFAULT_MODEL',
  'MAX_OUTPUT_TOKENS',
  'HISTORY_MAX_TOKENS',
  'HISTORY_MAX_TURNS',
  'STREAM_EDIT_INTERVAL_MS',
  'STREAM_EDITS_PER_SECOND',
  'IMAGINE_PROGRESS_INTERVAL_MS',
  'IMAGE_DOWNLOAD_TIMEOUT_MS',
  'IMAGE_DOWNLOAD_MAX_DURATION_MS',
  'IMAGE_HOST_ALLOWLIST',
  'FILE_READ_DEADLINE_MS',
  'FILE_READ_MAX_MIB',
  'REPLY_MAX_DURATION_MS',
  'DMS_ENABLED',
  'USER_INSTALL',
  'DM_DAILY_CAP_PER_USER',
  'OPERATOR_MONTHLY_CAP',
  'RATE_LIMIT_PER_MINUTE',
  'CONVERSATION_RETENTION_DAYS',
  'LEDGER_ENTRY_RETENTION_DAYS',
  'MESSAGE_CONTENT_INTENT',
  'SYSTEM_PROMPT_ROLE',
  // How often the bot lists its entitlements (the demo plans' purchases: demoPlans.ts).
  'ENTITLEMENT_SYNC_MINUTES',
  'PRICES_FILE',
  'LOG_LEVEL',
  // The process's own: where programs are, the time zone, extra certificate authorities (to
  // reach an operator's service behind a private one).
  'PATH',
  'TZ',
  'NODE_EXTRA_CA_CERTS',
];

/**
 * The bot's settings the playground never passes on: it sets them itself (its local Discord, one
 * shard, its own store, the demo or the operator's service) or they would make it a second holder
 * of the operator's ports. Each of the bot's settings is in exactly one of the two lists (a test
 * checks), so a new setting needs a decision.
 */
export const PLAYGROUND_WITHHELD: readonly string[] = [
  'DISCORD_TOKEN',
  'DISCORD_API_URL',
  'COMMAND_GUILD_ID',
  'SHARD_COUNT',
  'SHARD_IDS',
  'DATABASE_URL',
  'SERVICE_BASE_URL',
  'SERVICE_API_KEY',
  'METRICS_PORT',
  'METRICS_HOST',
  'DASHBOARD_PORT',
  'DASHBOARD_HOST',
  'PUBLIC_URL',
  'DISCORD_CLIENT_SECRET',
  'DASHBOARD_TRUSTED_PROXY',
  // The operator's key to sealed data: the playground keeps no server's own service key.
  'DATA_ENCRYPTION_KEY',
  // The playground's own demo plans (demoPlans.ts), whose SKUs its local Discord declares.
  'PLANS_FILE',
  // How interactions arrive: the playground's own choice, signed with its local Discord's key.
  'INTERACTIONS_PORT',
  'INTERACTIONS_HOST',
  'DISCORD_PUBLIC_KEY',
  'GATEWAY',
  // One bot process: no other worker to forward interactions to.
  'INTERACTIONS_PEER_URL',
];

/** `env` reduced to `PLAYGROUND_SETTINGS` (unset and empty values left out). */
export function playgroundSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of PLAYGROUND_SETTINGS) {
    const value = env[name];
    if (value !== undefined && value !== '') kept[name] = value;
  }
  return kept;
}

/** The options of `startPlayground` (playground.ts) that the environment sets. */
export interface PlaygroundSetupOptions {
  readonly port: number;
  readonly service?: { readonly baseUrl: string; readonly apiKey: string };
  readonly databaseUrl?: string;
  /** false: no paid plans (`PLAYGROUND_PLANS=off`); default the demo plans (demoPlans.ts). */
  readonly plans?: boolean;
  /** How interactions reach the bot (`PLAYGROUND_TRANSPORT`); default the gateway. */
  readonly transport?: PlaygroundTransport;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * How the local Discord delivers interactions (commands, buttons, forms) to the playground's bot:
 * INTERACTION_CREATE on the gateway, or `http`: POSTed to the bot's interactions endpoint, signed
 * with the local Discord's key. Mentions and DMs come over the gateway either way.
 */
export type PlaygroundTransport = 'gateway' | 'http';

export type PlaygroundSetup =
  | { readonly ok: true; readonly options: PlaygroundSetupOptions; readonly notes: readonly string[] }
  | { readonly ok: false; readonly problem: string };

/**
 * `npm run playground`'s environment as `startPlayground` options: the page's port
 * (`PLAYGROUND_PORT`), the operator's service (`SERVICE_BASE_URL` and `SERVICE_API_KEY`, both or
 * neither), the playground's own store (`PLAYGROUND_DATABASE_URL`; never `DATABASE_URL`, which is
 * the bot's), the demo's paid plans (on unless `PLAYGROUND_PLANS=off`), how interactions reach the bot
 * (`PLAYGROUND_TRANSPORT`: `gateway`, the default, or `http`), and the bot's other settings (`LOG_LEVEL` defaulting to `warn`). `notes` are lines
 * to tell the operator; a problem stops the playground.
 */
export function playgroundSetup(env: NodeJS.ProcessEnv): PlaygroundSetup {
  const notes: string[] = [];
  const service =
    env.SERVICE_BASE_URL && env.SERVICE_API_KEY
      ? { baseUrl: env.SERVICE_BASE_URL, apiKey: env.SERVICE_API_KEY }
      : undefined;
  if (!service && (env.SERVICE_BASE_URL || env.SERVICE_API_KEY)) {
    notes.push('set both SERVICE_BASE_URL and SERVICE_API_KEY to use your service; using the demo service');
  }
  const port = Number(env.PLAYGROUND_PORT || 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    return { ok: false, problem: 'PLAYGROUND_PORT must be a port number (0-65535)' };
  }
  const databaseUrl = env.PLAYGROUND_DATABASE_URL || undefined;
  if (databaseUrl && databaseUrl === env.DATABASE_URL) {
    return {
      ok: false,
      problem:
        "PLAYGROUND_DATABASE_URL is the bot's DATABASE_URL: the playground must not write into the bot's store; name another, or leave it unset for a temporary one",
    };
  }
  if (env.DATABASE_URL && !databaseUrl) {
    notes.push(
      "DATABASE_URL is the bot's store and is not used here; the playground's store is temporary (PLAYGROUND_DATABASE_URL keeps one)",
    );
  }
  const plans = (env.PLAYGROUND_PLANS ?? '').trim().toLowerCase();
  if (plans !== '' && plans !== 'on' && plans !== 'off') {
    return { ok: false, problem: 'PLAYGROUND_PLANS must be on or off (the demo paid plans; default on)' };
  }
  const transport = (env.PLAYGROUND_TRANSPORT ?? '').trim().toLowerCase();
  if (transport !== '' && transport !== 'gateway' && transport !== 'http') {
    return {
      ok: false,
      problem:
        'PLAYGROUND_TRANSPORT must be gateway or http (how interactions reach the bot; default gateway)',
    };
  }
  return {
    ok: true,
    options: {
      port,
      ...(service && { service }),
      ...(databaseUrl && { databaseUrl }),
      ...(plans === 'off' && { plans: false }),
      ...(transport === 'http' && { transport: 'http' as const }),
      env: { LOG_LEVEL: 'warn', ...playgroundSettings(env) },
    },
    notes,
  };
}

/**
 * The environment of the playground's bot: the passed-through settings of `settings` (anything
 * else in it, `DATABASE_URL` included, is dropped), then what the playground supplies itself.
 */
export function botEnvironment(
  settings: NodeJS.ProcessEnv | undefined,
  own: {
    readonly discordApiUrl: string;
    /** The local Discord's bot token (a fresh one each run: it lets in nothing else). */
    readonly discordToken: string;
    readonly service: { readonly baseUrl: string; readonly apiKey: string };
    readonly databaseUrl: string;
    readonly demo: boolean;
    /** The demo plan file (demoPlans.ts); undefined: no paid plans. */
    readonly plansFile?: string;
    /**
     * The bot's interactions endpoint on loopback, and the local Discord's public key that
     * interactions are signed for (`PLAYGROUND_TRANSPORT=http`); undefined: the gateway only.
     */
    readonly interactions?: { readonly port: number; readonly publicKey: string };
  },
): NodeJS.ProcessEnv {
  const passed = playgroundSettings(settings ?? {});
  return {
    ...passed,
    PATH: passed.PATH ?? process.env.PATH ?? '',
    DISCORD_TOKEN: own.discordToken,
    DISCORD_API_URL: own.discordApiUrl,
    SHARD_COUNT: '1',
    SERVICE_BASE_URL: own.service.baseUrl,
    SERVICE_API_KEY: own.service.apiKey,
    DATABASE_URL: own.databaseUrl,
    ...(own.plansFile && { PLANS_FILE: own.plansFile }),
    // The gateway stays on: mentions and DMs come over it.
    ...(own.interactions && {
      INTERACTIONS_PORT: String(own.interactions.port),
      INTERACTIONS_HOST: '127.0.0.1',
      DISCORD_PUBLIC_KEY: own.interactions.publicKey,
      GATEWAY: 'on',
    }),
    // The demo's pictures are on loopback, which the bot otherwise refuses to fetch from; its
    // spend is play money, capped so the bot's warning about an uncapped operator stays quiet.
    ...(own.demo && {
      IMAGE_HOST_ALLOWLIST: '127.0.0.1',
      OPERATOR_MONTHLY_CAP: passed.OPERATOR_MONTHLY_CAP ?? '100',
    }),
  };
}

/** The line `npm run playground` prints about how interactions reach the bot. */
export function transportLine(interactionsUrl: string | undefined): string {
  return interactionsUrl === undefined
    ? 'playground: interactions over the gateway (PLAYGROUND_TRANSPORT=http sends them over HTTP, signed)'
    : `playground: interactions over HTTP to ${interactionsUrl} (signed); mentions and DMs over the gateway`;
}
