/**
 * Every write after an interaction's first response (edits of the reply, follow-ups, files)
 * goes through its webhook with the interaction token, on a REST client of its own: Discord
 * does not count these against the bot's global rate limit (50 requests/s), but discord.js's
 * shared client does, which would delay every streamed edit once ~50 replies stream at once.
 * Per-route limits (about 5 requests per 2 s per token) are still honoured by this client.
 *
 * The token lives 15 minutes (tokenLifetime.ts). A reply that would outlive it (a long wait in
 * the channel's queue, a slow generation) goes on through the bot token a margin before it
 * expires, and at once when Discord refuses the token sooner: the first message is edited
 * through the channel route and follow-ups become bot messages in the channel, so the member
 * sees one continuous reply. Private follow-ups have no bot-token equivalent and stay on the
 * webhook. An interaction has one webhook, shared by all that write for it (its handler, then the
 * error boundary), so a failure replaces the reply's first message wherever the reply went on.
 */
import {
  type APIMessage,
  DiscordAPIError,
  MessageFlags,
  makeURLSearchParams,
  PermissionFlagsBits,
  type PermissionsBitField,
  REST,
  type RESTOptions,
  RequestMethod,
  Routes,
} from 'discord.js';
import { ACCENT } from '../reply/layout.js';
import { type PremiumReader, premiumRows } from '../reply/premium.js';
import { FollowUpLimitReached, MAX_FOLLOW_UPS } from '../reply/sink.js';
import type { InteractionWebhook, OutgoingMessage, TokenWebhook } from '../reply/webhook.js';
import { continuingWebhook } from './botTokenContinuation.js';
import { watchBucket } from './bucketWatch.js';
import { type InstallFacts, installContext } from './installContext.js';
import type { LayoutFallback } from './layoutFallback.js';
import { keepingLayouts } from './layoutKeeping.js';
import { type BotTokenContinuation, request } from './outgoing.js';
import { restOptions } from './restOptions.js';
import { INTERACTION_TOKEN_TTL_MS, tokenSwitchAt } from './tokenLifetime.js';

/** The interaction-token REST client; its webhooks continue through `continuation` when given. */
export class InteractionRest extends REST {
  /** Each interaction's webhook; keyed by the interaction, an entry goes when its interaction does. */
  readonly webhooks = new WeakMap<InteractionToken, InteractionWebhook>();

  constructor(
    options: Partial<RESTOptions>,
    readonly continuation?: BotTokenContinuation,
    /** Where Discord refuses a V2 payload: the write goes out classic (layoutFallback.ts). */
    readonly layoutFallback?: LayoutFallback,
  ) {
    super(options);
  }
}

export function createInteractionRest(
  apiUrl: string | undefined,
  continuation?: BotTokenContinuation,
  layoutFallback?: LayoutFallback,
): InteractionRest {
  return new InteractionRest(
    {
      ...(apiUrl !== undefined && { api: apiUrl }),
      globalRequestsPerSecond: 10_000,
      // One queue per interaction token: swept each minute once idle, not hourly (bot.ts).
      handlerSweepInterval: 60_000,
      ...restOptions,
    },
    continuation,
    layoutFallback,
  );
}

/**
 * What the webhook routes need of an interaction; the rest, for the bot-token continuation (which
 * exists only where the bot is present) and Discord's follow-up limit (installContext.ts).
 */
export interface InteractionToken extends InstallFacts {
  readonly applicationId: string;
  readonly token: string;
  /** When Discord created the interaction: its token's lifetime starts then. */
  readonly createdTimestamp?: number;
  /** Where its reply is (bot-token writes post and edit there). */
  readonly channelId?: string | null;
  /** A private reply has no bot-token equivalent: it stays on the token. */
  readonly ephemeral?: boolean | null;
  /** The server's preferred locale: a refusal the channel reads is in its language. */
  readonly guildLocale?: string | null;
  /** The member's permissions in the channel: who may buy for the server (premium buttons). */
  readonly memberPermissions?: Readonly<PermissionsBitField> | null;
}

/** Who reads a private refusal: someone who may manage the server buys for it (reply/premium.ts). */
const premiumReader = (interaction: InteractionToken): PremiumReader =>
  interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ? 'admin' : 'member';

/** The interaction's webhook: the same one for every caller (it knows where the reply is). */
export function interactionWebhook(rest: REST, interaction: InteractionToken): InteractionWebhook {
  const shared = rest instanceof InteractionRest ? rest.webhooks : undefined;
  let webhook = shared?.get(interaction);
  if (!webhook) {
    const fallback = rest instanceof InteractionRest ? rest.layoutFallback : undefined;
    webhook = keepingLayouts(newWebhook(rest, interaction), fallback);
    shared?.set(interaction, webhook);
  }
  return webhook;
}

/** A private follow-up: always on the token, so it needs (and starts) nothing of the continuation. */
export function privateFollowUp(rest: REST, interaction: InteractionToken, content: string): Promise<string> {
  return tokenWebhook(rest, interaction).followUp({ content, private: true });
}

function newWebhook(rest: REST, interaction: InteractionToken): InteractionWebhook {
  const viaToken = tokenWebhook(rest, interaction);
  const continuation = rest instanceof InteractionRest ? rest.continuation : undefined;
  const { channelId, createdTimestamp } = interaction;
  // Where the bot is not present (a user install) its token reaches nothing: the token is all.
  const present = installContext(interaction).botPresent;
  if (!continuation || !channelId || createdTimestamp === undefined || interaction.ephemeral || !present)
    return viaToken;
  return continuingWebhook(viaToken, continuation, channelId, createdTimestamp, interaction.guildLocale);
}

/**
 * How long the interaction's token lives, and when a reply with no bot token to go on with (a
 * user install where the bot is not present) must have written its last: when the bot token
 * would take over elsewhere.
 */
export function tokenLife(rest: REST, interaction: { readonly createdTimestamp: number }) {
  const ttlMs =
    (rest instanceof InteractionRest ? rest.continuation?.tokenTtlMs : undefined) ?? INTERACTION_TOKEN_TTL_MS;
  return { ttlMs, deadline: tokenSwitchAt(interaction.createdTimestamp, ttlMs) };
}

/** Follow-ups posted per interaction, by all its token webhooks (the reply's, the error boundary's). */
const followUpsPosted = new WeakMap<InteractionToken, { count: number; refused: boolean }>();

function tokenWebhook(rest: REST, interaction: InteractionToken): TokenWebhook {
  const { applicationId, token } = interaction;
  const messageRoute = (id: string) => Routes.webhookMessage(applicationId, token, id);
  // Every write with the token shares one bucket in Discord's headers.
  const bucket = watchBucket();
  const limit = installContext(interaction).followUpLimit;
  const posted = followUpsPosted.get(interaction) ?? { count: 0, refused: false };
  followUpsPosted.set(interaction, posted);
  const post = async (message: OutgoingMessage, flags?: number) => {
    if (posted.refused || (limit !== undefined && posted.count >= limit))
      throw new FollowUpLimitReached(limit ?? posted.count);
    let sent: APIMessage;
    try {
      sent = (await bucket.request(rest, {
        method: RequestMethod.Post,
        fullRoute: Routes.webhook(applicationId, token),
        ...request(message, flags),
        auth: false,
        query: makeURLSearchParams({ wait: true }),
      })) as APIMessage;
    } catch (error) {
      if (!(error instanceof DiscordAPIError && error.code === MAX_FOLLOW_UPS)) throw error;
      // Discord counted more than this bot did (or applies a limit it did not expect): Discord holds.
      posted.refused = true;
      throw new FollowUpLimitReached(limit ?? posted.count, { cause: error });
    }
    posted.count += 1;
    return sent.id;
  };
  const patch = async (id: string, message: OutgoingMessage, body: boolean) =>
    (await bucket.request(
      rest,
      { method: RequestMethod.Patch, fullRoute: messageRoute(id), ...request(message), auth: false },
      body,
    )) as APIMessage | undefined;
  // The first message's id, read from the first edit's answer; later answers are not decoded.
  let firstId: string | undefined;

  return {
    rateBucket: bucket.current,
    followUpsLeft: () =>
      posted.refused ? 0 : limit === undefined ? undefined : Math.max(0, limit - posted.count),
    async editOriginal(message) {
      const edited = await patch('@original', message, firstId === undefined);
      firstId ??= edited?.id;
      return firstId as string;
    },
    followUp: (message) => post(message, message.private ? MessageFlags.Ephemeral : undefined),
    async editFollowUp(id, message) {
      await patch(id, message, false);
    },
    // The refusal is posted before the reply goes: one Discord refuses leaves the reply to report it.
    async withdraw(content, offer, layout) {
      await post(
        {
          content,
          components: premiumRows(offer, premiumReader(interaction)),
          layout,
          card: { accent: ACCENT.refusal },
        },
        MessageFlags.Ephemeral,
      );
      await rest.delete(messageRoute('@original'), { auth: false });
    },
    originalId: async () => ((await rest.get(messageRoute('@original'), { auth: false })) as APIMessage).id,
  };
}
