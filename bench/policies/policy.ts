/**
 * What a reference policy of the side-by-side benchmark (bench/sideBySide.ts) is given for one
 * reply, and what it must do: read the upstream's deltas in order and show them in Discord
 * through the interaction's messages, ending with the exact final text.
 *
 * The runner (bench/policies/runner.ts) does the rest the same way for every policy: it defers
 * the interaction (Discord's "thinking…", as our bot does), requests the stream from the service
 * with our bot's request shape, and writes through one discord.js REST client per policy process.
 */

/** One upstream chunk: its new text and, on the last one, why the reply ended. */
export interface Delta {
  readonly content: string;
  readonly finishReason: string | null;
}

/** A message of the reply: the interaction's original response or a follow-up. */
export interface Block {
  /** Replaces the message's content (PATCH); resolves when Discord has answered. */
  edit(content: string): Promise<void>;
}

export interface ReplyIo {
  /** The upstream's chunks as they arrive; the stream is paused while the policy awaits. */
  readonly deltas: AsyncIterable<Delta>;
  /** The deferred original response ("thinking…" until its first edit). */
  readonly original: Block;
  /** Posts a follow-up message with this content; resolves once Discord has created it. */
  followUp(content: string): Promise<Block>;
}

export interface Policy {
  readonly name: string;
  /** What the policy appends to a message while the reply is in progress ('' when nothing). */
  readonly indicator: string;
  reply(io: ReplyIo): Promise<void>;
}

/** Discord's limit on a message's content. */
export const MESSAGE_LIMIT = 2000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
