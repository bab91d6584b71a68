/**
 * The text of a message's attachments, for "Ask about this message": only files that say they
 * are text (their content type, else their name), each at most ATTACHMENT_MAX_BYTES and all
 * together at most ATTACHMENTS_MAX_BYTES, downloaded through the same guarded downloader as
 * images (images/download.ts: no internal hosts, redirects checked, a deadline), and kept only
 * when the bytes are UTF-8 text. Every other file gets a note saying why it was not read.
 */
import type { ContextAttachment } from './messageContext.js';

export const ATTACHMENT_MAX_BYTES = 100 * 1024;
export const ATTACHMENTS_MAX_BYTES = 250 * 1024;

/** An attachment as Discord describes it. */
export interface AttachmentInfo {
  readonly name: string;
  readonly url: string;
  readonly size: number;
  readonly contentType: string | null | undefined;
}

const TEXT_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/typescript',
  'application/x-sh',
  'application/x-python',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
  'application/sql',
  'application/x-ndjson',
  'application/ld+json',
  'image/svg+xml',
]);

const TEXT_EXTENSIONS = new Set(
  (
    'txt md markdown rst log csv tsv json jsonl ndjson yaml yml toml ini cfg conf env xml html htm css scss ' +
    'js mjs cjs jsx ts mts cts tsx py rb go rs java kt kts c h cc cpp hpp cs swift php pl lua r sql sh bash ' +
    'zsh ps1 bat dockerfile makefile gradle properties svg tex diff patch vue svelte dart scala hs ex exs erl clj'
  ).split(' '),
);

/** Whether a file says it is text: its content type, else (no type, or a generic one) its name. */
export function looksLikeText(file: Pick<AttachmentInfo, 'name' | 'contentType'>): boolean {
  const type = (file.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('text/') || TEXT_TYPES.has(type) || type.endsWith('+json') || type.endsWith('+xml'))
    return true;
  if (type !== '' && type !== 'application/octet-stream') return false;
  const name = file.name.toLowerCase();
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
  return TEXT_EXTENSIONS.has(extension);
}

/** `12 KB`, `2.3 MB`: a size as members read it, rounded up (a file just over a limit reads as over it). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(Math.ceil(bytes / ((1024 * 1024) / 10)) / 10).toFixed(1)} MB`;
}

/** The bytes as text, or undefined when they are not UTF-8 text (invalid, or with NUL bytes). */
export function decodeText(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Which attachments to download, and the note for each of the others (pure). */
export function planReads(files: readonly AttachmentInfo[]): (string | undefined)[] {
  let total = 0;
  return files.map((file) => {
    if (!looksLikeText(file)) return `not a text file${file.contentType ? ` (${file.contentType})` : ''}`;
    if (file.size > ATTACHMENT_MAX_BYTES)
      return `${sizeText(file.size)}, over the ${sizeText(ATTACHMENT_MAX_BYTES)} the bot reads of a file`;
    if (total + file.size > ATTACHMENTS_MAX_BYTES)
      return `the attachments together are over the ${sizeText(ATTACHMENTS_MAX_BYTES)} the bot reads`;
    total += file.size;
    return undefined;
  });
}

/**
 * The guarded download of any file (images/download.ts `downloadFile`, which the composition root
 * passes): never throws; a failure's reason in words for the model.
 */
export interface FileDownloader {
  downloadFile(
    url: string,
    maxBytes: number,
    signal?: AbortSignal,
  ): Promise<
    | { readonly ok: true; readonly bytes: Buffer }
    | { readonly ok: false; readonly reason: string; readonly tooLarge?: boolean }
  >;
}

/** Reads the text attachments (in parallel); every attachment gets its text or a note. */
export async function readAttachments(
  downloader: FileDownloader,
  files: readonly AttachmentInfo[],
  signal?: AbortSignal,
): Promise<ContextAttachment[]> {
  const plan = planReads(files);
  return Promise.all(
    files.map(async (file, index): Promise<ContextAttachment> => {
      const skipped = plan[index];
      if (skipped !== undefined) return { name: file.name, note: skipped };
      const result = await downloader.downloadFile(file.url, ATTACHMENT_MAX_BYTES, signal);
      if (!result.ok) {
        const reason = result.tooLarge
          ? `over the ${sizeText(ATTACHMENT_MAX_BYTES)} the bot reads of a file`
          : result.reason;
        return { name: file.name, note: reason };
      }
      const text = decodeText(result.bytes);
      return text === undefined
        ? { name: file.name, note: 'not a text file (binary content)' }
        : { name: file.name, text };
    }),
  );
}
