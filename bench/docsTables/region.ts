/**
 * A generated region of a markdown file: the lines between `<!-- bench:NAME begin -->` and
 * `<!-- bench:NAME end -->`. Replacing it keeps every byte outside the two markers (the marker
 * lines themselves included) as it was.
 */

export const beginMarker = (name: string) => `<!-- bench:${name} begin -->`;
export const endMarker = (name: string) => `<!-- bench:${name} end -->`;

/** Every occurrence of `needle` in `text`, as offsets. */
function offsets(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    found.push(at);
  }
  return found;
}

/** Whether `text` holds the region's begin marker (a region the file has, well formed or not). */
export const hasRegion = (text: string, name: string) => text.includes(beginMarker(name));

/**
 * `text` with the region `name` holding `body` (a blank line on each side, so the markdown
 * around it stays blocks of its own). Throws when a marker is missing, doubled or out of order.
 */
export function replaceRegion(text: string, name: string, body: string): string {
  const begin = beginMarker(name);
  const end = endMarker(name);
  const begins = offsets(text, begin);
  const ends = offsets(text, end);
  if (begins.length === 0) throw new Error(`no "${begin}" marker`);
  if (ends.length === 0) throw new Error(`"${begin}" has no "${end}" marker`);
  if (begins.length > 1 || ends.length > 1) throw new Error(`the region bench:${name} is marked twice`);
  const from = (begins[0] as number) + begin.length;
  const to = ends[0] as number;
  if (to < from) throw new Error(`"${end}" comes before "${begin}"`);
  return `${text.slice(0, from)}\n\n${body.trim()}\n\n${text.slice(to)}`;
}
