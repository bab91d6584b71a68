/**
 * Counts the bot's invalid Discord requests: answers 401, 403 and 429 (a 429 of a shared
 * resource excepted, which Discord does not count). Discord bans the bot's address for a while
 * once they reach 10,000 in 10 minutes; at 1,000 in the last 10 minutes the log gets a warning,
 * at most once per window. Every REST client the bot uses is watched through discord.js's
 * `response` event, which fires for every answer, retried ones included.
 */
import { type REST, RESTEvents, type ResponseLike } from 'discord.js';
import { type Clock, systemClock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';

export const INVALID_REQUESTS_WARNING =
  'many invalid Discord requests (401/403/429): Discord bans the bot for a while at 10,000 in 10 minutes';

const INVALID = [401, 403, 429] as const;
type InvalidStatus = (typeof INVALID)[number];

export interface RestHealthOptions {
  readonly logger: Logger;
  readonly clock?: Clock;
  /** The sliding window (default 10 minutes, Discord's). */
  readonly windowMs?: number;
  /** Invalid answers in the window that trigger the warning (default 1,000). */
  readonly warnAt?: number;
}

export interface RestHealth {
  /** Counts this client's answers from now on. */
  watch(rest: REST): void;
  /** Counts one answer (what `watch` does for each). */
  record(response: Pick<ResponseLike, 'status' | 'headers'>): void;
  /** Invalid answers in the last window. */
  count(): number;
  /** The same, by status. */
  counts(): Record<InvalidStatus, number>;
  /** Invalid answers since the bot started, by status (for the metrics, which never go down). */
  totals(): Record<InvalidStatus, number>;
}

const isInvalid = (status: number): status is InvalidStatus =>
  (INVALID as readonly number[]).includes(status);

export function createRestHealth(options: RestHealthOptions): RestHealth {
  const { logger } = options;
  const clock = options.clock ?? systemClock;
  const windowMs = options.windowMs ?? 10 * 60_000;
  const warnAt = options.warnAt ?? 1_000;
  // The invalid answers of the window, oldest first, from `head` on (a queue without shifting).
  const times: number[] = [];
  const statuses: InvalidStatus[] = [];
  let head = 0;
  let warnedAt = Number.NEGATIVE_INFINITY;
  const totals: Record<InvalidStatus, number> = { 401: 0, 403: 0, 429: 0 };

  const prune = (now: number) => {
    while (head < times.length && (times[head] as number) <= now - windowMs) head += 1;
    if (head > 1024 && head * 2 > times.length) {
      times.splice(0, head);
      statuses.splice(0, head);
      head = 0;
    }
  };
  const counts = () => {
    prune(clock.now());
    const by: Record<InvalidStatus, number> = { 401: 0, 403: 0, 429: 0 };
    for (let i = head; i < statuses.length; i += 1) by[statuses[i] as InvalidStatus] += 1;
    return by;
  };

  const health: RestHealth = {
    watch(rest) {
      rest.on(RESTEvents.Response, (_request, response) => health.record(response));
    },
    record(response) {
      const { status } = response;
      if (!isInvalid(status)) return;
      if (status === 429 && response.headers.get('x-ratelimit-scope') === 'shared') return;
      totals[status] += 1;
      const now = clock.now();
      times.push(now);
      statuses.push(status);
      prune(now);
      const count = times.length - head;
      if (count >= warnAt && now >= warnedAt + windowMs) {
        warnedAt = now;
        logger.warn({ count, windowMs, statuses: counts() }, INVALID_REQUESTS_WARNING);
      }
    },
    count() {
      prune(clock.now());
      return times.length - head;
    },
    counts,
    totals: () => ({ ...totals }),
  };
  return health;
}
