/**
 * What of a channel's conversation goes to the service: pure functions over stored turns.
 */
import type { ChatMessage } from '../service/types.js';
import { estimateTokens } from '../tokens.js';

export interface UserTurn {
  readonly role: 'user';
  readonly content: string;
  readonly authorId: string;
  readonly authorName: string;
  /** Unix ms. */
  readonly time: number;
}

/** The options a member gave explicitly, kept so Regenerate asks the same way. */
export interface TurnOptions {
  readonly model?: string | undefined;
  readonly temperature?: number | undefined;
  readonly maxTokens?: number | undefined;
}

export interface AssistantTurn {
  readonly role: 'assistant';
  readonly content: string;
  readonly time: number;
  /** Identifies the reply for its Regenerate button. */
  readonly id?: string | undefined;
  readonly options?: TurnOptions | undefined;
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
 * Keeps the newest turns that fit the token budget and the turn cap, oldest dropped first.
 * The new user turn is always kept, even alone over budget. The kept history never starts
 * with an assistant turn: a reply without its question only confuses the model.
 */
export function selectHistory(
  previous: readonly Turn[],
  next: UserTurn,
  limits: HistoryLimits,
): SelectedHistory {
  let tokens = turnTokens(next);
  let start = previous.length;
  while (start > 0 && previous.length - start + 1 < limits.maxTurns) {
    const candidate = turnTokens(previous[start - 1] as Turn);
    if (tokens + candidate > limits.maxTokens) break;
    tokens += candidate;
    start -= 1;
  }
  while (start < previous.length && previous[start]?.role === 'assistant') {
    tokens -= turnTokens(previous[start] as Turn);
    start += 1;
  }
  return { turns: [...previous.slice(start), next], dropped: start, estimatedTokens: tokens };
}

/**
 * How much of the history budget the conversation fills once this reply is in it, in whole
 * percent (at most 100: anything beyond is dropped from the next request).
 */
export function contextPercent(usedTokens: number, budgetTokens: number): number {
  if (budgetTokens <= 0) return 100;
  return Math.min(100, Math.round((usedTokens * 100) / budgetTokens));
}

/** The longest message the bot takes as a prompt (a /ask option or a message to the bot). */
export const PROMPT_MAX_LENGTH = 4000;

/** A prompt's problem in a sentence, or undefined when it is fine. */
export function promptProblem(prompt: string): string | undefined {
  if (prompt === '') return 'Your prompt is empty. Write something to ask.';
  if (prompt.length > PROMPT_MAX_LENGTH) {
    return `Your prompt is ${prompt.length} characters; the limit is ${PROMPT_MAX_LENGTH}.`;
  }
  return undefined;
}
