/**
 * Where an interaction's reply is written: the port the image service (and the chat's reply
 * sinks) write through. discord/interactionWebhook.ts implements it over the interaction's token,
 * going on through the bot token when the token ends.
 */

import type { MessageComponents } from './buttons.js';
import type { Card, Layout } from './layout.js';
import type { PremiumOffer } from './premium.js';
import type { RateBucket } from './rateBucket.js';
import type { ReplyFile } from './sink.js';

export interface OutgoingMessage {
  readonly content: string;
  /** Undefined leaves a message's buttons as they are. */
  readonly components?: MessageComponents | undefined;
  /** Attachments (uploaded as multipart, each with its content type when it has one). */
  readonly files?: readonly ReplyFile[] | undefined;
  /**
   * V2 or classic (default). A message keeps the layout it was first written in: the webhook
   * writes a V2 message as V2 whatever a later write asks (Discord cannot take the flag off).
   */
  readonly layout?: Layout | undefined;
  /** In V2: which files are images in a gallery (with alt text), the small text under them, the accent. */
  readonly card?: Pick<Card, 'gallery' | 'caption' | 'captionButton' | 'accent'> | undefined;
}

export interface InteractionWebhook {
  /** Edits the interaction's first response; resolves to its message id. */
  editOriginal(message: OutgoingMessage): Promise<string>;
  /** Posts a follow-up; resolves to its message id. */
  followUp(message: OutgoingMessage & { readonly private?: boolean }): Promise<string>;
  editFollowUp(id: string, message: OutgoingMessage): Promise<void>;
  /**
   * Withdraws the (deferred) first response and tells the member privately why; `offer`: what a
   * spent plan's refusal offers them to buy (premium buttons, shown to that reader only).
   */
  withdraw(content: string, offer?: PremiumOffer, layout?: Layout): Promise<void>;
  /** Whether writes now go through the bot token (the interaction's token ended or was refused). */
  usesBotToken?(): boolean;
  /** What Discord last said about the writes' rate-limit bucket (render/rateBucket.ts). */
  rateBucket?(): RateBucket | undefined;
  /** Follow-ups it may still post (Discord's limit for user installs); undefined: no limit. */
  followUpsLeft?(): number | undefined;
  /** Whether Discord refused the V2 layout for this interaction: its new messages are classic. */
  layoutRefused?(): boolean;
}

export interface TokenWebhook extends InteractionWebhook {
  /** The id of the first response (GET @original). */
  originalId(): Promise<string>;
}
