/**
 * What writes an interaction's reply: the message, its request in the API's shape, and the
 * webhook that writes it (interactionWebhook.ts), which goes on through the bot token when the
 * interaction's token ends (botTokenContinuation.ts).
 */
import type { RawFile, REST } from 'discord.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { MessageComponents } from './buttons.js';
import { messageBody } from './messages.js';
import type { RateBucket } from './render/rateBucket.js';
import type { ReplyFile } from './render/sink.js';

export interface OutgoingMessage {
  readonly content: string;
  /** Undefined leaves a message's buttons as they are. */
  readonly components?: MessageComponents | undefined;
  /** Attachments (uploaded as multipart, each with its content type when it has one). */
  readonly files?: readonly ReplyFile[] | undefined;
}

/** The request for `message`: its body (never a ping), and its files as multipart. */
export function request(message: OutgoingMessage, flags?: number): { body: object; files?: RawFile[] } {
  const files = message.files ?? [];
  const body = {
    ...messageBody(message.content, message.components),
    ...(flags !== undefined && { flags }),
    ...(files.length > 0 && { attachments: files.map((file, id) => ({ id, filename: file.name })) }),
  };
  return files.length > 0 ? { body, files: files.map((file) => ({ ...file })) } : { body };
}

/** What replies need to go on through the bot token once their interaction's token ends. */
export interface BotTokenContinuation {
  /** The bot's REST client (bot token, under the global limit). */
  readonly rest: REST;
  /** How long interaction tokens live (default: Discord's 15 minutes; tests shorten it). */
  readonly tokenTtlMs?: number | undefined;
  readonly clock: Clock;
  readonly logger: Logger;
  /** What a refusal says once only the channel can read it, in the server's language (i18n). */
  readonly publicRefusal: (guildLocale: string | null | undefined) => string;
}

export interface InteractionWebhook {
  /** Edits the interaction's first response; resolves to its message id. */
  editOriginal(message: OutgoingMessage): Promise<string>;
  /** Posts a follow-up; resolves to its message id. */
  followUp(message: OutgoingMessage & { readonly private?: boolean }): Promise<string>;
  editFollowUp(id: string, message: OutgoingMessage): Promise<void>;
  /** Withdraws the (deferred) first response and tells the member privately why. */
  withdraw(content: string): Promise<void>;
  /** Whether writes now go through the bot token (the interaction's token ended or was refused). */
  usesBotToken?(): boolean;
  /** What Discord last said about the writes' rate-limit bucket (render/rateBucket.ts). */
  rateBucket?(): RateBucket | undefined;
  /** Follow-ups it may still post (Discord's limit for user installs); undefined: no limit. */
  followUpsLeft?(): number | undefined;
}

export interface TokenWebhook extends InteractionWebhook {
  /** The id of the first response (GET @original). */
  originalId(): Promise<string>;
}
