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
import type { Translator } from '../i18n/translator.js';
import type { Voices } from '../i18n/voices.js';
import type { Logger } from '../lib/logger.js';
import { StoreError } from '../lib/store.js';
import { ServiceError } from '../service/errors.js';
import { interactionWebhook, privateFollowUp } from './interactionWebhook.js';
import { NO_PINGS } from './messages.js';

/**
 * The failure in `t`'s words. A store call failing reaches here only before the service is called
 * (admission, budgets, history): after it, settlement keeps charges waiting in memory and notes
 * an unsaved exchange.
 */
export function describeFailure(t: Translator, error: unknown, errorId: string): string {
  if (error instanceof ServiceError) return `⚠️ ${error.describe(t)}`;
  if (error instanceof StoreError) return t.t('errors.storeUnavailable');
  if (error instanceof DiscordAPIError) {
    return t.t('errors.discordRefused', { code: String(error.code), message: error.message });
  }
  if (error instanceof HTTPError || error instanceof RateLimitError) return t.t('errors.discordBusy');
  return t.t('errors.internal', { errorId });
}

/**
 * Tells the member about a failure, wherever the request came from: `say` gives the text in
 * the words of whoever reads it, which only the responder knows (a private reply, or a public one).
 */
export type FailureResponder = (say: (t: Translator) => string) => Promise<unknown>;

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
      await respond((t) => context.redact(describeFailure(t, error, errorId)));
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
export function interactionResponder(interaction: Interaction, rest: REST, voices: Voices): FailureResponder {
  return async (say) => {
    if (!interaction.isRepliable()) return;
    // `replied` is discord.js's: set by interaction.reply(); writes through the webhook leave it.
    if (interaction.replied) {
      await privateFollowUp(rest, interaction, say(voices.member));
    } else if (interaction.deferred) {
      // The deferred reply is the channel's unless it was made private.
      const voice = interaction.ephemeral ? voices.member : voices.server;
      await interactionWebhook(rest, interaction).editOriginal({ content: say(voice), components: [] });
    } else {
      await interaction.reply({
        content: say(voices.member),
        flags: MessageFlags.Ephemeral,
        allowedMentions: NO_PINGS,
      });
    }
  };
}
