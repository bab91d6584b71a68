import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitMessage } from '../../../src/discord/render/split.js';
import { demoPieces, demoReply } from '../../../src/playground/demoReplies.js';

describe('the demo service replies', () => {
  it('streams any reply in pieces of a word or two that rejoin to it exactly', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const pieces = demoPieces(text);
        expect(pieces.join('')).toBe(text);
        for (const piece of pieces) expect(piece.trim().split(/\s+/).length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('shows each kind of reply: code, a list, a long answer past one message, a short one', () => {
    expect(demoReply('write some code')).toContain('```ts');
    expect(demoReply('a list please')).toMatch(/^1\. /m);
    expect(splitMessage(demoReply('tell me a long story')).length).toBeGreaterThan(1);
    expect(demoReply('hello')).toContain('"hello"');
  });
});
