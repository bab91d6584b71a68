/**
 * What a stream renderer works with: where a reply's messages go, its options, and which failures
 * of its final write are worth retrying.
 */
import { HTTPError } from 'discord.js';
import type { Clock } from '../../lib/clock.js';
import type { MessageComponents } from '../buttons.js';
import type { RateBucket } from './rateBucket.js';

/**
 * Where a reply's messages go: the first message (an interaction's original response, or the
 * bot's reply to a member's message) and follow-ups. Writes resolve to the message's id.
 */
export interface ReplySink {
  editOriginal(content: string, components?: MessageComponents): Promise<string>;
  sendFollowUp(content: string, components?: MessageComponents): Promise<string>;
  editFollowUp(id: string, content: string, components?: MessageComponents): Promise<void>;
  /** Withdraws the reply and tells its author privately why (a refusal before any text). */
  refuse(content: string): Promise<void>;
  /** Writes use the bot token, under Discord's global limit (see editPacing.ts). */
  readonly botToken?: boolean;
  /** What Discord last said about the writes' rate-limit bucket, if anything. */
  rateBucket?(): RateBucket | undefined;
}

export interface StreamRendererOptions {
  /** Least time between two edits when Discord's headers say nothing, and after a failed edit. */
  readonly intervalMs: number;
  /**
   * Least time between two edits so that all bot-token streams together stay under the global
   * limit (editPacing.ts); asked again before each edit.
   */
  readonly sharedIntervalMs?: () => number;
  readonly clock: Clock;
  readonly limit?: number;
  readonly cursor?: string;
  /** Called when an intermediate edit fails; the next edit retries with newer text. */
  readonly onEditError?: (error: unknown) => void;
  /** Buttons on the message being streamed (e.g. Stop); frozen messages lose them. */
  readonly controls?: MessageComponents;
  /** Called before the final text is written again after a transient failure. */
  readonly onFinalRetry?: (error: unknown, delayMs: number) => void;
}

/**
 * Pauses before writing the final text again. discord.js has already retried a 5xx three times
 * at once, so these wait for Discord to recover: at most 3 × 4 requests, 5 s, per final write.
 */
export const FINAL_RETRY_DELAYS_MS = [1000, 3000] as const;

/** Failures worth writing again: Discord's 5xx, and connections that broke. Refusals (4xx) are final. */
export function isTransient(error: unknown): boolean {
  if (error instanceof HTTPError) return error.status >= 500;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET'].includes(code);
}
