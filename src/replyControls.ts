/**
 * The buttons under a chat reply. Their custom ids carry only an id (Discord allows 100
 * characters); what the button acts on lives in memory (a reply being streamed: Stop) or in
 * the store (the latest reply of a conversation: Regenerate), so Regenerate works after a restart.
 */
import { buttonId, buttonRow } from './command.js';
import type { MessageComponents } from './render/streamRenderer.js';

export const STOP_ACTION = 'stop';
export const REGENERATE_ACTION = 'regenerate';

/** Chat replies' buttons are handled by /ask, whichever way the reply was asked for. */
const COMMAND = 'ask';

export function stopControls(stopId: string): MessageComponents {
  return [buttonRow('Stop', '⏹️', buttonId(COMMAND, STOP_ACTION, stopId))];
}

/** The conversation is named too: a thread's first reply sits in the parent channel. */
export function regenerateControls(conversationId: string, turnId: string): MessageComponents {
  return [buttonRow('Regenerate', '🔄', buttonId(COMMAND, REGENERATE_ACTION, `${conversationId}:${turnId}`))];
}

/** A reply being streamed, so Stop can reach it. */
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
