/**
 * Half-made markdown at the tip of a message: what may be shown of it.
 *
 * While a reply streams, its tip can end inside a construct: `Some **Part`, `` `code ``, a link's
 * `[text](ht`, a lone `##` at a line start. `displayable(content)` returns what to show instead:
 * emphasis, strikethrough, spoilers and inline code still open are closed (`Some **Part**`), and
 * a marker run at the very end, a link in progress and a lone heading marker are held back until
 * they complete (a link at most `LINK_HOLD` characters). What is shown only grows as the text
 * grows, apart from the closing markers added (`shown` stays a prefix of the text).
 *
 * `final`: the reply has ended, maybe early (Stop, error, deadline). Complete markdown is returned
 * unchanged; otherwise a dangling marker, a lone heading marker or a link's unfinished target is
 * dropped and what is open is closed.
 *
 * Inside code fences (the splitter's `fenceAfter` rules) and code spans markers are literal, as are
 * escaped ones (`\*`); `_` inside a word (snake_case) is no emphasis, as in Discord.
 */
import { FENCE_LINE, type Fence, reopenPrefix, takeMessage } from './split.js';

/** The longest link in progress held back; a longer one is shown as it is. */
export const LINK_HOLD = 200;

export interface OpenMarkdown {
  /** A prefix of the content (the final form may also drop a link's target). */
  readonly shown: string;
  /** The markers that close what `shown` leaves open. */
  readonly closing: string;
}

interface Scan {
  /** Inline markers still open, outermost first. */
  readonly open: string[];
  /** The backtick run of an open code span ('' when none). */
  readonly code: string;
  readonly inFence: boolean;
  /** Where a run of marker characters ending the content starts (-1: none). */
  readonly trailingRun: number;
  /** Whether that run closed something. */
  readonly trailingClosed: boolean;
  /** Where an unfinished link starts (-1: none), and where its text ends. */
  readonly link: number;
  readonly linkTextEnd: number;
  /** Where a last line holding only a heading (or `-`) marker starts (-1: none). */
  readonly heading: number;
}

const MARKER_CHARS = '*_~|';
const WORD = /\w/;
const SPACE = /\s/;
const LONE_HEADING = /^ {0,3}(#{1,3}|-#?)[ \t]*$/;

function tokens(char: string, length: number): string[] {
  const out: string[] = [];
  let left = length;
  while (left >= 2) {
    out.push(char + char);
    left -= 2;
  }
  // A single `~` or `|` is no marker.
  if (left === 1 && (char === '*' || char === '_')) out.push(char);
  return out;
}

function scan(content: string): Scan {
  const open: string[] = [];
  let code = '';
  let fence: string | null = null;
  let trailingRun = -1;
  let trailingClosed = false;
  let link = -1;
  let linkTextEnd = -1;
  let linkInTarget = false;
  let lineStart = 0;
  while (lineStart <= content.length) {
    const newline = content.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? content.length : newline;
    const line = content.slice(lineStart, lineEnd);
    const match = FENCE_LINE.exec(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (fence !== null) {
      const run = match?.[1];
      if (run && run[0] === fence[0] && run.length >= fence.length && match?.[2]?.trim() === '') fence = null;
    } else if (match && !(match[1]?.[0] === '`' && match[2]?.includes('`'))) {
      fence = match[1] as string;
      code = '';
      link = -1;
    } else {
      let i = lineStart;
      while (i < lineEnd) {
        const char = content[i] as string;
        if (char === '\\') {
          i += 2;
          continue;
        }
        let end = i + 1;
        if (char === '`' || MARKER_CHARS.includes(char)) while (content[end] === char) end += 1;
        const atEnd = end === content.length;
        if (char === '`') {
          const run = content.slice(i, end);
          if (code === '') code = run;
          else if (run === code) code = '';
          if (atEnd) {
            trailingRun = i;
            trailingClosed = code === '';
          }
        } else if (code === '' && MARKER_CHARS.includes(char)) {
          const before = content[i - 1];
          const after = content[end];
          let closed = false;
          for (const token of tokens(char, end - i)) {
            const at = open.lastIndexOf(token);
            const closes = at >= 0 && (token !== '_' || after === undefined || !WORD.test(after));
            if (closes) {
              open.splice(at, 1);
              closed = true;
            } else if (
              after !== undefined &&
              !SPACE.test(after) &&
              (char !== '_' || before === undefined || !WORD.test(before))
            ) {
              open.push(token);
            }
          }
          if (atEnd) {
            trailingRun = i;
            trailingClosed = closed;
          }
        } else if (code === '' && char === '[' && link < 0) {
          link = i;
          linkInTarget = false;
        } else if (code === '' && char === ']' && link >= 0 && !linkInTarget) {
          if (content[i + 1] === '(') {
            linkTextEnd = i;
            linkInTarget = true;
            end = i + 2;
          } else if (i + 1 < content.length) {
            link = -1;
          } else {
            linkTextEnd = i;
          }
        } else if (code === '' && char === ')' && linkInTarget) {
          link = -1;
        }
        i = end;
      }
      // A link's text does not go on past its line.
      if (newline >= 0 && link >= 0 && !linkInTarget) link = -1;
    }
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  const lastLine = content.lastIndexOf('\n') + 1;
  const heading = fence === null && code === '' && LONE_HEADING.test(content.slice(lastLine)) ? lastLine : -1;
  if (link >= 0 && !linkInTarget && linkTextEnd < link) linkTextEnd = content.length;
  return { open, code, inFence: fence !== null, trailingRun, trailingClosed, link, linkTextEnd, heading };
}

function closed(shown: string, state: Scan): OpenMarkdown {
  if (state.inFence || (state.code === '' && state.open.length === 0)) return { shown, closing: '' };
  return { shown: shown.trimEnd(), closing: state.code + [...state.open].reverse().join('') };
}

/** What to show of `content` (the text of one message so far): `shown` + `closing`. */
export function openMarkdown(content: string, final = false): OpenMarkdown {
  const state = scan(content);
  if (final) return finalMarkdown(content, state);
  let cut = content.length;
  if (state.trailingRun >= 0) cut = state.trailingRun;
  if (state.heading >= 0) cut = Math.min(cut, state.heading);
  if (state.link >= 0 && content.length - state.link <= LINK_HOLD) cut = Math.min(cut, state.link);
  // What the cut leaves may end half-made in turn (`__[a`): held back again.
  return cut === content.length ? closed(content, state) : openMarkdown(content.slice(0, cut));
}

function finalMarkdown(content: string, state: Scan): OpenMarkdown {
  if (state.link >= 0) {
    // An unfinished link keeps its text, without the brackets and the target.
    const text = content.slice(state.link + 1, state.linkTextEnd);
    return finalMarkdown(content.slice(0, state.link) + text, scan(content.slice(0, state.link) + text));
  }
  if (state.heading >= 0) {
    const shown = content.slice(0, state.heading).trimEnd();
    return finalMarkdown(shown, scan(shown));
  }
  const balanced = !state.inFence && state.code === '' && state.open.length === 0;
  const run = state.trailingRun;
  // A run that closes nothing, after a space or at a line start, was about to open something.
  const dangling = run >= 0 && !state.trailingClosed && (run === 0 || SPACE.test(content[run - 1] as string));
  if (balanced && !dangling) return { shown: content, closing: '' };
  if (run >= 0 && !state.trailingClosed) {
    const shown = content.slice(0, run);
    return finalMarkdown(shown, scan(shown));
  }
  return closed(content, state);
}

/** The text to show for `content`: held back and closed where it is half-made. */
export function displayable(content: string, final = false): string {
  const { shown, closing } = openMarkdown(content, final);
  return shown + closing;
}

/** `displayable` for a message whose first `fixed` characters (a quoted question) stay as they are. */
export function displayableAfter(content: string, fixed: number, final = false): string {
  return content.slice(0, fixed) + displayable(content.slice(fixed), final);
}

/**
 * The finished `text` with what its last message leaves open closed (or a dangling marker
 * dropped); `offset` and `fence` say where a message known to be in it starts, and the first
 * `fixed` characters (the head) are not read. Messages before the last one are kept as they are.
 */
export function closeLastMessage(
  text: string,
  offset: number,
  fence: Fence | null,
  limit: number,
  fixed = 0,
): string {
  let [start, open] = [offset, fence];
  for (let taken = takeMessage(text, start, open, limit); taken.cut; ) {
    [start, open] = [taken.nextOffset, taken.nextFence];
    taken = takeMessage(text, start, open, limit);
  }
  const prefix = reopenPrefix(open, limit);
  const last = displayableAfter(prefix + text.slice(start), start === 0 ? fixed : 0, true);
  return last.startsWith(prefix) ? text.slice(0, start) + last.slice(prefix.length) : text;
}
