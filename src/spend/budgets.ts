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
import { countedLimits, createRecent } from '../lib/recent.js';
import type { Store } from '../lib/store.js';
import { SETTINGS_CACHED } from '../settings/settingsStore.js';

export type { GuildSettings } from './guildSettings.js';
export type { RefusalText } from './memberCaps.js';

import { type GuildSettings, readGuildSettings, settingsKey } from './guildSettings.js';
import type { Ledger } from './ledger.js';
import { type MemberCaps, memberCapRefusal, type RefusalText } from './memberCaps.js';
import { usageScope, utcDay } from './records.js';

export const ALERT_THRESHOLDS = [80, 100] as const;

export interface AlertsDue {
  readonly thresholds: readonly number[];
  readonly spentMicros: number;
  readonly capMicros: number;
  readonly channelId: string | null;
}

const NO_ALERTS: AlertsDue = { thresholds: [], spentMicros: 0, capMicros: 0, channelId: null };

/** The operator's caps (src/config.ts), in micro-units; null: no cap. */
export interface OperatorCaps {
  readonly dmDailyCapMicros: number | null;
  readonly operatorMonthlyCapMicros: number | null;
}

const NO_OPERATOR_CAPS: OperatorCaps = { dmDailyCapMicros: null, operatorMonthlyCapMicros: null };

/** Members learn that the bot is out of budget, not how much the operator spends. */
export const operatorCapReached: RefusalText = (t) => t.t('spend.operatorCapReached');

/**
 * What a refusal says where the whole channel reads it (the reply to a member's message in a
 * server): which limit was reached and when it resets, never how much anyone spent or what the
 * cap is. Those figures go only where the member alone reads them (`message`).
 */
export const serverCapReached: RefusalText = (t) => t.t('spend.serverCapReached');
export const dmCapReached: RefusalText = (t) => t.t('spend.dmCapReached');

/** The DM cap's refusal for the member, with figures. */
export function dmCapReachedFigures(spent: number, cap: number, currency: string): RefusalText {
  return (t) =>
    t.t('spend.dmCapReachedFigures', { spent: t.money(spent, currency), cap: t.money(cap, currency) });
}

/** The DM cap where a member uses the app installed to their account (see refusalFor). */
export function userInstallCapReached(
  spent: number,
  cap: number,
  currency: string,
  inServer: boolean,
): RefusalText {
  return (t) =>
    t.t(inServer ? 'spend.userInstallCapInServer' : 'spend.userInstallCapOutside', {
      spent: t.money(spent, currency),
      cap: t.money(cap, currency),
    });
}

/** Why a reservation was refused: with figures for the member alone, and without for a channel. */
export interface Refusal {
  /** For the member alone (an ephemeral message, a DM), in their voice: names the spend and the cap. */
  readonly message: RefusalText;
  /** For everyone in the channel, in the server's voice: the limit reached and when it resets, no figures. */
  readonly publicMessage: RefusalText;
  /** Refused by the member's own cap (memberCaps.ts), which a cheaper model may fit (chat/fallback.ts). */
  readonly memberLimit?: 'daily' | 'monthly';
}

export type Reservation = { readonly ok: true; release(): void } | ({ readonly ok: false } & Refusal);

export interface Budgets {
  settings(guildId: string): Promise<GuildSettings>;
  update(guildId: string, patch: Partial<GuildSettings>): Promise<GuildSettings>;
  /**
   * Reserves `amountMicros` for a request by `userId` in `guildId` (null: a DM), under the
   * guild's caps (or the DM cap per user), then the operator's monthly cap. `userInstall`: made
   * where the app works only because the member installed it (records.ts userInstallScope):
   * under the DM cap per user, apart from the guild's caps. `member`: the member's caps from
   * their roles' rule (memberCaps.ts), in place of the server's daily cap per member.
   */
  reserve(
    guildId: string | null,
    userId: string,
    amountMicros: number,
    now: number,
    userInstall?: boolean,
    member?: MemberCaps,
  ): Promise<Reservation>;
  /**
   * Thresholds (80, 100) of the monthly cap newly reached this month, when an alert channel is
   * set; each is returned once per month and cap, with the spend and cap it was measured on.
   */
  alertsDue(guildId: string, now: number): Promise<AlertsDue>;
}

/** Alerts sent, per month and per cap: a new cap starts its own 80 % and 100 %. */
const ALERTS_LIFETIME_MS = 62 * 86_400_000;
const alertsKey = (guildId: string, month: string, cap: number) => `budget-alerts:${guildId}:${month}:${cap}`;

export function createBudgets(
  store: Store,
  ledger: Ledger,
  currency: string,
  operator: OperatorCaps = NO_OPERATOR_CAPS,
): Budgets {
  // One lock per scope (guild, or a user's DMs) around check-and-reserve, apart from the
  // ledger's own queue; with an operator cap, one more lock around every reservation's last step.
  const queue = createKeyedQueue();
  // This process alone writes its servers' settings (the dashboard's edits too: owners.ts).
  const cache = createRecent<GuildSettings>(countedLimits(SETTINGS_CACHED));
  const inFlight = new Map<string, number>();
  const inFlightByUser = new Map<string, number>();
  let inFlightTotal = 0;
  // Alerts already sent, by key: read from the store once, so a request does not cost a read.
  const sentAlerts = createRecent<number[]>(countedLimits(SETTINGS_CACHED));

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
        return {
          message: (t) =>
            t.t(pending > 0 ? 'spend.serverCapReachedPending' : 'spend.serverCapReachedFigures', {
              spent: t.money(spent, currency),
              cap: t.money(cap, currency),
              pending: t.money(pending, currency),
            }),
          publicMessage: serverCapReached,
        };
      }
    }
    // The member's own caps: their roles' rule (roleRules.ts), else the server's daily cap.
    const caps = member ?? { dailyCapMicros: current.dailyUserCapMicros, monthlyCapMicros: null };
    const pending = inFlightByUser.get(`${guildId}:${userId}`) ?? 0;
    return memberCapRefusal(ledger, guildId, userId, caps, pending, amountMicros, now, currency);
  }

  /** The DM cap per user per day, over `scopes` (see refusalFor). */
  async function dmRefusal(
    scopes: readonly string[],
    userId: string,
    amountMicros: number,
    now: number,
    message: (spent: number, cap: number) => RefusalText,
  ): Promise<Refusal | undefined> {
    const cap = operator.dmDailyCapMicros;
    if (cap === null) return undefined;
    let spent = 0;
    let pending = 0;
    for (const scope of scopes) {
      spent += await ledger.userDaySpendMicros(scope, userId, now);
      pending += inFlightByUser.get(`${scope}:${userId}`) ?? 0;
    }
    if (spent + pending + amountMicros <= cap) return undefined;
    return { message: message(spent, cap), publicMessage: dmCapReached };
  }

  /**
   * Why a request may not run under the caps of where it is made. A user install counts under the
   * DM cap: with the member's DMs in group DMs and DMs between users (both scopes shard 0's), on
   * its own in a server without the bot (its scope that guild's shard's).
   */
  function refusalFor(
    guildId: string | null,
    userId: string,
    amountMicros: number,
    now: number,
    userInstall: boolean,
    member?: MemberCaps,
  ): Promise<Refusal | undefined> {
    const dm = usageScope({ guildId: null, userId });
    if (!userInstall) {
      return guildId === null
        ? dmRefusal([dm], userId, amountMicros, now, (spent, cap) =>
            dmCapReachedFigures(spent, cap, currency),
          )
        : guildRefusal(guildId, userId, amountMicros, now, member);
    }
    const scope = usageScope({ guildId, userId, userInstall });
    return dmRefusal(guildId === null ? [dm, scope] : [scope], userId, amountMicros, now, (spent, cap) =>
      userInstallCapReached(spent, cap, currency, guildId !== null),
    );
  }

  /** Counts the reservation in flight (scope, user, and all scopes) until it is released. */
  function hold(scope: string, userId: string, amountMicros: number): Reservation {
    const userKey = `${scope}:${userId}`;
    add(inFlight, scope, amountMicros);
    add(inFlightByUser, userKey, amountMicros);
    inFlightTotal += amountMicros;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        add(inFlight, scope, -amountMicros);
        add(inFlightByUser, userKey, -amountMicros);
        inFlightTotal -= amountMicros;
      },
    };
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
    reserve(guildId, userId, amountMicros, now, userInstall = false, member?: MemberCaps) {
      const scope = usageScope({ guildId, userId, userInstall });
      // Scopes under one cap share one lock: a user's DMs and their user install outside servers.
      const lock = userInstall && guildId === null ? usageScope({ guildId, userId }) : scope;
      return queue.run(`budget:${lock}`, async (): Promise<Reservation> => {
        const refusal = await refusalFor(guildId, userId, amountMicros, now, userInstall, member);
        if (refusal !== undefined) return { ok: false, ...refusal };
        const cap = operator.operatorMonthlyCapMicros;
        if (cap === null) return hold(scope, userId, amountMicros);
        // Across every scope: one lock, and the in-flight total counted, so a burst cannot overshoot.
        return queue.run('budget:operator', async () => {
          const spent = await ledger.allScopesMonthSpendMicros(now);
          if (spent + inFlightTotal + amountMicros > cap) {
            return { ok: false, message: operatorCapReached, publicMessage: operatorCapReached };
          }
          return hold(scope, userId, amountMicros);
        });
      });
    },
    alertsDue(guildId, now) {
      return queue.run(`budget:${guildId}`, async () => {
        const current = await settings(guildId);
        const cap = current.monthlyCapMicros;
        // Without a channel nothing is announced, and nothing is used up: setting one later still
        // gets this month's alerts.
        if (cap === null || cap <= 0 || current.alertChannelId === null) return NO_ALERTS;
        const month = utcDay(now).slice(0, 7);
        const spent = await ledger.monthSpendMicros(guildId, now);
        const key = alertsKey(guildId, month, cap);
        const sent = sentAlerts.get(key) ?? ((await store.get(key)) as number[] | undefined) ?? [];
        sentAlerts.set(key, sent, 1);
        const due = ALERT_THRESHOLDS.filter(
          (threshold) => !sent.includes(threshold) && spent * 100 >= cap * threshold,
        );
        if (due.length > 0) {
          const next = [...sent, ...due];
          // Only this month's alerts are ever read: a month's record outlives it by one.
          await store.set(key, next, ALERTS_LIFETIME_MS);
          sentAlerts.set(key, next, 1);
        }
        return { thresholds: due, spentMicros: spent, capMicros: cap, channelId: current.alertChannelId };
      });
    },
  };
}
