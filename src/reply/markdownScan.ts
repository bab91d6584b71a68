/**
 * One reading of a message's markdown, left to right, as Discord reads it: which inline markers
 * (`**`, `*`, `_`, `__`, `~~`, `||`) and which code span are still open at its end, whether a code
 * fence is, and where a marker run, a link or a lone heading marker at the tip starts. The
 * renderer holds back or closes what is half-made (openMarkdown.ts); the splitter closes what a
 * cut leaves open and opens it again in the next message (split.ts).
 *
 * Inside code fences and code spans markers are literal, as are escaped ones (`\*`); `_` inside a
 * word (snake_case) is no emphasis.
 */
import { FENCE_LINE } from './fenceLine.js';

export interface Scan {
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
export const SPACE = /\s/;
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

export function scanMarkdown(content: string): Scan {
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
