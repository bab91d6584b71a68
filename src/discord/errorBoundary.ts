/**
 * The one place a failed request (an interaction or a message to the bot) becomes a reply.
 * Whatever went wrong, the user gets a clear sentence (never a secret, never a stack), the log
 * gets the details under an error id, and the bot carries on serving everyone else.
 */
import { randomBytes } from 'node:crypto';
import {
  DiscordAPIError,
  HTTPError,
  type Interaction,
  MessageFlags,
  RateLimitError,
  type REST,
} from 'discord.js';
import type { Logger } from '../lib/logger.js';
import { StoreError } from '../lib/store.js';
import { ServiceError } from '../service/errors.js';
import { interactionWebhook, privateFollowUp } from './interactionWebhook.js';
import { NO_PINGS } from './messages.js';

/**
 * A store call failing reaches here only before the service is called (admission, budgets,
 * history): after it, settlement keeps charges waiting in memory and notes an unsaved exchange.
 */
export const STORE_UNAVAILABLE =
  '⚠️ The bot’s storage is unavailable right now; nothing was charged. Please try again in a minute.';

export function describeFailure(error: unknown, errorId: string): string {
  if (error instanceof ServiceError) return `⚠️ ${error.userMessage}`;
  if (error instanceof StoreError) return STORE_UNAVAILABLE;
  if (error instanceof DiscordAPIError) {
    return `⚠️ Discord refused the bot's request (error ${error.code}: ${error.message}).`;
  }
  if (error instanceof HTTPError || error instanceof RateLimitError) {
    return '⚠️ Discord did not accept the bot’s request right now. Please try again in a moment.';
  }
  return `⚠️ Something went wrong inside the bot (error id ${errorId}). The operator can find it in the log.`;
}

/** Why Discord refused a request, for a note that names what it affects. */
export function discordReason(error: unknown): string {
  return error instanceof DiscordAPIError ? `Discord said: ${error.message}` : 'Discord failed';
}

/** Tells the member about a failure, wherever the request came from. */
export type FailureResponder = (content: string) => Promise<unknown>;

export async function withErrorBoundary(
  context: { readonly logger: Logger; readonly redact: (text: string) => string },
  where: Record<string, unknown>,
  respond: FailureResponder,
  run: () => Promise<void>,
): Promise<void> {
  try {
    await run();
  } catch (error) {
    const errorId = randomBytes(4).toString('hex');
    context.logger.error({ err: error, errorId, ...where }, 'request failed');
    try {
      await respond(context.redact(describeFailure(error, errorId)));
    } catch (replyError) {
      context.logger.warn({ err: replyError, errorId }, 'could not tell the user about the failure');
    }
  }
}

/**
 * Where a failed interaction says so. A deferred reply is replaced by the failure (it held only
 * "thinking…", a place in line, progress or a stream cut short: handlers that post a finished
 * result report their own later failures), through the interaction's one webhook, which knows
 * where the reply is even after it went on through the bot token. A reply already sent (a
 * private refusal) gets a private follow-up; an interaction not answered yet, a private reply.
 */
export function interactionResponder(interaction: Interaction, rest: REST): FailureResponder {
  return async (content) => {
    if (!interaction.isRepliable()) return;
    // `replied` is discord.js's: set by interaction.reply(); writes through the webhook leave it.
    if (interaction.replied) {
      await privateFollowUp(rest, interaction, content);
    } else if (interaction.deferred) {
      await interactionWebhook(rest, interaction).editOriginal({ content, components: [] });
    } else {
      await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: NO_PINGS });
    }
  };
}
