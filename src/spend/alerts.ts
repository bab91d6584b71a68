/** The guild's budget alerts: posted in its alert channel when spend crosses 80 % and 100 % of the cap. */
import type { BotContext } from '../context.js';
import type { Translator } from '../i18n/translator.js';

/**
 * Posts the monthly-cap alerts (80 %, 100 %) that became due, once each, in the alert channel;
 * `server`: the server's voice (the channel reads it).
 */
export async function announceBudgetAlerts(
  context: BotContext,
  guildId: string,
  server: Translator,
): Promise<void> {
  try {
    // One snapshot: the text states the spend and cap the thresholds were measured on.
    const due = await context.budgets.alertsDue(guildId, context.clock.now());
    if (due.thresholds.length === 0 || due.channelId === null) return;
    await context.notify(due.channelId, alertText(due, context.prices.currency, server));
  } catch (error) {
    context.logger.warn({ err: error, guildId }, 'could not post a budget alert');
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
