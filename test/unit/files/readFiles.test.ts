/**
 * Members' files as text: which are downloaded, what each becomes (text, text with what was cut,
 * or why not), with the real extraction process and an in-memory file host as the downloader.
 */
import { describe, expect, it } from 'vitest';
import { sizeText } from '../../../src/files/attachments.js';
import { createExtractor } from '../../../src/files/extractor.js';
import { modelNote } from '../../../src/files/fileNote.js';
import {
  FILE_MAX_BYTES,
  FILE_MAX_CHARS,
  FILE_UNPACKED_MAX_BYTES,
  FILES_MAX_BYTES,
  fileTooBig,
  PDF_MAX_PAGES,
  planReads,
  readFiles,
} from '../../../src/files/readFiles.js';
import { makeDocx, makePdf, makeZip } from '../../../src/localService/documents.js';

const file = (name: string, contentType: string | null, size = 10) => ({
  name,
  contentType,
  size,
  url: `https://cdn.discordapp.com/attachments/1/2/${name}`,
});

/** A file host in memory: what it holds by URL, and which URLs were asked for. */
function fileHost(files: Record<string, Buffer | { fail: string } | { tooLarge: true }>) {
  const asked: string[] = [];
  return {
    files,
    asked,
    async downloadFile(url: string) {
      asked.push(url);
      const held = files[url.replace('https://cdn.discordapp.com/attachments/1/2/', '')];
      if (held === undefined) return { ok: false as const, reason: 'the file host answered HTTP 404' };
      if ('fail' in held) return { ok: false as const, reason: held.fail };
      if ('tooLarge' in held) return { ok: false as const, reason: 'x', tooLarge: true };
      return { ok: true as const, bytes: held };
    },
  };
}

describe('planReads', () => {
  it('names media without downloading them, and refuses past the sizes Discord states', () => {
    const said = (notes: ReturnType<typeof planReads>) => notes.map((note) => note && modelNote(note));
    expect(
      said(
        planReads([
          file('a.txt', 'text/plain', 1000),
          file('photo.png', 'image/png'),
          file('drawing.svg', 'image/svg+xml'),
          file('voice.ogg', 'audio/ogg'),
          file('clip.mp4', 'video/mp4'),
          file('big.pdf', 'application/pdf', FILE_MAX_BYTES + 1),
          file('b.pdf', 'application/pdf', FILE_MAX_BYTES),
          file('c.pdf', 'application/pdf', FILE_MAX_BYTES),
          file('d.pdf', 'application/pdf', FILE_MAX_BYTES),
        ]),
      ),
    ).toEqual([
      undefined,
      'an image: the service reads text only',
      undefined,
      'audio: the service reads text only',
      'a video: the service reads text only',
      `${sizeText(FILE_MAX_BYTES + 1)}, over the ${sizeText(FILE_MAX_BYTES)} the bot reads of a file`,
      undefined,
      undefined,
      `the files together are over the ${sizeText(FILES_MAX_BYTES)} the bot reads`,
    ]);
  });
});

describe('fileTooBig', () => {
  it('refuses a file Discord says is over the limit, but not a photo or a video, which are only named', () => {
    expect(
      fileTooBig([file('clip.mp4', 'video/mp4', FILE_MAX_BYTES * 3), file('a.txt', 'text/plain')]),
    ).toBeUndefined();
    expect(
      fileTooBig([
        file('clip.mp4', 'video/mp4', FILE_MAX_BYTES * 3),
        file('dump.csv', null, FILE_MAX_BYTES + 1),
      ]),
    ).toEqual({
      name: 'dump.csv',
      note: { code: 'tooBig', size: FILE_MAX_BYTES + 1, limit: FILE_MAX_BYTES },
    });
  });
});

describe('readFiles: one extraction at a time per request', () => {
  it("holds at most one of the extractor's slots, however many documents a member sends", async () => {
    let running = 0;
    let most = 0;
    const extractor = {
      async extract() {
        running += 1;
        most = Math.max(most, running);
        // Each extraction yields to the others before it ends, as a real one does.
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        return { ok: true as const, text: 'read' };
      },
    };
    const pdf = makePdf(['x']);
    const host = fileHost({ 'a.pdf': pdf, 'b.pdf': pdf, 'c.pdf': pdf });
    const read = await readFiles({ downloader: host, extractor, allowedHosts: [] }, [
      file('a.pdf', null),
      file('b.pdf', null),
      file('c.pdf', null),
    ]);
    expect(read.map((entry) => entry.text)).toEqual(['read', 'read', 'read']);
    expect(most).toBe(1);
  });
});

describe('readFiles: where from', () => {
  it("fetches only from Discord's CDN and the allowlisted hosts, and names any other address unfetched", async () => {
    const host = fileHost({ 'a.txt': Buffer.from('hello') });
    const readers = { downloader: host, extractor: createExtractor(), allowedHosts: ['127.0.0.1'] };
    const read = await readFiles(readers, [
      { ...file('a.txt', 'text/plain'), url: 'http://169.254.169.254/latest/meta-data' },
      { ...file('b.txt', 'text/plain'), url: 'http://cdn.discordapp.com/attachments/1/2/b.txt' },
      file('a.txt', 'text/plain'),
    ]);
    expect(read.map((entry) => entry.note && modelNote(entry.note))).toEqual([
      'its address is not a Discord attachment, and the bot fetches files only from Discord',
      'its address is not a Discord attachment, and the bot fetches files only from Discord',
      undefined,
    ]);
    expect(host.asked).toEqual(['https://cdn.discordapp.com/attachments/1/2/a.txt']);
  });
});

describe('readFiles', () => {
  const extractor = createExtractor();

  it('reads text, PDFs and Word documents by their bytes, and says what it cut or could not read', async () => {
    const host = fileHost({
      'notes.md': Buffer.from('\ufeff# Notes\nship it'),
      'report.pdf': makePdf(Array.from({ length: PDF_MAX_PAGES + 5 }, (_, page) => `Page ${page + 1}`)),
      'plan.docx': makeDocx(['Step one', 'Step two']),
      'long.log': Buffer.from('x'.repeat(FILE_MAX_CHARS + 10)),
      'scan.pdf': makePdf(['x'], { textLayer: false }),
      'locked.pdf': makePdf(['x'], { encrypted: true }),
      'photo.txt': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      'bundle.zip': makeZip([{ name: 'a.txt', data: 'hello' }]),
      'bomb.docx': makeZip([
        { name: 'word/document.xml', data: '<w/>', declaredSize: FILE_UNPACKED_MAX_BYTES + 1 },
      ]),
      'gone.txt': { fail: 'the file host answered HTTP 404' },
      'liar.txt': { tooLarge: true },
    });
    const names = [...Object.keys(host.files), 'photo.png'];
    const read = await readFiles(
      { downloader: host, extractor, allowedHosts: [] },
      names.map((name) => file(name, name === 'photo.png' ? 'image/png' : null)),
    );
    const byName = Object.fromEntries(
      read.map((entry) => [entry.name, { ...entry, note: entry.note && modelNote(entry.note) }]),
    );
    expect(byName['notes.md']).toEqual({ name: 'notes.md', text: '# Notes\nship it' });
    expect(byName['report.pdf']?.note).toBe(`pages 1-${PDF_MAX_PAGES} of ${PDF_MAX_PAGES + 5} read`);
    expect(byName['report.pdf']?.text).toContain(`--- page ${PDF_MAX_PAGES} ---\nPage ${PDF_MAX_PAGES}\n`);
    expect(byName['report.pdf']?.text).not.toContain(`Page ${PDF_MAX_PAGES + 1}`);
    expect(byName['plan.docx']).toEqual({ name: 'plan.docx', text: 'Step one\n\nStep two', note: undefined });
    expect(byName['long.log']).toEqual({
      name: 'long.log',
      text: 'x'.repeat(FILE_MAX_CHARS),
      note: `the first ${FILE_MAX_CHARS} of ${FILE_MAX_CHARS + 10} characters read`,
    });
    expect(byName['scan.pdf']?.note).toBe('it has no text layer (a scan, or only pictures)');
    expect(byName['locked.pdf']?.note).toBe('the PDF is encrypted');
    expect(byName['photo.txt']?.note).toBe('an image: the service reads text only');
    expect(byName['bundle.zip']?.note).toBe('an archive: the bot does not unpack archives');
    expect(byName['bomb.docx']?.note).toBe(
      `it would unpack past the ${sizeText(FILE_UNPACKED_MAX_BYTES)} the bot reads`,
    );
    expect(byName['gone.txt']?.note).toBe('the file host answered HTTP 404');
    expect(byName['liar.txt']?.note).toBe(`over the ${sizeText(FILE_MAX_BYTES)} the bot reads of a file`);
    expect(byName['photo.png']?.note).toBe('an image: the service reads text only');
    // Every file has an answer, in order; the photo Discord called an image was never fetched.
    expect(read.map((entry) => entry.name)).toEqual(names);
    expect(host.asked).not.toContain('https://cdn.discordapp.com/attachments/1/2/photo.png');
  });
});
