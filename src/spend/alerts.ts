/** The guild's budget alerts: posted in its alert channel when spend crosses 80 % and 100 % of the cap. */
import type { BotContext } from '../context.js';
import { formatMoney } from './cost.js';

/** Posts the monthly-cap alerts (80 %, 100 %) that became due, once each, in the alert channel. */
export async function announceBudgetAlerts(context: BotContext, guildId: string): Promise<void> {
  try {
    // One snapshot: the text states the spend and cap the thresholds were measured on.
    const due = await context.budgets.alertsDue(guildId, context.clock.now());
    if (due.thresholds.length === 0 || due.channelId === null) return;
    const { currency } = context.prices;
    const highest = Math.max(...due.thresholds);
    const text = `📈 This server's spend on the bot this month reached ${highest} % of its cap: ${formatMoney(due.spentMicros, currency)} of ${formatMoney(due.capMicros, currency)}.${highest >= 100 ? ' New requests are refused until the cap is raised (/budget) or the month ends.' : ''}`;
    await context.notify(due.channelId, text);
  } catch (error) {
    context.logger.warn({ err: error, guildId }, 'could not post a budget alert');
  }
}
