/**
 * Server-sent events from a byte stream: bytes are decoded as one UTF-8 stream (a character
 * split across network reads is joined, not mangled), events are parsed by eventsource-parser
 * (LF or CRLF, comments such as `: ping` skipped), and a final event with no blank line after
 * it is still delivered when the body ends cleanly.
 */
import { createParser } from 'eventsource-parser';
import { interpretEvent, type StreamChunk } from './streamParse.js';

/** The most one event may hold before it ends (its unfinished line included): 1 Mi characters. */
export const MAX_EVENT_CHARS = 1024 * 1024;

/** An event, or a single line, grew past the limit before it ended. */
export class SseEventTooLarge extends Error {
  override readonly name = 'SseEventTooLarge';
  readonly limit: number;

  constructor(limit: number) {
    super(`a stream event grew past ${limit} characters before it ended`);
    this.limit = limit;
  }
}

export async function* readSseChunks(
  body: AsyncIterable<Uint8Array>,
  maxEventChars = MAX_EVENT_CHARS,
): AsyncGenerator<StreamChunk, void, undefined> {
  const pending: StreamChunk[] = [];
  let overflowed = false;
  const parser = createParser({
    // The parser keeps the unfinished line and the unfinished event's data until the event ends;
    // a service that never ends either would otherwise grow them without bound.
    maxBufferSize: maxEventChars,
    onEvent: (event) => pending.push(interpretEvent(event)),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflowed = true;
    },
  });
  const decoder = new TextDecoder('utf-8');
  // Events that ended before the overflow in the same read are still part of the reply.
  function* drain(): Generator<StreamChunk, void, undefined> {
    while (pending.length > 0) yield pending.shift() as StreamChunk;
    if (overflowed) throw new SseEventTooLarge(maxEventChars);
  }
  for await (const bytes of body) {
    parser.feed(decoder.decode(bytes, { stream: true }));
    yield* drain();
  }
  // End the last line and the last event, in case the body stopped without a blank line.
  parser.feed(`${decoder.decode()}\n\n`);
  yield* drain();
}
