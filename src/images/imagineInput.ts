/** What one /imagine generation is asked to do (images/imagine.ts runImagine). */

import type { Translator } from '../i18n/translator.js';
import type { Layout } from '../reply/layout.js';
import type { MemberCaps } from '../settings/memberCaps.js';
import type { PlanCharge } from '../spend/records.js';
import type { ImagineRequest } from './imagineRequests.js';

export interface ImagineInput {
  readonly request: ImagineRequest;
  readonly requestId: string;
  readonly guildId: string | null;
  readonly channelId: string;
  /** The interaction's upload limit (`attachment_size_limit`), when Discord sent one. */
  readonly attachmentSizeLimit: number | undefined;
  /** Whether the guild shows what a request cost (DMs always do). */
  readonly showCost: boolean;
  /** V2 cards (a gallery with alt text), or the classic layout where the server keeps it. */
  readonly layout?: Layout;
  /**
   * Asked where the app works only because the member installed it and the bot is not present:
   * billed to the member (spend/records.ts), ended by the token's deadline (chat/deadline.ts).
   */
  readonly userInstall?: { readonly deadline: AbortSignal; readonly ttlMs: number };
  /** The images as the service's links instead of files: the bot may not attach files here. */
  readonly linksOnly?: boolean;
  /**
   * The server's own service key (/config service-key): the service is called with it, and the
   * charge is recorded as the server key's. Never logged or shown.
   */
  readonly serviceKey?: string;
  /** How a paid plan covers it (set once reserved), recorded with its charge. */
  readonly planCharge?: PlanCharge;
  /** The member's caps from their roles' rule (access/roleGate.ts); absent: the server's. */
  readonly memberCaps?: MemberCaps;
  /**
   * Who reads what: `reply`, the reply's readers (the channel's language; the member's where the
   * reply is private); `member`, what only they read (a budget refusal, the note on images that
   * could not be posted); `server`, the budget alerts.
   */
  readonly words: { readonly reply: Translator; readonly member: Translator; readonly server: Translator };
}
