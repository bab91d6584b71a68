import { describe, expect, it } from 'vitest';
import {
  excerpt,
  interpretEvent,
  normalizeUsage,
  ReplyAccumulator,
} from '../../../src/service/streamParse.js';

describe('events', () => {
  it('ignores unparseable data instead of failing, with a reason and the data for the log', () => {
    expect(interpretEvent({ data: ' {not json ' })).toEqual({
      kind: 'ignored',
      reason: 'not JSON',
      data: '{not json',
    });
    expect(interpretEvent({ data: '42' })).toEqual({ kind: 'ignored', reason: 'not an object', data: '42' });
  });

  it('quotes only the start of a long text', () => {
    expect(excerpt('short')).toBe('short');
    expect(excerpt('x'.repeat(80))).toBe('x'.repeat(80));
    expect(excerpt(`${'x'.repeat(80)}tail`)).toBe(`${'x'.repeat(80)}…`);
    expect(excerpt('abcdef', 3)).toBe('abc…');
  });
});

describe('usage', () => {
  it('accepts both namings and rejects invalid counts', () => {
    expect(normalizeUsage({ input_tokens: 3, output_tokens: 4 })).toEqual({
      inputTokens: 3,
      outputTokens: 4,
    });
    expect(normalizeUsage({ prompt_tokens: 3, completion_tokens: 4 })).toEqual({
      inputTokens: 3,
      outputTokens: 4,
    });
    expect(normalizeUsage({ input_tokens: -1, output_tokens: 4 })).toBeUndefined();
    expect(normalizeUsage({ input_tokens: 1.5, output_tokens: 4 })).toBeUndefined();
    expect(normalizeUsage({ input_tokens: 1 })).toBeUndefined();
    expect(normalizeUsage(null)).toBeUndefined();
  });

  it('estimates about 4 characters per token when the service sends none', () => {
    const reply = new ReplyAccumulator('m');
    reply.apply({ kind: 'data', delta: 'x'.repeat(40) });
    expect(reply.resolveUsage([{ role: 'user', content: 'y'.repeat(21) }])).toEqual({
      inputTokens: 6,
      outputTokens: 10,
      estimated: true,
    });
  });
});

describe('batches', () => {
  it('add a batch’s text at once, whole-message chunks within it read against the text before them', () => {
    const reply = new ReplyAccumulator('m');
    expect(
      reply.applyBatch([
        { kind: 'data', delta: 'Hel' },
        { kind: 'data', delta: 'lo' },
      ]).added,
    ).toBe('Hello');
    const step = reply.applyBatch([
      { kind: 'data', delta: ' wo' },
      { kind: 'data', whole: 'Hello world' },
      { kind: 'data', delta: '!' },
      { kind: 'done' },
      { kind: 'data', delta: 'ignored after the end' },
    ]);
    expect(step).toEqual({ added: ' world!', done: true, ignored: undefined });
    expect(reply.text).toBe('Hello world!');
  });
});
