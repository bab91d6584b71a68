/**
 * An interaction token's life: Discord accepts it on the webhook routes for 15 minutes from the
 * interaction's creation, and sometimes refuses it sooner. A reply that would outlive it goes on
 * through the bot token (see interactionWebhook.ts); these are the rules for when.
 */
import { DiscordAPIError } from 'discord.js';

/** How long Discord accepts an interaction token, from the interaction's creation. */
export const INTERACTION_TOKEN_TTL_MS = 15 * 60_000;

/** Writes leave the token at most this long before it expires, so none races its end. */
export const TOKEN_SWITCH_MARGIN_MS = 60_000;

/** Discord's answers on a webhook route whose token is no longer valid. */
export const INVALID_WEBHOOK_TOKEN = 50027;
export const UNKNOWN_WEBHOOK = 10015;

/**
 * When a reply stops writing with the token: a margin before it expires (a minute, or a fifth of
 * a shorter lifetime).
 */
export function tokenSwitchAt(createdAt: number, ttlMs: number): number {
  return createdAt + ttlMs - Math.min(TOKEN_SWITCH_MARGIN_MS, ttlMs / 5);
}

/** Whether Discord refused a webhook request because the token is dead (expired or revoked). */
export function isDeadTokenError(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError &&
    (error.code === INVALID_WEBHOOK_TOKEN || error.code === UNKNOWN_WEBHOOK)
  );
}
