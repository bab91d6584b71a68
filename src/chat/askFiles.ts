/**
 * The files a member gives with a question (/ask's `file`, the form's upload, a mention's or a
 * DM's attachments), read once the request is admitted: their text goes before the question within half the history budget left
 * (chat/messageContext.ts), and a line under the reply names each file cut or not read, in the
 * channel's language. A file over the size limit is refused before anything (fileTooBig).
 */

import type { AttachmentInfo } from '../files/attachments.js';
import { memberNote } from '../files/fileNote.js';
import { type FileReaders, readFiles } from '../files/readFiles.js';
import type { Translator } from '../i18n/translator.js';
import { estimateTokens } from '../lib/tokens.js';
import { contextAllowance, filesPrompt } from './messageContext.js';
import { withLine } from './notes.js';

/** What reading files takes: the readers, and the shutdown signal (it ends downloads and extractions). */
export interface AskFilesDeps {
  readonly files: FileReaders;
  readonly shutdown: AbortSignal;
}

/** The prompt with the files' text, and the note lines for those cut or not read (undefined: none). */
export async function promptWithFiles(
  deps: AskFilesDeps,
  files: readonly AttachmentInfo[],
  question: string,
  settings: { readonly historyTokens: number; readonly systemPrompt?: string | undefined },
  channel: Translator,
): Promise<{ prompt: string; note: string | undefined; withFiles?: true }> {
  if (files.length === 0) return { prompt: question, note: undefined };
  const read = await readFiles(deps.files, files, deps.shutdown);
  const systemTokens = settings.systemPrompt ? estimateTokens(settings.systemPrompt) : 0;
  const allowance = contextAllowance(settings.historyTokens, systemTokens, estimateTokens(question));
  const lines = read.flatMap((file) =>
    file.note ? [`📎 ${memberNote(channel, file.name, file.note)}`] : [],
  );
  return {
    prompt: filesPrompt(read, question, allowance),
    withFiles: true,
    note: lines.reduce<string | undefined>(withLine, undefined),
  };
}
