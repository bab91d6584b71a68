/** The soak's requests: what each is, the reply it must get, and how a reply is read. */
import type { LocalInteraction, LocalMessage } from '../../src/localDiscord/localDiscord.js';
import type { RecordedRequest } from '../../src/localService/fakeService.js';
import { REPLY_WORDS } from './conditions.js';

export type Kind = 'ask' | 'mention' | 'image';
export type Outcome = 'exact' | 'exactWithStorageNote' | 'clearError' | 'wrong' | 'unanswered';

export interface Tracked {
  readonly n: number;
  readonly kind: Kind;
  readonly channelId: string;
  readonly userId: string;
  readonly sentAt: number;
  readonly interaction?: LocalInteraction;
  /** A mention's message id (its reply refers to it). */
  readonly messageId?: string;
  /** Images asked for. */
  readonly images?: number;
  /** When its reply was first seen final (it must stay so for a while to count). */
  finalSince?: number | undefined;
  finalContent?: string;
}

const WORDS = ['the', 'soak', 'keeps', 'every', 'reply', 'exact', 'while', 'stores', 'restart', 'often'];

/** The reply the fake service streams to request `n` (one line break every 20 words). */
export function replyText(n: number): string {
  const words = Array.from({ length: REPLY_WORDS + (n % 7) }, (_, i) =>
    i % 20 === 19 ? `${WORDS[(n + i) % WORDS.length]}.\n` : `${WORDS[(n + i) % WORDS.length]}`,
  );
  // Discord keeps no trailing line break: the text never ends with one.
  return `Reply ${n}: ${words.join(' ').replace(/\n /g, '\n')}`.trimEnd();
}

export const promptOf = (n: number, what: string) => `soak request ${n}: ${what}`;

/** The request number a chat request answers, from its last message. */
export function requestNumber(request: RecordedRequest): number | undefined {
  const messages = Array.isArray(request.body.messages)
    ? (request.body.messages as { content?: unknown }[])
    : [];
  const last = messages.at(-1)?.content;
  const match = typeof last === 'string' ? /soak request (\d+)/.exec(last) : null;
  return match ? Number(match[1]) : undefined;
}

/** A reply's text and the `-# ` note lines under it. */
export function splitNotes(content: string): { text: string; notes: string[] } {
  const lines = content.split('\n');
  const notes: string[] = [];
  while (lines.length > 0 && (lines.at(-1) as string).startsWith('-# ')) notes.unshift(lines.pop() as string);
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return { text: lines.join('\n'), notes };
}

export const hasStopButton = (messages: readonly LocalMessage[]) =>
  messages.some((message) => JSON.stringify(message.components).includes('"ask:stop:'));

/** An error reply, shortened to what repeats (ids and numbers out). */
export const errorShape = (content: string) =>
  (content.split('\n').find((line) => line.includes('⚠️')) ?? content)
    .replace(/error id [0-9a-f]+/g, 'error id …')
    .replace(/\d+/g, 'N')
    .slice(0, 160);
