/** The guild's budget alerts: posted in its alert channel when spend crosses 80 % and 100 % of the cap. */
import type { Translator } from '../i18n/translator.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Budgets } from './budgets.js';
import type { PriceList } from './prices.js';

/** What the alerts read: the alerts due, the time, where a message is posted, the currency, the log. */
export interface BudgetAlertDeps {
  readonly budgets: Pick<Budgets, 'alertsDue'>;
  readonly clock: Clock;
  /** Posts a bot message in a channel (the alert channel). */
  /** Posts an alert for the server's admins in `channelId` (in the server's layout). */
  readonly notify: (channelId: string, content: string, guildId: string) => Promise<void>;
  readonly prices: Pick<PriceList, 'currency'>;
  readonly logger: Pick<Logger, 'warn'>;
}

/**
 * Posts the monthly-cap alerts (80 %, 100 %) that became due, once each, in the alert channel;
 * `server`: the server's voice (the channel reads it).
 */
export async function announceBudgetAlerts(
  deps: BudgetAlertDeps,
  guildId: string,
  server: Translator,
): Promise<void> {
  try {
    // One snapshot: the text states the spend and cap the thresholds were measured on.
    const due = await deps.budgets.alertsDue(guildId, deps.clock.now());
    if (due.thresholds.length === 0 || due.channelId === null) return;
    await deps.notify(due.channelId, alertText(due, deps.prices.currency, server), guildId);
  } catch (error) {
    deps.logger.warn({ err: error, guildId }, 'could not post a budget alert');
  }
}

/** The alert for the highest threshold reached. */
export function alertText(
  due: { readonly thresholds: readonly number[]; readonly spentMicros: number; readonly capMicros: number },
  currency: string,
  t: Translator,
): string {
  const percent = Math.max(...due.thresholds);
  const reached = t.t('spend.alertReached', {
    percent,
    spent: t.money(due.spentMicros, currency),
    cap: t.money(due.capMicros, currency),
  });
  return percent >= 100 ? `${reached} ${t.t('spend.alertRefusing')}` : reached;
}
