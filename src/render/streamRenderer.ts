/**
 * Owns one streamed reply in Discord: turns a growing text into edits of the original reply and
 * follow-up messages.
 *
 * - The first visible text goes out as soon as it arrives.
 * - After that, at most one edit starts per interval, and never more than one request is in
 *   flight: text that arrives meanwhile only marks the reply dirty, so stale intermediate
 *   states are skipped, never queued (latest wins).
 * - Text beyond 2000 characters freezes the current message at a clean boundary and continues
 *   in a follow-up (see split.ts).
 * - `finish` always writes the exact final text, without the cursor.
 */
import type { Clock } from '../clock.js';
import { DISCORD_MESSAGE_LIMIT, type Fence, fenceAfter, pieceText, takeMessage } from './split.js';

/** Where a reply's messages go: the interaction's original response and its follow-ups. */
export interface ReplySink {
  editOriginal(content: string): Promise<void>;
  /** Sends a follow-up message and returns its id. */
  sendFollowUp(content: string): Promise<string>;
  editFollowUp(id: string, content: string): Promise<void>;
  /** Withdraws the reply and tells its author privately why (a refusal before any text). */
  refuse(content: string): Promise<void>;
}

export interface StreamRendererOptions {
  readonly intervalMs: number;
  readonly clock: Clock;
  readonly limit?: number;
  readonly cursor?: string;
  /** Called when an intermediate edit fails; the next edit retries with newer text. */
  readonly onEditError?: (error: unknown) => void;
}

export interface StreamRenderer {
  push(delta: string): void;
  /** Everything pushed so far. */
  text(): string;
  /**
   * Stops streaming and writes the final text: everything pushed, then `note` (if any) as a
   * separate small line. Resolves when Discord shows it; rejects if that final write fails.
   */
  finish(note?: string): Promise<void>;
  /** Number of Discord requests made (edits and follow-ups). */
  requestCount(): number;
}

export const STREAMING_CURSOR = ' ▌';

interface SentMessage {
  /** null for the interaction's original response. */
  readonly id: string | null;
  shown: string;
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
  let timer: NodeJS.Timeout | null = null;
  let finished = false;
  let requests = 0;

  async function write(index: number, content: string): Promise<void> {
    const existing = messages[index];
    if (existing) {
      if (existing.shown === content) return;
      requests += 1;
      if (existing.id === null) await sink.editOriginal(content);
      else await sink.editFollowUp(existing.id, content);
      existing.shown = content;
      return;
    }
    if (index === 0) {
      requests += 1;
      await sink.editOriginal(content);
      messages.push({ id: null, shown: content });
      return;
    }
    requests += 1;
    const id = await sink.sendFollowUp(content);
    messages.push({ id, shown: content });
  }

  /** Brings Discord up to date with `source`: frozen messages first, then the growing one. */
  async function render(source: string, final: boolean): Promise<void> {
    for (;;) {
      const taken = takeMessage(source, currentOffset, currentFence, limit);
      const content = pieceText(taken.piece);
      if (!taken.cut) {
        if (final) {
          // Trailing whitespace alone makes no message of its own.
          if (content.trim() !== '' || frozenCount === 0) await write(frozenCount, content);
        } else if (content.trim() !== '') {
          const withCursor = content.length + cursor.length <= limit ? content + cursor : content;
          await write(frozenCount, withCursor);
        }
        return;
      }
      await write(frozenCount, content);
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
      .catch((error: unknown) => options.onEditError?.(error))
      .finally(() => {
        inFlight = null;
        if (dirty) schedule();
      });
  }

  function schedule(): void {
    if (finished) return;
    if (inFlight) {
      dirty = true;
      return;
    }
    if (timer) return;
    const wait = lastEditStartedAt + options.intervalMs - clock.now();
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
    async finish(note) {
      finished = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (inFlight) await inFlight;
      const final = withNote(text, note);
      // Discord refuses an empty message; callers pass a note when there is no text.
      await render(final.trim() === '' ? '…' : final, true);
    },
    requestCount: () => requests,
  };
}
