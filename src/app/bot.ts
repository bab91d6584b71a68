/**
 * Wiring: the discord.js client, the capabilities (capabilities.ts), the commands and gateway
 * events built from them, and the bot's start and stop. Nothing here decides anything about a request.
 */
import { resolve } from 'node:path';
import { type Client, type ClientEvents, Events } from 'discord.js';
import { type Commands, createCommands } from '../../commands/index.js';
import type { Config } from '../config.js';
import { type Dashboard, startDashboard } from '../dashboard/index.js';
import { sweepIdleDmChannels } from '../discord/caches.js';
import { createClient } from '../discord/client.js';
import { syncCommands } from '../discord/commandSync.js';
import { emitInteraction } from '../discord/emitInteraction.js';
import { registrationJson } from '../discord/installPolicy.js';
import { createRestHealth, type RestHealth } from '../discord/restHealth.js';
import { identifyOverRest } from '../discord/restIdentity.js';
import type { Event } from '../events/event.js';
import { createEvents } from '../events/index.js';
import { checkEndpointSetting } from '../interactions/endpointSetting.js';
import { createInteractionReceiver } from '../interactions/receiver.js';
import { startWorkerEndpoint, type WorkerEndpoint } from '../interactions/workerEndpoint.js';
import { type Clock, systemClock } from '../lib/clock.js';
import type { Logger, SecretSet } from '../lib/logger.js';
import { allShards, type ShardSet, shardLabel } from '../lib/shards.js';
import { type Store, spillPathFor, spillPathsFor } from '../lib/store.js';
import { createOperations, type Operations } from '../ops/operations.js';
import { createSweeper } from '../ops/retention.js';
import type { ServiceClient } from '../service/client.js';
import type { Plans } from '../spend/plans.js';
import type { PriceList } from '../spend/prices.js';
import { type Capabilities, createCapabilities } from './capabilities.js';
import { retentionRules } from './retention.js';

export interface BotOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly store: Store;
  readonly service: ServiceClient;
  readonly prices: PriceList;
  /** The paid plans (PLANS_FILE); undefined: none. */
  readonly plans?: Plans | undefined;
  /** The shards this process runs (src/discord/shardPlan.ts); default: shard 0 of 1. */
  readonly shards?: ShardSet;
  readonly clock?: Clock;
  /** How long interaction tokens live (default: Discord's 15 minutes); tests shorten it. */
  readonly interactionTokenTtlMs?: number;
  /** The secrets the logger redacts, which the bot teaches servers' own keys (capabilities.ts). */
  readonly secrets?: SecretSet;
  /** The commands, built from the capabilities (default: every command, commands/index.ts). */
  readonly commands?: (capabilities: Capabilities) => Commands;
  /**
   * Called once the bot has finished with a gateway event (answered, refused or ignored it),
   * with the event's first argument (an interaction, a message…). Tests wait on it to know the
   * bot is done rather than sleeping.
   */
  readonly onSettled?: (event: keyof ClientEvents, subject: unknown) => void;
  /** A shard claim was lost (interactions/workerEndpoint.ts): main.ts stops the process. */
  readonly onClaimLost?: (why: string) => void;
}

export interface Bot {
  readonly client: Client;
  /** Every capability of the bot, built once (tests read the stores through them). */
  readonly capabilities: Capabilities;
  /** Invalid Discord answers (401/403/429) from every REST client of the bot, per 10 minutes. */
  readonly restHealth: RestHealth;
  /** Metrics, health, and the METRICS_PORT endpoint (closed by `stop`). */
  readonly operations: Operations;
  /** The port the interactions endpoint listens on (INTERACTIONS_PORT; undefined: none, or not started). */
  interactionsPort(): number | undefined;
  /** Logs in; resolves once the gateway is ready and the commands are registered. */
  start(): Promise<void>;
  /** Ends in-flight replies with a note, waits for them (up to `graceMs`), then disconnects. */
  stop(graceMs?: number): Promise<void>;
}

export function createBot(options: BotOptions): Bot {
  const { config, logger } = options;
  const shards = options.shards ?? allShards(1);
  const shutdown = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let dmChannelSweep: NodeJS.Timeout | undefined;
  let dashboard: Dashboard | undefined;
  let endpoint: WorkerEndpoint | undefined;

  const client = createClient(config, shards);

  const clock = options.clock ?? systemClock;
  const restHealth = createRestHealth({ logger, clock });
  // Built before the capabilities (their metrics are its), reading the chat's queue once it exists.
  let capabilities: Capabilities | undefined;
  const operations = createOperations({
    config,
    client,
    store: options.store,
    logger,
    queue: { waiting: () => capabilities?.chat.waiting() ?? 0 },
    shardCount: shards.count,
    discordInvalid: () => ({ totals: restHealth.totals(), window: restHealth.count() }),
    endpointListening: () => endpoint !== undefined,
  });
  const spillPath = spillPathFor(config.databaseUrl, shardLabel(shards));
  // One sweep per database is enough (its deletions are conditional, so more would be safe): the
  // process that runs shard 0. Lifetimes are stored in real time (keyv's), so it sweeps by it.
  const sweeper = shards.ids.includes(0)
    ? createSweeper({ store: options.store, rules: retentionRules(config), clock: systemClock, logger })
    : undefined;
  const built = createCapabilities({
    config,
    logger,
    clock,
    store: options.store,
    service: options.service,
    prices: options.prices,
    plans: options.plans,
    client,
    shards,
    spillPath,
    shutdown: shutdown.signal,
    metrics: operations.metrics,
    shardOf: (guildId) => operations.shardOf(guildId),
    interactionTokenTtlMs: options.interactionTokenTtlMs,
    secrets: options.secrets,
  });
  capabilities = built;
  const { ledger } = built.spend;
  const made = (options.commands ?? createCommands)(built);
  const { commands } = made;
  // A command that reads members' text is offered only where Discord delivers it to the bot.
  const messageCommands = made.messageCommands.filter(
    (command) => !command.needsMessageContent || config.messageContentIntent,
  );
  restHealth.watch(client.rest);
  restHealth.watch(built.interactionRest);
  // Interactions over HTTP reach the same handlers; the endpoint answers once they are acknowledged.
  const receiver = createInteractionReceiver({ emit: (raw) => emitInteraction(client, raw) });
  receiver.watch(client.rest);
  receiver.watch(built.interactionRest);
  const events = createEvents({
    ...built,
    roleRules: built.spend.roleRules,
    commands: new Map(commands.map((command) => [command.data.name, command])),
    messageCommands: new Map(messageCommands.map((command) => [command.data.name, command])),
  });

  const listen = <K extends keyof ClientEvents>(event: Event<K>) => {
    client.on(event.name, (...args: ClientEvents[K]) => {
      let result: unknown;
      try {
        result = event.execute(...args);
      } catch (error) {
        result = Promise.reject(error);
      }
      const settled = () => {
        if (event.name === Events.InteractionCreate) receiver.settled((args[0] as { id: string }).id);
        options.onSettled?.(event.name, args[0]);
      };
      // Nothing to do (a message not for the bot): settled at once, nothing to track.
      if (result === undefined) return settled();
      const task = Promise.resolve(result).then(
        () => undefined,
        (error: unknown) => logger.error({ err: error, event: event.name }, 'event handler failed'),
      );
      inFlight.add(task);
      void task.finally(() => {
        inFlight.delete(task);
        settled();
      });
    });
  };
  for (const event of events) listen(event);

  /** GATEWAY=off: who the bot is, over REST; no server is held in memory. */
  async function identifyWithoutGateway(): Promise<{ applicationId: string }> {
    const identity = await identifyOverRest(client, config.discordToken);
    logger.info({ user: identity.user, gateway: false }, 'identified to Discord (no gateway connection)');
    return identity;
  }

  /** Logs in to the gateway and waits for every shard's READY. */
  async function connectGateway(): Promise<{ applicationId: string }> {
    const ready = new Promise<Client<true>>((resolve) => client.once(Events.ClientReady, resolve));
    await client.login(config.discordToken);
    const readyClient = await ready;
    logger.info(
      {
        user: readyClient.user.tag,
        guilds: readyClient.guilds.cache.size,
        shards: shards.ids,
        shardCount: shards.count,
      },
      'connected to Discord',
    );
    return { applicationId: readyClient.application.id };
  }

  return {
    client,
    capabilities: built,
    restHealth,
    operations,
    interactionsPort: () => endpoint?.port,
    async start() {
      // First, so /healthz answers (503 until every shard is ready) while the bot connects.
      await operations.start();
      // Reconcile the ledger before any new charge: entries whose day total was not written yet.
      const opened = await ledger.open();
      logger.info(opened, 'ledger open');
      // Another shard layout's spill file holds charges of guilds this process may not own.
      const others = spillPathsFor(config.databaseUrl).filter((path) => resolve(path) !== resolve(spillPath));
      if (others.length > 0)
        logger.warn(
          { files: others },
          'ledger: spill files of another shard layout are waiting; start that layout once to apply them (docs/operators.md: Resharding)',
        );
      sweeper?.start();
      dmChannelSweep = setInterval(() => sweepIdleDmChannels(client, Date.now()), 15 * 60_000);
      dmChannelSweep.unref();
      if (config.operatorMonthlyCapMicros === null)
        logger.warn('no OPERATOR_MONTHLY_CAP: spend across all servers and DMs has no monthly limit');
      const identity = config.interactions.gateway ? await connectGateway() : await identifyWithoutGateway();
      if (config.interactions.port !== undefined) {
        endpoint = await startWorkerEndpoint({
          config,
          shards,
          receiver,
          metrics: operations.metrics,
          logger,
          // Stopping: the load balancer sends it nothing new.
          healthy: async () => !shutdown.signal.aborted && (await operations.health()).ok,
          unavailableText: (locale) => built.i18n.translator(locale).t('errors.restartingNow'),
          // Another worker may own the shard now: two writers of its servers' state must never run.
          onClaimLost: (why) => {
            logger.fatal({ why }, 'lost the claim on a shard: stopping');
            options.onClaimLost?.(why);
          },
        });
        logger.info(
          { host: config.interactions.host, port: endpoint.port, gateway: config.interactions.gateway },
          'interactions endpoint listening',
        );
      }
      if (shards.ids.includes(0))
        await checkEndpointSetting(client.rest, endpoint !== undefined, logger, config.interactions.gateway);
      // What servers and members bought: listed now and then (interactions and events bring the rest).
      await built.paidPlans.start();
      dashboard = await startDashboard({ ...built, fairUse: built.access.fairUse }, client, options.store); // when DASHBOARD_PORT is set
      // Commands are the bot's, not a shard's: one process registers them, the one with shard 0.
      if (!shards.ids.includes(0)) return;
      const installPolicy = {
        userInstall: config.userInstall,
        guildScoped: config.commandGuildId !== undefined,
      };
      await syncCommands({
        rest: client.rest,
        applicationId: identity.applicationId,
        guildId: config.commandGuildId,
        // Where each command may be installed and used (USER_INSTALL): discord/installPolicy.ts.
        commands: [...commands, ...messageCommands].map(
          (command) => registrationJson(command.data, installPolicy) as unknown as Record<string, unknown>,
        ),
        logger,
      });
    },
    async stop(graceMs = 10_000) {
      if (shutdown.signal.aborted) return;
      shutdown.abort(new Error('bot shutting down'));
      // Replies in progress end with a note; requests arriving meanwhile are told to come back.
      // Both are waited for (up to the grace period) before the connection closes.
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      let over = false;
      void graceOver.then(() => {
        over = true;
      });
      while (inFlight.size > 0 && !over) await Promise.race([Promise.allSettled([...inFlight]), graceOver]);
      clearTimeout(timer);
      try {
        clearInterval(dmChannelSweep);
        built.paidPlans.stop();
        await sweeper?.stop();
        // Charges the store has not taken yet are written now, or spilled for the next start.
        await ledger.close();
      } finally {
        // Whatever happened above, the connections close, or the process would never exit.
        built.interactionRest.clearHashSweeper();
        built.interactionRest.clearHandlerSweeper();
        await built.downloader.close();
        await dashboard?.close();
        await endpoint?.close();
        endpoint = undefined;
        await client.destroy();
        await operations.close();
      }
    },
  };
}
