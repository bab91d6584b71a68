import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fenceAfter,
  type MessagePiece,
  NOTHING_OPEN,
  pieceText,
  splitMessage,
  takeMessage,
} from '../../../src/reply/split.js';

const bodies = (pieces: MessagePiece[]) => pieces.map((piece) => piece.body).join('');
const texts = (pieces: MessagePiece[]) => pieces.map(pieceText);

describe('splitMessage', () => {
  it('keeps short text whole', () => {
    expect(texts(splitMessage('hello'))).toEqual(['hello']);
    expect(texts(splitMessage(''))).toEqual(['']);
  });

  it('cuts at a paragraph break before a line break before a space', () => {
    const paragraph = `${'a'.repeat(1200)}\n\n${'b'.repeat(500)}\n${'c'.repeat(500)}`;
    expect(splitMessage(paragraph)[0]?.body).toBe(`${'a'.repeat(1200)}\n\n`);
    const lines = `${'a'.repeat(1200)}\n${'b'.repeat(500)} ${'c'.repeat(500)}`;
    expect(splitMessage(lines)[0]?.body).toBe(`${'a'.repeat(1200)}\n`);
    const words = `${'a'.repeat(1500)} ${'b'.repeat(1000)}`;
    expect(splitMessage(words)[0]?.body).toBe(`${'a'.repeat(1500)} `);
  });

  it('ignores a clean boundary in the first half (too small a message) and hard-cuts without a word break', () => {
    const text = `ab\n\n${'x'.repeat(3000)}`;
    const pieces = splitMessage(text);
    expect(pieces[0]?.body.length).toBe(2000);
    expect(bodies(pieces)).toBe(text);
  });

  it('never cuts a surrogate pair', () => {
    const text = '😀'.repeat(1500);
    for (const piece of splitMessage(text)) {
      expect(piece.body).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
    expect(bodies(splitMessage(text))).toBe(text);
  });

  it('closes a code fence at the cut and reopens it with the same language', () => {
    const code = Array.from({ length: 200 }, (_, i) => `const value${i} = ${i};`).join('\n');
    const text = `Here is code:\n\n\`\`\`ts\n${code}\n\`\`\`\n\nDone.`;
    const pieces = splitMessage(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces[0]?.suffix).toMatch(/\n?```$/);
    expect(pieces[1]?.prefix).toBe('```ts\n');
    expect(bodies(pieces)).toBe(text);
    for (const piece of pieces) {
      expect(pieceText(piece).length).toBeLessThanOrEqual(2000);
      expect(fenceAfter(pieceText(piece))).toBeNull();
    }
  });

  it('treats ``` with more backticks on the line as inline code, not a fence', () => {
    expect(fenceAfter('```inline```')).toBeNull();
    expect(fenceAfter('```py\nprint(1)')).toEqual({ marker: '```', info: 'py' });
    expect(fenceAfter('~~~~\ncode\n~~~~~')).toBeNull();
    expect(fenceAfter('````\ncode\n```')).toEqual({ marker: '````', info: '' });
  });

  it('cuts the same way incrementally as on the finished text (streaming stability)', () => {
    const text = `${'word '.repeat(700)}\n\`\`\`js\n${'x = 1;\n'.repeat(400)}\`\`\`\n${'end '.repeat(300)}`;
    const finalPieces = splitMessage(text);
    // Grow the text a few characters at a time, freezing pieces as the renderer does.
    const frozen: string[] = [];
    let offset = 0;
    let open = NOTHING_OPEN;
    for (let end = 1; end <= text.length; end += 7) {
      const partial = text.slice(0, end);
      for (;;) {
        const taken = takeMessage(partial, offset, open);
        if (!taken.cut) break;
        frozen.push(pieceText(taken.piece));
        offset = taken.nextOffset;
        open = taken.nextOpen;
      }
    }
    expect(frozen).toEqual(texts(finalPieces).slice(0, frozen.length));
  });
});

const alphabet = fc.constantFrom(
  'a',
  'b',
  'é',
  '😀',
  ' ',
  '\n',
  '\n\n',
  '`',
  '```',
  '```ts\n',
  '\n```\n',
  '~~~',
  'word ',
);

describe('splitMessage properties', () => {
  it('any text splits into messages of at most 2000 characters that rejoin to the original, fences balanced', () => {
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 3000, size: 'max' }).map((parts) => parts.join('')),
        fc.integer({ min: 60, max: 2000 }),
        (text, limit) => {
          const pieces = splitMessage(text, limit);
          expect(bodies(pieces)).toBe(text);
          pieces.forEach((piece, index) => {
            const content = pieceText(piece);
            expect(content.length).toBeLessThanOrEqual(limit);
            if (index < pieces.length - 1) {
              expect(fenceAfter(content)).toBeNull();
              expect(piece.body.length).toBeGreaterThan(0);
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with the real 2000 limit, long texts of long lines and code', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.oneof(alphabet, fc.string({ minLength: 50, maxLength: 400 })), {
            minLength: 100,
            maxLength: 1500,
            size: 'max',
          })
          .map((parts) => parts.join('')),
        (text) => {
          const pieces = splitMessage(text);
          expect(bodies(pieces)).toBe(text);
          for (const piece of pieces) expect(pieceText(piece).length).toBeLessThanOrEqual(2000);
          for (const piece of pieces.slice(0, -1)) expect(fenceAfter(pieceText(piece))).toBeNull();
        },
      ),
      { numRuns: 100 },
    );
  });
});
