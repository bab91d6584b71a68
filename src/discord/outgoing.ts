/**
 * An interaction's reply in the API's shape: the request for a message (reply/webhook.ts), and
 * what the webhook that writes it (interactionWebhook.ts) needs to go on through the bot token
 * when the interaction's token ends (botTokenContinuation.ts).
 */
import type { RawFile, REST } from 'discord.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { IS_COMPONENTS_V2 } from '../reply/layout.js';
import type { OutgoingMessage } from '../reply/webhook.js';
import { messageBody } from './messages.js';

/** The request for `message`: its body (never a ping), and its files as multipart. */
export function request(message: OutgoingMessage, flags?: number): { body: object; files?: RawFile[] } {
  const files = message.files ?? [];
  const v2 = message.layout === 'v2';
  // In V2 an upload shows only where a component names it: images in the gallery, the rest as
  // files. Worked out for cards only: a classic edit (most of a stream's) needs none of it.
  const inGallery = v2 ? new Set(message.card?.gallery?.map((item) => item.name)) : undefined;
  const media = inGallery
    ? { ...message.card, files: files.filter((file) => !inGallery.has(file.name)) }
    : {};
  const body = {
    ...messageBody(message.content, message.components, message.layout, media),
    ...((flags !== undefined || v2) && { flags: (flags ?? 0) | (v2 ? IS_COMPONENTS_V2 : 0) }),
    ...(files.length > 0 && {
      attachments: files.map((file, index) => ({ id: String(index), filename: file.name })),
    }),
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
