/**
 * Server-sent events from a byte stream: bytes are decoded as one UTF-8 stream (a character
 * split across network reads is joined, not mangled), events are parsed by eventsource-parser
 * (LF or CRLF, comments such as `: ping` skipped), and a final event with no blank line after
 * it is still delivered when the body ends cleanly.
 *
 * The service sends one event per token, each in a network read of its own: at 1,000 replies
 * of 50 tokens a second that is 50,000 reads a second, so the path from a read to the reply
 * is kept short. `sseBatches` reads the body in flowing mode (no async iterator, no promise per
 * read) and hands its consumer every event since its last call, one await per batch. A read
 * only copies its bytes aside: they are decoded and parsed when the consumer takes them, and a
 * consumer with no use for new text yet (a reply between two Discord edits) can hold its next
 * batch until it has, so a reply's 1,500 events cost it about as many wake-ups as it has edits.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { createEventReader } from './eventTemplate.js';
import type { StreamChunk } from './streamParse.js';

/** The most one event may hold before it ends (its unfinished line included): 1 Mi characters. */
export const MAX_EVENT_CHARS = 1024 * 1024;

/**
 * Bytes read and not taken yet past which a held consumer is woken, and a busy one gets the body
 * paused until it takes them.
 */
const PAUSE_AT_BYTES = 64 * 1024;

/** The smallest buffer for bytes read and not taken yet; a buffer past the largest is not kept. */
const KEPT_MIN_BYTES = 4096;
const KEPT_MAX_IDLE_BYTES = 64 * 1024;

/** The end marker: it wakes a consumer that holds its reads (the body's end and failure do too). */
const DONE_MARKER = new TextEncoder().encode('[DONE]');
const LF = 0x0a;
const CR = 0x0d;

/** An event, or a single line, grew past the limit before it ended. */
export class SseEventTooLarge extends Error {
  override readonly name = 'SseEventTooLarge';
  readonly limit: number;

  constructor(limit: number) {
    super(`a stream event grew past ${limit} characters before it ended`);
    this.limit = limit;
  }
}

const STREAMING = { stream: true } as const;

/** Bytes in, chunks out, push style. */
export class SseDecoder {
  private pending: StreamChunk[] = [];
  private overflowed = false;
  private readonly decoder = new TextDecoder('utf-8');
  private readonly parser: EventSourceParser;
  // Bytes kept for the next `take`, copied into one buffer reused for the whole stream: each
  // read's own buffer then dies young instead of waiting, promoted, for the consumer.
  private kept: Uint8Array | undefined;
  private keptLength = 0;

  constructor(private readonly maxEventChars = MAX_EVENT_CHARS) {
    const read = createEventReader();
    this.parser = createParser({
      // The parser keeps the unfinished line and the unfinished event's data until the event
      // ends; a service that never ends either would otherwise grow them without bound.
      maxBufferSize: maxEventChars,
      onEvent: (event) => this.pending.push(read(event)),
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') this.overflowed = true;
      },
    });
  }

  feed(bytes: Uint8Array): void {
    this.parser.feed(this.decoder.decode(bytes, STREAMING));
  }

  /** Keeps bytes to be decoded at the next `take` (or `end`), after those kept before. */
  keep(bytes: Uint8Array): void {
    const length = this.keptLength + bytes.length;
    if (this.kept === undefined || length > this.kept.length) {
      // Grown by half: most holds keep 5-10 KB, and a doubled buffer would stay twice that.
      let size = KEPT_MIN_BYTES;
      while (size < length) size = Math.ceil(size * 1.5);
      const grown = new Uint8Array(size);
      if (this.kept !== undefined) grown.set(this.kept.subarray(0, this.keptLength));
      this.kept = grown;
    }
    this.kept.set(bytes, this.keptLength);
    this.keptLength = length;
  }

  /** Bytes kept and not decoded yet. */
  get keptBytes(): number {
    return this.keptLength;
  }

  private feedKept(): void {
    if (this.kept === undefined || this.keptLength === 0) return;
    const bytes = this.kept.subarray(0, this.keptLength);
    this.keptLength = 0;
    this.feed(bytes);
    if (this.kept.length > KEPT_MAX_IDLE_BYTES) this.kept = undefined;
  }

  /** Ends the last line and the last event, in case the body stopped without a blank line. */
  end(): void {
    this.feedKept();
    this.parser.feed(`${this.decoder.decode()}\n\n`);
  }

  /**
   * The events decoded since the last call. Events that ended before an overflow are still part
   * of the reply: the call after the one that returned them throws SseEventTooLarge.
   */
  take(): StreamChunk[] {
    this.feedKept();
    if (this.pending.length === 0) {
      if (this.overflowed) throw new SseEventTooLarge(this.maxEventChars);
      return this.pending;
    }
    const taken = this.pending;
    this.pending = [];
    return taken;
  }
}

export async function* readSseChunks(
  body: AsyncIterable<Uint8Array>,
  maxEventChars = MAX_EVENT_CHARS,
): AsyncGenerator<StreamChunk, void, undefined> {
  const decoder = new SseDecoder(maxEventChars);
  for await (const bytes of body) {
    decoder.feed(bytes);
    for (let batch = decoder.take(); batch.length > 0; batch = decoder.take()) yield* batch;
  }
  decoder.end();
  for (let batch = decoder.take(); batch.length > 0; batch = decoder.take()) yield* batch;
}

/** The parts of a response body (a node Readable) the batch reader uses. */
export interface FlowingBody {
  on(event: 'data', listener: (bytes: Uint8Array) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  pause(): unknown;
  resume(): unknown;
  isPaused(): boolean;
}

/**
 * Tells the reader when its consumer next wants text: a promise that settles then (undefined: at
 * once), and how long that is when known. The body's end, its failure and the end marker are
 * delivered at once regardless, or at most QUIET_MS late during a long hold.
 */
export type Hold = (PromiseLike<unknown> & { readonly msLeft?: () => number }) | undefined;

/**
 * A hold at least this long stops reading the socket, QUIET_MS at a time: the kernel gathers the
 * events meanwhile and one read takes them all. Each event otherwise costs a read of its own (a
 * system call, and a trip through undici and a stream), 50,000 a second at 1,000 replies. The
 * renderer says a hold is this long only when the shared edit budget makes it so (at 650 replies
 * and more); then a reply's end is seen up to QUIET_MS late, and below that at once, as before.
 */
const QUIET_FROM_MS = 800;
const QUIET_MS = 200;

/**
 * Reads `body` as it arrives; each call resolves to the events since the previous one (never an
 * empty batch), or undefined once the body has ended and every event was taken. A failure of the
 * body (its error, or SseEventTooLarge) is thrown after the events before it. A call given a hold
 * does not resolve with new events before the hold settles.
 */
export function sseBatches(
  body: FlowingBody,
  maxEventChars = MAX_EVENT_CHARS,
): (hold?: Hold) => Promise<StreamChunk[] | undefined> {
  const decoder = new SseDecoder(maxEventChars);
  let ended = false;
  let failed = false;
  let failure: unknown;
  let holding = false;
  // Which call's hold is current: a hold that settles after its call returned changes nothing.
  let holds = 0;
  let hold: Hold;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  // Quiet: the body paused (undici then stops reading the socket) until the timer reads again.
  let quietTimer: NodeJS.Timeout | undefined;
  let closed = false;
  const stillLong = () => holding && !closed && (hold?.msLeft?.() ?? 0) >= QUIET_MS;
  const goQuiet = () => {
    if (!stillLong()) return;
    body.pause();
    if (quietTimer) quietTimer.refresh();
    else quietTimer = setTimeout(readAgain, QUIET_MS);
  };
  const readAgain = () => {
    if (!holding || closed) return;
    body.resume();
    // What the kernel gathered is read before the check phase; then quiet again if still held.
    setImmediate(goQuiet);
  };
  body.on('data', (bytes) => {
    decoder.keep(bytes);
    const full = decoder.keptBytes >= PAUSE_AT_BYTES;
    // A hold ends early when the bytes pile up: pausing the body instead would hide its end (and
    // trip its idle timeout) from a consumer holding until its next edit, however far off.
    if (holding && !full && !endsWithEndMarker(bytes)) return;
    holding = false;
    if (full && wake === undefined) body.pause();
    notify();
  });
  body.on('end', () => {
    decoder.end();
    ended = true;
    notify();
  });
  body.on('error', (error) => {
    failed = true;
    failure = error;
    notify();
  });
  body.on('close', () => {
    closed = true;
    clearTimeout(quietTimer);
  });
  return async (next) => {
    holds += 1;
    hold = next;
    holding = next !== undefined;
    if (next !== undefined) {
      const current = holds;
      const release = () => {
        if (current !== holds) return;
        holding = false;
        notify();
      };
      next.then(release, release);
      if ((next.msLeft?.() ?? 0) >= QUIET_FROM_MS) goQuiet();
    }
    for (;;) {
      if (!holding || ended || failed) {
        const batch = decoder.take();
        if (body.isPaused()) body.resume();
        if (batch.length > 0) return batch;
        if (failed) throw failure;
        if (ended) return undefined;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
}

/**
 * Whether a read ends with the end marker (then line ends), as a service writes it. One split
 * across reads is found at the body's end instead; scanning each read whole would cost more.
 */
export function endsWithEndMarker(bytes: Uint8Array): boolean {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === LF || bytes[end - 1] === CR)) end -= 1;
  const start = end - DONE_MARKER.length;
  if (start < 0) return false;
  for (let i = 0; i < DONE_MARKER.length; i += 1) if (bytes[start + i] !== DONE_MARKER[i]) return false;
  return true;
}
