/**
 * Owns one streamed reply in Discord: turns a growing text into edits of the original reply and
 * follow-up messages.
 *
 * - The first visible text goes out as soon as it arrives.
 * - After that, the next edit starts when Discord's rate-limit bucket allows it (rateBucket.ts:
 *   the requests left in the window, spread to its reset, one kept for the final edit), or after
 *   a fixed interval when Discord's headers say nothing. Never more than one request is in
 *   flight: text that arrives meanwhile only marks the reply dirty, so stale intermediate states
 *   are skipped, never queued (latest wins).
 * - Text beyond 2000 characters freezes the current message at a clean boundary and continues
 *   in a follow-up (see split.ts).
 * - `finish` always writes the exact final text, without the cursor, at once; a write Discord
 *   failed with 5xx past discord.js's own retries is tried again a bounded number of times.
 */
import { HTTPError } from 'discord.js';
import type { Clock } from '../../lib/clock.js';
import type { MessageComponents } from '../buttons.js';
import { editReadyAt, finalReadyAt, type RateBucket } from './rateBucket.js';
import { DISCORD_MESSAGE_LIMIT, type Fence, fenceAfter, pieceText, takeMessage } from './split.js';

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
function isTransient(error: unknown): boolean {
  if (error instanceof HTTPError) return error.status >= 500;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET'].includes(code);
}

export interface StreamRenderer {
  push(delta: string): void;
  /** Everything pushed so far. */
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

export const STREAMING_CURSOR = ' ▌';

interface SentMessage {
  readonly id: string;
  readonly original: boolean;
  shown: string;
  /** JSON of the components shown ('' when never set). */
  shownComponents: string;
}

/**
 * Appends a note below the text, closing a code fence the text left open. The text stays an
 * exact prefix of the result, so messages already frozen remain valid.
 */
export function withNote(text: string, note: string | undefined): string {
  if (!note) return text;
  if (text.trim() === '') return note;
  const open = fenceAfter(text);
  const closed = open ? `${text}${text.endsWith('\n') ? '' : '\n'}${open.marker}` : text;
  const gap = closed.endsWith('\n\n') ? '' : closed.endsWith('\n') ? '\n' : '\n\n';
  return `${closed}${gap}${note}`;
}

export function createStreamRenderer(sink: ReplySink, options: StreamRendererOptions): StreamRenderer {
  const limit = options.limit ?? DISCORD_MESSAGE_LIMIT;
  const cursor = options.cursor ?? STREAMING_CURSOR;
  const clock = options.clock;

  let text = '';
  // Whether any non-whitespace has arrived (tracked, so a push never rescans the whole text).
  let visible = false;
  const messages: SentMessage[] = [];
  // Where the message being grown starts in `text`, and the fence open at that point.
  let frozenCount = 0;
  let currentOffset = 0;
  let currentFence: Fence | null = null;

  let inFlight: Promise<void> | null = null;
  let dirty = false;
  let lastEditStartedAt = Number.NEGATIVE_INFINITY;
  let lastEditFailed = false;
  let timer: NodeJS.Timeout | null = null;
  let finished = false;

  const controlled = options.controls !== undefined;
  const NONE: MessageComponents = [];

  async function write(index: number, content: string, components: MessageComponents | undefined) {
    const componentsKey = components === undefined ? '' : JSON.stringify(components);
    const existing = messages[index];
    if (existing) {
      const sameComponents = components === undefined || existing.shownComponents === componentsKey;
      if (existing.shown === content && sameComponents) return;
      if (existing.original) await sink.editOriginal(content, components);
      else await sink.editFollowUp(existing.id, content, components);
      existing.shown = content;
      if (components !== undefined) existing.shownComponents = componentsKey;
      return;
    }
    const original = index === 0;
    const id = original
      ? await sink.editOriginal(content, components)
      : await sink.sendFollowUp(content, components);
    messages.push({ id, original, shown: content, shownComponents: componentsKey });
  }

  /**
   * Brings Discord up to date with `source`: frozen messages first, then the growing one, which
   * carries `lastControls`.
   */
  async function render(source: string, final: boolean, lastControls?: MessageComponents): Promise<void> {
    for (;;) {
      const taken = takeMessage(source, currentOffset, currentFence, limit);
      const content = pieceText(taken.piece);
      if (!taken.cut) {
        if (final) {
          // Trailing whitespace alone makes no message of its own.
          if (content.trim() !== '' || frozenCount === 0) {
            await write(frozenCount, content, lastControls);
          } else if (frozenCount > 0 && lastControls !== undefined) {
            await write(frozenCount - 1, messages[frozenCount - 1]?.shown ?? content, lastControls);
          }
        } else if (content.trim() !== '') {
          const withCursor = content.length + cursor.length <= limit ? content + cursor : content;
          await write(frozenCount, withCursor, options.controls);
        }
        return;
      }
      await write(frozenCount, content, controlled ? NONE : undefined);
      frozenCount += 1;
      currentOffset = taken.nextOffset;
      currentFence = taken.nextFence;
    }
  }

  function startEdit(): void {
    timer = null;
    if (finished || inFlight) return;
    dirty = false;
    lastEditStartedAt = clock.now();
    inFlight = render(text, false)
      .then(
        () => {
          lastEditFailed = false;
        },
        (error: unknown) => {
          // A failed edit says nothing new about the bucket: wait the fixed interval, not at once.
          lastEditFailed = true;
          options.onEditError?.(error);
        },
      )
      .finally(() => {
        inFlight = null;
        if (dirty) schedule();
      });
  }

  function nextEditAt(): number {
    const bucket = lastEditFailed ? undefined : sink.rateBucket?.();
    const own = bucket ? editReadyAt(bucket) : lastEditStartedAt + options.intervalMs;
    const shared = options.sharedIntervalMs?.() ?? Number.NEGATIVE_INFINITY;
    return Math.max(own, lastEditStartedAt + shared);
  }

  function schedule(): void {
    if (finished) return;
    if (inFlight) {
      dirty = true;
      return;
    }
    if (timer) return;
    const wait = nextEditAt() - clock.now();
    if (wait <= 0) startEdit();
    else timer = setTimeout(startEdit, wait);
  }

  return {
    push(delta) {
      if (finished || delta === '') return;
      text += delta;
      visible ||= delta.trim() !== '';
      if (visible) schedule();
    },
    text: () => text,
    async finish(note, controls) {
      finished = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (inFlight) await inFlight;
      // A spent window: wait for its reset here, with the newest text, not queued in discord.js.
      const bucket = lastEditFailed ? undefined : sink.rateBucket?.();
      const wait = bucket ? finalReadyAt(bucket) - clock.now() : 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const final = withNote(text, note);
      // Discord refuses an empty message; callers pass a note when there is no text.
      const source = final.trim() === '' ? '…' : final;
      for (const delayMs of [...FINAL_RETRY_DELAYS_MS, undefined]) {
        try {
          // Idempotent: messages already showing their final text are not written again.
          await render(source, true, controls ?? (controlled ? NONE : undefined));
          break;
        } catch (error) {
          if (delayMs === undefined || !isTransient(error)) throw error;
          options.onFinalRetry?.(error, delayMs);
          await new Promise((resolve) => setTimeout(resolve, delayMs));
        }
      }
      return messages.at(-1)?.id ?? '';
    },
    async cancel() {
      finished = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (inFlight) await inFlight;
    },
  };
}
