/**
 * The small grey lines under a chat reply (Discord's `-#` subtext): how it ended, what it cost,
 * how full the conversation's memory is. Pure: the turn decides which apply.
 */
import type { ChatResult, Usage } from '../service/types.js';
import type { Ending } from './types.js';

export function note(text: string): string {
  return `-# ${text}`;
}

/** What to say under a reply that completed, if anything. */
export function completionNote(result: ChatResult, maxTokens: number): string | undefined {
  if (result.text.trim() === '') return note('The model returned an empty reply.');
  if (result.truncated) {
    return note('⚠️ The service ended the stream without an end marker; this reply may be incomplete.');
  }
  if (result.finishReason === 'length')
    return note(`The reply stopped at the max_tokens limit (${maxTokens}).`);
  if (result.finishReason !== null && result.finishReason !== 'stop') {
    return note(`The service stopped the reply early (reason: ${result.finishReason}).`);
  }
  return undefined;
}

export const CANCELLED_IN_LINE = note('⏹️ Cancelled before it started; nothing was charged.');
export const STORAGE_FAILED = note(
  '⚠️ The bot could not save this exchange, so the next message may not remember it.',
);
export const RESTARTING = 'The bot is restarting, so this reply was cut short.';

/** What an ending means for the ledger, the memory and the first note under the reply. */
export interface EndingFacts {
  /** The reply's text as the member saw it. */
  readonly text: string;
  /** What to charge (the service's figures, or an estimate); none when nothing was billed. */
  readonly usage: Usage | undefined;
  /** The ledger entry's outcome. */
  readonly outcome: string;
  readonly headNote: string | undefined;
  /** Whether the exchange joins the conversation's memory (when it has text). */
  readonly remembered: boolean;
}

export function endingFacts(ending: Ending, shownText: string, maxTokens: number): EndingFacts {
  switch (ending.kind) {
    case 'completed': {
      const { result } = ending;
      return {
        text: result.text,
        usage: result.usage,
        outcome: result.truncated ? 'truncated' : (result.finishReason ?? 'completed'),
        headNote: completionNote(result, maxTokens),
        remembered: true,
      };
    }
    case 'stopped':
      return {
        text: shownText,
        usage: ending.usage,
        outcome: 'stopped',
        headNote: note(
          ending.usage
            ? `⏹️ Stopped by ${ending.stoppedBy}.`
            : `⏹️ Stopped by ${ending.stoppedBy} before the service answered; nothing was charged.`,
        ),
        remembered: true,
      };
    case 'failed':
      return {
        text: shownText,
        // A reply that broke off was (probably) billed: its usage as sent, or estimated.
        usage: ending.error.usage,
        outcome: ending.error.kind,
        headNote: note(`⚠️ ${ending.shuttingDown ? RESTARTING : ending.error.userMessage}`),
        remembered: false,
      };
  }
}

/** "context 63 %", and once per conversation a word that old turns are being dropped. */
export function contextText(percent: number, firstDrop: boolean): string {
  return `context ${percent} %${firstDrop ? ' · the oldest messages no longer fit and are being forgotten' : ''}`;
}

/** The last line: context and cost, whichever are shown. */
export function footerLine(context: string | undefined, cost: string | undefined): string | undefined {
  const parts = [context, cost].filter(Boolean);
  return parts.length > 0 ? note(parts.join(' · ')) : undefined;
}
