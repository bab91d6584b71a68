/**
 * The extraction process: turns one PDF or Word document into text, in a process of its own
 * (extractor.ts forks one per file, with no secrets in its environment, and kills it at the
 * deadline or past its memory limit), so a hostile file can hold neither the bot's event loop nor
 * its memory: a PDF's compressed stream can unpack to gigabytes of array buffers, which no
 * worker thread's heap limit counts. Self-contained on purpose (no imports of the bot's modules):
 * it is started from its file, built or as TypeScript.
 *
 * A PDF is read page by page up to the page limit, each page under a marker (`--- page 3 ---`)
 * so the model can cite pages; pdf.js loads no fonts (text needs none). A Word document is
 * read as its paragraphs' text (mammoth's raw text). Text past the character limit is cut here,
 * so no more than the limit crosses back to the bot.
 */
export interface ExtractJob {
  readonly kind: 'pdf' | 'docx';
  readonly bytes: Uint8Array;
  readonly maxPages: number;
  readonly maxChars: number;
}

export type ExtractOutcome =
  | {
      readonly ok: true;
      readonly text: string;
      /** Characters before the cut, when the text was cut at maxChars. */
      readonly charsTotal?: number;
      /** PDF only: the pages read (from the first), and how many the file has. */
      readonly pagesRead?: number;
      readonly pagesTotal?: number;
    }
  | { readonly ok: false; readonly problem: 'encrypted' | 'noText' | 'damaged' };

interface TextItemLike {
  readonly str?: string;
  readonly hasEOL?: boolean;
}

function cut(text: string, maxChars: number): { text: string; charsTotal?: number } {
  return text.length <= maxChars ? { text } : { text: text.slice(0, maxChars), charsTotal: text.length };
}

async function pdfText(job: ExtractJob): Promise<ExtractOutcome> {
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // IPC hands the bytes over as a Buffer, which pdf.js refuses: a plain view of the same memory.
    const bytes = new Uint8Array(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    pdf = await getDocumentProxy(bytes, { disableFontFace: true });
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    return { ok: false, problem: name === 'PasswordException' ? 'encrypted' : 'damaged' };
  }
  const pagesTotal = pdf.numPages;
  const parts: string[] = [];
  let length = 0;
  let pagesRead = 0;
  let anyText = false;
  while (pagesRead < Math.min(pagesTotal, job.maxPages) && length <= job.maxChars) {
    pagesRead += 1;
    const content = await (await pdf.getPage(pagesRead)).getTextContent();
    const page = (content.items as TextItemLike[])
      .map((item) => `${item.str ?? ''}${item.hasEOL ? '\n' : ''}`)
      .join('')
      .trim();
    if (page !== '') anyText = true;
    const part = `--- page ${pagesRead} ---\n${page}\n`;
    parts.push(part);
    length += part.length;
  }
  await pdf.loadingTask.destroy();
  if (!anyText) return { ok: false, problem: 'noText' };
  return { ok: true, ...cut(parts.join('\n'), job.maxChars), pagesRead, pagesTotal };
}

async function docxText(job: ExtractJob): Promise<ExtractOutcome> {
  const mammoth = (await import('mammoth')).default;
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(job.bytes) });
    const text = value.replace(/\n{3,}/g, '\n\n').trim();
    return text === '' ? { ok: false, problem: 'noText' } : { ok: true, ...cut(text, job.maxChars) };
  } catch {
    return { ok: false, problem: 'damaged' };
  }
}

// The bot gone (a crash), the file is no one's: stop rather than outlive it.
process.on('disconnect', () => process.exit(1));

process.once('message', (job: ExtractJob) => {
  // The parent kills this process once it has the outcome (exiting here could be seen first).
  const reply = (outcome: ExtractOutcome) => process.send?.(outcome);
  (job.kind === 'pdf' ? pdfText(job) : docxText(job)).then(reply, () =>
    reply({ ok: false, problem: 'damaged' }),
  );
});
