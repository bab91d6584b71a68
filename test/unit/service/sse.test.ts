import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_EVENT_CHARS, readSseChunks, SseEventTooLarge } from '../../../src/service/sse.js';
import { ReplyAccumulator, type StreamChunk } from '../../../src/service/streamParse.js';

async function* fromParts(parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield part;
}

async function collect(parts: Uint8Array[], maxEventChars?: number): Promise<StreamChunk[]> {
  const out: StreamChunk[] = [];
  for await (const chunk of readSseChunks(fromParts(parts), maxEventChars)) out.push(chunk);
  return out;
}

/** What arrived before the reader failed, and the failure. */
async function collectUntilFailure(parts: Uint8Array[], maxEventChars?: number) {
  const out: StreamChunk[] = [];
  try {
    for await (const chunk of readSseChunks(fromParts(parts), maxEventChars)) out.push(chunk);
  } catch (error) {
    return { chunks: out, error };
  }
  return { chunks: out, error: undefined };
}

const texts = (chunks: StreamChunk[]) =>
  chunks.map((chunk) => (chunk.kind === 'data' ? chunk.delta : chunk.kind));

/** Folds chunks like the client does: text, usage, whether the end marker came. */
async function replay(parts: Uint8Array[]) {
  const reply = new ReplyAccumulator('service-v1-flash');
  for await (const chunk of readSseChunks(fromParts(parts))) {
    if (chunk.kind === 'done') {
      reply.sawDone = true;
      break;
    }
    if (chunk.kind === 'data') reply.apply(chunk);
  }
  return reply.result([{ role: 'user', content: 'hello there' }]);
}

const encoder = new TextEncoder();
const delta = (content: string, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ id: 'c1', model: 'service-v1-flash', choices: [{ index: 0, delta: { content }, finish_reason: null }], ...extra })}\n\n`;

/** Recorded shape of an OpenAI-compatible stream, with a ping and a trailing usage chunk. */
const RECORDED = [
  ': ping\n\n',
  delta('Grüße '),
  delta('aus 東京 '),
  delta('😀!'),
  `data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
  `data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: 12, completion_tokens: 7 } })}\n\n`,
  'data: [DONE]\n\n',
].join('');

function splitEvery(bytes: Uint8Array, size: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.slice(i, i + size));
  return parts;
}

describe('SSE decoding', () => {
  it('parses a recorded stream exactly, whole', async () => {
    const result = await replay([encoder.encode(RECORDED)]);
    expect(result.text).toBe('Grüße aus 東京 😀!');
    expect(result.usage).toEqual({ inputTokens: 12, outputTokens: 7, estimated: false });
    expect(result.finishReason).toBe('stop');
    expect(result.truncated).toBe(false);
  });

  it('parses the same stream split at every byte', async () => {
    const result = await replay(splitEvery(encoder.encode(RECORDED), 1));
    expect(result.text).toBe('Grüße aus 東京 😀!');
    expect(result.usage.estimated).toBe(false);
  });

  it('parses it split at any set of byte positions (property)', async () => {
    const bytes = encoder.encode(RECORDED);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const parts = points.slice(1).map((end, i) => bytes.slice(points[i], end));
          const result = await replay(parts);
          expect(result.text).toBe('Grüße aus 東京 😀!');
          expect(result.usage).toEqual({ inputTokens: 12, outputTokens: 7, estimated: false });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('accepts CRLF line endings', async () => {
    const result = await replay([encoder.encode(RECORDED.replaceAll('\n', '\r\n'))]);
    expect(result.text).toBe('Grüße aus 東京 😀!');
  });

  it('delivers a final event that has no blank line after it', async () => {
    const body = `${delta('a')}data: ${JSON.stringify({ choices: [{ delta: { content: 'b' }, finish_reason: 'stop' }], usage: { input_tokens: 1, output_tokens: 2 } })}`;
    const result = await replay([encoder.encode(body)]);
    expect(result.text).toBe('ab');
    expect(result.usage).toEqual({ inputTokens: 1, outputTokens: 2, estimated: false });
    expect(result.truncated).toBe(false);
  });

  it('marks a body that ends with neither [DONE] nor a finish reason as truncated', async () => {
    const result = await replay([encoder.encode(delta('partial '))]);
    expect(result.text).toBe('partial ');
    expect(result.truncated).toBe(true);
    expect(result.usage.estimated).toBe(true);
  });

  it('a clean end with a finish reason but no [DONE] is complete', async () => {
    const body = `${delta('a')}data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\n`;
    expect((await replay([encoder.encode(body)])).truncated).toBe(false);
  });

  it('takes whole-message chunks (choices[].message.content) as the reply so far', async () => {
    const whole = (content: string) => `data: ${JSON.stringify({ choices: [{ message: { content } }] })}\n\n`;
    const result = await replay([
      encoder.encode(`${whole('Hel')}${whole('Hello')}${whole('Hello world')}data: [DONE]\n\n`),
    ]);
    expect(result.text).toBe('Hello world');
  });

  it('lets the last usage win', async () => {
    const body = `${delta('a', { usage: { input_tokens: 1, output_tokens: 1 } })}${delta('b', { usage: { input_tokens: 5, output_tokens: 9 } })}data: [DONE]\n\n`;
    expect((await replay([encoder.encode(body)])).usage).toEqual({
      inputTokens: 5,
      outputTokens: 9,
      estimated: false,
    });
  });

  it('reports error events and error objects', async () => {
    const chunks = await collect([
      encoder.encode('event: error\ndata: {"error":{"message":"overloaded","code":"server_error"}}\n\n'),
      encoder.encode('data: {"error":{"message":"bad thing"}}\n\n'),
    ]);
    expect(chunks).toEqual([
      { kind: 'error', error: { message: 'overloaded', code: 'server_error' } },
      { kind: 'error', error: { message: 'bad thing' } },
    ]);
  });
});

describe('SSE buffering is bounded', () => {
  it('fails on a line that never ends, after the events before it', async () => {
    const { chunks, error } = await collectUntilFailure(
      [encoder.encode(delta('kept ')), ...Array.from({ length: 10 }, () => encoder.encode('x'.repeat(20)))],
      64,
    );
    expect(texts(chunks)).toEqual(['kept ']);
    expect(error).toBeInstanceOf(SseEventTooLarge);
    expect((error as SseEventTooLarge).limit).toBe(64);
  });

  it('fails on an event whose data lines never end in a blank line', async () => {
    const lines = Array.from({ length: 10 }, () => encoder.encode(`data: ${'y'.repeat(10)}\n`));
    const { chunks, error } = await collectUntilFailure([encoder.encode(delta('kept ')), ...lines], 64);
    expect(texts(chunks)).toEqual(['kept ']);
    expect(error).toBeInstanceOf(SseEventTooLarge);
  });

  it('keeps an event that ended in the same read as the line that overflowed', async () => {
    const { chunks, error } = await collectUntilFailure(
      [encoder.encode(`${delta('kept ')}${'z'.repeat(500)}`)],
      64,
    );
    expect(texts(chunks)).toEqual(['kept ']);
    expect(error).toBeInstanceOf(SseEventTooLarge);
  });

  it('bounds each event, not the stream: many events under the limit pass', async () => {
    const event = `data: ${'a'.repeat(40)}\n\n`;
    const chunks = await collect([encoder.encode(event.repeat(100))], 64);
    expect(chunks).toHaveLength(100);
    expect(chunks.every((chunk) => chunk.kind === 'ignored')).toBe(true);
  });

  it('defaults to 1 Mi characters: an event just under it passes, one over it fails', async () => {
    expect(MAX_EVENT_CHARS).toBe(1024 * 1024);
    const content = 'w'.repeat(MAX_EVENT_CHARS - 200);
    const under = await replay([encoder.encode(delta(content)), encoder.encode('data: [DONE]\n\n')]);
    expect(under.text).toBe(content);
    const { error } = await collectUntilFailure([encoder.encode(`data: ${'w'.repeat(MAX_EVENT_CHARS + 1)}`)]);
    expect(error).toBeInstanceOf(SseEventTooLarge);
  });
});
