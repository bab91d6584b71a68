/**
 * Fair use of the service in a guild: each member gets a number of requests per minute (the
 * guild's setting, else the operator's default), and at most one chat request in flight (queued
 * or running) per channel, so nobody can fill a channel's queue alone (and one image request).
 *
 * Counting is rate-limiter-flexible's in-memory fixed window per member and guild: state is
 * per process, which is where a guild's events arrive (see keyedQueue.ts), and a restart
 * forgets it, which errs on the member's side.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Translator } from '../i18n/translator.js';

export type Slot = { readonly ok: true; release(): void } | { readonly ok: false; readonly message: string };

export interface FairUseRequest {
  readonly guildId: string | null;
  readonly channelId: string;
  readonly userId: string;
  /** One chat and one image request may be in flight at once per member and channel. */
  readonly kind: 'chat' | 'image';
  readonly perMinute: number;
  /** Whose words a refusal is in: who reads it. */
  readonly voice: Translator;
}

/** A request holding its slot: queued or running (the dashboard's "requests in progress"). */
export interface InProgress {
  readonly kind: 'chat' | 'image';
  readonly channelId: string;
  readonly userId: string;
  /** When the slot was claimed (ms since the epoch). */
  readonly since: number;
}

export interface FairUse {
  /** Claims a slot for one request; `release` when it has finished (it is idempotent). */
  acquire(request: FairUseRequest): Promise<Slot>;
  /** The requests of a server (null: DMs) holding a slot now, oldest first. */
  inProgress(guildId: string | null): InProgress[];
}

export function createFairUse(now: () => number = Date.now): FairUse {
  // One limiter per distinct limit: rate-limiter-flexible fixes the points per instance.
  const limiters = new Map<number, RateLimiterMemory>();
  // One entry per slot held, so as many as requests in flight (each ends with its release).
  const inFlight = new Map<string, InProgress & { readonly guildId: string | null }>();

  const limiter = (perMinute: number) => {
    let found = limiters.get(perMinute);
    if (!found) {
      found = new RateLimiterMemory({ points: perMinute, duration: 60 });
      limiters.set(perMinute, found);
    }
    return found;
  };

  return {
    async acquire({ guildId, channelId, userId, kind, perMinute, voice }) {
      const busyKey = `${kind}:${channelId}:${userId}`;
      if (inFlight.has(busyKey)) {
        return {
          ok: false,
          message: voice.t(kind === 'chat' ? 'errors.chatBusy' : 'errors.imagesBusy'),
        };
      }
      // Claimed before the await, so two requests arriving together cannot both pass.
      inFlight.set(busyKey, { guildId, channelId, userId, kind, since: now() });
      try {
        await limiter(perMinute).consume(`${guildId ?? 'dm'}:${userId}`);
      } catch (error) {
        inFlight.delete(busyKey);
        if (!(error instanceof RateLimiterRes)) throw error;
        return {
          ok: false,
          message: voice.t(guildId ? 'errors.tooFastServer' : 'errors.tooFastBot', {
            perMinute,
            wait: voice.wait(Math.max(1000, error.msBeforeNext)),
          }),
        };
      }
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          inFlight.delete(busyKey);
        },
      };
    },
    inProgress(guildId) {
      return [...inFlight.values()]
        .filter((entry) => entry.guildId === guildId)
        .map(({ kind, channelId, userId, since }) => ({ kind, channelId, userId, since }));
    },
  };
}
