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
import { type Scan, SPACE, scanMarkdown as scan } from './markdownScan.js';
import { type Open, reopenPrefix, takeMessage } from './split.js';

/** The longest link in progress held back; a longer one is shown as it is. */
export const LINK_HOLD = 200;

export interface OpenMarkdown {
  /** A prefix of the content (the final form may also drop a link's target). */
  readonly shown: string;
  /** The markers that close what `shown` leaves open. */
  readonly closing: string;
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
 * dropped); `offset` and `opening` say where a message known to be in it starts, and the first
 * `fixed` characters (the head) are not read. Messages before the last one are kept as they are.
 */
export function closeLastMessage(
  text: string,
  offset: number,
  opening: Open,
  limit: number,
  fixed = 0,
): string {
  let [start, open] = [offset, opening];
  for (let taken = takeMessage(text, start, open, limit); taken.cut; ) {
    [start, open] = [taken.nextOffset, taken.nextOpen];
    taken = takeMessage(text, start, open, limit);
  }
  const prefix = reopenPrefix(open, limit);
  const last = displayableAfter(prefix + text.slice(start), start === 0 ? fixed : 0, true);
  return last.startsWith(prefix) ? text.slice(0, start) + last.slice(prefix.length) : text;
}
