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
import { isAttachmentUrl } from './attachmentHost.js';
import type { AttachmentInfo, FileDownloader } from './attachments.js';
import type { Extractor } from './extractor.js';
import { fileKind, type UnreadableKind } from './fileKind.js';
import type { FileNote } from './fileNote.js';
import { unpackedSize, zipEntries } from './zipEntries.js';

export const FILE_MAX_BYTES = 8 * 1024 * 1024;
export const FILES_MAX_BYTES = 20 * 1024 * 1024;
export const PDF_MAX_PAGES = 40;
export const FILE_MAX_CHARS = 200_000;
export const FILE_UNPACKED_MAX_BYTES = 64 * 1024 * 1024;

/** A file as the model gets it: its text (and what was cut, if anything), or why it was not read. */
export interface FileRead {
  readonly name: string;
  readonly text?: string | undefined;
  readonly note?: FileNote | undefined;
}

export interface FileReaders {
  readonly downloader: FileDownloader;
  readonly extractor: Extractor;
  /** Hosts fetched from besides Discord's CDN (attachmentHost.ts; IMAGE_HOST_ALLOWLIST). */
  readonly allowedHosts: readonly string[];
}

const MEDIA = /^(image|audio|video)\//;

/** The family Discord's content type names, when it names a medium the service cannot read. */
export function declaredMedia(file: Pick<AttachmentInfo, 'contentType'>): UnreadableKind | undefined {
  const match = MEDIA.exec((file.contentType ?? '').toLowerCase());
  // SVG is an image to Discord and text to the model.
  if (!match || file.contentType?.toLowerCase().startsWith('image/svg')) return undefined;
  return match[1] as UnreadableKind;
}

/** Which files to download, and the note for each of the others (pure). */
export function planReads(files: readonly AttachmentInfo[]): (FileNote | undefined)[] {
  let total = 0;
  return files.map((file): FileNote | undefined => {
    const media = declaredMedia(file);
    if (media) return { code: media };
    if (file.size > FILE_MAX_BYTES) return { code: 'tooBig', size: file.size, limit: FILE_MAX_BYTES };
    if (total + file.size > FILES_MAX_BYTES) return { code: 'tooBigTogether', limit: FILES_MAX_BYTES };
    total += file.size;
    return undefined;
  });
}

/**
 * The first file over the size a file may have, as Discord states it: refused before anything.
 * Images, audio and video are not read at all, so their size does not matter (they are named).
 */
export function fileTooBig(files: readonly AttachmentInfo[]): { name: string; note: FileNote } | undefined {
  const file = files.find((candidate) => candidate.size > FILE_MAX_BYTES && !declaredMedia(candidate));
  return file && { name: file.name, note: { code: 'tooBig', size: file.size, limit: FILE_MAX_BYTES } };
}

/** What was cut from a file's text; undefined when nothing was. */
function cutOf(result: { text: string; charsTotal?: number; pagesRead?: number; pagesTotal?: number }) {
  const pagesCut =
    result.pagesRead !== undefined && result.pagesTotal !== undefined && result.pagesRead < result.pagesTotal;
  if (!pagesCut && result.charsTotal === undefined) return undefined;
  return {
    code: 'cut',
    ...(pagesCut && { pagesRead: result.pagesRead, pagesTotal: result.pagesTotal }),
    ...(result.charsTotal !== undefined && { charsRead: result.text.length, charsTotal: result.charsTotal }),
  } satisfies FileNote;
}

type Extract = Extractor['extract'];

async function readOne(
  readers: FileReaders,
  extract: Extract,
  file: AttachmentInfo,
  signal?: AbortSignal,
): Promise<FileRead> {
  if (!isAttachmentUrl(file.url, readers.allowedHosts))
    return { name: file.name, note: { code: 'notDiscord' } };
  const download = await readers.downloader.downloadFile(file.url, FILE_MAX_BYTES, signal);
  if (!download.ok) {
    // Discord stated a smaller size than the host sent: judged by what came.
    const note: FileNote = download.tooLarge
      ? { code: 'tooBig', limit: FILE_MAX_BYTES }
      : { code: 'download', reason: download.reason };
    return { name: file.name, note };
  }
  const kind = fileKind(download.bytes);
  if (kind === 'text') {
    // fileKind checked the bytes are UTF-8; the decoder drops a BOM.
    const text = new TextDecoder('utf-8').decode(download.bytes);
    if (text.length <= FILE_MAX_CHARS) return { name: file.name, text };
    const cut = { text: text.slice(0, FILE_MAX_CHARS), charsTotal: text.length };
    return { name: file.name, text: cut.text, note: cutOf(cut) };
  }
  if (kind !== 'pdf' && kind !== 'docx') return { name: file.name, note: { code: kind } };
  if (kind === 'docx') {
    const entries = zipEntries(download.bytes);
    if (!entries || unpackedSize(entries) > FILE_UNPACKED_MAX_BYTES)
      return { name: file.name, note: { code: 'unpacksTooLarge', limit: FILE_UNPACKED_MAX_BYTES } };
  }
  const result = await extract(
    { kind, bytes: download.bytes, maxPages: PDF_MAX_PAGES, maxChars: FILE_MAX_CHARS },
    signal,
  );
  if (!result.ok) return { name: file.name, note: { code: result.problem } };
  return { name: file.name, text: result.text, note: cutOf(result) };
}

/** Reads the files: each gets its text or a note. */
export async function readFiles(
  readers: FileReaders,
  files: readonly AttachmentInfo[],
  signal?: AbortSignal,
): Promise<FileRead[]> {
  const plan = planReads(files);
  // Downloads in parallel, extractions one after another: a request holds at most one of the
  // extractor's slots, so one member's ten PDFs do not make everyone else's files wait as busy.
  let previous: Promise<unknown> = Promise.resolve();
  const extractInTurn: Extract = (job, jobSignal) => {
    const run = previous.then(() => readers.extractor.extract(job, jobSignal));
    previous = run.catch(() => undefined);
    return run;
  };
  return Promise.all(
    files.map((file, index) => {
      const skipped = plan[index];
      return skipped === undefined
        ? readOne(readers, extractInTurn, file, signal)
        : { name: file.name, note: skipped };
    }),
  );
}
