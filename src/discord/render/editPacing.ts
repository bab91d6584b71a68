/**
 * Pacing for replies edited with the bot token (answers to mentions, replies and DMs). Unlike
 * interaction webhooks, those requests share Discord's global limit of 50 per second with
 * everything else the bot does. When every stream edits as often as its own bucket allows, the
 * global queue fills up and every edit waits in it; spacing each stream's edits so that all of
 * them together stay under a budget keeps the queue short, so each edit shows newer text.
 */
export interface EditPacing {
  /** Registers a stream; call the returned function when it ends. */
  start(): () => void;
  /** The least time between two edits of one stream now, so all of them stay under the budget. */
  sharedIntervalMs(): number;
}

/** Edits per second all bot-token streams may use together (the rest is for posts, typing…). */
export const BOT_TOKEN_EDITS_PER_SECOND = 40;

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
