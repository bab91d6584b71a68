/**
 * Guild spend settings and budgets: a monthly cap for the guild, a daily cap per member, and an
 * alert channel; and the operator's caps from the environment: a daily cap per user in DMs, and
 * a monthly cap across every server and DM.
 *
 * Enforcement reserves a request's worst-case cost before the service is called and refuses it
 * when month-to-date spend + reservations in flight + this one would exceed a cap; the real cost
 * is charged after and the reservation released. Concurrent requests therefore cannot overshoot
 * together: the overshoot is bounded by how far a real cost exceeds its estimate.
 * Reservations live in memory: after a crash they are simply gone (nothing was charged for them).
 */

import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { Logger } from '../lib/logger.js';
import { countedLimits, createRecent } from '../lib/recent.js';
import { allShards, type ShardSet } from '../lib/shards.js';
import type { Store } from '../lib/store.js';
import { SETTINGS_CACHED } from '../settings/settingsStore.js';

export type { GuildSettings } from './guildSettings.js';
export type { RefusalText } from './memberCaps.js';
export type { Refusal, Reservation } from './refusals.js';

import type { MemberCaps } from '../settings/memberCaps.js';
import { type AlertsDue, createAlertsDue } from './budgetAlerts.js';
import { type CapKeys, capReached, capRefusalTexts } from './capRoom.js';
import { type GuildSettings, readGuildSettings, settingsKey } from './guildSettings.js';
import type { Ledger } from './ledger.js';
import { memberCapRefusal } from './memberCaps.js';
import { createMemberDaySpend } from './memberDay.js';
import { usageScope } from './records.js';
import {
  memberDayKeys,
  operatorCapNoRoom,
  operatorCapReached,
  type Refusal,
  type Reservation,
} from './refusals.js';

/** The operator's caps (src/config.ts), in micro-units; null: no cap. */
export interface OperatorCaps {
  readonly dmDailyCapMicros: number | null;
  readonly operatorMonthlyCapMicros: number | null;
  /** What a member's subscriptions add to their daily cap (plans/paidPlans.ts); none by default. */
  readonly dmCapRaise?: (userId: string) => number;
}

const NO_OPERATOR_CAPS: OperatorCaps = { dmDailyCapMicros: null, operatorMonthlyCapMicros: null };

/** Where this process stands among the bot's processes (default: one process running every shard). */
export interface BudgetsPlacement {
  readonly shards?: ShardSet | undefined;
  /** Where a member's day record that could not be written after a request is reported. */
  readonly logger?: Logger | undefined;
}

export interface Budgets {
  settings(guildId: string): Promise<GuildSettings>;
  update(guildId: string, patch: Partial<GuildSettings>): Promise<GuildSettings>;
  /**
   * Reserves `amountMicros` for a request by `userId` in `guildId` (null: a DM), under the
   * guild's caps (or the DM cap per user), then the operator's monthly cap. `userInstall`: made
   * where the app works only because the member installed it (records.ts userInstallScope):
   * under the DM cap per user, apart from the guild's caps. `member`: the member's caps from
   * their roles' rule (memberCaps.ts), in place of the server's daily cap per member.
   * `paidByServerKey`: the request is sent with the server's own service key: the server's caps
   * count it, the operator's monthly cap does not (nothing is reserved under it).
   */
  reserve(
    guildId: string | null,
    userId: string,
    amountMicros: number,
    now: number,
    userInstall?: boolean,
    member?: MemberCaps,
    paidByServerKey?: boolean,
  ): Promise<Reservation>;
  /**
   * Thresholds (80, 100) of the monthly cap newly reached this month, when an alert channel is
   * set; each is returned once per month and cap, with the spend and cap it was measured on.
   */
  alertsDue(guildId: string, now: number): Promise<AlertsDue>;
}

export function createBudgets(
  store: Store,
  ledger: Ledger,
  currency: string,
  operator: OperatorCaps = NO_OPERATOR_CAPS,
  placement: BudgetsPlacement = {},
): Budgets {
  // One lock per scope (guild, or a user's DMs) around check-and-reserve, apart from the
  // ledger's own queue; with an operator cap, one more lock around every reservation's last step.
  const queue = createKeyedQueue();
  // This process alone writes its servers' settings (the dashboard's edits too: owners.ts).
  const cache = createRecent<GuildSettings>(countedLimits(SETTINGS_CACHED));
  const inFlight = new Map<string, number>();
  const inFlightByUser = new Map<string, number>();
  let inFlightTotal = 0;
  // What is billed to a member across every scope and process, for the one daily cap (memberDay.ts).
  const memberDay = createMemberDaySpend({
    store,
    ledger,
    shards: placement.shards ?? allShards(1),
    pendingOf: (scope, userId) => inFlightByUser.get(`${scope}:${userId}`) ?? 0,
  });
  const alerts = createAlertsDue(store, ledger);

  async function settings(guildId: string): Promise<GuildSettings> {
    const cached = cache.get(guildId);
    if (cached) return cached;
    const value = await readGuildSettings(store, guildId);
    cache.set(guildId, value, 1);
    return value;
  }

  const add = (map: Map<string, number>, key: string, amount: number) => {
    const next = (map.get(key) ?? 0) + amount;
    if (next === 0) map.delete(key);
    else map.set(key, next);
  };

  async function guildRefusal(
    guildId: string,
    userId: string,
    amountMicros: number,
    now: number,
    member: MemberCaps | undefined,
  ): Promise<Refusal | undefined> {
    const current = await settings(guildId);
    if (current.monthlyCapMicros !== null) {
      const spent = await ledger.monthSpendMicros(guildId, now);
      const pending = inFlight.get(guildId) ?? 0;
      const cap = current.monthlyCapMicros;
      if (spent + pending + amountMicros > cap) {
        const withPending = pending > 0 ? 'Pending' : 'Figures';
        const keys: CapKeys = {
          reachedFigures: `spend.serverCapReached${withPending}`,
          noRoomFigures: `spend.serverCapNoRoom${withPending}`,
          reachedPublic: 'spend.serverCapReached',
          noRoomPublic: 'spend.serverCapNoRoom',
          raise: 'spend.raiseServerMonthly',
        };
        return capRefusalTexts(keys, { spent, pending, cap }, currency);
      }
    }
    // The member's own caps: their roles' rule (roleRules.ts), else the server's daily cap.
    const caps = member ?? { dailyCapMicros: current.dailyUserCapMicros, monthlyCapMicros: null };
    const pending = inFlightByUser.get(`${guildId}:${userId}`) ?? 0;
    return memberCapRefusal(ledger, guildId, userId, caps, pending, amountMicros, now, currency);
  }

  /** The daily cap per member over everything billed to them (`scope` is this request's). */
  async function memberDayRefusal(
    scope: string,
    userId: string,
    amountMicros: number,
    now: number,
    keys: CapKeys,
  ): Promise<Refusal | undefined> {
    if (operator.dmDailyCapMicros === null) return undefined;
    const cap = operator.dmDailyCapMicros + (operator.dmCapRaise?.(userId) ?? 0);
    const { spentMicros, pendingMicros } = await memberDay.used(userId, scope, now);
    if (spentMicros + pendingMicros + amountMicros <= cap) return undefined;
    return capRefusalTexts(keys, { spent: spentMicros, pending: pendingMicros, cap }, currency);
  }

  /**
   * Why a request may not run under the caps of where it is made. What is billed to the member
   * (DMs with the bot, and the app installed to their account anywhere: group DMs, DMs between
   * users, every server that did not add it) shares the one daily cap per member.
   */
  function refusalFor(
    scope: string,
    guildId: string | null,
    userId: string,
    amountMicros: number,
    now: number,
    userInstall: boolean,
    member?: MemberCaps,
  ): Promise<Refusal | undefined> {
    if (!userInstall && guildId !== null) return guildRefusal(guildId, userId, amountMicros, now, member);
    const keys = memberDayKeys(userInstall, guildId !== null);
    return memberDayRefusal(scope, userId, amountMicros, now, keys);
  }

  /**
   * Publishes the member's day record of `scope` (memberDay.ts) once a request billed to them is
   * granted (awaited: another process must see it) and once it ends (its charge now counted).
   */
  async function publishGranted(
    scope: string,
    userId: string,
    now: number,
    reservation: Reservation,
  ): Promise<Reservation> {
    if (!reservation.ok) return reservation;
    try {
      await memberDay.publish(userId, scope, now);
    } catch (error) {
      reservation.release();
      throw error;
    }
    return {
      ok: true,
      release: () => {
        reservation.release();
        void queue
          // The day it was reserved on: its record is the one that counted the hold.
          .run(`budget:member-${userId}`, () => memberDay.publish(userId, scope, now))
          .catch((error: unknown) =>
            placement.logger?.warn(
              { err: error, userId },
              "budgets: could not write a member's day spend after a request; written again with their next one",
            ),
          );
      },
    };
  }

  /** Counts the reservation in flight (scope, user; all scopes: what the operator pays) until released. */
  function hold(
    scope: string,
    userId: string,
    amountMicros: number,
    operatorMicros = amountMicros,
  ): Reservation {
    const userKey = `${scope}:${userId}`;
    add(inFlight, scope, amountMicros);
    add(inFlightByUser, userKey, amountMicros);
    inFlightTotal += operatorMicros;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        add(inFlight, scope, -amountMicros);
        add(inFlightByUser, userKey, -amountMicros);
        inFlightTotal -= operatorMicros;
      },
    };
  }

  /** Holds the reservation, under the operator's monthly cap when there is one. */
  function operatorHold(scope: string, userId: string, amountMicros: number, now: number) {
    const cap = operator.operatorMonthlyCapMicros;
    if (cap === null) return Promise.resolve(hold(scope, userId, amountMicros));
    // Across every scope: one lock, and the in-flight total counted, so a burst cannot overshoot.
    return queue.run('budget:operator', async (): Promise<Reservation> => {
      const spent = await ledger.allScopesMonthSpendMicros(now);
      if (spent + inFlightTotal + amountMicros > cap) {
        const text = capReached({ spent, pending: inFlightTotal, cap })
          ? operatorCapReached
          : operatorCapNoRoom;
        return { ok: false, message: text, publicMessage: text };
      }
      return hold(scope, userId, amountMicros);
    });
  }

  return {
    settings: (guildId) => queue.run(`budget:${guildId}`, () => settings(guildId)),
    update(guildId, patch) {
      return queue.run(`budget:${guildId}`, async () => {
        const next = { ...(await settings(guildId)), ...patch };
        await store.set(settingsKey(guildId), next);
        cache.set(guildId, next, 1);
        return next;
      });
    },
    reserve(guildId, userId, amountMicros, now, userInstall = false, member, paidByServerKey = false) {
      const scope = usageScope({ guildId, userId, userInstall });
      const billedToMember = userInstall || guildId === null;
      // What is billed to a member shares one lock, as it shares one cap.
      const lock = billedToMember ? `member-${userId}` : scope;
      return queue.run(`budget:${lock}`, async (): Promise<Reservation> => {
        const refusal = await refusalFor(scope, guildId, userId, amountMicros, now, userInstall, member);
        if (refusal !== undefined) return { ok: false, ...refusal };
        // Paid with the server's own key: nothing held under the operator's cap.
        const granted = paidByServerKey
          ? hold(scope, userId, amountMicros, 0)
          : await operatorHold(scope, userId, amountMicros, now);
        return billedToMember && operator.dmDailyCapMicros !== null
          ? publishGranted(scope, userId, now, granted)
          : granted;
      });
    },
    alertsDue(guildId, now) {
      return queue.run(`budget:${guildId}`, async () => alerts(guildId, await settings(guildId), now));
    },
  };
}
