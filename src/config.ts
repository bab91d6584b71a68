/** The environment's settings, checked at start with zod: one line per problem, then a non-zero exit. */
import { z } from 'zod';
import { type DashboardConfig, dashboardConfig, dashboardFields } from './dashboard/env.js';
import { type InteractionsConfig, interactionsConfig, interactionsFields } from './interactions/env.js';
import { capAmount, httpUrl, integer, listenHost, optionalText, port, required } from './lib/envFields.js';
import { parseSealKey, sealKeyTexts } from './lib/seal.js';
import { parseShardIds, type ShardSetting, shardIdsProblem } from './lib/shards.js';
import { databasePassword } from './lib/store.js';
import { storeKind } from './lib/stores/backend.js';
import { STREAM_EDITS_PER_SECOND } from './reply/editPacing.js';
import { CHAT_MODELS } from './service/models.js';

const DATA_KEY_PROBLEM =
  'must be 32 random bytes in hex (64 characters) or base64, e.g. the output of: openssl rand -hex 32';

const schema = z.object({
  DISCORD_TOKEN: required('the bot token from the Discord developer portal'),
  SERVICE_BASE_URL: httpUrl('the service base URL, e.g. https://api.example.com'),
  SERVICE_API_KEY: required('the API key for the service'),
  DATABASE_URL: optionalText
    .transform((value) => value ?? 'sqlite://data/bot.sqlite')
    .pipe(
      z
        .string()
        .refine(
          (value) =>
            storeKind(value) === 'sqlite' ||
            (storeKind(value) !== undefined && URL.canParse(value) && new URL(value).hostname !== ''),
          {
            error:
              'must be a sqlite://, postgres:// or redis:// URL, e.g. sqlite://data/bot.sqlite or postgres://bot:secret@db.example/bot',
          },
        ),
    ),
  SHARD_COUNT: optionalText
    .transform((value) => value ?? 'auto')
    .pipe(
      z.union(
        [
          z.literal('auto'),
          z
            .string()
            .regex(/^\d{1,5}$/, { error: 'must be auto or a whole number of shards from 1' })
            .transform(Number)
            .pipe(z.number().min(1, { error: 'must be auto or a whole number of shards from 1' })),
        ],
        { error: 'must be auto or a whole number of shards from 1' },
      ),
    ),
  SHARD_IDS: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}(-\d{1,5})?(,\d{1,5}(-\d{1,5})?)*$/, {
        error: 'must list shard ids and ranges, e.g. 0-3 or 0,2,4-5',
      })
      .optional(),
  ),
  DISCORD_API_URL: optionalText.pipe(
    z
      .string()
      .refine((value) => URL.canParse(value), { error: 'must be a URL, e.g. http://localhost:8080/api' })
      .optional(),
  ),
  COMMAND_GUILD_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{17,20}$/, { error: 'must be a guild id (a snowflake of 17-20 digits)' })
      .optional(),
  ),
  DEFAULT_MODEL: optionalText
    .transform((value) => value ?? 'service-v1-flash')
    .pipe(z.enum(CHAT_MODELS, { error: `must be one of ${CHAT_MODELS.join(', ')}` })),
  STREAM_EDIT_INTERVAL_MS: integer(1000, 20, 60_000),
  STREAM_EDITS_PER_SECOND: integer(STREAM_EDITS_PER_SECOND, 1, 100_000),
  HISTORY_MAX_TOKENS: integer(6000, 100, 1_000_000),
  HISTORY_MAX_TURNS: integer(40, 2, 1000),
  MAX_OUTPUT_TOKENS: integer(2048, 16, 1_000_000),
  IMAGE_DOWNLOAD_TIMEOUT_MS: integer(30_000, 100, 600_000),
  IMAGE_DOWNLOAD_MAX_DURATION_MS: integer(60_000, 1_000, 600_000),
  FILE_READ_DEADLINE_MS: integer(15_000, 500, 120_000),
  FILE_READ_MAX_MIB: integer(512, 128, 8192),
  IMAGE_HOST_ALLOWLIST: optionalText.transform((value) =>
    (value ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  ),
  REPLY_MAX_DURATION_MS: integer(600_000, 1_000, 3_600_000),
  IMAGINE_PROGRESS_INTERVAL_MS: integer(5000, 20, 60_000),
  RATE_LIMIT_PER_MINUTE: integer(6, 1, 1000),
  CONVERSATION_RETENTION_DAYS: integer(90, 1, 3650),
  // At least two months: last month's export must still find its entries.
  LEDGER_ENTRY_RETENTION_DAYS: integer(400, 62, 3650),
  MESSAGE_CONTENT_INTENT: optionalText
    .transform((value) => value ?? 'false')
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((value) => value === 'true'),
  SYSTEM_PROMPT_ROLE: optionalText
    .transform((value) => value ?? 'system')
    .pipe(z.enum(['system', 'user'], { error: 'must be system or user' })),
  PRICES_FILE: optionalText.transform((value) => value ?? 'prices.json'),
  PLANS_FILE: optionalText,
  ENTITLEMENT_SYNC_MINUTES: integer(60, 1, 1440),
  DMS_ENABLED: optionalText
    .transform((value) => value ?? 'true')
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((value) => value === 'true'),
  USER_INSTALL: optionalText
    .transform((value) => value ?? 'true')
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((value) => value === 'true'),
  // 0.25 a day: a few dozen chat replies or a few images per person, never hundreds of requests.
  DM_DAILY_CAP_PER_USER: capAmount(250_000),
  OPERATOR_MONTHLY_CAP: capAmount(null),
  // Off unless set; 0 listens on any free port (tests read the port the bot bound).
  METRICS_PORT: port(),
  METRICS_HOST: listenHost(),
  ...dashboardFields,
  ...interactionsFields,
  DATA_ENCRYPTION_KEY: optionalText
    .transform((value) => (value === undefined ? undefined : (parseSealKey(value) ?? null)))
    .pipe(z.instanceof(Buffer, { error: DATA_KEY_PROBLEM }).optional()),
  LOG_LEVEL: optionalText
    .transform((value) => value ?? 'info')
    .pipe(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be a pino level',
      }),
    ),
});

/** Every setting the bot reads from its environment (the playground decides on each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export type Env = Record<string, string | undefined>;

export interface Config {
  readonly discordToken: string;
  readonly serviceBaseUrl: string;
  readonly serviceApiKey: string;
  readonly databaseUrl: string;
  readonly discordApiUrl: string | undefined;
  readonly commandGuildId: string | undefined;
  readonly defaultModel: (typeof CHAT_MODELS)[number];
  readonly streamEditIntervalMs: number;
  /** Edits per second all interaction-token streams share (render/editPacing.ts). */
  readonly streamEditsPerSecond: number;
  readonly historyMaxTokens: number;
  readonly historyMaxTurns: number;
  readonly maxOutputTokens: number;
  readonly imageDownloadTimeoutMs: number;
  /** The longest one image's download may take in all, however steadily the host sends. */
  readonly imageDownloadMaxDurationMs: number;
  /** Hosts (lower case) images and files are fetched from although they resolve to internal addresses. */
  readonly imageHostAllowlist: readonly string[];
  /** Each member's file's extraction: its deadline, and its process's memory (files/extractor.ts). */
  readonly fileReading: { readonly deadlineMs: number; readonly maxRssMb: number };
  /** The longest a reply may stream, however steadily the service sends. */
  readonly replyMaxDurationMs: number;
  readonly imagineProgressIntervalMs: number;
  /** Requests per member per minute where a guild has not set its own (and in DMs). */
  readonly rateLimitPerMinute: number;
  /** A channel's conversation is removed this many days after its last turn. */
  readonly conversationRetentionDays: number;
  /** A billed request's ledger entry is removed this many days after it (day totals stay). */
  readonly ledgerEntryRetentionDays: number;
  /** The privileged Message Content intent is enabled for the bot in the developer portal. */
  readonly messageContentIntent: boolean;
  /** The role a channel's system prompt is sent with (the service documents only user/assistant). */
  readonly systemPromptRole: 'system' | 'user';
  readonly pricesFile: string;
  /** The paid plans (spend/plans.ts); undefined: none, requests are capped as ever. */
  readonly plansFile: string | undefined;
  /** How often Discord's list of entitlements is read again (plans/entitlementSync.ts). */
  readonly entitlementSyncMinutes: number;
  /** Whether the bot answers in DMs at all (else a private "servers only" answer). */
  readonly dmsEnabled: boolean;
  /** Whether members may install /ask, /imagine and /reset to their account, for where the bot is not. */
  readonly userInstall: boolean;
  /** Most a user may spend a UTC day in DMs with the bot, in micro-units; null: no cap. */
  readonly dmDailyCapMicros: number | null;
  /** Most the bot may spend a UTC month across every server and DM, in micro-units; null: no cap. */
  readonly operatorMonthlyCapMicros: number | null;
  readonly logLevel: string;
  /** Where /metrics and /healthz are served; undefined: not at all; 0: any free port. */
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
  readonly dashboard: DashboardConfig;
  /** Interactions over HTTPS (INTERACTIONS_PORT) and whether the gateway is connected at all. */
  readonly interactions: InteractionsConfig;
  /** The operator's key servers' own service keys are sealed with; undefined: they cannot be set. */
  readonly dataEncryptionKey: Buffer | undefined;
  /** The shard count (`auto`: Discord's recommendation) and the ids this process runs (undefined: all). */
  readonly shards: ShardSetting;
}

type ReportConfig = { ok: true; databaseUrl: string; pricesFile: string; plansFile: string | undefined };
/** What the command-line usage report needs: the store, the price list, the plan file; nothing secret. */
export function loadReportConfig(env: Env): ReportConfig | { ok: false; problems: string[] } {
  const parsed = schema.pick({ DATABASE_URL: true, PRICES_FILE: true, PLANS_FILE: true }).safeParse(env);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    };
  const { DATABASE_URL: databaseUrl, PRICES_FILE: pricesFile, PLANS_FILE: plansFile } = parsed.data;
  return { ok: true, databaseUrl, pricesFile, plansFile };
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

export function loadConfig(env: Env): ConfigResult {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'config'} ${issue.message}`,
    );
    return { ok: false, problems: [...new Set(problems)] };
  }
  const value = parsed.data;
  // Under discord.js's ShardingManager (npm run start:cluster) each process is told its shard.
  const idsText = env.SHARDING_MANAGER === 'true' ? env.SHARDS : value.SHARD_IDS;
  const ids = idsText === undefined || idsText === '' ? undefined : parseShardIds(idsText);
  const shardProblem = shardIdsProblem(value.SHARD_COUNT, ids);
  if (shardProblem !== undefined) return { ok: false, problems: [shardProblem] };
  // Under start:cluster every process would ask for the same port: each adds its shard id.
  const metricsPort =
    env.SHARDING_MANAGER === 'true' && value.METRICS_PORT !== undefined && value.METRICS_PORT > 0
      ? value.METRICS_PORT + (ids?.[0] ?? 0)
      : value.METRICS_PORT;
  const dashboard = dashboardConfig(value);
  if (typeof dashboard === 'string') return { ok: false, problems: [dashboard] };
  const interactions = interactionsConfig(value, {
    someShards: ids !== undefined && (value.SHARD_COUNT === 'auto' || ids.length < value.SHARD_COUNT),
    sharedStore: storeKind(value.DATABASE_URL) !== 'sqlite',
    dashboard: dashboard.port !== undefined,
  });
  if (typeof interactions === 'string') return { ok: false, problems: [interactions] };
  if (metricsPort !== undefined && metricsPort > 65_535)
    return { ok: false, problems: [`METRICS_PORT plus the shard id (${metricsPort}) must be at most 65535`] };
  return {
    ok: true,
    config: {
      discordToken: value.DISCORD_TOKEN,
      serviceBaseUrl: value.SERVICE_BASE_URL,
      serviceApiKey: value.SERVICE_API_KEY,
      databaseUrl: value.DATABASE_URL,
      discordApiUrl: value.DISCORD_API_URL,
      commandGuildId: value.COMMAND_GUILD_ID,
      defaultModel: value.DEFAULT_MODEL,
      streamEditIntervalMs: value.STREAM_EDIT_INTERVAL_MS,
      streamEditsPerSecond: value.STREAM_EDITS_PER_SECOND,
      historyMaxTokens: value.HISTORY_MAX_TOKENS,
      historyMaxTurns: value.HISTORY_MAX_TURNS,
      maxOutputTokens: value.MAX_OUTPUT_TOKENS,
      imageDownloadTimeoutMs: value.IMAGE_DOWNLOAD_TIMEOUT_MS,
      imageDownloadMaxDurationMs: value.IMAGE_DOWNLOAD_MAX_DURATION_MS,
      imageHostAllowlist: value.IMAGE_HOST_ALLOWLIST,
      fileReading: { deadlineMs: value.FILE_READ_DEADLINE_MS, maxRssMb: value.FILE_READ_MAX_MIB },
      replyMaxDurationMs: value.REPLY_MAX_DURATION_MS,
      imagineProgressIntervalMs: value.IMAGINE_PROGRESS_INTERVAL_MS,
      rateLimitPerMinute: value.RATE_LIMIT_PER_MINUTE,
      conversationRetentionDays: value.CONVERSATION_RETENTION_DAYS,
      ledgerEntryRetentionDays: value.LEDGER_ENTRY_RETENTION_DAYS,
      messageContentIntent: value.MESSAGE_CONTENT_INTENT,
      systemPromptRole: value.SYSTEM_PROMPT_ROLE,
      pricesFile: value.PRICES_FILE,
      plansFile: value.PLANS_FILE,
      entitlementSyncMinutes: value.ENTITLEMENT_SYNC_MINUTES,
      dmsEnabled: value.DMS_ENABLED,
      userInstall: value.USER_INSTALL,
      dmDailyCapMicros: value.DM_DAILY_CAP_PER_USER,
      operatorMonthlyCapMicros: value.OPERATOR_MONTHLY_CAP,
      logLevel: value.LOG_LEVEL,
      metricsPort,
      metricsHost: value.METRICS_HOST,
      dashboard,
      interactions,
      dataEncryptionKey: value.DATA_ENCRYPTION_KEY,
      shards: { count: value.SHARD_COUNT, ids },
    },
  };
}

/**
 * What never reaches a log line or a reply: the bot's token, keys and secrets (the data key as
 * each way it may be written), and the store's password (a driver's error may quote the URL).
 * Every process builds its redactor from this one list.
 */
export function configSecrets(
  config: Pick<Config, 'discordToken' | 'serviceApiKey' | 'databaseUrl'> &
    Partial<Pick<Config, 'dashboard' | 'dataEncryptionKey'>>,
): string[] {
  const { dashboard, dataEncryptionKey: dataKey } = config;
  const secrets = [config.discordToken, config.serviceApiKey, ...databasePassword(config.databaseUrl)];
  if (dashboard?.clientSecret !== undefined) secrets.push(dashboard.clientSecret);
  return dataKey === undefined ? secrets : [...secrets, ...sealKeyTexts(dataKey)];
}
