/**
 * Real documents for the tests and the bench: PDFs (text on each page, or pages with no text
 * layer, as a scan has none) written object by object with a correct cross-reference table, and
 * ZIP files (a .docx is one) with stored entries. No library: the reader under test must read
 * what any PDF or Word writer produces, and these are the smallest such files.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** PDF string escaping: backslash and parentheses. */
const pdfString = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/** Lines of at most 80 characters: readers drop text past the page's edge, as viewers hide it. */
const wrapped = (text: string) => text.split('\n').flatMap((line) => line.match(/.{1,80}/g) ?? ['']);

/**
 * A PDF of one page per entry: each page shows its text in Helvetica (each line of it on a line
 * of its own, wrapped at 80 characters), or, with `textLayer: false`, only a filled rectangle (a scanned page, in effect).
 */
export function makePdf(
  pages: readonly string[],
  options: { textLayer?: boolean; encrypted?: boolean } = {},
): Buffer {
  const textLayer = options.textLayer ?? true;
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // object numbers start at 1
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  const pagesObject = add('PAGES');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const text of pages) {
    const drawing = textLayer
      ? `BT /F1 12 Tf 14 TL 72 720 Td ${wrapped(text)
          .map((line) => `(${pdfString(line)}) '`)
          .join(' ')} ET`
      : '0.5 g 72 72 400 600 re f';
    const stream = add(`<< /Length ${Buffer.byteLength(drawing)} >>\nstream\n${drawing}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObject} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[pagesObject - 1] =
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  // Standard security with a user password: its check value matches no empty password, so a
  // reader must ask for one.
  const encrypt = options.encrypted
    ? add(`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`)
    : undefined;
  return pdfFile(
    objects.map((body) => Buffer.from(body, 'latin1')),
    `/Root ${catalog} 0 R${encrypt ? ` /Encrypt ${encrypt} 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]` : ''}`,
  );
}

/** `unpackedBytes` of spaces, Flate-packed from a few hundred KB (see makeBombPdf). */
function packedSpaces(unpackedBytes: number): Buffer {
  // One MiB of spaces packed once and repeated: each copy is a run of complete blocks ending on a
  // byte boundary (a sync flush), so the copies chain into one valid stream; a final empty block
  // ends it. The checksum is left as zeros: readers that check it stop there, pdf.js does not.
  const chunk = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: Math.ceil(unpackedBytes / (1024 * 1024)) }, () => chunk),
    deflateRawSync(Buffer.alloc(0)),
    Buffer.alloc(4),
  ]);
}

/** A PDF of `pages` pages that all show one content stream of `unpackedBytes` of spaces. */
function spacesPdf(pages: number, unpackedBytes: number): Buffer {
  const packed = packedSpaces(unpackedBytes);
  const kids = Array.from({ length: pages }, (_, index) => `${index + 4} 0 R`).join(' ');
  return pdfFile(
    [
      Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
      Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`),
      Buffer.concat([
        Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`),
        packed,
        Buffer.from('\nendstream'),
      ]),
      ...Array.from({ length: pages }, () =>
        Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>'),
      ),
    ],
    '/Root 1 0 R',
  );
}

/**
 * A one-page PDF whose content stream unpacks to `unpackedBytes` of spaces from a few hundred KB:
 * the shape of a decompression bomb (memory).
 */
export const makeBombPdf = (unpackedBytes: number): Buffer => spacesPdf(1, unpackedBytes);

/**
 * A PDF that keeps a reader busy without much memory: `pages` pages sharing one content stream of
 * `unpackedBytes` of spaces, each page unpacking and reading it again (time, not memory).
 */
export const makeSlowPdf = (pages: number, unpackedBytes: number): Buffer => spacesPdf(pages, unpackedBytes);

/** Numbered objects with a cross-reference table and a trailer (`trailer`: its entries but /Size). */
function pdfFile(objects: readonly Buffer[], trailer: string): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  let table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) table += `${String(offset).padStart(10, '0')} 00000 n \n`;
  table += `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(table, 'latin1'));
  return Buffer.concat(parts);
}

/** A ZIP file of stored (uncompressed) entries; `declaredSize` overrides an entry's stated size. */
export function makeZip(
  entries: readonly { name: string; data: string | Buffer; declaredSize?: number }[],
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
    const name = Buffer.from(entry.name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.declaredSize ?? data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(entry.declaredSize ?? data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Word document (.docx) of one paragraph per entry, as Word's minimal package has it. */
export function makeDocx(paragraphs: readonly string[]): Buffer {
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${xmlText(text)}</w:t></w:r></w:p>`)
    .join('');
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}
