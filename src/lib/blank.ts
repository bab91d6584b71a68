/** Whitespace and invisible format characters (zero-width spaces, joiners, direction marks). */
const NOTHING_VISIBLE = /^[\s\p{Cf}]*$/u;

/** True when a text shows nothing: empty, or only whitespace and invisible characters. */
export function isBlank(text: string): boolean {
  return NOTHING_VISIBLE.test(text);
}
