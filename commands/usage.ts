/**
 * /usage (Manage Server): what this server spent on the bot, by model and by member, with a
 * daily chart; `export` attaches the raw entries as CSV.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { canManageGuild } from '../src/access/permissions.js';
import type { BotContext } from '../src/context.js';
import { type Command, optionValues } from '../src/discord/command.js';
import { interactionWebhook } from '../src/discord/interactionWebhook.js';
import { replyPrivately } from '../src/discord/messages.js';
import { PERIOD_LABELS, PERIODS, periodRange, type Summary } from '../src/spend/aggregate.js';
import { dailySpendSvg, renderPng } from '../src/spend/chart.js';
import { formatMoney } from '../src/spend/cost.js';
import { entriesCsv } from '../src/spend/csv.js';

const periodOption = {
  type: ApplicationCommandOptionType.String,
  name: 'period',
  description: 'Which period (default: this month)',
  choices: PERIODS.map((period) => ({ name: PERIOD_LABELS[period], value: period })),
} as const;

const data = {
  name: 'usage',
  description: "This server's spend on the bot",
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild],
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: 'Totals by model and member, budget state, and a daily chart',
      options: [periodOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'export',
      description: 'Every billed request of the period as CSV',
      options: [periodOption],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

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

export const usageCommand = {
  data,
  async execute(interaction, context) {
    // Discord hides the command from members without Manage Server, but its permissions can be
    // overridden per server; the handler checks again.
    if (!canManageGuild(interaction) || !interaction.guildId) {
      return replyPrivately(
        interaction,
        'Only members with the Manage Server permission can see the server’s usage.',
      );
    }
    const chosen = optionValues(interaction).period ?? 'this-month';
    const period = PERIODS.find((known) => known === chosen);
    if (!period) {
      return replyPrivately(interaction, 'Unknown period.');
    }
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const webhook = interactionWebhook(context.interactionRest, interaction);
    const guildId = interaction.guildId;
    const now = context.clock.now();
    const { from, to } = periodRange(period, now, await context.ledger.firstDay(guildId));
    const label = `${PERIOD_LABELS[period]} (${from} to ${to}, UTC)`;
    if (interaction.options.getSubcommand() === 'export') {
      const entries = await context.ledger.entries(guildId, from, to);
      const total = entries.reduce((sum, entry) => sum + entry.costMicros, 0);
      await webhook.editOriginal({
        content: `${entries.length} billed request${entries.length === 1 ? '' : 's'} · ${formatMoney(total, context.prices.currency)} · ${label}`,
        files: [{ data: Buffer.from(entriesCsv(entries), 'utf8'), name: `usage-${from}-to-${to}.csv` }],
      });
      return;
    }
    const summary = await context.ledger.summary(guildId, from, to);
    const content = usageReport(
      summary,
      context.prices.currency,
      label,
      await budgetLine(context, guildId, now),
    );
    const chart = renderPng(dailySpendSvg(summary.byDay, context.prices.currency, `Daily spend · ${label}`));
    await webhook.editOriginal({ content, files: [{ data: chart, name: 'daily-spend.png' }] });
  },
} satisfies Command;
