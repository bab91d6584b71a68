/**
 * The extraction process: real PDFs and Word documents in a real child process, and the limits
 * that hold a hostile file: the deadline, the memory watchdog, the queue's bound.
 */
import { describe, expect, it } from 'vitest';
import { createExtractor, EXTRACTOR_DEFAULTS } from '../../../src/files/extractor.js';
import { makeBombPdf, makeDocx, makePdf } from '../../../src/localService/documents.js';

const job = (kind: 'pdf' | 'docx', bytes: Buffer, maxPages = 40, maxChars = 10_000) => ({
  kind,
  bytes,
  maxPages,
  maxChars,
});

/** What the extraction said, without what it cost. */
async function outcome(pending: ReturnType<ReturnType<typeof createExtractor>['extract']>) {
  const { stats: _stats, ...said } = await pending;
  return said;
}

describe('createExtractor', () => {
  const extractor = createExtractor();

  it('reads a PDF page by page under markers, up to the page limit, and says how many it has', async () => {
    const pdf = makePdf(['First (page)', 'Second page\nwith two lines', 'Third']);
    expect(await outcome(extractor.extract(job('pdf', pdf, 2)))).toEqual({
      ok: true,
      text: '--- page 1 ---\nFirst (page)\n\n--- page 2 ---\nSecond page\nwith two lines\n',
      pagesRead: 2,
      pagesTotal: 3,
    });
  });

  it('cuts the text at the character limit and says how long it was', async () => {
    const result = await outcome(
      extractor.extract(job('docx', makeDocx(['a'.repeat(300), 'b'.repeat(300)]), 40, 100)),
    );
    expect(result).toEqual({ ok: true, text: 'a'.repeat(100), charsTotal: 602 });
  });

  it('names a scan without a text layer, an encrypted PDF and a damaged file', async () => {
    expect(await outcome(extractor.extract(job('pdf', makePdf(['x', 'y'], { textLayer: false }))))).toEqual({
      ok: false,
      problem: 'noText',
    });
    expect(await outcome(extractor.extract(job('pdf', makePdf(['secret'], { encrypted: true }))))).toEqual({
      ok: false,
      problem: 'encrypted',
    });
    expect(await outcome(extractor.extract(job('docx', Buffer.from('PK\u0003\u0004 not really'))))).toEqual({
      ok: false,
      problem: 'damaged',
    });
  });

  it('kills a file that keeps it busy past the deadline', async () => {
    const slow = createExtractor({ ...EXTRACTOR_DEFAULTS, deadlineMs: 500, maxRssMb: 4096 });
    expect(await outcome(slow.extract(job('pdf', makeBombPdf(512 * 1024 * 1024))))).toEqual({
      ok: false,
      problem: 'deadline',
    });
  });

  it('kills a file that unpacks past the memory limit (a decompression bomb)', async () => {
    const small = createExtractor({ ...EXTRACTOR_DEFAULTS, deadlineMs: 60_000, maxRssMb: 256 });
    expect(await outcome(small.extract(job('pdf', makeBombPdf(1024 * 1024 * 1024))))).toEqual({
      ok: false,
      problem: 'tooLarge',
    });
  });

  it('stops at once when the request is cancelled', async () => {
    const controller = new AbortController();
    const pending = outcome(extractor.extract(job('pdf', makeBombPdf(256 * 1024 * 1024)), controller.signal));
    controller.abort();
    expect(await pending).toEqual({ ok: false, problem: 'cancelled' });
  });

  it('queues past its slots up to a bound, and refuses past that as busy', async () => {
    const one = createExtractor({ ...EXTRACTOR_DEFAULTS, maxConcurrent: 1, maxQueued: 1 });
    const pdf = makePdf(['queued']);
    const [first, second, third] = await Promise.all([
      outcome(one.extract(job('pdf', pdf))),
      outcome(one.extract(job('pdf', pdf))),
      outcome(one.extract(job('pdf', pdf))),
    ]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toMatchObject({ ok: true });
    expect(third).toEqual({ ok: false, problem: 'busy' });
  });
});
