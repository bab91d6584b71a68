import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEventReader } from '../../../src/service/eventTemplate.js';
import { interpretEvent } from '../../../src/service/streamParse.js';

const event = (fields: Record<string, unknown>) => ({ data: JSON.stringify(fields) });
const token = (content: string, finish: string | null = null, extra: Record<string, unknown> = {}) =>
  event({
    id: 'chatcmpl-1',
    model: 'm',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
    ...extra,
  });

describe('reading a stream’s events', () => {
  it('reads each event as a whole parse does, whatever the order of shapes (property)', () => {
    const shapes = fc.oneof(
      fc.string().map((text) => token(text)),
      fc.constantFrom('stop', 'length').map((reason) => token('stop', reason)),
      fc.string().map((text) => token(text, null, { usage: { prompt_tokens: 1, completion_tokens: 2 } })),
      fc.string().map((text) => event({ id: 'chatcmpl-2', choices: [{ delta: { content: text } }] })),
      fc.string().map((text) => event({ choices: [{ message: { content: text } }] })),
      fc.string().map((text) => ({
        data: `{"id":"chatcmpl-1","model":"m","choices":[{"index":0,"delta":{"content":${JSON.stringify(text)}},"finish_reason":null}]}  `,
      })),
      fc.constant({ data: '[DONE]' }),
      fc.constant({ data: 'not json' }),
      fc.constant({ event: 'error', data: '{"error":{"message":"overloaded"}}' }),
      fc.constant({
        data: '{"id":"chatcmpl-1","model":"m","choices":[{"index":0,"delta":{"content":"a","x":1},"finish_reason":null}]}',
      }),
    );
    fc.assert(
      fc.property(fc.array(shapes, { maxLength: 30 }), (events) => {
        const read = createEventReader();
        for (const each of events) expect(read(each)).toEqual(interpretEvent(each));
      }),
      { numRuns: 500 },
    );
  });

  it('does not take a value that equals the text for the text (a finish reason "stop" after "stop")', () => {
    const read = createEventReader();
    expect(read(token('stop', 'stop'))).toEqual({
      kind: 'data',
      delta: 'stop',
      finishReason: 'stop',
      id: 'chatcmpl-1',
      model: 'm',
    });
    expect(read(token('stop', 'length'))).toEqual({
      kind: 'data',
      delta: 'stop',
      finishReason: 'length',
      id: 'chatcmpl-1',
      model: 'm',
    });
  });

  it('does not take another string equal to the text for the text', () => {
    const read = createEventReader();
    const withPrint = (content: string, print: string) =>
      event({ choices: [{ delta: { content } }], system_fingerprint: print });
    expect(read(withPrint('fp', 'fp'))).toEqual({ kind: 'data', delta: 'fp' });
    expect(read(withPrint('fp', 'zz'))).toEqual({ kind: 'data', delta: 'fp' });
    expect(read(withPrint('fp', 'zz'))).toEqual(interpretEvent(withPrint('fp', 'zz')));
  });

  it('reads the text of a repeated event, escapes included, without a whole parse', () => {
    const read = createEventReader();
    read(token('first '));
    const parse = JSON.parse;
    let wholeParses = 0;
    JSON.parse = ((text: string, ...rest: []) => {
      if (text.startsWith('{')) wholeParses += 1;
      return parse(text, ...rest);
    }) as typeof JSON.parse;
    try {
      expect(read(token('say "hi"\n'))).toEqual({
        kind: 'data',
        delta: 'say "hi"\n',
        id: 'chatcmpl-1',
        model: 'm',
      });
      expect(read(token('東京 😀'))).toEqual({
        kind: 'data',
        delta: '東京 😀',
        id: 'chatcmpl-1',
        model: 'm',
      });
    } finally {
      JSON.parse = parse;
    }
    expect(wholeParses).toBe(0);
  });
});
