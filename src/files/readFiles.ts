/**
 * Members' files as text for the model: each attachment is downloaded through the guarded
 * downloader (images/download.ts: Discord's CDN only in practice, no internal hosts, a deadline,
 * a byte cap), its type told from its bytes (fileKind.ts), and read: UTF-8 text as it is, PDFs
 * and Word documents in the extraction worker (extractor.ts). Every file ends as its text, its
 * text with a note of what was cut, or a note of why it was not read; none is dropped.
 *
 * Limits (docs/members.md): FILE_MAX_BYTES a file and FILES_MAX_BYTES in all, judged by the size
 * Discord states before anything is downloaded; PDF_MAX_PAGES pages of a PDF; FILE_MAX_CHARS of
 * text a file (the prompt then cuts what does not fit the channel's history budget, and says so);
 * a Word document whose parts would unpack past FILE_UNPACKED_MAX_BYTES is refused unopened.
 * Files Discord calls images, audio or video are named without being downloaded: the service
 * reads text only, and a photo is not worth fetching to say so.
 */
import { type AttachmentInfo, type FileDownloader, sizeText } from './attachments.js';
import type { Extractor, ExtractResult } from './extractor.js';
import { fileKind, type UnreadableKind } from './fileKind.js';
import { unpackedSize, zipEntries } from './zipEntries.js';

export const FILE_MAX_BYTES = 8 * 1024 * 1024;
export const FILES_MAX_BYTES = 20 * 1024 * 1024;
export const PDF_MAX_PAGES = 40;
export const FILE_MAX_CHARS = 200_000;
export const FILE_UNPACKED_MAX_BYTES = 64 * 1024 * 1024;

/** A file as the model gets it: its text (and what was cut, if anything), or why it was not read. */
export interface FileRead {
  readonly name: string;
  readonly text?: string;
  readonly note?: string | undefined;
}

export interface FileReaders {
  readonly downloader: FileDownloader;
  readonly extractor: Extractor;
}

const MEDIA = /^(image|audio|video)\//;

/** The family Discord's content type names, when it names a medium the service cannot read. */
export function declaredMedia(file: Pick<AttachmentInfo, 'contentType'>): UnreadableKind | undefined {
  const match = MEDIA.exec((file.contentType ?? '').toLowerCase());
  // SVG is an image to Discord and text to the model.
  if (!match || file.contentType?.toLowerCase().startsWith('image/svg')) return undefined;
  return match[1] as UnreadableKind;
}

const UNREADABLE: Readonly<Record<UnreadableKind, string>> = {
  image: 'an image: the service reads text only',
  audio: 'audio: the service reads text only',
  video: 'a video: the service reads text only',
  archive: 'an archive: the bot does not unpack archives',
  binary: 'not text, a PDF or a Word document',
};

/** Which files to download, and the note for each of the others (pure). */
export function planReads(files: readonly AttachmentInfo[]): (string | undefined)[] {
  let total = 0;
  return files.map((file) => {
    const media = declaredMedia(file);
    if (media) return UNREADABLE[media];
    if (file.size > FILE_MAX_BYTES)
      return `${sizeText(file.size)}, over the ${sizeText(FILE_MAX_BYTES)} the bot reads of a file`;
    if (total + file.size > FILES_MAX_BYTES)
      return `the files together are over the ${sizeText(FILES_MAX_BYTES)} the bot reads`;
    total += file.size;
    return undefined;
  });
}

const PROBLEMS: Readonly<Record<Exclude<ExtractResult, { ok: true }>['problem'], string>> = {
  encrypted: 'the PDF is encrypted',
  noText: 'it has no text layer (a scan, or only pictures)',
  damaged: 'the file is damaged or not what it seems',
  deadline: 'reading it took too long',
  tooLarge: 'it needs more memory to read than the bot allows',
  busy: 'the bot is reading too many files right now; try again in a moment',
  cancelled: 'reading was cancelled',
};

/** What was cut from a file's text, in words; undefined when nothing was. */
export function cutNote(result: {
  text: string;
  charsTotal?: number;
  pagesRead?: number;
  pagesTotal?: number;
}) {
  const notes: string[] = [];
  if (
    result.pagesTotal !== undefined &&
    result.pagesRead !== undefined &&
    result.pagesRead < result.pagesTotal
  )
    notes.push(`pages 1-${result.pagesRead} of ${result.pagesTotal} read`);
  if (result.charsTotal !== undefined)
    notes.push(`the first ${result.text.length} of ${result.charsTotal} characters read`);
  return notes.length > 0 ? notes.join('; ') : undefined;
}

async function readOne(readers: FileReaders, file: AttachmentInfo, signal?: AbortSignal): Promise<FileRead> {
  const download = await readers.downloader.downloadFile(file.url, FILE_MAX_BYTES, signal);
  if (!download.ok) {
    const note = download.tooLarge
      ? `over the ${sizeText(FILE_MAX_BYTES)} the bot reads of a file`
      : download.reason;
    return { name: file.name, note };
  }
  const kind = fileKind(download.bytes);
  if (kind === 'text') {
    // fileKind checked the bytes are UTF-8; the decoder drops a BOM.
    const text = new TextDecoder('utf-8').decode(download.bytes);
    if (text.length <= FILE_MAX_CHARS) return { name: file.name, text };
    const cut = { text: text.slice(0, FILE_MAX_CHARS), charsTotal: text.length };
    return { name: file.name, text: cut.text, note: cutNote(cut) };
  }
  if (kind !== 'pdf' && kind !== 'docx') return { name: file.name, note: UNREADABLE[kind] };
  if (kind === 'docx') {
    const entries = zipEntries(download.bytes);
    if (!entries || unpackedSize(entries) > FILE_UNPACKED_MAX_BYTES)
      return {
        name: file.name,
        note: `it would unpack past the ${sizeText(FILE_UNPACKED_MAX_BYTES)} the bot reads`,
      };
  }
  const result = await readers.extractor.extract(
    { kind, bytes: download.bytes, maxPages: PDF_MAX_PAGES, maxChars: FILE_MAX_CHARS },
    signal,
  );
  if (!result.ok) return { name: file.name, note: PROBLEMS[result.problem] };
  return { name: file.name, text: result.text, note: cutNote(result) };
}

/** Reads the files (in parallel; extraction is queued by the extractor): each gets its text or a note. */
export async function readFiles(
  readers: FileReaders,
  files: readonly AttachmentInfo[],
  signal?: AbortSignal,
): Promise<FileRead[]> {
  const plan = planReads(files);
  return Promise.all(
    files.map((file, index) => {
      const skipped = plan[index];
      return skipped === undefined ? readOne(readers, file, signal) : { name: file.name, note: skipped };
    }),
  );
}
