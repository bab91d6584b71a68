import { FENCE_LINE } from './fenceLine.js';
import { scanMarkdown } from './markdownScan.js';

/**
 * Splitting a reply into Discord messages of at most 2000 characters.
 *
 * Cuts at the cleanest boundary in the second half of the available room: a paragraph break,
 * else a line break, else a space, else a hard cut (never between the halves of a surrogate
 * pair). A cut inside a fenced code block closes the fence at the end of the message and reopens
 * it, with the same info string (language tag), at the start of the next one. Likewise a cut
 * inside bold, italics, strikethrough, a spoiler or a code span closes them at the end of the
 * message (before its trailing whitespace, where Discord still reads a closing marker) and opens
 * them again at the start of the next, so neither shows a raw `**`.
 *
 * The cut depends only on the characters before it, so cutting a stream incrementally (the
 * renderer) gives exactly the messages that splitting the finished text gives.
 */

export const DISCORD_MESSAGE_LIMIT = 2000;

export interface Fence {
  /** The fence run as written, e.g. "```" or "~~~~". */
  readonly marker: string;
  /** The info string after the opening run, e.g. "ts". */
  readonly info: string;
}

/** What is open where a message starts: a code fence, or inline markdown (outermost first). */
export interface Open {
  readonly fence: Fence | null;
  /** Inline markers, then a code span's backtick run (innermost), as they open. */
  readonly inline: readonly string[];
}

export const NOTHING_OPEN: Open = { fence: null, inline: [] };

/**
 * One message: `body` is a slice of the original text; `prefix` re-opens what was open where it
 * starts, `closing` closes inline markdown a cut left open, `suffix` a fence.
 */
export interface MessagePiece {
  readonly prefix: string;
  readonly body: string;
  readonly closing: string;
  readonly suffix: string;
}

export function pieceText(piece: MessagePiece): string {
  // `**bold **` closes nothing in Discord: the closing goes before the body's trailing whitespace.
  const body = piece.closing === '' ? piece.body : piece.body.trimEnd() + piece.closing;
  return piece.prefix + body + piece.suffix;
}

/** The fence left open after reading `text` line by line from `open` (null when none is open). */
export function fenceAfter(text: string, open: Fence | null = null): Fence | null {
  let fence = open;
  for (const line of text.split('\n')) {
    const match = FENCE_LINE.exec(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (!match) continue;
    const run = match[1] as string;
    const rest = match[2] as string;
    if (fence === null) {
      // A backtick run followed by more backticks on the line is inline code, not a fence.
      if (run[0] === '`' && rest.includes('`')) continue;
      fence = { marker: run, info: rest.trim() };
    } else if (run[0] === fence.marker[0] && run.length >= fence.marker.length && rest.trim() === '') {
      fence = null;
    }
  }
  return fence;
}

/**
 * Appends a note below the text, closing a code fence the text left open. The text stays an
 * exact prefix of the result, so messages already frozen remain valid.
 */
export function withNote(text: string, note: string | undefined): string {
  if (!note) return text;
  if (text.trim() === '') return note;
  const open = fenceAfter(text);
  const closed = open ? `${text}${text.endsWith('\n') ? '' : '\n'}${open.marker}` : text;
  const gap = closed.endsWith('\n\n') ? '' : closed.endsWith('\n') ? '\n' : '\n\n';
  return `${closed}${gap}${note}`;
}

export function reopenPrefix(open: Open, limit: number): string {
  const fence = open.fence;
  if (fence === null) return open.inline.join('');
  // A fence run too long to repeat is not re-opened; the next message then reads as plain text.
  if (fence.marker.length > limit / 8) return '';
  const withInfo = `${fence.marker}${fence.info}\n`;
  // An absurd info string must not eat the room for the text itself.
  return withInfo.length <= limit / 4 ? withInfo : `${fence.marker}\n`;
}

function closeSuffix(body: string, fence: Fence | null): string {
  if (fence === null) return '';
  return `${body.endsWith('\n') || body === '' ? '' : '\n'}${fence.marker}`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The length of the body to keep from `rest` so that it fits in `room` characters. */
function cutPosition(rest: string, room: number): number {
  const window = rest.slice(0, room);
  const floor = Math.floor(room / 2);
  const paragraph = window.lastIndexOf('\n\n');
  if (paragraph >= 0 && paragraph + 2 > floor) return paragraph + 2;
  const line = window.lastIndexOf('\n');
  if (line >= 0 && line + 1 > floor) return line + 1;
  const space = window.lastIndexOf(' ');
  if (space >= 0 && space + 1 > floor) return space + 1;
  let cut = Math.max(1, room);
  if (cut < rest.length && cut > 1 && isHighSurrogate(rest.charCodeAt(cut - 1))) cut -= 1;
  return cut;
}

export interface TakeResult {
  readonly piece: MessagePiece;
  /** True when `piece` is complete and the text continues in a next message. */
  readonly cut: boolean;
  readonly nextOffset: number;
  /** What is open where the next message starts. */
  readonly nextOpen: Open;
}

/**
 * What a cut after `text` (a message so far, outside a fence) leaves open inline, to close at the
 * cut and open again after it; `next` is the character after the cut. Nothing is carried where the
 * markers would read as something else: next to the same `~`, `|` or `` ` `` (`~~` + `~` is a
 * fence), before whitespace (`** word` opens nothing), after a backslash, or a code span of 3+
 * backticks (at a line start, a fence).
 */
function inlineOpenAfter(text: string, next: string | undefined): readonly string[] {
  const scan = scanMarkdown(text);
  if (scan.inFence || (scan.open.length === 0 && scan.code === '') || scan.code.length >= 3) return [];
  const inline = scan.code === '' ? scan.open : [...scan.open, scan.code];
  const reopen = inline.join('');
  const last = text.trimEnd().at(-1);
  // `**` + `*x` reads `***x`, bold and italic, as the text meant; `~`, `|` and `` ` `` runs change meaning.
  const touches = (char: string | undefined) =>
    char !== undefined && char === reopen.at(-1) && !'*_'.includes(char);
  const unsafe = next === undefined || /\s/.test(next) || touches(next) || touches(last) || last === '\\';
  return unsafe ? [] : inline;
}

/**
 * Takes the message that starts at `offset` of `text`, with `open` open at that point.
 * When the rest fits, returns it whole (`cut: false`); it may still grow while streaming.
 */
export function takeMessage(
  text: string,
  offset: number,
  opening: Open,
  limit: number = DISCORD_MESSAGE_LIMIT,
): TakeResult {
  const prefix = reopenPrefix(opening, limit);
  const rest = text.slice(offset);
  if (prefix.length + rest.length <= limit) {
    return {
      piece: { prefix, body: rest, closing: '', suffix: '' },
      cut: false,
      nextOffset: text.length,
      nextOpen: NOTHING_OPEN,
    };
  }
  let room = limit - prefix.length;
  for (;;) {
    const length = cutPosition(rest, room);
    const body = rest.slice(0, length);
    const fence = fenceAfter(prefix + body);
    const suffix = closeSuffix(body, fence);
    let inline = fence === null ? inlineOpenAfter(prefix + body, rest[length]) : [];
    let piece = { prefix, body, closing: [...inline].reverse().join(''), suffix };
    // Markers closed on a fence's closing line would turn it into text and leave the fence open.
    if (inline.length > 0 && fenceAfter(pieceText(piece)) !== null) {
      inline = [];
      piece = { prefix, body, closing: '', suffix };
    }
    const written = pieceText(piece).length;
    if (written <= limit || room <= 1) {
      return { piece, cut: true, nextOffset: offset + length, nextOpen: { fence, inline } };
    }
    // The closing fence or markers did not fit: cut earlier, leaving room for them.
    room = Math.max(1, room - (written - limit));
  }
}

/** Splits finished text into messages of at most `limit` characters. */
export function splitMessage(text: string, limit: number = DISCORD_MESSAGE_LIMIT): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let offset = 0;
  let open = NOTHING_OPEN;
  for (;;) {
    const taken = takeMessage(text, offset, open, limit);
    pieces.push(taken.piece);
    if (!taken.cut) return pieces;
    offset = taken.nextOffset;
    open = taken.nextOpen;
  }
}
