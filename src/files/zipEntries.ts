/**
 * A ZIP file's table of contents (pure), read from its central directory: each entry's name
 * and the sizes it declares. Word documents are ZIP files; the reader looks here to tell one from
 * another archive, and to refuse one whose contents would unpack past a limit (a zip bomb) before
 * anything is decompressed. Declared sizes can lie: the extraction worker's memory limit and
 * deadline stop a file that does.
 */

export interface ZipEntry {
  readonly name: string;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
}

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const END_RECORD_BYTES = 22;
/** The end record sits in the last 22 bytes plus a comment of at most 65,535. */
const END_SEARCH_BYTES = END_RECORD_BYTES + 0xffff;
/** ZIP64 marks sizes and offsets past 4 GiB this way; no document the bot reads needs them. */
const ZIP64 = 0xffffffff;
/** More entries than any document has: a table this long is refused, not walked. */
export const MAX_ZIP_ENTRIES = 10_000;

/** The entries, or undefined when `bytes` are not a ZIP file the reader accepts. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (
    let at = bytes.length - END_RECORD_BYTES;
    at >= Math.max(0, bytes.length - END_SEARCH_BYTES);
    at -= 1
  ) {
    if (view.getUint32(at, true) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end === -1) return undefined;
  const count = view.getUint16(end + 10, true);
  const offset = view.getUint32(end + 16, true);
  if (count > MAX_ZIP_ENTRIES || offset === ZIP64 || offset > end) return undefined;
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== ENTRY_SIGNATURE) return undefined;
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (compressedSize === ZIP64 || uncompressedSize === ZIP64 || at + 46 + nameLength > end)
      return undefined;
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.push({ name, compressedSize, uncompressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** What the entries unpack to in all, as they declare it. */
export function unpackedSize(entries: readonly ZipEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
}
