/**
 * A server's spend alerts: the thresholds of its monthly cap (80 %, 100 %) newly reached this
 * month, each told once per month and cap (a new cap starts its own), when an alert channel is set.
 */
import { countedLimits, createRecent } from '../lib/recent.js';
import type { Store } from '../lib/store.js';
import type { RetentionRule } from '../ops/retention.js';
import { SETTINGS_CACHED } from '../settings/settingsStore.js';
import type { GuildSettings } from './guildSettings.js';
import type { Ledger } from './ledger.js';
import { utcDay } from './records.js';

export const ALERT_THRESHOLDS = [80, 100] as const;

export interface AlertsDue {
  readonly thresholds: readonly number[];
  readonly spentMicros: number;
  readonly capMicros: number;
  readonly channelId: string | null;
}

const NO_ALERTS: AlertsDue = { thresholds: [], spentMicros: 0, capMicros: 0, channelId: null };

/** Alerts sent, per month and per cap: a new cap starts its own 80 % and 100 %. */
const ALERTS_LIFETIME_MS = 62 * 86_400_000;
const alertsKey = (guildId: string, month: string, cap: number) => `budget-alerts:${guildId}:${month}:${cap}`;

export const budgetAlertRetention: readonly RetentionRule[] = [
  {
    what: 'budget alerts',
    prefix: 'budget-alerts:',
    lifetime: { ms: ALERTS_LIFETIME_MS, fromValueTime: false },
    why: 'alerts are told once per month and cap: a month later they are never read',
  },
];

/** The alerts due for a server with `current` settings; run under the server's budget lock. */
export function createAlertsDue(
  store: Store,
  ledger: Pick<Ledger, 'monthSpendMicros'>,
): (guildId: string, current: GuildSettings, now: number) => Promise<AlertsDue> {
  // Alerts already sent, by key: read from the store once, so a request does not cost a read.
  const sentAlerts = createRecent<number[]>(countedLimits(SETTINGS_CACHED));
  return async (guildId, current, now) => {
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
  };
}
