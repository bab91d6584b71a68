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

export interface AssistantTurn {
  readonly role: 'assistant';
  readonly content: string;
  readonly time: number;
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
