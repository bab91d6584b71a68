/**
 * What a stream renderer works with: where a reply's messages go, its options, which failures
 * of its final write are worth retrying, and what the renderer offers its callers.
 */

import { HTTPError } from 'discord.js';
import type { Translator } from '../i18n/translator.js';
import type { Clock } from '../lib/clock.js';
import type { MessageComponents } from './buttons.js';
import type { PremiumOffer } from './premium.js';
import type { RateBucket } from './rateBucket.js';

/** A file on a reply's message (the rest of a reply too long for its messages). */
export interface ReplyFile {
  readonly name: string;
  readonly data: Buffer;
  /** Its media type, sent with the upload (unset, discord.js guesses it from the first bytes). */
  readonly contentType?: string;
}

/**
 * A follow-up the interaction may not post: it has posted all Discord allows where the app is
 * installed to the member only (counted by the webhook, or Discord's error 40094).
 */
export class FollowUpLimitReached extends Error {
  constructor(
    readonly limit: number,
    options?: ErrorOptions,
  ) {
    super(`the interaction has posted its ${limit} follow-ups`, options);
  }
}

/** Discord's error: "This interaction has hit the maximum number of follow up messages". */
export const MAX_FOLLOW_UPS = 40094;

/**
 * Where a reply's messages go: the first message (an interaction's original response, or the
 * bot's reply to a member's message) and follow-ups. Writes resolve to the message's id;
 * `sendFollowUp` throws FollowUpLimitReached when no follow-up is left.
 */
export interface ReplySink {
  editOriginal(
    content: string,
    components?: MessageComponents,
    files?: readonly ReplyFile[],
  ): Promise<string>;
  sendFollowUp(
    content: string,
    components?: MessageComponents,
    files?: readonly ReplyFile[],
  ): Promise<string>;
  editFollowUp(
    id: string,
    content: string,
    components?: MessageComponents,
    files?: readonly ReplyFile[],
  ): Promise<void>;
  /** Follow-ups the reply may still post (Discord's limit for user installs); undefined: no limit. */
  followUpsLeft?(): number | undefined;
  /** Whether a message may carry a file (Attach Files): the rest of a reply that does not fit. */
  readonly attachFiles?: boolean;
  /**
   * Withdraws the reply and tells its author privately why (a refusal before any text); `offer`:
   * what they could buy for a spent plan (premium buttons), where the reply is private.
   */
  refuse(content: string, offer?: PremiumOffer): Promise<void>;
  /**
   * The most text a message may carry now (the layout's: 4,000 in V2, 2,000 classic); it drops
   * when Discord refused V2 mid-reply. Undefined: the renderer's `limit`.
   */
  messageLimit?(): number;
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
  /** The words of the reply's readers (the note where a reply too long for its messages is cut). */
  readonly voice: Translator;
  readonly limit?: number;
  readonly cursor?: string;
  /** Called when an intermediate edit fails; the next edit retries with newer text. */
  readonly onEditError?: (error: unknown) => void;
  /**
   * A fixed start of the first message (e.g. the question quoted, ending with a line break),
   * shown with the first text; not part of `text()`. It must not open a code block.
   */
  readonly head?: string;
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

export interface StreamRenderer {
  push(delta: string): void;
  /** Everything pushed so far (without the head). */
  text(): string;
  /**
   * Stops streaming and writes the final text: everything pushed, then `note` (if any) as a
   * separate small line, with `controls` on the last message (earlier ones have none).
   * Resolves to the last message's id when Discord shows it; rejects if that write fails (after
   * FINAL_RETRY_DELAYS_MS for a transient failure).
   */
  finish(note?: string, controls?: MessageComponents): Promise<string>;
  /**
   * Stops streaming without a final write (the caller reports a failure its own way): no edit
   * starts after this, and it resolves once the one in flight, if any, is done.
   */
  cancel(): Promise<void>;
}

/** A renderer that also says when it next reads its text, so the source can hold it until then. */
export interface PacedStreamRenderer extends StreamRenderer {
  /**
   * Undefined when text pushed now would be read at once; else a promise that resolves when the
   * next edit is due (the source then pushes what it held, and the edit shows it).
   */
  ready(): (Promise<void> & { msLeft(): number }) | undefined;
}
