/**
 * Guild spend settings and budgets: a monthly cap for the guild, a daily cap per member, and an
 * alert channel.
 *
 * Enforcement reserves a request's worst-case cost before the service is called and refuses it
 * when month-to-date spend + reservations in flight + this one would exceed a cap; the real cost
 * is charged after and the reservation released. Concurrent requests therefore cannot overshoot
 * together: the overshoot is bounded by how far a real cost exceeds its estimate.
 * Reservations live in memory: after a crash they are simply gone (nothing was charged for them).
 */
import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { Store } from '../lib/store.js';
import { formatMoney } from './cost.js';
import type { Ledger } from './ledger.js';
import { utcDay } from './records.js';

export interface GuildSettings {
  readonly monthlyCapMicros: number | null;
  readonly dailyUserCapMicros: number | null;
  readonly alertChannelId: string | null;
}

export const DEFAULT_SETTINGS: GuildSettings = {
  monthlyCapMicros: null,
  dailyUserCapMicros: null,
  alertChannelId: null,
};

export const ALERT_THRESHOLDS = [80, 100] as const;

export interface AlertsDue {
  readonly thresholds: readonly number[];
  readonly spentMicros: number;
  readonly capMicros: number;
  readonly channelId: string | null;
}

const NO_ALERTS: AlertsDue = { thresholds: [], spentMicros: 0, capMicros: 0, channelId: null };

export type Reservation =
  | { readonly ok: true; release(): void }
  | { readonly ok: false; readonly message: string };

export interface Budgets {
  settings(guildId: string): Promise<GuildSettings>;
  update(guildId: string, patch: Partial<GuildSettings>): Promise<GuildSettings>;
  /** Reserves `amountMicros` for a request by `userId` in `guildId` (null: a DM, never capped). */
  reserve(guildId: string | null, userId: string, amountMicros: number, now: number): Promise<Reservation>;
  /**
   * Thresholds (80, 100) of the monthly cap newly reached this month, when an alert channel is
   * set; each is returned once per month and cap, with the spend and cap it was measured on.
   */
  alertsDue(guildId: string, now: number): Promise<AlertsDue>;
}

const settingsKey = (guildId: string) => `guild-settings:${guildId}`;
/** Alerts sent, per month and per cap: a new cap starts its own 80 % and 100 %. */
const alertsKey = (guildId: string, month: string, cap: number) => `budget-alerts:${guildId}:${month}:${cap}`;

export function createBudgets(store: Store, ledger: Ledger, currency: string): Budgets {
  // One lock per guild around check-and-reserve, apart from the ledger's own queue.
  const queue = createKeyedQueue();
  const cache = new Map<string, GuildSettings>();
  const inFlight = new Map<string, number>();
  const inFlightByUser = new Map<string, number>();
  // Alerts already sent, by key: read from the store once, so a request does not cost a read.
  const sentAlerts = new Map<string, number[]>();

  async function settings(guildId: string): Promise<GuildSettings> {
    const cached = cache.get(guildId);
    if (cached) return cached;
    const stored = (await store.get(settingsKey(guildId))) as Partial<GuildSettings> | undefined;
    const value = { ...DEFAULT_SETTINGS, ...stored };
    cache.set(guildId, value);
    return value;
  }

  const add = (map: Map<string, number>, key: string, amount: number) => {
    const next = (map.get(key) ?? 0) + amount;
    if (next === 0) map.delete(key);
    else map.set(key, next);
  };

  return {
    settings: (guildId) => queue.run(`budget:${guildId}`, () => settings(guildId)),
    update(guildId, patch) {
      return queue.run(`budget:${guildId}`, async () => {
        const next = { ...(await settings(guildId)), ...patch };
        await store.set(settingsKey(guildId), next);
        cache.set(guildId, next);
        return next;
      });
    },
    async reserve(guildId, userId, amountMicros, now) {
      if (guildId === null) return { ok: true, release: () => {} };
      return queue.run(`budget:${guildId}`, async () => {
        const current = await settings(guildId);
        const userKey = `${guildId}:${userId}`;
        if (current.monthlyCapMicros !== null) {
          const spent = await ledger.monthSpendMicros(guildId, now);
          const pending = inFlight.get(guildId) ?? 0;
          if (spent + pending + amountMicros > current.monthlyCapMicros) {
            return {
              ok: false,
              message: `This server has reached its monthly spending cap for the bot (${formatMoney(spent, currency)} of ${formatMoney(current.monthlyCapMicros, currency)} used${pending > 0 ? `, ${formatMoney(pending, currency)} in progress` : ''}). A server admin can raise it with /budget.`,
            };
          }
        }
        if (current.dailyUserCapMicros !== null) {
          const spent = await ledger.userDaySpendMicros(guildId, userId, now);
          const pending = inFlightByUser.get(userKey) ?? 0;
          if (spent + pending + amountMicros > current.dailyUserCapMicros) {
            return {
              ok: false,
              message: `You have reached your daily spending limit on this server (${formatMoney(spent, currency)} of ${formatMoney(current.dailyUserCapMicros, currency)} today). It resets at 00:00 UTC.`,
            };
          }
        }
        add(inFlight, guildId, amountMicros);
        add(inFlightByUser, userKey, amountMicros);
        let released = false;
        return {
          ok: true,
          release: () => {
            if (released) return;
            released = true;
            add(inFlight, guildId, -amountMicros);
            add(inFlightByUser, userKey, -amountMicros);
          },
        };
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
        sentAlerts.set(key, sent);
        const due = ALERT_THRESHOLDS.filter(
          (threshold) => !sent.includes(threshold) && spent * 100 >= cap * threshold,
        );
        if (due.length > 0) {
          const next = [...sent, ...due];
          await store.set(key, next);
          sentAlerts.set(key, next);
        }
        return { thresholds: due, spentMicros: spent, capMicros: cap, channelId: current.alertChannelId };
      });
    },
  };
}
