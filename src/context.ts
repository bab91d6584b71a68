import type { REST } from 'discord.js';
import type { FairUse } from './access/fairUse.js';
import type { ArrivalOrder } from './chat/arrivalOrder.js';
import type { AskTargets } from './chat/askTargets.js';
import type { ActiveReply } from './chat/controls.js';
import type { ConversationStore } from './chat/conversationStore.js';
import type { Config } from './config.js';
import type { EditPacing } from './discord/render/editPacing.js';
import type { I18n } from './i18n/translator.js';
import type { ImageDownloader } from './images/download.js';
import type { ImagineRequests } from './images/imagineRequests.js';
import type { Clock } from './lib/clock.js';
import type { KeyedQueue } from './lib/keyedQueue.js';
import type { Logger } from './lib/logger.js';
import type { Metrics } from './ops/metrics.js';
import type { ServiceClient } from './service/client.js';
import type { Settings } from './settings/settingsStore.js';
import type { Budgets } from './spend/budgets.js';
import type { Ledger } from './spend/ledger.js';
import type { PriceList } from './spend/prices.js';
import type { RoleRules } from './spend/roleRules.js';

/** Everything a command handler needs, passed as a plain parameter (no globals). */
export interface BotContext {
  readonly config: Config;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly service: ServiceClient;
  readonly conversations: ConversationStore;
  readonly prices: PriceList;
  /** Every billed request, priced; per-guild aggregates. */
  readonly ledger: Ledger;
  readonly budgets: Budgets;
  /** Rules per role (/budget role): caps per member, models, /imagine. */
  readonly roleRules: RoleRules;
  /** Posts a bot message in a channel (budget alerts). */
  readonly notify: (channelId: string, content: string) => Promise<void>;
  /** Serialises requests per channel id. */
  readonly channelQueue: KeyedQueue;
  /** Keeps interactions joining `channelQueue` in the order they arrived. */
  readonly arrivalOrder: ArrivalOrder;
  /** Aborted when the bot shuts down, so in-flight replies end with a note instead of hanging. */
  readonly shutdown: AbortSignal;
  readonly redact: (text: string) => string;
  /** Fetches generated images from the content host (its own dispatcher, no credentials). */
  readonly images: ImageDownloader;
  /** /imagine requests by id, for the Reroll button. */
  readonly imagineRequests: ImagineRequests;
  /** Messages "Ask about this message" forms are open on, by the key in the form's id. */
  readonly askTargets: AskTargets;
  /** REST client for interaction-token routes (see createInteractionRest). */
  readonly interactionRest: REST;
  /** The bot's REST client (bot token) for channel messages and threads. */
  readonly discordRest: REST;
  /** Guild and channel settings (/config, /system). */
  readonly settings: Settings;
  /** Per-member rate limits and one request in flight per member and channel. */
  readonly fairUse: FairUse;
  /**
   * Spaces the edits of streamed replies so that all of one kind stay under a budget: those
   * written with the bot token (mentions, DMs) and those written with interaction tokens.
   */
  readonly editPacing: { readonly botToken: EditPacing; readonly interaction: EditPacing };
  /** Replies being streamed or queued, by the id in their Stop button. */
  readonly activeReplies: Map<string, ActiveReply>;
  /** The bot's Prometheus metrics (its own registry); requests are recorded where they end. */
  readonly metrics: Metrics;
  /** What the bot says, per locale (i18n/voices.ts: the member's or the server's). */
  readonly i18n: I18n;
  /** The shard that receives a guild's events; 0 for DMs. */
  readonly shardOf: (guildId: string | null) => number;
}
