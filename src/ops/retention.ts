/**
 * Retention: what the bot stores with a lifetime is removed once that lifetime ends, on every
 * store. keyv removes an expired value only when it is read again, and SQLite and PostgreSQL have
 * no expiry of their own, so a sweep lists each kind of record by its key prefix, a page at a
 * time, and has the store remove the expired ones in one conditional statement per page
 * (stores/backend.ts `expire`): a record its owner rewrote meanwhile is kept, so the sweep needs
 * no lock and may run beside the processes that own the records. Records an earlier version
 * stored without a lifetime get one on the way (from now; ledger entries from their own time).
 * Redis removes expired keys itself: there the sweep only gives legacy keys their lifetime, once.
 *
 * Each capability declares the records it keeps with a lifetime, next to their keys, as a list of
 * RetentionRule (imagineRequests.ts, askTargets.ts, conversationStore.ts, dashboard/sessions.ts,
 * editInbox.ts, presence.ts, spend/memberDay.ts, budgetAlerts.ts, ledgerKeys.ts); src/app/retention.ts
 * hands the sweeper their combined list. This module knows no key of its own but the one below.
 * What is kept, and for how long: docs/operators.md "What is kept, and for how long".
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Lifetime, Store } from '../lib/store.js';

export const DAY_MS = 86_400_000;

/** One kind of record with a lifetime, declared by the capability that writes it. */
export interface RetentionRule {
  /** What the records are, for logs. */
  readonly what: string;
  readonly prefix: string;
  /** Keys under the prefix that are this kind of record (default: all). */
  readonly matches?: (key: string) => boolean;
  readonly lifetime: Lifetime;
  /** Why the records may go once that lifetime ends. */
  readonly why: string;
}

export type SweepCounts = Record<string, { removed: number; stamped: number; listed: number }>;

export interface Sweeper {
  /** One pass over every rule; resolves with what it removed and stamped per kind of record. */
  sweep(): Promise<SweepCounts>;
  /** Sweeps after `firstDelayMs`, then every `intervalMs`, until `stop`. */
  start(): void;
  /** Stops the timer, and a pass under way after its current page. */
  stop(): Promise<void>;
}

export interface SweeperOptions {
  readonly store: Store;
  readonly rules: readonly RetentionRule[];
  readonly clock: Clock;
  readonly logger: Logger;
  /** Keys listed and checked per store call (default 1,000). */
  readonly pageSize?: number;
  /** Default 60 s: the first pass waits for start-up to finish. */
  readonly firstDelayMs?: number;
  /** Default 6 hours. */
  readonly intervalMs?: number;
}

/** Redis keeps no record of a finished legacy pass otherwise: one key says it was done. */
const REDIS_STAMPED_KEY = 'retention:legacy-stamped';

export function createSweeper(options: SweeperOptions): Sweeper {
  const { store, rules, clock, logger } = options;
  const pageSize = options.pageSize ?? 1_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<SweepCounts> | undefined;

  async function pass(): Promise<SweepCounts> {
    const counts: SweepCounts = {};
    if (store.expiresItself && (await store.get(REDIS_STAMPED_KEY)) === true) return counts;
    for (const rule of rules) {
      const count = { removed: 0, stamped: 0, listed: 0 };
      counts[rule.what] = count;
      for await (const page of store.keys(rule.prefix, pageSize)) {
        const keys = rule.matches ? page.filter(rule.matches) : page;
        count.listed += keys.length;
        if (keys.length > 0) {
          const done = await store.expire(keys, clock.now(), rule.lifetime);
          count.removed += done.removed;
          count.stamped += done.stamped;
        }
        if (stopped) return counts;
        // A page at a time, so requests' store calls are never queued behind a whole pass.
        await yieldToRequests();
      }
    }
    if (store.expiresItself) await store.set(REDIS_STAMPED_KEY, true);
    return counts;
  }

  function sweep(): Promise<SweepCounts> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      const started = clock.now();
      sweep().then(
        (counts) => {
          logger.info({ counts, ms: clock.now() - started }, 'retention: expired records removed');
          schedule(options.intervalMs ?? 6 * 60 * 60 * 1000);
        },
        (error: unknown) => {
          logger.error(
            { err: error },
            'retention: the store refused the sweep; expired records stay until the next one',
          );
          schedule(options.intervalMs ?? 6 * 60 * 60 * 1000);
        },
      );
    }, delayMs);
    timer.unref();
  }

  return {
    sweep,
    start: () => schedule(options.firstDelayMs ?? 60_000),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
