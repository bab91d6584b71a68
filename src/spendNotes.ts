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
    const due = await context.budgets.alertsDue(guildId, context.clock.now());
    if (due.length === 0) return;
    const settings = await context.budgets.settings(guildId);
    const spent = await context.ledger.monthSpendMicros(guildId, context.clock.now());
    const cap = settings.monthlyCapMicros ?? 0;
    const { currency } = context.prices;
    const text = `📈 This server's spend on the bot this month reached ${Math.max(...due)} % of its cap: ${formatMoney(spent, currency)} of ${formatMoney(cap, currency)}.${Math.max(...due) >= 100 ? ' New requests are refused until the cap is raised (/budget) or the month ends.' : ''}`;
    if (settings.alertChannelId) await context.notify(settings.alertChannelId, text);
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
