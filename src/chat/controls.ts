/**
 * The buttons under a chat reply. Their custom ids carry only an id: what Stop acts on lives in
 * memory (a reply being streamed or queued), what Regenerate acts on in the store (the latest
 * reply of a conversation), so Regenerate works after a restart. Chat replies' buttons are
 * handled by /ask, whichever way the reply was asked for.
 */

import type { Translator } from '../i18n/translator.js';
import { buttonId, buttonRow, type MessageComponents } from '../reply/buttons.js';

export const STOP_ACTION = 'stop';
export const REGENERATE_ACTION = 'regenerate';
const COMMAND = 'ask';

/** `t`: the voice of the reply's readers (its buttons are the channel's). */
export function stopControls(t: Translator, stopId: string): MessageComponents {
  return [buttonRow(t.t('chat.stop'), '⏹️', buttonId(COMMAND, STOP_ACTION, stopId))];
}

/** The conversation is named too: a thread's first reply sits in the parent channel. */
export function regenerateControls(t: Translator, conversationId: string, turnId: string): MessageComponents {
  return [
    buttonRow(
      t.t('chat.regenerate'),
      '🔄',
      buttonId(COMMAND, REGENERATE_ACTION, `${conversationId}:${turnId}`),
    ),
  ];
}

/** A reply being streamed or queued, so Stop can reach it. */
export interface ActiveReply {
  /** Who asked (who may stop it besides moderators). */
  readonly userId: string;
  readonly controller: AbortController;
}

/** The reason a reply was aborted by its Stop button: who pressed it. */
export class StoppedByMember extends Error {
  constructor(readonly memberName: string) {
    super(`stopped by ${memberName}`);
  }
}

/** Presses Stop on an active reply, if the presser may: the asker, or a member who manages messages. */
export function stopReply(
  activeReplies: ReadonlyMap<string, ActiveReply>,
  stopId: string,
  presser: { userId: string; name: string; canManageMessages: boolean },
): 'stopped' | 'finished' | 'forbidden' {
  const active = activeReplies.get(stopId);
  if (!active) return 'finished';
  if (active.userId !== presser.userId && !presser.canManageMessages) return 'forbidden';
  active.controller.abort(new StoppedByMember(presser.name));
  return 'stopped';
}
