/**
 * The end of a reply that has no bot token to go on with. Where the app is installed to the
 * member only and the bot is not present (a group DM, a DM between users, a server that did not
 * add it), nothing but the interaction's token can write, and only for its 15 minutes. So a
 * reply still running when the bot token would take over elsewhere (a minute before the token
 * ends: discord/tokenLifetime.ts) is stopped as Stop stops it: the text so far stays, with a note
 * saying why, and what the service did is charged. One still waiting in line never reaches the
 * service and costs nothing.
 */
import type { Translator } from '../i18n/translator.js';
import { ServiceError, sentences } from '../service/errors.js';
import type { Usage } from '../service/types.js';
import { note } from './notes.js';

/** The reason a reply was stopped at its token's deadline. */
export class TokenDeadline extends Error {
  constructor(readonly ttlMs: number) {
    super('the interaction token is about to expire and no bot token can go on');
  }

  /** How the reply ends: a reply that took too long (outcome `reply_timeout`), charged as such. */
  ending(usage: Usage | undefined, hasText: boolean): ServiceError {
    return new ServiceError({
      kind: 'reply_timeout',
      say: sentences(
        (t) => t.t('chat.deadlineStopped', { reason: deadlineReason(t, this.ttlMs) }),
        (t) => t.t(hasText ? 'errors.replyCut' : 'errors.noReply'),
      ),
      usage,
      cause: this,
    });
  }
}

/** Why: Discord's limit where the app works through the command alone. */
export function deadlineReason(t: Translator, ttlMs: number): string {
  return t.t('chat.deadlineReason', { wait: t.wait(ttlMs) });
}

/** What a request still in line at its deadline says. */
export function deadlineInLine(t: Translator, ttlMs: number): string {
  return note(t.t('chat.deadlineInLine', { reason: deadlineReason(t, ttlMs) }));
}

/** A signal aborted at `deadline` (ms since the epoch, by `now`) with a TokenDeadline; `clear` it when done. */
export function deadlineSignal(
  deadline: number,
  ttlMs: number,
  now: number,
): { readonly signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TokenDeadline(ttlMs)), Math.max(0, deadline - now));
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
