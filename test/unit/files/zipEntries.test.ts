/** A ZIP file's table of contents, read without unpacking anything. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ZIP_ENTRIES, unpackedSize, zipEntries } from '../../../src/files/zipEntries.js';
import { makeZip } from '../../../src/localService/documents.js';

describe('zipEntries', () => {
  it("lists each entry with the sizes it declares, a bomb's lie included", () => {
    const zip = makeZip([
      { name: 'a.txt', data: 'hello' },
      { name: 'word/document.xml', data: '<w/>', declaredSize: 2_000_000_000 },
    ]);
    expect(zipEntries(zip)).toEqual([
      { name: 'a.txt', compressedSize: 5, uncompressedSize: 5 },
      { name: 'word/document.xml', compressedSize: 4, uncompressedSize: 2_000_000_000 },
    ]);
    expect(unpackedSize(zipEntries(zip) ?? [])).toBe(2_000_000_005);
  });

  it('round-trips any names and contents', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 40 }), data: fc.string() }), {
          maxLength: 20,
        }),
        (entries) => {
          const listed = zipEntries(makeZip(entries));
          expect(listed?.map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
          expect(listed?.map((entry) => entry.uncompressedSize)).toEqual(
            entries.map((entry) => Buffer.byteLength(entry.data)),
          );
        },
      ),
    );
  });

  it('refuses what is not a ZIP file, a cut one, and a table too long to walk', () => {
    expect(zipEntries(Buffer.from('not a zip at all, but long enough to search'))).toBeUndefined();
    const zip = makeZip([{ name: 'a.txt', data: 'hello' }]);
    expect(zipEntries(zip.subarray(0, zip.length - 5))).toBeUndefined();
    // The end record claims more entries than any document has.
    const lying = Buffer.from(zip);
    lying.writeUInt16LE(MAX_ZIP_ENTRIES + 1, lying.length - 12);
    expect(zipEntries(lying)).toBeUndefined();
    // The end record points past itself.
    const astray = Buffer.from(zip);
    astray.writeUInt32LE(astray.length, astray.length - 6);
    expect(zipEntries(astray)).toBeUndefined();
  });
});
