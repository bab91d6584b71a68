/**
 * Server-sent events from a byte stream: bytes are decoded as one UTF-8 stream (a character
 * split across network reads is joined, not mangled), events are parsed by eventsource-parser
 * (LF or CRLF, comments such as `: ping` skipped), and a final event with no blank line after
 * it is still delivered when the body ends cleanly.
 */
import { createParser } from 'eventsource-parser';
import { interpretEvent, type StreamChunk } from './streamParse.js';

export async function* readSseChunks(
  body: AsyncIterable<Uint8Array>,
): AsyncGenerator<StreamChunk, void, undefined> {
  const pending: StreamChunk[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(interpretEvent(event)) });
  const decoder = new TextDecoder('utf-8');
  for await (const bytes of body) {
    parser.feed(decoder.decode(bytes, { stream: true }));
    while (pending.length > 0) yield pending.shift() as StreamChunk;
  }
  // End the last line and the last event, in case the body stopped without a blank line.
  parser.feed(`${decoder.decode()}\n\n`);
  while (pending.length > 0) yield pending.shift() as StreamChunk;
}
