/**
 * The composition root's one job: build every capability once, each from the named services it
 * uses, and wire them together. Nothing below src/app/ imports this; commands and events get
 * what their factories ask for from here (commands/index.ts, events/index.ts).
 */
import { type Client, type REST, Routes } from 'discord.js';
import { type Access, createAccess } from '../access/access.js';
import { type AskTargets, createAskTargets } from '../chat/askTargets.js';
import { type ChatService, createChatService } from '../chat/chatService.js';
import { type ConversationStore, createConversationStore, keptTurns } from '../chat/conversationStore.js';
import { type Config, configSecrets } from '../config.js';
import { createEntitlementPort } from '../discord/entitlementPort.js';
import { createInteractionRest } from '../discord/interactionWebhook.js';
import { createLayoutFallback, type LayoutFallback } from '../discord/layoutFallback.js';
import { messageBody } from '../discord/messages.js';
import { createExtractor, EXTRACTOR_DEFAULTS } from '../files/extractor.js';
import type { FileReaders } from '../files/readFiles.js';
import { createI18n, type I18n, type Translator } from '../i18n/translator.js';
import { createImageDownloader, type ImageDownloader } from '../images/download.js';
import { createImageService, type ImageService } from '../images/imageService.js';
import { createImagineRequests } from '../images/imagineRequests.js';
import type { Clock } from '../lib/clock.js';
import { createRedactor, createSecretSet, type Logger, type SecretSet } from '../lib/logger.js';
import type { ShardSet } from '../lib/shards.js';
import type { Store } from '../lib/store.js';
import type { Metrics } from '../ops/metrics.js';
import { createPaidPlans, type PaidPlans } from '../plans/paidPlans.js';
import { createEditPacing, type EditPacing } from '../reply/editPacing.js';
import { ACCENT } from '../reply/layout.js';
import type { ServiceClient } from '../service/client.js';
import { announceServiceKeyRefused } from '../settings/serviceKeyAlert.js';
import { createServiceKeys, type ServiceKeys, serviceKeySeal } from '../settings/serviceKeys.js';
import { createSettings, type Settings } from '../settings/settingsStore.js';
import type { Plans } from '../spend/plans.js';
import type { PriceList } from '../spend/prices.js';
import { createSpend, type Spend } from '../spend/spend.js';

/** What the root is given: the operator's settings, the store, the service, the prices, the process. */
export interface Foundations {
  readonly config: Config;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly store: Store;
  readonly service: ServiceClient;
  readonly prices: PriceList;
  /** The paid plans (PLANS_FILE); undefined: none. */
  readonly plans?: Plans | undefined;
  readonly client: Client;
  readonly shards: ShardSet;
  /** Where this process spills charges the store has not taken (lib/store.ts spillPathFor). */
  readonly spillPath: string;
  /** Aborted when the bot shuts down. */
  readonly shutdown: AbortSignal;
  readonly metrics: Metrics;
  readonly shardOf: (guildId: string | null) => number;
  /** How long interaction tokens live (default: Discord's 15 minutes); tests shorten it. */
  readonly interactionTokenTtlMs?: number | undefined;
  /**
   * The secrets logs and replies never show, shared with the logger so that it learns servers'
   * own keys too (default: the configuration's, learned by replies only).
   */
  readonly secrets?: SecretSet | undefined;
}

/** Every capability and service of one bot process, built once. */
export interface Capabilities {
  readonly config: Config;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly shutdown: AbortSignal;
  readonly redact: (text: string) => string;
  readonly i18n: I18n;
  readonly settings: Settings;
  /** Servers' own service keys; undefined without DATA_ENCRYPTION_KEY (none can be kept). */
  readonly serviceKeys: ServiceKeys | undefined;
  readonly spend: Spend;
  /** Paid plans (inert without PLANS_FILE); `spend.budgets` are already gated by them. */
  readonly paidPlans: PaidPlans;
  readonly access: Access;
  readonly chat: ChatService;
  readonly images: ImageService;
  readonly conversations: ConversationStore;
  /** Messages "Ask about this message" forms are open on, by the key in the form's id. */
  readonly askTargets: AskTargets;
  /** Fetches images and attachments from their hosts (its own dispatcher, no credentials). */
  readonly downloader: ImageDownloader;
  /** Reads members' files as text: the downloader above and the extraction worker. */
  readonly files: FileReaders;
  /** REST client for interaction-token routes (discord/interactionWebhook.ts). */
  readonly interactionRest: ReturnType<typeof createInteractionRest>;
  /** The bot's REST client (bot token) for channel messages and threads. */
  readonly discordRest: REST;
  /** Where Discord refuses a V2 payload: logged once, counted, sent classic. */
  readonly layoutFallback: LayoutFallback;
}

export function createCapabilities(base: Foundations): Capabilities {
  const { config, logger, clock, store, client, shutdown } = base;
  const i18n = createI18n();
  const settings = createSettings(store);
  const secrets = base.secrets ?? createSecretSet(configSecrets(config));
  const serviceKeys = config.dataEncryptionKey
    ? createServiceKeys({
        store,
        seal: serviceKeySeal(config.dataEncryptionKey),
        learn: (secret) => secrets.add(secret),
        logger,
      })
    : undefined;
  // The budgets read the member subscriptions the plans hold; the plans read the ledger.
  let paidPlans: PaidPlans | undefined;
  const ungated = createSpend({
    store,
    prices: base.prices,
    logger,
    operator: { ...config, dmCapRaise: (userId) => paidPlans?.dmCapRaise(userId) ?? 0 },
    ledger: {
      spillPath: base.spillPath,
      entryRetentionDays: config.ledgerEntryRetentionDays,
      shards: base.shards,
    },
  });
  paidPlans = createPaidPlans({
    plans: base.plans,
    store,
    ledger: ungated.ledger,
    discord: createEntitlementPort(client.rest, () => client.application?.id ?? ''),
    shards: base.shards,
    currency: base.prices.currency,
    syncEveryMs: config.entitlementSyncMinutes * 60_000,
    logger,
    now: () => clock.now(),
  });
  const spend: Spend = { ...ungated, budgets: paidPlans.gated(ungated.budgets) };
  const access = createAccess({ config, settings, roleRules: spend.roleRules, budgets: spend.budgets });
  const conversations = createConversationStore(
    store,
    logger,
    config.conversationRetentionDays,
    keptTurns(config.historyMaxTurns),
  );
  const downloader = createImageDownloader({
    timeoutMs: config.imageDownloadTimeoutMs,
    maxDurationMs: config.imageDownloadMaxDurationMs,
    allowlist: config.imageHostAllowlist,
    logger,
  });
  // One for the bot: Discord refusing V2 is logged once and counted (discord/layoutFallback.ts).
  const layoutFallback = createLayoutFallback({ logger, metrics: base.metrics });
  const interactionRest = createInteractionRest(
    config.discordApiUrl,
    {
      rest: client.rest,
      tokenTtlMs: base.interactionTokenTtlMs,
      clock,
      logger,
      publicRefusal: (locale) => i18n.translator(locale).t('errors.refusedPublicly'),
    },
    layoutFallback,
  );
  // What settling a request reads besides the spend: where budget alerts are posted, metrics.
  const settling = {
    ...spend,
    config,
    logger,
    clock,
    shutdown,
    metrics: base.metrics,
    shardOf: base.shardOf,
    discordRest: client.rest,
    // An alert is a card with a yellow accent where the server has V2 (reply/layout.ts).
    // A card Discord refuses is posted again classic (discord/layoutFallback.ts).
    notify: async (channelId: string, content: string, guildId: string) => {
      const layout = (await settings.guild(guildId)).classicLayout ? 'classic' : 'v2';
      const send = (as: typeof layout) =>
        client.rest.post(Routes.channelMessages(channelId), {
          body: messageBody(content, undefined, as, { accent: ACCENT.alert }),
        });
      await send(layout).catch((error: unknown) => {
        if (layout !== 'v2' || !layoutFallback.refused(error)) throw error;
        return send('classic');
      });
    },
  } as const;
  const editPacing: { readonly botToken: EditPacing; readonly interaction: EditPacing } = {
    botToken: createEditPacing(),
    interaction: createEditPacing(config.streamEditsPerSecond),
  };
  // The admins of a server whose own key the service refused hear it once, where their alerts go.
  const serviceKeyRefused =
    serviceKeys &&
    ((guildId: string, status: number | undefined, t: Translator) =>
      announceServiceKeyRefused(
        {
          serviceKeys,
          alertChannel: async (id) => (await spend.budgets.settings(id)).alertChannelId,
          notify: settling.notify,
          clock,
          logger,
        },
        guildId,
        status,
        t,
      ));
  const chat = createChatService({
    ...settling,
    service: base.service,
    conversations,
    settings,
    serviceKeys,
    serviceKeyRefused,
    fairUse: access.fairUse,
    editPacing,
  });
  const images = createImageService({
    ...settling,
    service: base.service,
    images: downloader,
    requests: createImagineRequests(store),
    serviceKeys,
    serviceKeyRefused,
  });
  return {
    config,
    logger,
    clock,
    shutdown,
    redact: createRedactor(secrets),
    i18n,
    settings,
    serviceKeys,
    spend,
    paidPlans,
    access,
    chat,
    images,
    conversations,
    askTargets: createAskTargets(store),
    downloader,
    files: {
      downloader,
      extractor: createExtractor({ ...EXTRACTOR_DEFAULTS, ...config.fileReading }),
      allowedHosts: config.imageHostAllowlist,
    },
    interactionRest,
    discordRest: client.rest,
    layoutFallback,
  };
}
