/**
 * The check of what a member wrote for /imagine or "Ask about this message" (pure): empty, or
 * longer than the limit, said in `t`'s language (the member's); `empty` says what to write.
 */

import type { Translator } from '../i18n/translator.js';
import { isBlank } from '../lib/blank.js';

export function promptCheck(
  t: Translator,
  prompt: string,
  limit: number,
  empty: 'images.promptEmpty' | 'images.askQuestionEmpty',
): string | undefined {
  if (isBlank(prompt)) return t.t(empty);
  if (prompt.length > limit) return t.t('images.promptTooLong', { length: prompt.length, limit });
  return undefined;
}
