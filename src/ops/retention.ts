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
 * Kept, and for how long (docs/operators.md "What is kept, and for how long"):
 * - `/imagine` requests (for Reroll): 30 days from the request;
 * - the message an "Ask about this message" form is open on: an hour (taken when it is submitted);
 * - which budget alerts a server was sent in a month: 62 days;
 * - a channel's conversation: CONVERSATION_RETENTION_DAYS (default 90) after its last turn;
 * - a billed request's ledger entry: LEDGER_ENTRY_RETENTION_DAYS (default 400) after the request;
 *   the day totals and month totals built from them stay (budgets, /usage, the operator report).
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { ASK_TARGET_PREFIX, ASK_TARGET_TTL_MS } from '../chat/askTargets.js';
import { APPLIED_PREFIX, APPLIED_TTL_MS, LIVE_PREFIX, LIVE_TTL_MS } from '../dashboard/editInbox.js';
import { GUILDS_PREFIX, PUBLISHED_TTL_MS } from '../dashboard/presence.js';
import { MEMBER_PREFIX, SESSION_PREFIX, SESSION_TTL_MS } from '../dashboard/sessions.js';
import { IMAGINE_REQUEST_TTL_MS } from '../images/imagineRequests.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Lifetime, Store } from '../lib/store.js';
import { MEMBER_DAY_PREFIX, MEMBER_DAY_TTL_MS } from '../spend/memberDay.js';

export const DAY_MS = 86_400_000;

export interface RetentionRule {
  /** What the records are, for logs. */
  readonly what: string;
  readonly prefix: string;
  /** Keys under the prefix that are this kind of record (default: all). */
  readonly matches?: (key: string) => boolean;
  readonly lifetime: Lifetime;
}

export interface RetentionSettings {
  readonly conversationRetentionDays: number;
  readonly ledgerEntryRetentionDays: number;
}

const LEDGER_ENTRY = /^ledger:[^:]+:entry:\d+$/;

export function retentionRules(settings: RetentionSettings): RetentionRule[] {
  return [
    {
      what: 'imagine requests',
      prefix: 'imagine:',
      lifetime: { ms: IMAGINE_REQUEST_TTL_MS, fromValueTime: false },
    },
    {
      what: 'messages open in "Ask about this message" forms',
      prefix: ASK_TARGET_PREFIX,
      lifetime: { ms: ASK_TARGET_TTL_MS, fromValueTime: false },
    },
    {
      what: 'dashboard sessions',
      prefix: SESSION_PREFIX,
      lifetime: { ms: SESSION_TTL_MS, fromValueTime: false },
    },
    {
      what: "dashboard members' latest sessions",
      prefix: MEMBER_PREFIX,
      lifetime: { ms: SESSION_TTL_MS, fromValueTime: false },
    },
    {
      what: "answers to the dashboard's edits",
      prefix: APPLIED_PREFIX,
      lifetime: { ms: APPLIED_TTL_MS, fromValueTime: false },
    },
    {
      what: 'requests in progress told to the dashboard',
      prefix: LIVE_PREFIX,
      lifetime: { ms: LIVE_TTL_MS, fromValueTime: false },
    },
    {
      what: "each shard's servers published for the dashboard",
      prefix: GUILDS_PREFIX,
      lifetime: { ms: PUBLISHED_TTL_MS, fromValueTime: false },
    },
    {
      what: "members' day spend per shard",
      prefix: MEMBER_DAY_PREFIX,
      lifetime: { ms: MEMBER_DAY_TTL_MS, fromValueTime: false },
    },
    {
      what: 'budget alerts',
      prefix: 'budget-alerts:',
      lifetime: { ms: 62 * DAY_MS, fromValueTime: false },
    },
    {
      what: 'conversations',
      prefix: 'conversation:',
      lifetime: { ms: settings.conversationRetentionDays * DAY_MS, fromValueTime: false },
    },
    {
      what: 'ledger entries',
      prefix: 'ledger:',
      // Day aggregates and tallies share the prefix and stay.
      matches: (key) => LEDGER_ENTRY.test(key),
      lifetime: { ms: settings.ledgerEntryRetentionDays * DAY_MS, fromValueTime: true },
    },
  ];
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
