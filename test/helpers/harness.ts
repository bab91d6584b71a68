/**
 * Starts the real bot (real discord.js Client, real service client, real SQLite store) against
 * the fake Discord and the fake service, all on loopback.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Bot, createBot } from '../../src/app/bot.js';
import { type Config, configSecrets, loadConfig } from '../../src/config.js';
import { shardsFor } from '../../src/discord/shardPlan.js';
import type { Clock } from '../../src/lib/clock.js';
import { createLogger, createRedactor, createSecretSet, type Logger } from '../../src/lib/logger.js';
import { openStore, type Store } from '../../src/lib/store.js';
import {
  type LocalDiscord,
  type LocalDiscordOptions,
  type LocalInteraction,
  startLocalDiscord,
} from '../../src/localDiscord/localDiscord.js';
import { type FakeService, startFakeService } from '../../src/localService/fakeService.js';
import { V2_LIMITS } from '../../src/reply/layout.js';
import { questionHead, withoutQuestionHead } from '../../src/reply/quote.js';
import { pieceText, splitMessage } from '../../src/reply/split.js';
import { createServiceClient, type ServiceClient, type ServiceTimeouts } from '../../src/service/client.js';
import type { GuildConfigPatch } from '../../src/settings/settingsStore.js';
import { loadPlans } from '../../src/spend/plans.js';
import { loadPriceList } from '../../src/spend/prices.js';
import { faultyAdapter, type StoreFaults, storeFaults } from './faultyStore.js';

export const BOT_TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAw.Gabcde.fake-bot-token-that-must-never-leak';
export const API_KEY = 'sk-test-fake-service-key-that-must-never-leak';

/** No lines under replies (cost, context), for tests that compare reply text exactly. */
export const PLAIN_REPLIES: GuildConfigPatch = { showCost: false, showContext: false };

export interface HarnessOptions {
  readonly discord?: LocalDiscordOptions;
  /** Extra settings; a function receives the fake Discord (for ids such as the guild's). */
  readonly env?: Record<string, string> | ((discord: LocalDiscord) => Record<string, string>);
  readonly timeouts?: Partial<ServiceTimeouts>;
  /** How long interaction tokens live for the bot (default: Discord's 15 minutes). */
  readonly interactionTokenTtlMs?: number;
  readonly backoffBaseMs?: number;
  /** Settings stored for the fake guild before the first command (e.g. no footer lines). */
  readonly guildConfig?: GuildConfigPatch;
  /** The bot's clock (default: the real one), e.g. a fixed day for date-bound tests. */
  readonly clock?: Clock;
  /**
   * How interactions reach the bot: the gateway, or HTTP (its interactions endpoint, set as the
   * application's Interactions Endpoint URL in the local Discord). Default: E2E_TRANSPORT, else
   * the gateway; the suite runs its interaction files both ways (vitest.config.ts).
   */
  readonly transport?: Transport;
}

export type Transport = 'gateway' | 'http';

/** The transport a file's harness uses when the file does not say. */
export const defaultTransport = (): Transport => (process.env.E2E_TRANSPORT === 'http' ? 'http' : 'gateway');

export interface RunningBot {
  readonly bot: Bot;
  readonly store: Store;
  readonly service: ServiceClient;
  readonly logger: Logger;
  stop(): Promise<void>;
}

export interface Harness {
  readonly discord: LocalDiscord;
  /** How interactions reach the bot (HarnessOptions.transport). */
  readonly transport: Transport;
  readonly service: FakeService;
  readonly config: Config;
  readonly databasePath: string;
  /** Every log line the bot wrote. */
  readonly logs: string[];
  /** Switches that make the store's writes or reads fail (off unless a test turns them on). */
  readonly storeFaults: StoreFaults;
  running: RunningBot;
  /**
   * Ids of the gateway events' subjects (messages, interactions) the bot has completely finished
   * handling (answered, refused or ignored), across restarts. `settled(h, id)` waits on it.
   */
  readonly settledIds: ReadonlySet<string>;
  /** Emits `settled` with the id each time the bot finishes handling an event's subject. */
  readonly settledEvents: EventEmitter;
  /** Stops the bot and starts a new one on the same database file. */
  /** `between` runs after the old bot stopped and before the new one starts. */
  restart(between?: () => void): Promise<void>;
  close(): Promise<void>;
}

async function launch(
  config: Config,
  logs: string[],
  options: HarnessOptions,
  onSettled: (subject: unknown) => void,
  faults: StoreFaults,
): Promise<RunningBot> {
  // As src/main.ts: shared by the logger and the bot, which teaches it servers' own keys.
  const secrets = createSecretSet(configSecrets(config));
  const logger = createLogger({ level: 'debug', secrets, destination: { write: (line) => logs.push(line) } });
  const store = await openStore(config.databaseUrl, {
    adapter: (real) => faultyAdapter(real, faults),
    logger,
  });
  const service = createServiceClient({
    baseUrl: config.serviceBaseUrl,
    apiKey: config.serviceApiKey,
    logger,
    redact: createRedactor(secrets),
    timeouts: { replyMs: config.replyMaxDurationMs, ...options.timeouts },
    backoffBaseMs: options.backoffBaseMs ?? 20,
  });
  const priced = loadPriceList(config.pricesFile);
  if (!priced.ok) throw new Error(priced.problems.join('\n'));
  const plans = config.plansFile === undefined ? undefined : loadPlans(config.plansFile);
  if (plans?.ok === false) throw new Error(plans.problems.join('\n'));
  // As src/main.ts does: SHARD_COUNT=auto asks the (fake) Discord for its recommended count.
  const shards = await shardsFor(config);
  const bot = createBot({
    shards,
    config,
    logger,
    store,
    service,
    prices: priced.prices,
    plans: plans?.plans,
    secrets,
    onSettled: (_event, subject) => onSettled(subject),
    ...(options.clock !== undefined && { clock: options.clock }),
    ...(options.interactionTokenTtlMs !== undefined && {
      interactionTokenTtlMs: options.interactionTokenTtlMs,
    }),
  });
  await bot.start();
  return {
    bot,
    store,
    service,
    logger,
    async stop() {
      await bot.stop(2_000);
      await service.close();
      await store.disconnect();
    },
  };
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  // The local Discord lets in only this token (REST, IDENTIFY), the one the bot is given below.
  const discord = await startLocalDiscord({ token: BOT_TOKEN, ...options.discord });
  const transport = options.transport ?? defaultTransport();
  const service = await startFakeService();
  const dir = mkdtempSync(join(tmpdir(), 'bot-test-'));
  const databasePath = join(dir, 'bot.sqlite');
  const loaded = loadConfig({
    DISCORD_TOKEN: BOT_TOKEN,
    SERVICE_BASE_URL: service.url,
    SERVICE_API_KEY: API_KEY,
    DATABASE_URL: `sqlite://${databasePath}`,
    DISCORD_API_URL: discord.apiUrl,
    STREAM_EDIT_INTERVAL_MS: '40',
    // Suites send many requests as one member; the rate limit has tests of its own.
    RATE_LIMIT_PER_MINUTE: '1000',
    // The fake content host is on loopback, which the bot refuses unless it is allowed.
    IMAGE_HOST_ALLOWLIST: '127.0.0.1',
    ...(transport === 'http' && { INTERACTIONS_PORT: '0', DISCORD_PUBLIC_KEY: discord.publicKey }),
    ...(typeof options.env === 'function' ? options.env(discord) : options.env),
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const logs: string[] = [];
  const settledIds = new Set<string>();
  const settledEvents = new EventEmitter().setMaxListeners(0);
  const onSettled = (subject: unknown) => {
    const id = (subject as { id?: unknown } | null | undefined)?.id;
    if (typeof id !== 'string') return;
    settledIds.add(id);
    settledEvents.emit('settled', id);
  };
  const faults = storeFaults();
  // Over HTTP, the application's endpoint is the bot's, as an operator saves it in the portal.
  const start = async () => {
    const started = await launch(loaded.config, logs, options, onSettled, faults);
    const port = started.bot.interactionsPort();
    if (port !== undefined) await discord.setInteractionsEndpoint(`http://127.0.0.1:${port}/interactions`);
    return started;
  };
  const running = await start();
  if (options.guildConfig)
    await running.bot.capabilities.settings.updateGuild(discord.guildId, options.guildConfig);
  const harness: Harness = {
    discord,
    transport,
    service,
    config: loaded.config,
    databasePath,
    logs,
    running,
    settledIds,
    settledEvents,
    storeFaults: faults,
    async restart(between) {
      await harness.running.stop();
      between?.();
      harness.running = await start();
    },
    async close() {
      await harness.running.stop();
      await discord.close();
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/**
 * Resolves once the bot has completely finished handling the gateway event whose subject has
 * this id (a message's or an interaction's): answered, refused or ignored it. Checks that
 * nothing happened are only meaningful after this; a sleep could end before the bot even saw
 * the event. Fails loudly when it does not settle in time.
 */
export function settled(h: Harness, id: string, timeoutMs = 10_000): Promise<void> {
  if (h.settledIds.has(id)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onSettled = (settledId: string) => {
      if (settledId !== id) return;
      clearTimeout(timer);
      h.settledEvents.off('settled', onSettled);
      resolve();
    };
    const timer = setTimeout(() => {
      h.settledEvents.off('settled', onSettled);
      reject(new Error(`the bot did not finish handling ${id} within ${timeoutMs} ms`));
    }, timeoutMs);
    h.settledEvents.on('settled', onSettled);
  });
}

/**
 * The quoted question an /ask command's reply starts with (Discord shows others only "… used
 * /ask"), for an /ask sent with a prompt; undefined for anything else.
 */
export function askedHead(interaction: LocalInteraction): string | undefined {
  if (interaction.type !== 2 || interaction.data?.name !== 'ask') return undefined;
  const options = (interaction.data.options ?? []) as { name: string; value: unknown }[];
  const prompt = options.find((option) => option.name === 'prompt')?.value;
  return typeof prompt === 'string' && prompt.trim() !== '' ? questionHead(prompt.trim()) : undefined;
}

/** Whether an interaction's reply is a chat reply, which starts with the question quoted. */
function quotesQuestion(interaction: LocalInteraction): boolean {
  const customId = String(interaction.data?.custom_id ?? '');
  return (
    askedHead(interaction) !== undefined ||
    (interaction.type === 3 && customId.startsWith('ask:regenerate:')) ||
    (interaction.type === 5 && customId.startsWith('ask:'))
  );
}

/** A message without the quote it starts with (its leading `> ` lines). */

/**
 * The contents of an interaction's reply messages, in order. A chat reply's first message is
 * given without the quoted question it starts with (the tests of the quote read the messages
 * themselves), so tests compare the answer; waitForExactReply checks the quote is there.
 */
export function replyTexts(h: Harness, interaction: LocalInteraction): string[] {
  const texts = h.discord.replyMessages(interaction).map((message) => message.content);
  if (texts[0] !== undefined && quotesQuestion(interaction)) texts[0] = withoutQuestionHead(texts[0]);
  return texts;
}

/**
 * The messages a reply to /ask `prompt` is cut into, as replyTexts gives them (the first without
 * its quoted question, which takes room in it).
 */
export function answerPieces(prompt: string, text: string, limit: number = V2_LIMITS.text): string[] {
  const head = questionHead(prompt);
  const pieces = splitMessage(head + text, limit).map(pieceText);
  return [(pieces[0] as string).slice(head.length), ...pieces.slice(1)];
}

/** Waits until the reply's messages satisfy `done` (given their contents), and returns them. */
export function waitForReply(
  h: Harness,
  interaction: LocalInteraction,
  done: (texts: string[]) => boolean,
  timeoutMs = 10_000,
): Promise<string[]> {
  return h.discord.waitFor(
    () => {
      const texts = replyTexts(h, interaction);
      return done(texts) ? texts : undefined;
    },
    timeoutMs,
    `reply to ${interaction.id} (now: ${JSON.stringify(replyTexts(h, interaction)).slice(0, 300)}; requests: ${JSON.stringify(
      h.discord.requestLog
        .filter((entry) => entry.route.includes(interaction.token) || entry.route.includes(interaction.id))
        .map((entry) => `${entry.method} ${entry.status}`),
    )}; last REST: ${JSON.stringify(h.discord.requestLog.slice(-6).map((entry) => `${entry.method} ${entry.route.slice(0, 40)} ${entry.status}`))}; pending at the fake: ${JSON.stringify([...h.discord.pending.entries()])}; last logs: ${h.logs
      .slice(-4)
      .map((line) => line.slice(0, 200))
      .join(' | ')})`,
  );
}

/**
 * Waits until the bot has no chat request queued or running. The fake Discord sees a reply's
 * final text before the bot has read the response, so a member's next request sent right then
 * could still find their previous one in flight (one per member and channel).
 */
export async function waitForIdle(h: Harness, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (h.running.bot.capabilities.chat.inProgress() > 0) {
    if (Date.now() > until) throw new Error('the bot still has requests in flight');
    await sleep(5);
  }
}

/**
 * Waits for a reply whose messages are exactly `expected`, and for the bot to be done with it. An
 * /ask's public reply must start with its question quoted (askedHead), before `expected[0]`.
 */
export async function waitForExactReply(
  h: Harness,
  interaction: LocalInteraction,
  expected: string[],
  timeoutMs = 10_000,
) {
  const head = askedHead(interaction) ?? '';
  const texts = await waitForReply(
    h,
    interaction,
    (current) => {
      const first = h.discord.replyMessages(interaction)[0];
      const quoted = first === undefined || (first.flags & 64) !== 0 || first.content.startsWith(head);
      return quoted && JSON.stringify(current) === JSON.stringify(expected);
    },
    timeoutMs,
  );
  await waitForIdle(h, timeoutMs);
  return texts;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
