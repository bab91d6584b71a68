/**
 * Hands interactions that arrived over HTTP to the same handlers the gateway's reach, and says
 * when the endpoint may answer Discord: once the bot's callback (defer, reply, modal) has been
 * answered by Discord, or once the bot is done with the interaction without one, or at the
 * deadline (Discord stops waiting at 3 s: the request is answered then whatever happened).
 *
 * A signed request Discord sent once can be sent again by whoever saw it, within the endpoint's
 * freshness window: an interaction id seen in the last REPLAY_WINDOW_MS is not handled twice.
 */
import { type REST, RESTEvents } from 'discord.js';
import { MAX_AGE_S, MAX_AHEAD_S } from './signature.js';

/** Longer than any timestamp the endpoint accepts is fresh. */
export const REPLAY_WINDOW_MS = (MAX_AGE_S + MAX_AHEAD_S + 1) * 1000;
/** Ids remembered at most (a flood of distinct ids forgets the oldest first). */
export const REPLAY_MEMORY = 20_000;
/** When the endpoint answers Discord although the bot has not acknowledged yet. */
export const ACK_DEADLINE_MS = 2_800;

const CALLBACK_PATH = /^\/interactions\/(\d+)\/[^/]+\/callback$/;

export interface InteractionReceiver {
  /** Emits the interaction to the bot's handlers; resolves when its request may be answered. */
  receive(interaction: Record<string, unknown>): Promise<'acknowledged' | 'settled' | 'late' | 'replayed'>;
  /** The bot finished with this interaction (answered, refused or ignored). */
  settled(interactionId: string): void;
  /** Watches a REST client's callback requests (each one the bot may acknowledge through). */
  watch(rest: REST): void;
  /** Interactions waiting for their acknowledgement now. */
  readonly waiting: number;
}

export interface ReceiverOptions {
  /** Emits the raw interaction to the bot's handlers (discord/emitInteraction.ts). */
  readonly emit: (interaction: Record<string, unknown>) => void;
  readonly now?: () => number;
  readonly deadlineMs?: number;
}

export function createInteractionReceiver(options: ReceiverOptions): InteractionReceiver {
  const now = options.now ?? Date.now;
  const deadlineMs = options.deadlineMs ?? ACK_DEADLINE_MS;
  const waiting = new Map<string, (how: 'acknowledged' | 'settled') => void>();
  // Insertion-ordered: the oldest are first, so pruning stops at the first one still fresh.
  const seen = new Map<string, number>();

  const firstTime = (id: string): boolean => {
    const at = now();
    for (const [oldId, until] of seen) {
      if (until > at && seen.size < REPLAY_MEMORY) break;
      seen.delete(oldId);
    }
    if (seen.has(id)) return false;
    seen.set(id, at + REPLAY_WINDOW_MS);
    return true;
  };

  return {
    async receive(interaction) {
      const id = String(interaction.id ?? '');
      if (!firstTime(id)) return 'replayed';
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<'acknowledged' | 'settled' | 'late'>((resolve) => {
        waiting.set(id, resolve);
        timer = setTimeout(() => resolve('late'), deadlineMs);
      });
      try {
        options.emit(interaction);
        return await answered;
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    settled(interactionId) {
      waiting.get(interactionId)?.('settled');
    },
    watch(rest) {
      rest.on(RESTEvents.Response, (request) => {
        const id = CALLBACK_PATH.exec(String(request.path))?.[1];
        if (id !== undefined) waiting.get(id)?.('acknowledged');
      });
    },
    get waiting() {
      return waiting.size;
    },
  };
}
