/**
 * A member's text as a Discord quote (`> ` on every line), the one way the bot shows what was
 * asked: /ask's question above its reply, /imagine's prompt above its images, /system's prompt.
 *
 * The quote is safe to put above anything: each line keeps its words but loses what would open a
 * block in Discord's markdown (a ``` code fence, which a shortened quote could leave open and
 * which would then swallow the reply; a `>` or `>>>` quote marker, a `#` heading or `-#` subtext
 * at the start of a line), by escaping it with a backslash, which Discord shows as the character
 * itself. Mentions stay as written: every message the bot sends allows no mention to ping
 * (messages.ts). Runs of blank lines become one (none first or last). Shortened past `maxLines` lines or `maxLength`
 * characters (the `> ` marks and escapes counted), at a space when one is near, ending with `…`.
 */

export interface QuoteLimits {
  /** The most characters of the quote as written (`> ` marks, escapes and line breaks included). */
  readonly maxLength?: number;
  /** The most lines. */
  readonly maxLines?: number;
}

/** /ask's question above its reply: enough for the channel to follow, small beside the answer. */
export const QUESTION_QUOTE: QuoteLimits = { maxLength: 200, maxLines: 3 };

const ELLIPSIS = '…';
/** A line's start that Discord reads as a block: a quote, a heading, subtext. */
const BLOCK_START = /^(\s*)(>|#{1,3}\s|-#\s)/;

/** The question an /ask reply starts with: quoted, shortened, and a line break before the answer. */
export function questionHead(question: string): string {
  return `${quote(question, QUESTION_QUOTE)}\n`;
}

/**
 * A reply's first message without the quoted question it starts with: what readers of a reply
 * (tests, benchmarks) compare with the answer. Every quote line starts with `> `; an answer never
 * does before the head's closing line break.
 */
export function withoutQuestionHead(content: string): string {
  return content.replace(/^(?:> [^\n]*\n)+/, '');
}

export function quote(text: string, limits: QuoteLimits = {}): string {
  const maxLength = limits.maxLength ?? Number.POSITIVE_INFINITY;
  const maxLines = limits.maxLines ?? Number.POSITIVE_INFINITY;
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : line))
    .filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== ''));
  while (lines.at(-1) === '') lines.pop();
  const out: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const prefix = out.length === 0 ? '> ' : '\n> ';
    const units = escapedUnits(line);
    const whole = units.join('');
    const more = index < lines.length - 1;
    // A line shown whole leaves room for what follows it: at least `\n> …`.
    const reserve = more ? 3 + ELLIPSIS.length : 0;
    if (out.length + 1 < maxLines || !more) {
      if (length + prefix.length + whole.length + reserve <= maxLength) {
        out.push(prefix + whole);
        length += prefix.length + whole.length;
        continue;
      }
    }
    out.push(prefix + cut(units, maxLength - length - prefix.length - ELLIPSIS.length) + ELLIPSIS);
    break;
  }
  return out.join('');
}

/** The line as written in the quote, one string per character of the line (escaped where needed). */
function escapedUnits(line: string): string[] {
  const units = Array.from(line);
  const block = BLOCK_START.exec(line);
  if (block) {
    const at = Array.from(block[1] as string).length;
    units[at] = `\\${units[at]}`;
  }
  // Every backtick of a run of three or more: a fence, in Discord anywhere on a line.
  for (const run of line.matchAll(/`{3,}/g)) {
    const start = Array.from(line.slice(0, run.index)).length;
    for (let at = start; at < start + run[0].length; at += 1) units[at] = '\\`';
  }
  // A backslash of the member's right before an escape would escape the escape instead (`\\` then
  // a bare backtick): each such backslash is escaped too.
  for (let at = 1; at < units.length; at += 1) {
    const unit = units[at] as string;
    if (unit.length !== 2 || !unit.startsWith('\\')) continue;
    for (let before = at - 1; before >= 0 && units[before] === '\\'; before -= 1) units[before] = '\\\\';
  }
  return units;
}

/** As many units as fit in `room` characters, cut after a space when one is in the second half. */
function cut(units: readonly string[], room: number): string {
  let used = 0;
  let taken = 0;
  while (taken < units.length && used + (units[taken] as string).length <= room) {
    used += (units[taken] as string).length;
    taken += 1;
  }
  if (taken < units.length) {
    for (let at = taken; at > taken / 2; at -= 1) {
      if (units[at - 1] === ' ') {
        taken = at;
        break;
      }
    }
  }
  return units.slice(0, taken).join('').trimEnd();
}
