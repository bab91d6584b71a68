import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownName } from '../../../src/reply/names.js';

/** What Discord shows of escapes: a backslash before any punctuation shows that character. */
const unescaped = (text: string) => text.replace(/\\([^0-9A-Za-z\s])/g, '$1');

/** The text with each escaped character as a blank Discord's markdown reads as no syntax. */
const active = (text: string) => text.replace(/\\[^0-9A-Za-z\s]/g, '\u0001');

/** Names made mostly of what formats, links or mentions in Discord. */
const names = fc.string({
  unit: fc.constantFrom(...'ab1 \\*_~|`[]()<>#@-+.:/\n\t'.split(''), 'everyone', 'here', 'https://x.io'),
  maxLength: 24,
});

describe('a member’s name in a public message', () => {
  it('shows exactly as typed (one line), and nothing in it formats, links or mentions', () => {
    fc.assert(
      fc.property(names, (name) => {
        const shown = shownName(name);
        expect(unescaped(shown)).toBe(name.replace(/\s+/g, ' ').trim());
        const syntax = active(shown);
        expect(syntax).not.toMatch(/[*_~|`[\]<>#]/);
        expect(syntax).not.toMatch(/@(everyone|here)/);
        expect(syntax).not.toMatch(/^([-+]|\d+\.) /);
      }),
      { numRuns: 2000 },
    );
  });

  it('escapes a masked link, a heading, subtext, a quote, mentions and formatting', () => {
    expect(shownName('[free nitro](https://evil.example)')).toBe('\\[free nitro\\](https://evil.example)');
    expect(shownName('# Admin')).toBe('\\# Admin');
    expect(shownName('-# small')).toBe('-\\# small');
    expect(shownName('> quoted')).toBe('\\> quoted');
    expect(shownName('<@&123> @everyone @here')).toBe('\\<@&123\\> \\@everyone \\@here');
    expect(shownName('**bold** __u__ ~~s~~ ||spoiler|| `code`')).toBe(
      '\\*\\*bold\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\|\\|spoiler\\|\\| \\`code\\`',
    );
    expect(shownName('- item')).toBe('\\- item');
    expect(shownName('1. first')).toBe('1\\. first');
    expect(shownName(' two\nlines\t')).toBe('two lines');
    expect(shownName('Ann')).toBe('Ann');
  });
});
