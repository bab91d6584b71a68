/**
 * Files the page sends with a message, a command's file option or a form's upload: `{name, type,
 * data}` with the bytes in base64, as the page's file picker read them. At most PAGE_FILES_MAX
 * files a write and PAGE_FILE_MAX_BYTES each (Discord's default upload limit); each becomes a
 * member's attachment in the local Discord, served from its CDN with the type it was picked with.
 */
import { memberFile } from '../localDiscord/contextMenus.js';
import type { LocalAttachment } from '../localDiscord/localDiscord.js';

export const PAGE_FILES_MAX = 10;
export const PAGE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** One file the page sent, checked. */
function pageFile(value: unknown): LocalAttachment {
  const file = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const name = typeof file.name === 'string' ? file.name.replace(/[/\\\r\n]/g, '_').slice(0, 100) : '';
  if (!name || typeof file.data !== 'string') throw new Error('a file needs a name and its bytes');
  const bytes = Buffer.from(file.data, 'base64');
  if (bytes.length > PAGE_FILE_MAX_BYTES) throw new Error(`${name} is over the 10 MB Discord takes`);
  const type =
    typeof file.type === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type : undefined;
  return memberFile(name, bytes, type);
}

/** The files of a list the page sent (none when it sent none). */
export function pageFiles(value: unknown): LocalAttachment[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > PAGE_FILES_MAX)
    throw new Error(`at most ${PAGE_FILES_MAX} files`);
  return value.map(pageFile);
}

/** Files by field (a command's file option, a form's upload): `{name: [files]}`. */
export function pageFilesByField(value: unknown): Record<string, LocalAttachment[]> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null) throw new Error('files come by field');
  return Object.fromEntries(Object.entries(value).map(([field, files]) => [field, pageFiles(files)]));
}

/** A command's file options (`{option: [file]}`, the first file each), or undefined when none. */
export function pageCommandFiles(value: unknown): Record<string, LocalAttachment> | undefined {
  const entries = Object.entries(pageFilesByField(value)).flatMap(([name, [file]]) =>
    file ? [[name, file] as const] : [],
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
