/**
 * Wiring: the discord.js client, the command list, the context handlers receive, and the
 * single interaction entry point behind the error boundary.
 */
import { Client, Events, GatewayIntentBits, Partials, Routes } from 'discord.js';
import { commands as allCommands } from '../commands/index.js';
import { createBudgets } from './budget/budgets.js';
import { type Clock, systemClock } from './clock.js';
import { type Command, parseButtonId } from './command.js';
import { syncCommands } from './commandSync.js';
import type { Config } from './config.js';
import type { BotContext } from './context.js';
import { createConversationStore } from './conversation/conversationStore.js';
import { createInteractionRest, NO_PINGS } from './discordReply.js';
import { interactionResponder, withErrorBoundary } from './errorBoundary.js';
import { createFairUse } from './fairUse.js';
import { createImageDownloader } from './images/download.js';
import { createImagineRequests } from './images/imagineRequests.js';
import { createKeyedQueue } from './keyedQueue.js';
import { createLedger } from './ledger/ledger.js';
import { createRedactor, type Logger } from './logger.js';
import { answerMessage } from './messageChat.js';
import type { PriceList } from './pricing/prices.js';
import { createEditPacing } from './render/editPacing.js';
import type { ServiceClient } from './service/client.js';
import { createSettings } from './settings/settingsStore.js';
import type { Store } from './store.js';

export interface BotOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly store: Store;
  readonly service: ServiceClient;
  readonly prices: PriceList;
  readonly clock?: Clock;
  readonly commands?: readonly Command[];
}

export interface Bot {
  readonly client: Client;
  readonly context: BotContext;
  /** Logs in; resolves once the gateway is ready and the commands are registered. */
  start(): Promise<void>;
  /** Ends in-flight replies with a note, waits for them (up to `graceMs`), then disconnects. */
  stop(graceMs?: number): Promise<void>;
}

export function createBot(options: BotOptions): Bot {
  const { config, logger } = options;
  const commands = options.commands ?? allCommands;
  const byName = new Map(commands.map((command) => [command.data.name, command]));
  const shutdown = new AbortController();
  const inFlight = new Set<Promise<void>>();

  const client = new Client({
    // Guild and DM messages reach the bot for mentions, replies and DMs; their content arrives
    // without the privileged intent for exactly those (see messageChat.ts).
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.DirectMessages,
      ...(config.messageContentIntent ? [GatewayIntentBits.MessageContent] : []),
    ],
    // DM channels are not cached until used; without this partial their messages are dropped.
    partials: [Partials.Channel],
    allowedMentions: NO_PINGS,
    ...(config.discordApiUrl !== undefined && { rest: { api: config.discordApiUrl } }),
  });

  const ledger = createLedger(options.store, options.prices, logger);
  const settings = createSettings(options.store);
  const context: BotContext = {
    config,
    logger,
    clock: options.clock ?? systemClock,
    service: options.service,
    conversations: createConversationStore(options.store, logger),
    prices: options.prices,
    ledger,
    budgets: createBudgets(options.store, ledger, options.prices.currency),
    notify: async (channelId, content) => {
      await client.rest.post(Routes.channelMessages(channelId), {
        body: { content, allowed_mentions: { parse: [] } },
      });
    },
    channelQueue: createKeyedQueue(),
    shutdown: shutdown.signal,
    redact: createRedactor([config.discordToken, config.serviceApiKey]),
    interactionRest: createInteractionRest(config.discordApiUrl),
    discordRest: client.rest,
    settings,
    fairUse: createFairUse(),
    activeReplies: new Map(),
    editPacing: createEditPacing(),
    images: createImageDownloader({ timeoutMs: config.imageDownloadTimeoutMs }),
    imagineRequests: createImagineRequests(options.store),
  };

  const track = (task: Promise<void>) => {
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };

  client.on(Events.InteractionCreate, (interaction) => {
    if (interaction.isChatInputCommand()) {
      const command = byName.get(interaction.commandName);
      if (!command) {
        logger.warn({ command: interaction.commandName }, 'interaction for an unknown command');
        return;
      }
      track(
        withErrorBoundary(
          logger,
          context.redact,
          { interactionId: interaction.id, command: interaction.commandName },
          interactionResponder(interaction),
          () => command.execute(interaction, context),
        ),
      );
    } else if (interaction.isButton()) {
      const handle = byName.get(parseButtonId(interaction.customId).command)?.handleButton;
      if (!handle) {
        logger.warn({ customId: interaction.customId }, 'button for no known command');
        return;
      }
      track(
        withErrorBoundary(
          logger,
          context.redact,
          { interactionId: interaction.id, customId: interaction.customId },
          interactionResponder(interaction),
          () => handle(interaction, context),
        ),
      );
    }
  });
  client.on(Events.MessageCreate, (message) => {
    if (message.author.bot) return;
    track(
      withErrorBoundary(
        logger,
        context.redact,
        { messageId: message.id, channelId: message.channelId },
        (content) => message.reply({ content, allowedMentions: NO_PINGS }),
        () => answerMessage(message, context),
      ),
    );
  });
  client.on(Events.Error, (error) => logger.error({ err: error }, 'discord client error'));
  client.on(Events.Warn, (message) => logger.warn({ message }, 'discord client warning'));
  client.on(Events.ShardDisconnect, (_event, shardId) =>
    logger.warn({ shardId }, 'gateway shard disconnected'),
  );

  return {
    client,
    context,
    async start() {
      // Reconcile the ledger before any new charge: entries whose aggregate update was lost.
      const opened = await ledger.open();
      logger.info(opened, 'ledger open');
      const ready = new Promise<Client<true>>((resolve) => client.once(Events.ClientReady, resolve));
      await client.login(config.discordToken);
      const readyClient = await ready;
      logger.info(
        { user: readyClient.user.tag, guilds: readyClient.guilds.cache.size },
        'connected to Discord',
      );
      await syncCommands({
        rest: client.rest,
        applicationId: readyClient.application.id,
        guildId: config.commandGuildId,
        commands: commands.map((command) => command.data as unknown as Record<string, unknown>),
        logger,
      });
    },
    async stop(graceMs = 10_000) {
      if (shutdown.signal.aborted) return;
      shutdown.abort(new Error('bot shutting down'));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
      context.interactionRest.clearHashSweeper();
      context.interactionRest.clearHandlerSweeper();
      await context.images.close();
      await client.destroy();
    },
  };
}
