import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closeLastMessage,
  displayable,
  displayableAfter,
  openMarkdown,
} from '../../../src/reply/openMarkdown.js';
import { NOTHING_OPEN, pieceText, splitMessage } from '../../../src/reply/split.js';

/** Half-made markdown left in `text`, by rules of its own (not openMarkdown's scanner); '' when none. */
function halfMade(text: string): string {
  const outside: string[] = [];
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^```/.test(line)) fence = !fence;
    else if (!fence) outside.push(line);
  }
  const last = outside.at(-1) ?? '';
  if (/^(#{1,3}|-#)\s*$/.test(last) && text.trim() !== '') return `lone heading: ${last}`;
  const prose = outside.join('\n').replace(/\\./g, '');
  if ((prose.match(/`/g) ?? []).length % 2 !== 0) return 'open code span';
  const noCode = prose.replace(/`[^`]*`/g, 'c');
  for (const marker of ['**', '~~', '||', '__']) {
    const count = noCode.split(marker).length - 1;
    if (count % 2 !== 0) return `open ${marker}`;
  }
  const singles = noCode.replace(/\*\*/g, '').replace(/(^|\s)\*(\s|$)/g, '$1$2');
  if ((singles.match(/\*/g) ?? []).length % 2 !== 0) return 'open *';
  if (/\]\([^)]*$/.test(noCode)) return 'open link';
  return '';
}

const word = fc.stringMatching(/^[a-z]{1,6}(_[a-z]{1,4})?$/);
const plain = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
const leaf = fc.oneof(
  plain,
  plain.map((text) => `\`${text}\``),
  fc.tuple(plain, word).map(([text, host]) => `[${text}](https://${host}.example/x)`),
  word.map((text) => `_${text}_`),
  word.map((text) => `*${text}*`),
);
const inline = fc.oneof(
  { weight: 3, arbitrary: leaf },
  ...['**', '~~', '||', '__'].map((marker) => ({
    weight: 1,
    arbitrary: fc
      .array(leaf, { minLength: 1, maxLength: 3 })
      .map((parts) => `${marker}${parts.join(' ')}${marker}`),
  })),
);
const paragraph = fc.array(inline, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));
const block = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('#', '##', '###', '-#'), paragraph).map(([h, p]) => `${h} ${p}`),
  },
  { weight: 1, arbitrary: paragraph.map((code) => `\`\`\`ts\n${code} **x\n\`\`\``) },
);
const markdown = fc.array(block, { minLength: 1, maxLength: 4 }).map((blocks) => blocks.join('\n'));

describe('openMarkdown', () => {
  it('closes open emphasis, strikethrough, spoilers and code spans at the tip', () => {
    expect(displayable('Some **Part')).toBe('Some **Part**');
    expect(displayable('a ~~gone and ||secret')).toBe('a ~~gone and ||secret||~~');
    expect(displayable('run `npm t')).toBe('run `npm t`');
    expect(displayable('Some **Part ')).toBe('Some **Part**');
    expect(displayable('*it')).toBe('*it*');
  });

  it('holds back a marker run at the very end, a link in progress and a lone heading marker', () => {
    expect(displayable('Some **')).toBe('Some ');
    expect(displayable('**bold*')).toBe('**bold**');
    expect(displayable('see [the docs](https://exa')).toBe('see ');
    expect(displayable('see [the docs]')).toBe('see ');
    expect(displayable('see [1] and')).toBe('see [1] and');
    expect(displayable('intro\n##')).toBe('intro\n');
    expect(displayable('intro\n## ')).toBe('intro\n');
    expect(displayable('intro\n-#')).toBe('intro\n');
    expect(displayable('intro\n## Title')).toBe('intro\n## Title');
  });

  it('takes markers in code, escaped ones and snake_case literally', () => {
    expect(displayable('use `a **b` now')).toBe('use `a **b` now');
    expect(displayable('```ts\nconst a = 2 ** 3 // *x')).toBe('```ts\nconst a = 2 ** 3 // *x');
    expect(displayable('price \\*5 and \\~~ no')).toBe('price \\*5 and \\~~ no');
    expect(displayable('call snake_case_name and')).toBe('call snake_case_name and');
    expect(displayable('a * b = c')).toBe('a * b = c');
  });

  it('shows a long link in progress rather than hide it for ever', () => {
    const url = `https://example.com/${'a'.repeat(300)}`;
    expect(displayable(`see [x](${url}`)).toBe(`see [x](${url}`);
  });

  it('at the end: closes what is open, drops dangling markers, keeps complete markdown', () => {
    expect(displayable('Some **Part', true)).toBe('Some **Part**');
    expect(displayable('Some **', true)).toBe('Some ');
    expect(displayable('see [the docs](https://exa', true)).toBe('see the docs');
    expect(displayable('intro\n## ', true)).toBe('intro');
    expect(displayable('Price*', true)).toBe('Price*');
    expect(displayable('**a** and `b` [c](d)', true)).toBe('**a** and `b` [c](d)');
  });

  it("leaves the quoted question above a reply as it is (its markers are not the reply's)", () => {
    expect(displayableAfter('> what is 2**3\nIt is', 15)).toBe('> what is 2**3\nIt is');
    expect(displayableAfter('> what is 2**3\nIt is **8', 15)).toBe('> what is 2**3\nIt is **8**');
    expect(closeLastMessage('> 2**3\nIt is', 0, NOTHING_OPEN, 2000, 7)).toBe('> 2**3\nIt is');
  });

  it('closes only the last message of a split reply', () => {
    const first = `${'a '.repeat(30)}\n\n`;
    expect(closeLastMessage(`**x** ${first}tail **open`, 0, NOTHING_OPEN, 40)).toBe(
      `**x** ${first}tail **open**`,
    );
  });

  it('for random markdown cut anywhere: balanced, only growing, and the complete text unchanged', () => {
    fc.assert(
      fc.property(markdown, (text) => {
        let previous = '';
        for (let cut = 0; cut <= text.length; cut += 1) {
          const prefix = text.slice(0, cut);
          const { shown, closing } = openMarkdown(prefix);
          expect(text.startsWith(shown)).toBe(true);
          expect(shown.startsWith(previous)).toBe(true);
          previous = shown;
          expect(halfMade(shown + closing), shown + closing).toBe('');
          expect(halfMade(displayable(prefix, true)), displayable(prefix, true)).toBe('');
        }
        expect(displayable(text)).toBe(text);
        expect(displayable(text, true)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });
});

describe('a reply split over several messages', () => {
  it('closes bold cut at a message boundary before the trailing space and opens it again in the next', () => {
    const text = `**${'word '.repeat(12)}end** after`;
    const pieces = splitMessage(text, 40).map(pieceText);
    expect(pieces[0]).toBe(`**${'word '.repeat(7).trimEnd()}**`);
    expect(pieces[1]?.startsWith('**word')).toBe(true);
    expect(pieces.at(-1)?.endsWith('end** after')).toBe(true);
  });

  it('for random markdown split at any limit: every message is whole markdown, and no text is lost', () => {
    fc.assert(
      fc.property(markdown, fc.integer({ min: 100, max: 300 }), (text, limit) => {
        const pieces = splitMessage(text, limit);
        expect(pieces.map((piece) => piece.body).join('')).toBe(text);
        for (const piece of pieces) {
          const content = pieceText(piece);
          expect(content.length).toBeLessThanOrEqual(limit);
          expect(halfMade(content), JSON.stringify(pieces.map(pieceText))).toBe('');
        }
      }),
      { numRuns: 200 },
    );
  });
});
