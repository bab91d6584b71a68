/**
 * Server-sent events from a byte stream: bytes are decoded as one UTF-8 stream (a character
 * split across network reads is joined, not mangled), events are parsed by eventsource-parser
 * (LF or CRLF, comments such as `: ping` skipped), and a final event with no blank line after
 * it is still delivered when the body ends cleanly.
 *
 * The service sends one event per token, each in a network read of its own: at 1,000 replies
 * of 50 tokens a second that is 50,000 reads a second, so the path from a read to the reply
 * is kept short. `sseBatches` reads the body in flowing mode (no async iterator, no promise per
 * read) and hands its consumer every event decoded since its last call, one await per batch.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { interpretEvent, type StreamChunk } from './streamParse.js';

/** The most one event may hold before it ends (its unfinished line included): 1 Mi characters. */
export const MAX_EVENT_CHARS = 1024 * 1024;

/** Events decoded and not taken yet past which the body is paused until the consumer catches up. */
const PAUSE_AT_EVENTS = 256;

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

  constructor(private readonly maxEventChars = MAX_EVENT_CHARS) {
    this.parser = createParser({
      // The parser keeps the unfinished line and the unfinished event's data until the event
      // ends; a service that never ends either would otherwise grow them without bound.
      maxBufferSize: maxEventChars,
      onEvent: (event) => this.pending.push(interpretEvent(event)),
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') this.overflowed = true;
      },
    });
  }

  feed(bytes: Uint8Array): void {
    this.parser.feed(this.decoder.decode(bytes, STREAMING));
  }

  /** Ends the last line and the last event, in case the body stopped without a blank line. */
  end(): void {
    this.parser.feed(`${this.decoder.decode()}\n\n`);
  }

  /** Events decoded and not taken yet. */
  get waiting(): number {
    return this.pending.length;
  }

  /**
   * The events decoded since the last call. Events that ended before an overflow are still part
   * of the reply: the call after the one that returned them throws SseEventTooLarge.
   */
  take(): StreamChunk[] {
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
  pause(): unknown;
  resume(): unknown;
  isPaused(): boolean;
}

/**
 * Reads `body` as it arrives; each call resolves to the events decoded since the previous one
 * (never an empty batch), or undefined once the body has ended and every event was taken. A
 * failure of the body (its error, or SseEventTooLarge) is thrown after the events before it.
 */
export function sseBatches(
  body: FlowingBody,
  maxEventChars = MAX_EVENT_CHARS,
): () => Promise<StreamChunk[] | undefined> {
  const decoder = new SseDecoder(maxEventChars);
  let ended = false;
  let failed = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  body.on('data', (bytes) => {
    decoder.feed(bytes);
    if (decoder.waiting >= PAUSE_AT_EVENTS) body.pause();
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
  return async () => {
    for (;;) {
      const batch = decoder.take();
      if (batch.length > 0) {
        if (body.isPaused()) body.resume();
        return batch;
      }
      if (failed) throw failure;
      if (ended) return undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
}
