/**
 * A channel's conversation as turns, and what of it goes to the service: pure functions over
 * stored turns.
 */

import { estimateTokens } from '../lib/tokens.js';
import type { ChatMessage } from '../service/types.js';
import { withoutFileText } from './fileMemory.js';

export interface UserTurn {
  readonly role: 'user';
  readonly content: string;
  readonly authorId: string;
  readonly authorName: string;
  /** Unix ms. */
  readonly time: number;
  /** The question carries members' files as blocks before it: their text may leave the memory first. */
  readonly files?: true | undefined;
}

/** The options a member gave explicitly, kept so Regenerate asks the same way. */
export interface TurnOptions {
  readonly model?: string | undefined;
  readonly temperature?: number | undefined;
  readonly maxTokens?: number | undefined;
}

/** A message in Discord: where it is, and its id. */
export interface MessageRef {
  readonly channelId: string;
  readonly messageId: string;
}

export interface AssistantTurn {
  readonly role: 'assistant';
  readonly content: string;
  readonly time: number;
  /** Identifies the reply for its Regenerate button. */
  readonly id?: string | undefined;
  readonly options?: TurnOptions | undefined;
  /** The fixed start of the reply's first message (ChatTurn.head); its regeneration has it too. */
  readonly head?: string | undefined;
  /**
   * The reply's message that carries its buttons (the last one of a split reply), once it is
   * shown: only a press on that message regenerates this reply. Absent in turns stored by older
   * versions, which therefore cannot be regenerated.
   */
  readonly reply?: MessageRef | undefined;
}

export type Turn = UserTurn | AssistantTurn;

export interface HistoryLimits {
  /** Estimated tokens of history sent with a request, the new turn included. */
  readonly maxTokens: number;
  /** Turns sent with a request, the new turn included. */
  readonly maxTurns: number;
}

/**
 * User turns reach the service prefixed with the speaker's display name, so the model can tell
 * speakers apart in a shared channel. Newlines in names are flattened so a name cannot forge
 * a turn.
 */
export function toServiceMessage(turn: Turn): ChatMessage {
  if (turn.role === 'assistant') return { role: 'assistant', content: turn.content };
  const name = turn.authorName.replace(/[\r\n]+/g, ' ').trim() || 'someone';
  return { role: 'user', content: `${name}: ${turn.content}` };
}

export function turnTokens(turn: Turn): number {
  return estimateTokens(toServiceMessage(turn).content);
}

export interface SelectedHistory {
  readonly turns: readonly Turn[];
  /** Older turns left out to respect the limits. */
  readonly dropped: number;
  readonly estimatedTokens: number;
}

/**
 * Keeps the newest turns that fit the token budget and the turn cap, oldest dropped first; an
 * older question with files that does not fit whole is kept without its files' text when that
 * fits (fileMemory.ts), before anything older is dropped. The new user turn is always kept,
 * even alone over budget. The kept history never starts with an assistant turn: a reply without
 * its question only confuses the model.
 */
export function selectHistory(
  previous: readonly Turn[],
  next: UserTurn,
  limits: HistoryLimits,
): SelectedHistory {
  let tokens = turnTokens(next);
  let start = previous.length;
  const kept: Turn[] = []; // newest first
  // Once a turn's files were left out, every older turn's are too: older files go first.
  let lightening = false;
  while (start > 0 && previous.length - start + 1 < limits.maxTurns) {
    const turn = previous[start - 1] as Turn;
    const lighter = turn.role === 'user' && turn.files ? withoutFileText(turn.content) : undefined;
    let fitting: Turn = lightening && lighter !== undefined ? { ...turn, content: lighter } : turn;
    let candidate = turnTokens(fitting);
    if (tokens + candidate > limits.maxTokens) {
      if (lighter === undefined || fitting !== turn) break;
      fitting = { ...turn, content: lighter };
      candidate = turnTokens(fitting);
      if (tokens + candidate > limits.maxTokens) break;
      lightening = true;
    }
    tokens += candidate;
    kept.push(fitting);
    start -= 1;
  }
  kept.reverse();
  while (kept[0]?.role === 'assistant') {
    tokens -= turnTokens(kept.shift() as Turn);
    start += 1;
  }
  return { turns: [...kept, next], dropped: start, estimatedTokens: tokens };
}

/**
 * How much of the history budget the conversation fills once this reply is in it, in whole
 * percent (at most 100: anything beyond is dropped from the next request).
 */
export function contextPercent(usedTokens: number, budgetTokens: number): number {
  if (budgetTokens <= 0) return 100;
  return Math.min(100, Math.round((usedTokens * 100) / budgetTokens));
}

/**
 * The turns a regeneration starts from, or undefined unless `turnId` is the latest reply and
 * `pressed` (the message whose button was pressed, where it was pressed) is that reply's
 * message. The button's id is the member's to craft; the pressed message is Discord's word, so
 * no button elsewhere (another channel, another server) reaches this conversation.
 */
export function regenerationBase(
  turns: readonly Turn[],
  turnId: string,
  pressed: MessageRef,
): { previous: readonly Turn[]; userTurn: UserTurn } | undefined {
  const last = turns.at(-1);
  const before = turns.at(-2);
  if (last?.role !== 'assistant' || last.id !== turnId || before?.role !== 'user') return undefined;
  const reply = last.reply;
  if (reply?.messageId !== pressed.messageId || reply.channelId !== pressed.channelId) return undefined;
  return { previous: turns.slice(0, -2), userTurn: before };
}
