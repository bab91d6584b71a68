/** Which attachments "Ask about this message" reads, and what it says of the others. */
import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX_BYTES,
  decodeText,
  looksLikeText,
  planReads,
  readAttachments,
  sizeText,
} from '../../../src/chat/attachmentText.js';

const file = (name: string, contentType: string | null, size = 10) => ({
  name,
  contentType,
  size,
  url: `https://cdn.test/${name}`,
});

describe('looksLikeText', () => {
  it.each([
    ['notes.txt', 'text/plain; charset=utf-8', true],
    ['data', 'application/json', true],
    ['x.geo', 'application/geo+json', true],
    ['main.py', null, true],
    ['main.py', 'application/octet-stream', true],
    ['Dockerfile', null, true],
    ['photo.png', 'image/png', false],
    ['notes.txt', 'image/png', false],
    ['archive.zip', null, false],
    ['README', null, false],
  ])('%s (%s): %s', (name, type, expected) => {
    expect(looksLikeText({ name, contentType: type })).toBe(expected);
  });
});

describe('planReads', () => {
  it('reads text files within the caps, in order, and says why not of the others', () => {
    const plan = planReads([
      file('a.txt', 'text/plain', 1000),
      file('b.png', 'image/png'),
      file('c.txt', 'text/plain', ATTACHMENT_MAX_BYTES + 1),
      file('d.txt', 'text/plain', ATTACHMENT_MAX_BYTES),
      file('e.txt', 'text/plain', ATTACHMENT_MAX_BYTES),
      file('f.txt', 'text/plain', ATTACHMENT_MAX_BYTES),
    ]);
    expect(plan).toEqual([
      undefined,
      'not a text file (image/png)',
      '101 KB, over the 100 KB the bot reads of a file',
      undefined,
      undefined,
      `the attachments together are over the ${sizeText(ATTACHMENTS_MAX_BYTES)} the bot reads`,
    ]);
  });
});

describe('decodeText', () => {
  it('keeps UTF-8 text (without its BOM), and refuses invalid bytes or NUL', () => {
    expect(decodeText(Buffer.from('\ufeffhé ✓', 'utf8'))).toBe('hé ✓');
    expect(decodeText(Buffer.from([0xff, 0xfe, 0x41]))).toBeUndefined();
    expect(decodeText(Buffer.from('a\u0000b'))).toBeUndefined();
  });
});

describe('readAttachments', () => {
  it('downloads only what the plan reads, and notes failures as the downloader says them', async () => {
    const asked: string[] = [];
    const downloader = {
      downloadFile: async (url: string) => {
        asked.push(url);
        if (url.endsWith('gone.txt'))
          return { ok: false as const, reason: 'the file host answered HTTP 404' };
        if (url.endsWith('liar.txt')) return { ok: false as const, reason: 'x', tooLarge: true };
        return { ok: true as const, bytes: Buffer.from('hello') };
      },
    };
    const result = await readAttachments(downloader, [
      file('a.txt', 'text/plain'),
      file('b.png', 'image/png'),
      file('gone.txt', 'text/plain'),
      file('liar.txt', 'text/plain'),
    ]);
    expect(result).toEqual([
      { name: 'a.txt', text: 'hello' },
      { name: 'b.png', note: 'not a text file (image/png)' },
      { name: 'gone.txt', note: 'the file host answered HTTP 404' },
      { name: 'liar.txt', note: 'over the 100 KB the bot reads of a file' },
    ]);
    expect(asked).toEqual([
      'https://cdn.test/a.txt',
      'https://cdn.test/gone.txt',
      'https://cdn.test/liar.txt',
    ]);
  });
});
