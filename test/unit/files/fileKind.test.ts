/** What a file is, told from its bytes: the formats the bot reads, and the families it names. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileKind, isUtf8Text } from '../../../src/files/fileKind.js';
import { makeDocx, makePdf, makeZip } from '../../../src/localService/documents.js';

const bytes = (...values: number[]) => Buffer.from(values);
const withBinary = (head: Buffer | string) => Buffer.concat([Buffer.from(head), bytes(0, 0xff, 0, 1, 2)]);

describe('fileKind', () => {
  it.each([
    ['a PDF', makePdf(['hello']), 'pdf'],
    ['a PDF after junk', Buffer.concat([bytes(0, 0xff), makePdf(['hello'])]), 'pdf'],
    ['a Word document', makeDocx(['hello']), 'docx'],
    ['another ZIP', makeZip([{ name: 'notes.txt', data: 'hello' }]), 'archive'],
    ['gzip', withBinary(bytes(0x1f, 0x8b, 8)), 'archive'],
    ['PNG', withBinary(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)), 'image'],
    ['JPEG', withBinary(bytes(0xff, 0xd8, 0xff, 0xe0)), 'image'],
    [
      'WebP',
      withBinary(Buffer.concat([Buffer.from('RIFF'), bytes(1, 0, 0, 0), Buffer.from('WEBPVP8 ')])),
      'image',
    ],
    ['MP4', withBinary(Buffer.concat([bytes(0, 0, 0, 0x20), Buffer.from('ftypisom')])), 'video'],
    [
      'WAV',
      withBinary(Buffer.concat([Buffer.from('RIFF'), bytes(1, 0, 0, 0), Buffer.from('WAVEfmt ')])),
      'audio',
    ],
    ['Ogg', withBinary('OggS'), 'audio'],
    ['other binary', bytes(1, 2, 0, 3), 'binary'],
    ['Latin-1 text (not UTF-8)', Buffer.from('caf\xe9', 'latin1'), 'binary'],
    ['UTF-8 text with a BOM', Buffer.from('\ufeffhello ✓', 'utf8'), 'text'],
    ['text that starts like a GIF', Buffer.from('GIF89a is a format'), 'text'],
    ['text that starts like a bitmap', Buffer.from('BM is a bitmap header'), 'text'],
    ['text that mentions %PDF- further in', Buffer.from('A PDF starts with %PDF-1.7'), 'text'],
    ['an empty file', Buffer.alloc(0), 'text'],
  ])('%s: %s', (_name, input, expected) => {
    expect(fileKind(input)).toBe(expected);
  });

  it('calls any UTF-8 text without NUL text, unless it opens as a PDF', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        fc.pre(!text.includes('\u0000') && !text.startsWith('%PDF-'));
        expect(fileKind(Buffer.from(text, 'utf8'))).toBe('text');
      }),
    );
  });

  it('never calls bytes with a NUL text', () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.nat(), (random, at) => {
        const withNul = Buffer.from(random);
        const input = Buffer.concat([withNul.subarray(0, at % (withNul.length + 1)), bytes(0), withNul]);
        expect(fileKind(input)).not.toBe('text');
        expect(isUtf8Text(input)).toBe(false);
      }),
    );
  });
});
