/**
 * A reply longer than its messages may hold. Where the app is installed to the member only,
 * Discord lets an interaction post 5 follow-ups (6 messages of 2,000 characters with the first):
 * the last message then shows what fits, cut at a clean boundary as any message is, with the
 * reply's notes, and says where the rest is: in a Markdown file attached to it holding exactly
 * the rest of the reply (needs Attach Files), or, without that permission, nowhere (it says so).
 * `lastMessage` is pure; `lastMessageGuard` is what the stream renderer keeps to know when a
 * reply has reached its last message.
 */
import type { Translator } from '../i18n/translator.js';
import { closeLastMessage } from './openMarkdown.js';
import { FollowUpLimitReached, type ReplyFile, type ReplySink } from './sink.js';
import { type Open, pieceText, takeMessage, withNote } from './split.js';

/** The file with the rest of a reply (Discord shows .md files as text). */
export const REST_FILE_NAME = 'reply-continued.md';
/**
 * Its type, said in the upload: without one discord.js guesses from the first bytes, and a reply
 * starting `<svg` or `%PDF` would be typed (and opened) as an image or a document.
 */
export const REST_FILE_TYPE = 'text/markdown; charset=utf-8';

export function overflowNote(t: Translator, restCharacters: number, attached: boolean): string {
  return `-# ${
    attached
      ? t.t('chat.continuedInFile', { file: REST_FILE_NAME, chars: restCharacters })
      : t.t('chat.cutHere', { chars: restCharacters })
  }`;
}

export interface LastMessage {
  /** The last message: the text that fits, then the note about the rest, then the reply's notes. */
  readonly content: string;
  /** The rest of the reply, exactly (empty when everything fits). */
  readonly rest: string;
  /** The file that carries the rest (when it may be attached and there is a rest). */
  readonly files: readonly ReplyFile[];
}

/**
 * The last message a reply may have, starting at `offset` of `text` with `opening` open there:
 * as much text as fits beside `note` (the reply's notes) and the overflow note, the rest for
 * the file.
 */
export function lastMessage(
  text: string,
  offset: number,
  opening: Open,
  note: string | undefined,
  limit: number,
  attach: boolean,
  t: Translator,
): LastMessage {
  const whole = takeMessage(withNote(text, note), offset, opening, limit);
  if (!whole.cut) return { content: pieceText(whole.piece), rest: '', files: [] };
  // The notes' room, with the longest count the overflow note can show, is kept free.
  const notes = (rest: number) => [overflowNote(t, rest, attach), note].filter(Boolean).join('\n');
  const room = Math.max(Math.floor(limit / 4), limit - notes(text.length).length - 2);
  const taken = takeMessage(text, offset, opening, room);
  if (!taken.cut) return { content: withNote(pieceText(taken.piece), note), rest: '', files: [] };
  const rest = text.slice(taken.nextOffset);
  const content = withNote(pieceText(taken.piece), notes(rest.length));
  const files =
    attach && rest !== ''
      ? [{ name: REST_FILE_NAME, data: Buffer.from(rest, 'utf8'), contentType: REST_FILE_TYPE }]
      : [];
  return { content, rest, files };
}

/**
 * What a stream renderer keeps to end a reply in its last allowed message: where each message
 * starts (to write one again as the last, when Discord refuses the next with 40094), and whether
 * the sink has a follow-up left for the message after one.
 */
export function lastMessageGuard(sink: Pick<ReplySink, 'followUpsLeft' | 'attachFiles'>) {
  const starts: { readonly index: number; readonly offset: number; readonly opening: Open }[] = [];
  return {
    attach: sink.attachFiles === true,
    /** Whether message `index` must be the last (`sent`: messages written so far). */
    isLast(index: number, sent: number): boolean {
      const left = sink.followUpsLeft?.();
      // Writing message `index` itself takes a follow-up when it is a new one.
      return left !== undefined && left - (index >= sent && index > 0 ? 1 : 0) <= 0;
    },
    started(index: number, offset: number, opening: Open): void {
      starts[index] = { index, offset, opening };
    },
    /** A follow-up refused as one too many (the final write is tried again, into the last message). */
    refused: (error: unknown) => error instanceof FollowUpLimitReached,
    /** Where the message before a refused follow-up starts, or undefined for other failures. */
    rewindTo(error: unknown, sent: number) {
      return error instanceof FollowUpLimitReached && sent > 0 ? starts[sent - 1] : undefined;
    },
  };
}

/**
 * A reply's final text: everything pushed, what the last message leaves open closed (at the
 * limit in force), then the note; the first `headLength` characters (the head) kept as they are.
 * Discord refuses an empty message: a reply with no text and no note is an ellipsis.
 */
export function finalReplyText(
  text: string,
  offset: number,
  opening: Open,
  limit: number,
  headLength: number,
  note: string | undefined,
): string {
  const closed = closeLastMessage(text, offset, opening, limit, headLength);
  const final = text.slice(0, headLength) + withNote(closed.slice(headLength), note);
  return final.trim() === '' ? '…' : final;
}

/** A promise a stream source waits on until the renderer's next edit is due (`ready()`). */
export interface Hold {
  readonly promise: Promise<void> & { msLeft(): number };
  readonly release: () => void;
}

export function holdUntilReleased(msLeft: () => number): Hold {
  let release!: () => void;
  const promise = new Promise<void>((settle) => {
    release = settle;
  });
  return { promise: Object.assign(promise, { msLeft }), release };
}
