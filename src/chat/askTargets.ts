/**
 * "Ask about this message" opens a form; the message it asks about waits here until the form is
 * submitted. Discord sends the message (its text, author and attachments) with the menu's
 * interaction, not with the form's submit, and a form's custom id holds 100 characters: so the
 * form carries only a key, and the message is kept in keyv (surviving a restart) for an hour,
 * taken once by the member who opened the form.
 */
import { randomUUID } from 'node:crypto';
import type { AttachmentInfo } from '../files/attachments.js';
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';

export interface AskTarget {
  /** Who opened the form: only they may submit it. */
  readonly userId: string;
  /** The channel the menu was used in: the form's answer goes there. */
  readonly channelId: string;
  readonly authorName: string;
  readonly text: string;
  readonly link: string;
  readonly attachments: readonly AttachmentInfo[];
}

export interface AskTargets {
  save(target: AskTarget): Promise<string>;
  /**
   * The target saved under `key` for this member and channel (once: it is removed), or undefined
   * when expired, unknown, or another member's or channel's (a crafted form id).
   */
  take(key: string, userId: string, channelId: string): Promise<AskTarget | undefined>;
}

export const ASK_TARGET_PREFIX = 'ask-target:';
/** A form left open longer than this asks the member to use the menu again. */
export const ASK_TARGET_TTL_MS = 60 * 60 * 1000;

export const askTargetRetention: readonly RetentionRule[] = [
  {
    what: 'messages open in "Ask about this message" forms',
    prefix: ASK_TARGET_PREFIX,
    lifetime: { ms: ASK_TARGET_TTL_MS, fromValueTime: false },
    why: 'a form left open longer asks the member to use the menu again',
  },
];

export function createAskTargets(store: Store): AskTargets {
  return {
    async save(target) {
      const key = randomUUID().replaceAll('-', '');
      await store.set(`${ASK_TARGET_PREFIX}${key}`, target, ASK_TARGET_TTL_MS);
      return key;
    },
    async take(key, userId, channelId) {
      if (!/^[0-9a-f]{32}$/.test(key)) return undefined;
      const target = (await store.get(`${ASK_TARGET_PREFIX}${key}`)) as AskTarget | undefined;
      if (target?.userId !== userId || target.channelId !== channelId) return undefined;
      await store.delete(`${ASK_TARGET_PREFIX}${key}`);
      return target;
    },
  };
}
