/**
 * Owns one streamed reply in Discord: turns a growing text into edits of the original reply and
 * follow-up messages.
 *
 * - The first visible text goes out as soon as it arrives, after the head when there is one.
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
import type { MessageComponents } from './buttons.js';
import { LayoutRefused } from './layout.js';
import { displayableAfter } from './openMarkdown.js';
import { finalReplyText, type Hold, holdUntilReleased, lastMessage, lastMessageGuard } from './overflow.js';
import { editReadyAt, finalReadyAt } from './rateBucket.js';
import type { PacedStreamRenderer, ReplyFile } from './sink.js';
import { FINAL_RETRY_DELAYS_MS, isTransient, type ReplySink, type StreamRendererOptions } from './sink.js';
import { DISCORD_MESSAGE_LIMIT, NOTHING_OPEN, type Open, pieceText, takeMessage, withNote } from './split.js';

export * from './sink.js';
export { withNote };

export const STREAMING_CURSOR = ' ▌';

interface SentMessage {
  readonly id: string;
  readonly original: boolean;
  shown: string;
  /** JSON of the components shown ('' when never set). */
  shownComponents: string;
}

export function createStreamRenderer(sink: ReplySink, options: StreamRendererOptions): PacedStreamRenderer {
  // The sink's limit can drop mid-reply (Discord refused the V2 layout): read at every cut.
  const limitNow = () => sink.messageLimit?.() ?? options.limit ?? DISCORD_MESSAGE_LIMIT;
  const cursor = options.cursor ?? STREAMING_CURSOR;
  const clock = options.clock;

  // Everything pushed, kept as pushed (read whole only at the end), and the part from the
  // message being grown on, which edits read: an edit then copies at most about one message,
  // not the whole reply, and frozen messages do not keep copies of the reply alive.
  // The head (a fixed start of the first message) is kept at the start of `text`.
  const head = options.head ?? '';
  let text = head;
  let tail = head;
  // Whether any non-whitespace has arrived (tracked, so a push never rescans the whole text).
  let visible = false;
  const messages: SentMessage[] = [];
  // Where the message being grown starts in `text`, and what markdown is open at that point.
  let frozenCount = 0;
  let currentOffset = 0;
  let currentOpen: Open = NOTHING_OPEN;
  // Where the sink limits follow-ups (user installs), the last allowed message ends the reply.
  const guard = lastMessageGuard(sink);
  let lastNote: string | undefined;
  let inFlight: Promise<void> | null = null;
  let dirty = false; // text pushed since the last edit started
  let held: Hold | undefined; // a source holding its text until the next edit is due (ready())
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
    files?: readonly ReplyFile[],
  ) {
    const componentsKey = components === undefined ? '' : jsonOf(components);
    const existing = messages[index];
    if (existing) {
      const sameComponents = components === undefined || existing.shownComponents === componentsKey;
      if (existing.shown === shown && sameComponents) return;
      if (existing.original) await sink.editOriginal(content, components, files);
      else await sink.editFollowUp(existing.id, content, components, files);
      existing.shown = shown;
      if (components !== undefined) existing.shownComponents = componentsKey;
      return;
    }
    const original = index === 0;
    const id = await (original
      ? sink.editOriginal(content, components, files)
      : sink.sendFollowUp(content, components, files)
    ).catch(rewind);
    guard.started(index, currentOffset, currentOpen);
    messages.push({ id, original, shown, shownComponents: componentsKey });
  }

  /** Discord refused a follow-up (40094): the message before it becomes the last, written again. */
  function rewind(error: unknown): never {
    const start = guard.rewindTo(error, messages.length);
    if (start) ({ index: frozenCount, offset: currentOffset, opening: currentOpen } = start);
    if (start) tail = text.slice(currentOffset);
    throw error;
  }

  /** The reply's last allowed message: the text that fits (at the end: and where the rest is). */
  async function writeLast(piece: string, final: boolean, lastControls?: MessageComponents) {
    if (!final) return write(frozenCount, piece, options.controls);
    const last = lastMessage(
      text,
      currentOffset,
      currentOpen,
      lastNote,
      limitNow(),
      guard.attach,
      options.voice,
    );
    await write(frozenCount, last.content, lastControls, last.content, last.files);
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
      const limit = limitNow();
      const taken = takeMessage(source, currentOffset - base, currentOpen, limit);
      // The growing message's tip shows no half-made markdown (openMarkdown.ts); the head is kept.
      const raw = pieceText(taken.piece);
      const content = taken.cut || final ? raw : displayableAfter(raw, currentOffset === 0 ? head.length : 0);
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
      if (guard.isLast(frozenCount, messages.length)) return writeLast(content, final, lastControls);
      await write(frozenCount, content, controlled ? NONE : undefined);
      frozenCount += 1;
      const cut = base + taken.nextOffset;
      tail = tail.slice(cut - currentOffset);
      currentOffset = cut;
      currentOpen = taken.nextOpen;
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
    text: () => text.slice(head.length),
    ready() {
      if (finished || (!timer && !inFlight)) return undefined;
      held ??= holdUntilReleased(msLeft);
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
      lastNote = note;
      const lastControls = controls ?? (controlled ? NONE : undefined);
      const finalText = () => finalReplyText(text, currentOffset, currentOpen, limitNow(), head.length, note);
      // Idempotent: messages already showing their final text are not written again. Where the
      // layout changed under the reply (Discord refused V2), it is cut again to the new limit.
      const writeFinal = () =>
        render(finalText(), 0, true, lastControls).catch((error: unknown) => {
          if (!(error instanceof LayoutRefused)) throw error;
          return render(finalText(), 0, true, lastControls);
        });
      for (const delayMs of [...FINAL_RETRY_DELAYS_MS, undefined]) {
        try {
          await writeFinal();
          break;
        } catch (error) {
          if (delayMs === undefined || !(isTransient(error) || guard.refused(error))) throw error;
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
