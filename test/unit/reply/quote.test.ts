import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUESTION_QUOTE, questionHead, quote } from '../../../src/reply/quote.js';
import { fenceAfter } from '../../../src/reply/split.js';

/** The quote's lines as Discord shows them: without `> ` and the escapes. */
const shown = (quoted: string) =>
  quoted.split('\n').map((line) => line.replace(/^> /, '').replace(/\\(.)/gu, '$1'));

/** The lines a quote keeps of a text: line breaks normalised, runs of blank lines as one. */
const keptLines = (text: string) => {
  const lines: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const blank = line.trim() === '';
    if (blank && (lines.length === 0 || lines.at(-1) === '')) continue;
    lines.push(blank ? '' : line);
  }
  while (lines.at(-1) === '') lines.pop();
  return lines;
};

/** Text made mostly of what Discord's markdown reacts to. */
const markdownish = (withBackslash: boolean) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '`',
          '```',
          '>',
          '>>> ',
          '# ',
          '-# ',
          '\n',
          '\r\n',
          ' ',
          '*',
          '_',
          '~~',
          '||',
          '<@123>',
        ),
        fc.constantFrom('@everyone', '😀', 'word', '\t', ...(withBackslash ? ['\\'] : [])),
        fc.string({ maxLength: 8 }).filter((text) => withBackslash || !text.includes('\\')),
      ),
      { maxLength: 80 },
    )
    .map((parts) => parts.join(''));

describe('quote', () => {
  it('quotes each line', () => {
    expect(quote('hi')).toBe('> hi');
    expect(quote('one\ntwo\r\nthree')).toBe('> one\n> two\n> three');
    expect(quote('one\n\n\n\ntwo\n\n')).toBe('> one\n> \n> two');
  });

  it('escapes what would open a block: code fences anywhere, quotes, headings and subtext at a line start', () => {
    expect(quote('```js\nlet x;\n```')).toBe('> \\`\\`\\`js\n> let x;\n> \\`\\`\\`');
    expect(quote('see ````here```` and `inline` ``two``')).toBe(
      '> see \\`\\`\\`\\`here\\`\\`\\`\\` and `inline` ``two``',
    );
    expect(quote('>>> all of it\n> quoted\n  # big\n-# small\n## also')).toBe(
      '> \\>>> all of it\n> \\> quoted\n>   \\# big\n> \\-# small\n> \\## also',
    );
    // Not blocks: a # without a space, a > later in the line.
    expect(quote('#hashtag a > b')).toBe('> #hashtag a > b');
  });

  it('keeps mentions as written (the bot’s messages never ping)', () => {
    expect(quote('<@123> and <@&456> and @everyone')).toBe('> <@123> and <@&456> and @everyone');
  });

  it('shortens /ask’s question to 3 lines and 200 characters, at a space, with …', () => {
    expect(quote('1\n2\n3\n4', QUESTION_QUOTE)).toBe('> 1\n> 2\n> 3…');
    expect(quote('1\n2\n3', QUESTION_QUOTE)).toBe('> 1\n> 2\n> 3');
    const long = 'word '.repeat(100).trim();
    const head = quote(long, QUESTION_QUOTE);
    expect(head.length).toBeLessThanOrEqual(200);
    expect(head).toMatch(/^> (word )+word…$/);
    expect(head.length).toBeGreaterThan(190);
    expect(questionHead('what is a monad?')).toBe('> what is a monad?\n');
  });

  it("a member's backslash before an escaped fence is escaped too, so it cannot undo the escape", () => {
    expect(quote('``\\```', { maxLength: 8, maxLines: 1 })).toBe('> ``\\\\…');
    expect(quote('a\\```')).toBe('> a\\\\\\`\\`\\`');
  });

  it('property: within its limits, one quote line per line, never an open code block or a block start', () => {
    fc.assert(
      fc.property(
        markdownish(true),
        fc.integer({ min: 4, max: 400 }),
        fc.integer({ min: 1, max: 6 }),
        (text, maxLength, maxLines) => {
          const quoted = quote(text, { maxLength, maxLines });
          expect(quoted.length).toBeLessThanOrEqual(maxLength);
          if (quoted === '') return;
          const lines = quoted.split('\n');
          expect(lines.length).toBeLessThanOrEqual(maxLines);
          for (const line of lines) {
            expect(line.startsWith('> ')).toBe(true);
            // Discord's blocks start a line: the line's text never starts one unescaped.
            expect(line.slice(2)).not.toMatch(/^\s*(>|#{1,3}\s|-#\s)/);
          }
          // No fence, escaped pairs aside, so nothing can swallow what follows the quote.
          expect(quoted.replace(/\\./gsu, '')).not.toContain('```');
          expect(fenceAfter(quoted)).toBeNull();
          expect(fenceAfter(`${quoted}\n\`\`\`ts\nlet x;`)).toEqual({ marker: '```', info: 'ts' });
          expect(quoted).not.toMatch(
            /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: a text within the limits is shown whole, line for line; a longer one ends with …', () => {
    fc.assert(
      fc.property(markdownish(false), fc.integer({ min: 4, max: 400 }), (text, maxLength) => {
        const whole = quote(text);
        expect(shown(whole)).toEqual(keptLines(text).length > 0 ? keptLines(text) : ['']);
        const limited = quote(text, { maxLength, maxLines: 3 });
        if (limited === whole) return;
        expect(limited.endsWith('…')).toBe(true);
        // What is shown is the text's start: every line but the last whole, the last a prefix.
        const lines = shown(limited);
        const kept = keptLines(text);
        for (const [index, line] of lines.slice(0, -1).entries()) expect(line).toBe(kept[index]);
        const last = (lines.at(-1) as string).slice(0, -1);
        expect(kept[lines.length - 1]?.startsWith(last)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
