/**
 * What the message commands send the service, as text (pure; no Discord objects): for "Ask about
 * this message" the message, its author and its text attachments as clearly delimited blocks
 * followed by the member's question; for "Summarize from here" the channel's messages as
 * `<name>: <text>` lines. Each is cut to a number of characters the caller derives from the
 * channel's history budget (`contextAllowance`), and says what it left out.
 *
 * Members' text sits inside code fences longer than any run of backticks in it, so nothing in a
 * message can close its block and pose as the bot's framing or the question.
 */
import { type FileNote, modelNote } from '../files/fileNote.js';
import type { FileRead } from '../files/readFiles.js';
import { CHARS_PER_TOKEN } from '../lib/tokens.js';

/**
 * An attachment of the target message: its text when it was read (with a note of what was cut,
 * if anything was), else why it was not (files/readFiles.ts).
 */
export type ContextAttachment = FileRead;

export interface TargetMessage {
  readonly authorName: string;
  /** The message's text (mentions already written as names). */
  readonly text: string;
  /** Where the message is (a link members and the model can follow). */
  readonly link: string;
  readonly attachments: readonly ContextAttachment[];
}

/** One message of a channel for a summary. */
export interface TranscriptMessage {
  readonly authorName: string;
  readonly text: string;
  /** Attachment file names (only named: their content is not read for a summary). */
  readonly attachments: readonly string[];
}

/** The context never gets fewer characters than this, however small the history budget. */
export const MIN_CONTEXT_CHARS = 1000;

/**
 * Characters the context block may take: half the channel's history budget left after the system
 * prompt and the question, so the exchange still fits the memory with the reply and a follow-up
 * question (at least MIN_CONTEXT_CHARS).
 */
export function contextAllowance(
  historyTokens: number,
  systemTokens: number,
  questionTokens: number,
): number {
  const tokens = Math.floor((historyTokens - systemTokens - questionTokens) / 2);
  return Math.max(MIN_CONTEXT_CHARS, tokens * CHARS_PER_TOKEN);
}

/** A bot's message without its small grey lines (`-# `: costs, context, notes), which say nothing of the topic. */
export function withoutSubtext(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('-# '))
    .join('\n')
    .trim();
}

/** A code fence that no run of backticks in `text` can close. */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A name on one line, within reason (a name cannot forge a line of the framing). */
export function oneLine(name: string, max = 100): string {
  const flat = name.replace(/[\r\n\t`]+/g, ' ').trim() || 'someone';
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function fenced(text: string): string {
  const fence = fenceFor(text);
  return `${fence}\n${text}\n${fence}`;
}

/** `text` as a fenced block of at most `max` characters, cut (and said so) when longer. */
function fencedWithin(text: string, max: number): string | undefined {
  const whole = fenced(text);
  if (whole.length <= max) return whole;
  const cutNote = (shown: number) => `\n(cut: the first ${shown} of ${text.length} characters)`;
  // The fence and the note take room too; a cut text can only need a shorter fence.
  let room = max - fenced('').length - cutNote(text.length).length;
  if (room < 20) return undefined;
  for (;;) {
    const part = text.slice(0, room);
    const block = `${fenced(part)}${cutNote(part.length)}`;
    if (block.length <= max) return block;
    room -= block.length - max;
  }
}

/** Sections appended within a number of characters (pure): what does not fit is left out. */
function sectionsWithin(maxChars: number) {
  const sections: string[] = [];
  let used = -2;
  return {
    sections,
    /** Characters left for one more section. */
    room: (reserved = 0) => maxChars - used - 2 - reserved,
    add(section: string): boolean {
      if (used + 2 + section.length > maxChars) return false;
      sections.push(section);
      used += 2 + section.length;
      return true;
    },
  };
}

/**
 * Each file's title and, for a file not read, its note line; and the room the notes from a file
 * on need. A file read in part says what was read in its title (`pages 1-40 of 212 read`).
 */
function fileSections(files: readonly ContextAttachment[], label: string) {
  const said = (note: FileNote | undefined) => (note ? oneLine(modelNote(note), 200) : undefined);
  const titles = files.map(
    (file) =>
      `${label} ${oneLine(file.name)}${file.text !== undefined && file.note ? ` (${said(file.note)})` : ''}`,
  );
  const notes = files.map((file, index) =>
    file.text === undefined
      ? `${titles[index]}: not read (${said(file.note) ?? 'not a text file'})`
      : undefined,
  );
  return {
    label,
    titles,
    notes,
    notesFrom: (index: number) =>
      notes.slice(index).reduce((sum, note) => sum + (note === undefined ? 0 : note.length + 2), 0),
  };
}

/**
 * Each file's block (or its note) into `into`, in order, each cut to what is left once the notes
 * of the unread ones after it have their room; one line for those left out.
 */
function addFiles(
  into: ReturnType<typeof sectionsWithin>,
  files: readonly ContextAttachment[],
  plan: ReturnType<typeof fileSections>,
): void {
  let left = 0;
  for (const [index, file] of files.entries()) {
    const title = plan.titles[index] as string;
    const note = plan.notes[index];
    if (note !== undefined) {
      if (!into.add(note)) left += 1;
      continue;
    }
    const body = fencedWithin(file.text ?? '', into.room(plan.notesFrom(index + 1)) - title.length - 2);
    if (!(body !== undefined && into.add(`${title}:\n${body}`)) && !into.add(`${title}: left out (no room)`))
      left += 1;
  }
  const what = plan.label.toLowerCase();
  if (left > 0) into.add(`(${left === 1 ? `1 ${what}` : `${left} ${what}s`} left out: no room)`);
}

/**
 * "Ask about this message": the message block, each attachment's block (or why it was not read),
 * then the question. Everything before the question takes at most `maxContextChars` characters
 * (at least the heading): the message first, then the attachments in order.
 */
export function askAboutPrompt(target: TargetMessage, question: string, maxContextChars: number): string {
  const into = sectionsWithin(maxContextChars);
  into.add(`About this message from ${oneLine(target.authorName)} (${target.link}):`);
  const plan = fileSections(target.attachments, 'Attachment');
  const message =
    target.text === ''
      ? '(the message has no text)'
      : fencedWithin(target.text, into.room(plan.notesFrom(0)));
  if (message === undefined || !into.add(message)) into.add('(the message text does not fit)');
  addFiles(into, target.attachments, plan);
  return `${into.sections.join('\n\n')}\n\nQuestion:\n${question}`;
}

/**
 * A question with the member's files (/ask, a mention, the form): each file's block (or why it
 * was not read) within `maxContextChars`, then the question.
 */
export function filesPrompt(
  files: readonly ContextAttachment[],
  question: string,
  maxContextChars: number,
): string {
  if (files.length === 0) return question;
  const into = sectionsWithin(maxContextChars);
  addFiles(into, files, fileSections(files, 'File'));
  return `${into.sections.join('\n\n')}\n\nQuestion:\n${question}`;
}

/** One message as a transcript line; continuation lines indented, so only a new line names a speaker. */
export function transcriptLine(message: TranscriptMessage): string {
  const text = message.text.replace(/\r\n?/g, '\n').replace(/\n/g, '\n  ');
  const files =
    message.attachments.length > 0
      ? ` [attachments: ${message.attachments.map((name) => oneLine(name)).join(', ')}]`
      : '';
  const said = text === '' ? '' : ` ${text}`;
  return `${oneLine(message.authorName)}:${said}${files}`;
}

export interface Transcript {
  /** The lines sent, oldest first (with a first line saying how many were left out, if any). */
  readonly text: string;
  /** Messages included (whole or cut), and the oldest ones left out. */
  readonly included: number;
  readonly omitted: number;
}

function omittedNote(count: number): string {
  if (count === 0) return '';
  return `(${count === 1 ? '1 earlier message' : `${count} earlier messages`} left out: no room)\n`;
}

/**
 * The newest messages whose lines fit `maxChars` (oldest first), the oldest dropped first; the
 * newest alone is cut when it does not fit whole. The line saying how many were left out takes
 * its room in `maxChars` too.
 */
export function fitTranscript(messages: readonly TranscriptMessage[], maxChars: number): Transcript {
  const lines = messages.map(transcriptLine);
  let start = lines.length;
  let used = 0;
  while (start > 0) {
    const line = lines[start - 1] as string;
    const next = used + line.length + (start < lines.length ? 1 : 0);
    if (next + omittedNote(start - 1).length > maxChars) break;
    used = next;
    start -= 1;
  }
  if (start < lines.length || lines.length === 0) {
    const text = `${omittedNote(start)}${lines.slice(start).join('\n')}`;
    return { text, included: lines.length - start, omitted: start };
  }
  // Not even the newest fits whole: its start, cut.
  const note = omittedNote(lines.length - 1);
  const room = maxChars - note.length - 1;
  if (room < 1)
    return {
      text: omittedNote(lines.length).slice(0, Math.max(0, maxChars)),
      included: 0,
      omitted: lines.length,
    };
  return {
    text: `${note}${(lines.at(-1) as string).slice(0, room)}…`,
    included: 1,
    omitted: lines.length - 1,
  };
}

export interface SummaryRequest extends Transcript {
  /** The instruction and the transcript, fenced: what the service receives as the member's turn. */
  readonly prompt: string;
}

function summaryInstruction(link: string, count: number): string {
  const messages = count === 1 ? 'this message' : `these ${count} messages`;
  return `Summarize ${messages} from this channel, starting at ${link} (oldest first, one per line as "name: text"): the main points, what was decided, and open questions.`;
}

/**
 * "Summarize from here": the instruction and the newest messages that fit, in at most
 * `maxChars` characters in all (the instruction and the fence included).
 */
export function summaryPrompt(
  messages: readonly TranscriptMessage[],
  link: string,
  maxChars: number,
): SummaryRequest {
  // Sized for the longest instruction (the count's words vary) and the fence of all the lines (a
  // part of them can only need a shorter one).
  const fence = fenceFor(messages.map(transcriptLine).join('\n'));
  const instruction = Math.max(
    ...[0, 1, messages.length].map((count) => summaryInstruction(link, count).length),
  );
  const frame = instruction + 1 + 2 * (fence.length + 1);
  const transcript = fitTranscript(messages, maxChars - frame);
  const prompt = `${summaryInstruction(link, transcript.included)}\n${fenced(transcript.text)}`;
  return { ...transcript, prompt };
}
