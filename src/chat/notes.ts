/**
 * The small grey lines under a chat reply (Discord's `-#` subtext): how it ended, what it cost,
 * how full the conversation's memory is, in the words of whoever reads the reply. Pure: the turn
 * decides which apply.
 */

import type { Translator } from '../i18n/translator.js';
import { shownName } from '../reply/names.js';
import type { ChatResult, Usage } from '../service/types.js';
import type { Ending } from './types.js';

export function note(text: string): string {
  return `-# ${text}`;
}

/** A turn's extra note with one more line (each line after the first is subtext of its own). */
export function withLine(notes: string | undefined, line: string): string {
  return notes ? `${notes}\n${note(line)}` : line;
}

/** What to say under a reply that completed, if anything. */
export function completionNote(t: Translator, result: ChatResult, maxTokens: number): string | undefined {
  if (result.text.trim() === '') return note(t.t('chat.emptyReply'));
  if (result.truncated) return note(t.t('chat.noEndMarker'));
  if (result.finishReason === 'length') return note(t.t('chat.maxTokens', { maxTokens }));
  if (result.finishReason !== null && result.finishReason !== 'stop') {
    return note(t.t('chat.stoppedEarly', { reason: result.finishReason }));
  }
  return undefined;
}

export function cancelledInLine(t: Translator): string {
  return note(t.t('chat.cancelledInLine'));
}

export function storageFailed(t: Translator): string {
  return note(t.t('chat.storageFailed'));
}

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

export function endingFacts(
  t: Translator,
  ending: Ending,
  shownText: string,
  maxTokens: number,
): EndingFacts {
  switch (ending.kind) {
    case 'completed': {
      const { result } = ending;
      return {
        text: result.text,
        usage: result.usage,
        outcome: result.truncated ? 'truncated' : (result.finishReason ?? 'completed'),
        headNote: completionNote(t, result, maxTokens),
        remembered: true,
      };
    }
    case 'stopped':
      return {
        text: shownText,
        usage: ending.usage,
        outcome: 'stopped',
        headNote: note(
          t.t(ending.usage ? 'chat.stoppedBy' : 'chat.stoppedByUncharged', {
            // The channel reads it: the name as typed, never markdown (reply/names.ts).
            name: shownName(ending.stoppedBy),
          }),
        ),
        remembered: true,
      };
    case 'failed':
      return {
        text: shownText,
        // A reply that broke off was (probably) billed: its usage as sent, or estimated.
        usage: ending.error.usage,
        outcome: ending.error.kind,
        headNote: note(`⚠️ ${ending.shuttingDown ? t.t('chat.restartingCut') : ending.error.describe(t)}`),
        remembered: false,
      };
  }
}

/** "context 63 %", and once per conversation a word that old turns are being dropped. */
export function contextText(t: Translator, percent: number, firstDrop: boolean): string {
  return t.t(firstDrop ? 'chat.contextDropping' : 'chat.context', { percent });
}

/** The last line: context and cost, whichever are shown. */
export function footerLine(context: string | undefined, cost: string | undefined): string | undefined {
  const parts = [context, cost].filter(Boolean);
  return parts.length > 0 ? note(parts.join(' · ')) : undefined;
}
