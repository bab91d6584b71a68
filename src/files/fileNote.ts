/**
 * What the bot says of a file it did not read, or read in part (pure): in English for the model
 * (inside the prompt, so it can tell the member what it did not see), and in the member's or the
 * channel's language for the note under the reply.
 */
import type { MessageKey, Translator } from '../i18n/translator.js';
import { sizeText } from './attachments.js';
import type { UnreadableKind } from './fileKind.js';

export type FileNote =
  | { readonly code: UnreadableKind }
  | {
      readonly code:
        | 'encrypted'
        | 'noText'
        | 'damaged'
        | 'deadline'
        | 'tooLarge'
        | 'busy'
        | 'cancelled'
        | 'notDiscord';
    }
  /** `size` unknown: the host sent more than Discord said, and the download stopped at the limit. */
  | { readonly code: 'tooBig'; readonly size?: number; readonly limit: number }
  | { readonly code: 'tooBigTogether' | 'unpacksTooLarge'; readonly limit: number }
  | { readonly code: 'download'; readonly reason: string }
  | {
      readonly code: 'cut';
      readonly pagesRead?: number | undefined;
      readonly pagesTotal?: number | undefined;
      readonly charsRead?: number | undefined;
      readonly charsTotal?: number | undefined;
    };

/** The notes that say only the file's name. */
type PlainCode = Exclude<
  FileNote['code'],
  'tooBig' | 'tooBigTogether' | 'unpacksTooLarge' | 'download' | 'cut'
>;

const MODEL: Readonly<Record<PlainCode, string>> = {
  image: 'an image: the service reads text only',
  audio: 'audio: the service reads text only',
  video: 'a video: the service reads text only',
  archive: 'an archive: the bot does not unpack archives',
  binary: 'not text, a PDF or a Word document',
  encrypted: 'the PDF is encrypted',
  noText: 'it has no text layer (a scan, or only pictures)',
  damaged: 'the file is damaged or not what it seems',
  deadline: 'reading it took too long',
  tooLarge: 'it needs more memory to read than the bot allows',
  busy: 'the bot is reading too many files right now; try again in a moment',
  cancelled: 'reading was cancelled',
  notDiscord: 'its address is not a Discord attachment, and the bot fetches files only from Discord',
};

const MEMBER: Readonly<Record<PlainCode, MessageKey>> = {
  image: 'chat.fileImage',
  audio: 'chat.fileAudio',
  video: 'chat.fileVideo',
  archive: 'chat.fileArchive',
  binary: 'chat.fileBinary',
  encrypted: 'chat.fileEncrypted',
  noText: 'chat.fileNoText',
  damaged: 'chat.fileDamaged',
  deadline: 'chat.fileDeadline',
  tooLarge: 'chat.fileTooLarge',
  busy: 'chat.fileBusy',
  cancelled: 'chat.fileCancelled',
  notDiscord: 'chat.fileNotDiscord',
};

/** The cut, in English: `pages 1-40 of 212 read; the first 200000 of 312000 characters read`. */
function cutWords(note: Extract<FileNote, { code: 'cut' }>): string {
  const parts: string[] = [];
  if (note.pagesRead !== undefined && note.pagesTotal !== undefined)
    parts.push(`pages 1-${note.pagesRead} of ${note.pagesTotal} read`);
  if (note.charsRead !== undefined && note.charsTotal !== undefined)
    parts.push(`the first ${note.charsRead} of ${note.charsTotal} characters read`);
  return parts.join('; ');
}

/** The note in English, for the model. */
export function modelNote(note: FileNote): string {
  switch (note.code) {
    case 'tooBig':
      return `${note.size === undefined ? '' : `${sizeText(note.size)}, `}over the ${sizeText(note.limit)} the bot reads of a file`;
    case 'tooBigTogether':
      return `the files together are over the ${sizeText(note.limit)} the bot reads`;
    case 'unpacksTooLarge':
      return `it would unpack past the ${sizeText(note.limit)} the bot reads`;
    case 'download':
      return note.reason;
    case 'cut':
      return cutWords(note);
    default:
      return MODEL[note.code];
  }
}

/** One line of the reply's note for the file, in `t`'s language (`report.pdf: pages 1-40 of 212 read`). */
export function memberNote(t: Translator, name: string, note: FileNote): string {
  const file =
    name
      .replace(/[\r\n`*_~|<>@#]+/g, ' ')
      .trim()
      .slice(0, 100) || 'file';
  switch (note.code) {
    case 'tooBig':
      return t.t('chat.fileTooBig', {
        name: file,
        size: note.size === undefined ? `> ${sizeText(note.limit)}` : sizeText(note.size),
        limit: sizeText(note.limit),
      });
    case 'tooBigTogether':
      return t.t('chat.fileTooBigTogether', { name: file, limit: sizeText(note.limit) });
    case 'unpacksTooLarge':
      return t.t('chat.fileUnpacksTooLarge', { name: file, limit: sizeText(note.limit) });
    case 'download':
      return t.t('chat.fileDownloadFailed', { name: file, reason: note.reason });
    case 'cut':
      if (note.pagesRead !== undefined && note.pagesTotal !== undefined)
        return t.t('chat.filePagesCut', { name: file, read: note.pagesRead, total: note.pagesTotal });
      return t.t('chat.fileCharsCut', { name: file, read: note.charsRead ?? 0, total: note.charsTotal ?? 0 });
    default:
      return t.t(MEMBER[note.code], { name: file });
  }
}
