/**
 * Budgets of edits per second shared by every stream of one kind in the process: each stream's
 * edits are spaced so that all of them together stay under the budget.
 *
 * - Replies edited with the bot token (answers to mentions, replies and DMs) share Discord's
 *   global limit of 50 requests per second with everything else the bot does. When every stream
 *   edits as often as its own bucket allows, the global queue fills up and every edit waits in
 *   it; a budget under the limit keeps the queue short, so each edit shows newer text.
 * - Interaction-token replies (/ask) have no global limit at Discord, but each edit costs the
 *   process CPU (about 0.25 ms through discord.js's REST client and undici, and garbage to
 *   collect). Up to a few hundred streams their buckets set the pace (one edit per ~0.4 s each);
 *   beyond that, edits at every bucket's pace would take most of a core and the event loop would
 *   fall behind every stream at once. STREAM_EDITS_PER_SECOND caps them (bench/capacity.ts:
 *   at 1,000 streams, event-loop delay p99 35 ms with 800 per second against 85-125 ms uncapped).
 */
export interface EditPacing {
  /** Registers a stream; call the returned function when it ends. */
  start(): () => void;
  /** The least time between two edits of one stream now, so all of them stay under the budget. */
  sharedIntervalMs(): number;
}

/** Edits per second all bot-token streams may use together (the rest is for posts, typing…). */
export const BOT_TOKEN_EDITS_PER_SECOND = 40;

/** Edits per second all interaction-token streams may use together (STREAM_EDITS_PER_SECOND). */
export const STREAM_EDITS_PER_SECOND = 800;

export function createEditPacing(editsPerSecond = BOT_TOKEN_EDITS_PER_SECOND): EditPacing {
  let active = 0;
  return {
    start() {
      active += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        active -= 1;
      };
    },
    sharedIntervalMs() {
      return Math.ceil((active * 1000) / editsPerSecond);
    },
  };
}
