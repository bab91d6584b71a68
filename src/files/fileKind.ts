/**
 * What a file is, from its bytes (pure): a member's file name and Discord's content type are
 * whatever the uploader's client said, so the reader trusts neither. Formats the bot reads are
 * text (UTF-8, a BOM allowed), PDF and Word (.docx); everything else is named by family so the
 * reply can say plainly why it was not read.
 */
import { zipEntries } from './zipEntries.js';

export type ReadableKind = 'text' | 'pdf' | 'docx';
export type UnreadableKind = 'image' | 'audio' | 'video' | 'archive' | 'binary';
export type FileKind = ReadableKind | UnreadableKind;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * Leading signatures of binary files, checked in order (the first that matches names the family).
 * They are looked for only in bytes that are not text, so a text file that happens to start with
 * `GIF8` or `BM` stays text.
 */
const SIGNATURES: readonly (readonly [UnreadableKind, readonly number[], number?])[] = [
  ['image', [0x89, 0x50, 0x4e, 0x47]], // PNG
  ['image', [0xff, 0xd8, 0xff]], // JPEG
  ['image', ascii('GIF8')],
  ['image', ascii('WEBP'), 8], // RIFF....WEBP
  ['image', ascii('BM')],
  ['image', [0x00, 0x00, 0x01, 0x00]], // ICO
  ['image', ascii('ftypavif'), 4],
  ['image', ascii('ftypheic'), 4],
  ['image', ascii('ftypmif1'), 4],
  ['audio', ascii('WAVE'), 8], // RIFF....WAVE
  ['audio', ascii('ID3')],
  ['audio', ascii('fLaC')],
  ['audio', ascii('OggS')],
  ['audio', ascii('ftypM4A'), 4],
  ['video', ascii('AVI '), 8], // RIFF....AVI
  ['video', ascii('ftyp'), 4], // MP4, MOV and the other ISO media files
  ['video', [0x1a, 0x45, 0xdf, 0xa3]], // Matroska, WebM
  ['archive', [0x1f, 0x8b]], // gzip
  ['archive', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]], // 7z
  ['archive', ascii('Rar!')],
  ['archive', ascii('1AY&SY'), 4], // bzip2: BZh, the block size, then the block's magic
  ['archive', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]], // xz
  ['archive', [0x28, 0xb5, 0x2f, 0xfd]], // zstd
];

const PDF = ascii('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
/** Where a PDF's header may start: readers accept it anywhere in the first 1,024 bytes. */
const PDF_HEADER_WITHIN = 1024;

/** Whether `bytes` hold `needle` at or after their start, within `limit` bytes. */
function findWithin(bytes: Uint8Array, needle: readonly number[], limit: number): boolean {
  const end = Math.min(bytes.length - needle.length, limit);
  for (let at = 0; at <= end; at += 1) if (startsWith(bytes, needle, at)) return true;
  return false;
}

/** Valid UTF-8 without NUL bytes: what the bot reads as text (Latin-1 or UTF-16 is not). */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function fileKind(bytes: Uint8Array): FileKind {
  // A PDF may be all ASCII; a text file that only mentions `%PDF-` further in stays text.
  if (startsWith(bytes, PDF)) return 'pdf';
  if (isUtf8Text(bytes)) return 'text';
  if (findWithin(bytes, PDF, PDF_HEADER_WITHIN)) return 'pdf';
  if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) {
    const entries = zipEntries(bytes);
    return entries?.some((entry) => entry.name === 'word/document.xml') ? 'docx' : 'archive';
  }
  for (const [kind, signature, at] of SIGNATURES) if (startsWith(bytes, signature, at)) return kind;
  return 'binary';
}
