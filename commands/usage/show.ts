/** `/usage show`: totals by model, member and role, the budget state, and a daily chart. */
import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import type { BotContext } from '../../src/context.js';
import { interactionWebhook } from '../../src/discord/interactionWebhook.js';
import { PERIOD_LABELS, type Period, periodRange, type Summary } from '../../src/spend/aggregate.js';
import { dailySpendSvg, renderPng } from '../../src/spend/chart.js';
import { formatMoney } from '../../src/spend/cost.js';

/** The text of /usage show (pure, so tests can check it against the ledger). */
export function usageReport(
  summary: Summary,
  currency: string,
  label: string,
  budgetLine: string | undefined,
): string {
  const money = (micros: number) => formatMoney(micros, currency);
  const lines = [
    `**Spend · ${label}**: ${money(summary.costMicros)} over ${summary.requests} request${summary.requests === 1 ? '' : 's'}${summary.estimatedRequests > 0 ? ` (${summary.estimatedRequests} with estimated tokens)` : ''}`,
  ];
  if (budgetLine) lines.push(budgetLine);
  const models = Object.entries(summary.byModel).sort((a, b) => b[1].costMicros - a[1].costMicros);
  if (models.length > 0) {
    lines.push('', '**By model**');
    for (const [model, totals] of models) {
      const detail =
        totals.images > 0
          ? `${totals.images} image${totals.images === 1 ? '' : 's'}`
          : `${totals.inputTokens.toLocaleString('en-US')} in · ${totals.outputTokens.toLocaleString('en-US')} out tokens`;
      lines.push(`\`${model}\`: ${totals.requests} req · ${detail} · ${money(totals.costMicros)}`);
    }
  }
  const users = Object.entries(summary.byUser)
    .sort((a, b) => b[1].costMicros - a[1].costMicros)
    .slice(0, 10);
  if (users.length > 0) {
    lines.push('', '**Top members**');
    users.forEach(([userId, totals], i) => {
      lines.push(`${i + 1}. <@${userId}>: ${money(totals.costMicros)} (${totals.requests} req)`);
    });
  }
  const roles = Object.entries(summary.byRole)
    .sort((a, b) => b[1].costMicros - a[1].costMicros)
    .slice(0, 10);
  if (roles.length > 0) {
    // Only once a member with a rule per role was billed; a request counts under each of its roles.
    lines.push('', '**By role** (rules per role; a member with several counts under each)');
    for (const [roleId, totals] of roles)
      lines.push(`<@&${roleId}>: ${money(totals.costMicros)} (${totals.requests} req)`);
    lines.push(`No role with a rule: ${money(summary.noRole.costMicros)} (${summary.noRole.requests} req)`);
  }
  return lines.join('\n').slice(0, 2000);
}

async function budgetLine(context: BotContext, guildId: string, now: number): Promise<string | undefined> {
  const settings = await context.budgets.settings(guildId);
  const { currency } = context.prices;
  const parts: string[] = [];
  if (settings.monthlyCapMicros !== null) {
    const spent = await context.ledger.monthSpendMicros(guildId, now);
    const percent =
      settings.monthlyCapMicros > 0 ? Math.floor((spent * 100) / settings.monthlyCapMicros) : 100;
    parts.push(
      `monthly cap ${formatMoney(settings.monthlyCapMicros, currency)} (${percent} % used this month)`,
    );
  }
  if (settings.dailyUserCapMicros !== null) {
    parts.push(`${formatMoney(settings.dailyUserCapMicros, currency)} per member per day`);
  }
  return parts.length > 0 ? `Budget: ${parts.join(' · ')}` : undefined;
}

/** Answers privately (a deferred reply: the chart takes a moment). */
export async function showUsage(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  guildId: string,
  period: Period,
): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const webhook = interactionWebhook(context.interactionRest, interaction);
  const now = context.clock.now();
  const { from, to } = periodRange(period, now, await context.ledger.firstDay(guildId));
  const label = `${PERIOD_LABELS[period]} (${from} to ${to}, UTC)`;
  const summary = await context.ledger.summary(guildId, from, to);
  const content = usageReport(
    summary,
    context.prices.currency,
    label,
    await budgetLine(context, guildId, now),
  );
  const chart = renderPng(dailySpendSvg(summary.byDay, context.prices.currency, `Daily spend · ${label}`));
  await webhook.editOriginal({ content, files: [{ data: chart, name: 'daily-spend.png' }] });
}
