/**
 * The chat service's parts, all real: settings, role rules, budgets, ledger and conversations on
 * a temporary SQLite store, the shipped prices, fair use, the service client talking to the
 * local fake service over HTTP and SSE, the real logger (its lines recorded) and metrics. Only
 * what writes to Discord is a recorder: a reply's sink, the bot token's REST client, the alert
 * channel.
 */
import { createFairUse } from '../../src/access/fairUse.js';
import type { ChatReply, ChatServiceDeps } from '../../src/chat/chatService.js';
import { createConversationStore, keptTurns } from '../../src/chat/conversationStore.js';

const HISTORY_MAX_TURNS = 20;

import { systemClock } from '../../src/lib/clock.js';
import { createLogger } from '../../src/lib/logger.js';
import { type FakeService, startFakeService } from '../../src/localService/fakeService.js';
import { shippedPrices } from '../../src/localService/harness/charges.js';
import { createMetrics } from '../../src/ops/metrics.js';
import type { MessageComponents } from '../../src/reply/buttons.js';
import { createEditPacing } from '../../src/reply/editPacing.js';
import type { ReplySink } from '../../src/reply/sink.js';
import { createServiceClient, type ServiceClient } from '../../src/service/client.js';
import { createSettings } from '../../src/settings/settingsStore.js';
import { createBudgets } from '../../src/spend/budgets.js';
import { createLedger } from '../../src/spend/ledger.js';
import { createRoleRules } from '../../src/spend/roleRules.js';
import { freshStore } from './tempStore.js';

/** The local fake service and a service client talking to it; `close` ends both. */
export async function startServiceClient(): Promise<{
  fake: FakeService;
  service: ServiceClient;
  close(): Promise<void>;
}> {
  const fake = await startFakeService();
  const service = createServiceClient({
    baseUrl: fake.url,
    apiKey: 'test-key',
    logger: createLogger({ level: 'silent', secrets: [] }),
    redact: (text) => text,
    backoffBaseMs: 20,
  });
  return {
    fake,
    service,
    close: async () => {
      await service.close();
      await fake.close();
    },
  };
}

export interface ChatDepsOptions {
  /** Aborted: the bot is shutting down. */
  readonly shutdown?: AbortSignal;
  readonly dmsEnabled?: boolean;
  readonly rateLimitPerMinute?: number;
}

/** One logged line, as pino writes it. */
export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

/** The chat service's deps over a fresh store; its log lines are recorded. */
export async function chatServiceDeps(service: ServiceClient, options: ChatDepsOptions = {}) {
  const { store } = await freshStore();
  const lines: LogLine[] = [];
  const logger = createLogger({
    level: 'debug',
    secrets: [],
    destination: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
  });
  const ledger = createLedger(store, shippedPrices, logger);
  const budgets = createBudgets(store, ledger, shippedPrices.currency);
  // Wired as the composition root wires it: a channel keeps what a request can send.
  const conversations = createConversationStore(store, logger, undefined, keptTurns(HISTORY_MAX_TURNS));
  const settings = createSettings(store);
  const metrics = createMetrics({
    queueWaiting: () => 0,
    shards: () => ({ ready: 1, total: 1 }),
    discordInvalid: () => ({ totals: {}, window: 0 }),
    storeFailures: () => new Map(),
  });
  const deps = {
    config: {
      defaultModel: 'service-v1-flash',
      maxOutputTokens: 1000,
      historyMaxTokens: 4000,
      userInstall: true,
      dmsEnabled: options.dmsEnabled ?? true,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 30,
      systemPromptRole: 'user',
      historyMaxTurns: HISTORY_MAX_TURNS,
      streamEditIntervalMs: 10,
    },
    clock: systemClock,
    logger,
    conversations,
    settings,
    fairUse: createFairUse(),
    roleRules: createRoleRules(store),
    budgets,
    ledger,
    service,
    shutdown: options.shutdown ?? new AbortController().signal,
    editPacing: { botToken: createEditPacing(), interaction: createEditPacing(800) },
    prices: shippedPrices,
    metrics,
    shardOf: () => 0,
    discordRest: { get: async () => ({}), patch: async () => undefined },
    notify: async () => undefined,
  } satisfies ChatServiceDeps;
  return {
    deps,
    store,
    conversations,
    settings,
    ledger,
    lines,
    warnings: () => lines.filter((line) => line.level === 40),
  };
}

/** A write of a reply's first message. */
export interface Write {
  readonly content: string;
  readonly components: MessageComponents | undefined;
}

/**
 * A recording reply sink: every write of the reply's first message (whose id is `messageId`),
 * and any refusal. Follow-ups are not expected of the short replies these tests stream.
 */
export function recordingSink(messageId = 'm-reply') {
  const writes: Write[] = [];
  const refusals: string[] = [];
  const sink: ReplySink = {
    editOriginal: async (content, components) => {
      writes.push({ content, components });
      return messageId;
    },
    sendFollowUp: async () => {
      throw new Error('no follow-up expected');
    },
    editFollowUp: async () => {
      throw new Error('no follow-up expected');
    },
    refuse: async (content) => {
      refusals.push(content);
    },
  };
  const last = () => writes.at(-1)?.content ?? '';
  return { sink, writes, refusals, last };
}

/** A recording reply port: what it was told, in order ('acknowledge', or a refusal). */
export function recordingReply(messageId?: string) {
  const recorded = recordingSink(messageId);
  const events: (
    | { readonly kind: 'acknowledge' }
    | { readonly kind: 'refuse'; readonly text: string; readonly channelRefused: boolean }
  )[] = [];
  const reply: ChatReply = {
    refuse: async (text, { channelRefused }) => {
      events.push({ kind: 'refuse', text, channelRefused });
    },
    acknowledge: async () => {
      events.push({ kind: 'acknowledge' });
    },
    sink: () => recorded.sink,
  };
  return { ...recorded, reply, events };
}

/** A promise the test settles when it chooses. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}
