/** The rules for what a member asks (pure): how long, and never blank. */
import type { MessageKey, MessageValues } from '../i18n/translator.js';
import { isBlank } from '../lib/blank.js';

/** The longest message the bot takes as a chat prompt (a /ask option or a message to the bot). */
export const PROMPT_MAX_LENGTH = 4000;

/** A sentence for the member: its catalog key and values (said in the reader's words). */
export interface Problem {
  readonly key: MessageKey;
  readonly values?: MessageValues;
}

/**
 * A prompt's problem, or undefined when it is fine. `empty`: the sentence for an empty prompt,
 * saying what to write.
 */
export function promptProblem(
  prompt: string,
  limit = PROMPT_MAX_LENGTH,
  empty: MessageKey = 'chat.promptEmpty',
): Problem | undefined {
  if (isBlank(prompt)) return { key: empty };
  if (prompt.length > limit) return { key: 'chat.promptTooLong', values: { length: prompt.length, limit } };
  return undefined;
}
