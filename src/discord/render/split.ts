/**
 * Splitting a reply into Discord messages of at most 2000 characters.
 *
 * Cuts at the cleanest boundary in the second half of the available room: a paragraph break,
 * else a line break, else a space, else a hard cut (never between the halves of a surrogate
 * pair). A cut inside a fenced code block closes the fence at the end of the message and reopens
 * it, with the same info string (language tag), at the start of the next one.
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

/** One message: `body` is a slice of the original text; prefix and suffix re-open/close a fence. */
export interface MessagePiece {
  readonly prefix: string;
  readonly body: string;
  readonly suffix: string;
}

export function pieceText(piece: MessagePiece): string {
  return piece.prefix + piece.body + piece.suffix;
}

export const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

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

export function reopenPrefix(fence: Fence | null, limit: number): string {
  // A fence run too long to repeat is not re-opened; the next message then reads as plain text.
  if (fence === null || fence.marker.length > limit / 8) return '';
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
  readonly nextFence: Fence | null;
}

/**
 * Takes the message that starts at `offset` of `text`, with `fence` open at that point.
 * When the rest fits, returns it whole (`cut: false`); it may still grow while streaming.
 */
export function takeMessage(
  text: string,
  offset: number,
  fence: Fence | null,
  limit: number = DISCORD_MESSAGE_LIMIT,
): TakeResult {
  const prefix = reopenPrefix(fence, limit);
  const rest = text.slice(offset);
  if (prefix.length + rest.length <= limit) {
    return {
      piece: { prefix, body: rest, suffix: '' },
      cut: false,
      nextOffset: text.length,
      nextFence: null,
    };
  }
  let room = limit - prefix.length;
  for (;;) {
    const length = cutPosition(rest, room);
    const body = rest.slice(0, length);
    const open = fenceAfter(prefix + body);
    const suffix = closeSuffix(body, open);
    if (prefix.length + body.length + suffix.length <= limit || room <= 1) {
      return { piece: { prefix, body, suffix }, cut: true, nextOffset: offset + length, nextFence: open };
    }
    // The closing fence did not fit: cut earlier, leaving room for it.
    room = Math.max(1, room - suffix.length);
  }
}

/** Splits finished text into messages of at most `limit` characters. */
export function splitMessage(text: string, limit: number = DISCORD_MESSAGE_LIMIT): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let offset = 0;
  let fence: Fence | null = null;
  for (;;) {
    const taken = takeMessage(text, offset, fence, limit);
    pieces.push(taken.piece);
    if (!taken.cut) return pieces;
    offset = taken.nextOffset;
    fence = taken.nextFence;
  }
}
