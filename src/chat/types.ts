import type { Voices } from '../i18n/voices.js';
import type { Logger } from '../lib/logger.js';
import type { ServiceError } from '../service/errors.js';
import type { ChatMessage, ChatResult, Usage } from '../service/types.js';
import type { ChatSettings } from '../settings/resolve.js';
import type { PlanCharge } from '../spend/records.js';
import type { Conversation } from './conversationStore.js';
import type { MessageRef, SelectedHistory, Turn, TurnOptions, UserTurn } from './history.js';

/** What a turn asks the service for: an answer to a new message, or another take on the latest reply. */
export type TurnAsk =
  /** `withFiles`: the prompt carries members' files before the question (chat/fileMemory.ts). */
  | { readonly kind: 'new'; readonly prompt: string; readonly withFiles?: true }
  /** `pressed`: the message whose Regenerate button was pressed (checked again in the queue). */
  | { readonly kind: 'regenerate'; readonly turnId: string; readonly pressed: MessageRef };

/** One request for a reply in a channel's conversation, however it was asked for. */
export interface ChatTurn {
  readonly guildId: string | null;
  /** The conversation's channel (a thread opened by `/ask thread:true` has its own). */
  readonly channelId: string;
  /** Where the reply's messages are (differs from `channelId` for a thread's first reply). */
  readonly replyChannelId: string;
  /** Who is charged; for a new message also its author. */
  readonly userId: string;
  readonly userName: string;
  readonly ask: TurnAsk;
  /** Resolved when the request was admitted; they travel with the turn to its end. */
  readonly settings: ChatSettings;
  /**
   * Asked where the app works only because the member installed it to their account and the
   * bot is not present (discord/installContext.ts): billed to the member (spend/records.ts
   * userInstallScope), and nothing is written with the bot token.
   */
  readonly userInstall?: boolean;
  /** The member's explicit options, kept with the reply for Regenerate. */
  readonly options: TurnOptions;
  /**
   * The server's own service key (/config service-key): the service is called with it instead of
   * the operator's, and the charge is recorded as the server key's. Never logged or shown.
   */
  readonly serviceKey?: string;
  /** How a paid plan covers it (its reservation's), recorded with its charge. */
  readonly planCharge?: PlanCharge;
  /** A line shown under the reply whatever happens (e.g. why no thread was opened). */
  readonly extraNote?: string;
  /**
   * A fixed start of the reply's first message, e.g. /ask's question quoted (Discord shows others
   * only "… used /ask"; a reply to a member's message shows the message already). Remembered
   * with the reply, so its regeneration starts the same way. It must not open a code block.
   */
  readonly head?: string;
  /**
   * Who reads a refusal: the member alone (an interaction's private message, a DM), or the whole
   * channel (the reply to a member's message in a server). A channel is told which limit was
   * reached, never the member's spend or the caps.
   */
  readonly refusalsSeenBy: 'member' | 'channel';
  /**
   * Whose words the reply speaks: `server` for what the reply's readers see (its notes, buttons,
   * place in line; a reply only the member sees has the member's), `member` for them alone.
   */
  readonly voices: Voices;
}

/** The voice a refusal of the turn is said in (see `refusalsSeenBy`). */
export function refusalVoice(turn: Pick<ChatTurn, 'refusalsSeenBy' | 'voices'>) {
  return turn.refusalsSeenBy === 'member' ? turn.voices.member : turn.voices.server;
}

/** A turn ready to call the service: the one read of its conversation, and what it sends. */
export interface PreparedTurn {
  readonly log: Logger;
  readonly conversation: Conversation;
  /** The turns before this exchange (for a regeneration, without the replaced one). */
  readonly previous: readonly Turn[];
  readonly userTurn: UserTurn;
  readonly messages: readonly ChatMessage[];
  readonly history: SelectedHistory;
  /** Estimated tokens of what is sent: system prompt and history. */
  readonly promptTokens: number;
}

/** How a turn ended once the service was called: each way says only what differs. */
export type Ending =
  | { readonly kind: 'completed'; readonly result: ChatResult }
  | { readonly kind: 'stopped'; readonly stoppedBy: string; readonly usage: Usage | undefined }
  /** `shuttingDown`: the request was aborted because the bot is stopping. */
  | { readonly kind: 'failed'; readonly error: ServiceError; readonly shuttingDown: boolean };
