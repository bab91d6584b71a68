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
import type { MessageComponents } from '../buttons.js';
import { editReadyAt, finalReadyAt } from './rateBucket.js';
import { FINAL_RETRY_DELAYS_MS, isTransient, type ReplySink, type StreamRendererOptions } from './sink.js';
import { DISCORD_MESSAGE_LIMIT, type Fence, pieceText, takeMessage, withNote } from './split.js';

export { FINAL_RETRY_DELAYS_MS, type ReplySink, type StreamRendererOptions, withNote };

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

/** A renderer that also says when it next reads its text, so the source can hold it until then. */
export interface PacedStreamRenderer extends StreamRenderer {
  /**
   * Undefined when text pushed now would be read at once; else a promise that resolves when the
   * next edit is due (the source then pushes what it held, and the edit shows it).
   */
  ready(): (Promise<void> & { msLeft(): number }) | undefined;
}

export const STREAMING_CURSOR = ' ▌';

interface SentMessage {
  readonly id: string;
  readonly original: boolean;
  shown: string;
  /** JSON of the components shown ('' when never set). */
  shownComponents: string;
}

export function createStreamRenderer(sink: ReplySink, options: StreamRendererOptions): PacedStreamRenderer {
  const limit = options.limit ?? DISCORD_MESSAGE_LIMIT;
  const cursor = options.cursor ?? STREAMING_CURSOR;
  const clock = options.clock;

  // Everything pushed, kept as pushed (read whole only at the end), and the part from the
  // message being grown on, which edits read: an edit then copies at most about one message,
  // not the whole reply, and frozen messages do not keep copies of the reply alive.
  let text = '';
  let tail = '';
  // Whether any non-whitespace has arrived (tracked, so a push never rescans the whole text).
  let visible = false;
  const messages: SentMessage[] = [];
  // Where the message being grown starts in `text`, and the fence open at that point.
  let frozenCount = 0;
  let currentOffset = 0;
  let currentFence: Fence | null = null;

  let inFlight: Promise<void> | null = null;
  // Text pushed since the last edit started.
  let dirty = false;
  // A source holding its text until the next edit is due (ready()).
  let held:
    | { readonly promise: Promise<void> & { msLeft(): number }; readonly release: () => void }
    | undefined;
  let lastEditStartedAt = Number.NEGATIVE_INFINITY;
  let lastEditFailed = false;
  let timer: NodeJS.Timeout | null = null;
  let finished = false;

  const controlled = options.controls !== undefined;
  const NONE: MessageComponents = [];
  // Every edit but the last carries the same controls: their JSON is made once.
  let keyed: MessageComponents | undefined;
  let keyedJson = '';
  const jsonOf = (components: MessageComponents) => {
    if (components !== keyed) {
      keyed = components;
      keyedJson = JSON.stringify(components);
    }
    return keyedJson;
  };

  /** Writes message `index`; `shown` is what is kept of it (the same text as `content`). */
  async function write(
    index: number,
    content: string,
    components: MessageComponents | undefined,
    shown = content,
  ) {
    const componentsKey = components === undefined ? '' : jsonOf(components);
    const existing = messages[index];
    if (existing) {
      const sameComponents = components === undefined || existing.shownComponents === componentsKey;
      if (existing.shown === shown && sameComponents) return;
      if (existing.original) await sink.editOriginal(content, components);
      else await sink.editFollowUp(existing.id, content, components);
      existing.shown = shown;
      if (components !== undefined) existing.shownComponents = componentsKey;
      return;
    }
    const original = index === 0;
    const id = original
      ? await sink.editOriginal(content, components)
      : await sink.sendFollowUp(content, components);
    messages.push({ id, original, shown, shownComponents: componentsKey });
  }

  /**
   * Brings Discord up to date with `source`, the reply from offset `base` on: frozen messages
   * first, then the growing one, which carries `lastControls`.
   */
  async function render(
    source: string,
    base: number,
    final: boolean,
    lastControls?: MessageComponents,
  ): Promise<void> {
    for (;;) {
      const taken = takeMessage(source, currentOffset - base, currentFence, limit);
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
          const room = content.length + cursor.length <= limit;
          // Sent and kept as two strings: the request flattens what it sends into a copy (two bytes a
          // character, with the cursor) that lives as long as the request, not until the next edit.
          await write(
            frozenCount,
            room ? content + cursor : content,
            options.controls,
            room ? content + cursor : content,
          );
        }
        return;
      }
      await write(frozenCount, content, controlled ? NONE : undefined);
      frozenCount += 1;
      const cut = base + taken.nextOffset;
      tail = tail.slice(cut - currentOffset);
      currentOffset = cut;
      currentFence = taken.nextFence;
    }
  }

  function startEdit(): void {
    timer = null;
    if (finished || inFlight) return;
    dirty = false;
    lastEditStartedAt = clock.now();
    inFlight = render(tail, currentOffset, false)
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
        if (dirty || held) schedule();
      });
  }

  function release(): boolean {
    const source = held;
    held = undefined;
    source?.release();
    return source !== undefined;
  }

  function nextEditAt(): number {
    const bucket = lastEditFailed ? undefined : sink.rateBucket?.();
    const own = bucket ? editReadyAt(bucket) : lastEditStartedAt + options.intervalMs;
    const shared = options.sharedIntervalMs?.() ?? Number.NEGATIVE_INFINITY;
    return Math.max(own, lastEditStartedAt + shared);
  }

  function schedule(): void {
    if (finished || inFlight || timer) return;
    const wait = nextEditAt() - clock.now();
    if (wait <= 0) due();
    else timer = setTimeout(due, wait);
  }

  /**
   * How long the shared budget keeps the next edit away: the long waits of many streams, where a
   * source may read less often (sse.ts). A wait for the bucket's reset is not counted: the final
   * edit does not wait for it, and the end of the text must not either.
   */
  function msLeft(): number {
    return lastEditStartedAt + (options.sharedIntervalMs?.() ?? 0) - clock.now();
  }

  /** The next edit may start: with the newest text, once a source holding it has pushed it. */
  function due(): void {
    timer = null;
    if (!release()) {
      startEdit();
      return;
    }
    // The source's push (a few promise steps away) starts the edit. If it held nothing new, the
    // text pushed before it held is shown after those steps, which all end before an immediate.
    if (dirty) setImmediate(schedule);
  }

  return {
    push(delta) {
      if (finished || delta === '') return;
      text += delta;
      tail += delta;
      visible ||= delta.trim() !== '';
      if (!visible) return;
      dirty = true;
      schedule();
    },
    text: () => text,
    ready() {
      if (finished || (!timer && !inFlight)) return undefined;
      if (!held) {
        let resolve!: () => void;
        const promise = new Promise<void>((settle) => {
          resolve = settle;
        });
        held = { promise: Object.assign(promise, { msLeft }), release: resolve };
      }
      return held.promise;
    },
    async finish(note, controls) {
      finished = true;
      release();
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
          await render(source, 0, true, controls ?? (controlled ? NONE : undefined));
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
      release();
      if (timer) clearTimeout(timer);
      timer = null;
      while (inFlight) await inFlight;
    },
  };
}
