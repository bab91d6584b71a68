/**
 * What a reply says about money: its cost line, and the guild's budget alerts. Shared by /ask
 * and /imagine.
 */
import type { BotContext } from './context.js';
import type { LedgerEntry } from './ledger/aggregate.js';
import { formatMoney } from './pricing/cost.js';

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

/** The cost of a reply, when the guild shows costs (DMs always do); callers place it. */
export async function costLine(
  context: BotContext,
  guildId: string | null,
  entry: LedgerEntry,
): Promise<string | undefined> {
  if (guildId && !(await context.settings.guild(guildId)).showCost) return undefined;
  const money = formatMoney(entry.costMicros, context.prices.currency);
  if (entry.kind === 'image') return `💰 ${money}`;
  const tokens = `${entry.inputTokens.toLocaleString('en-US')} in · ${entry.outputTokens.toLocaleString('en-US')} out tokens`;
  return `💰 ${money} · ${tokens}${entry.estimated ? ' (estimated)' : ''}`;
}
