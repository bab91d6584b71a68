/**
 * /usage (Manage Server): what this server spent on the bot, by model and by member, with a
 * daily chart (show.ts); `export` sends the raw entries as CSV files (export.ts).
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { canManageGuild } from '../../src/access/permissions.js';
import { type Command, optionValues } from '../../src/discord/command.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { interactionVoices } from '../../src/i18n/voices.js';
import { PERIOD_LABELS, PERIODS } from '../../src/spend/aggregate.js';
import { exportUsage } from './export.js';
import { showUsage } from './show.js';

const periodOption = {
  type: ApplicationCommandOptionType.String,
  name: 'period',
  description: 'Which period (default: this month)',
  choices: PERIODS.map((period) => ({ name: PERIOD_LABELS[period], value: period })),
} as const;

const dateOption = (name: 'from' | 'to', description: string) =>
  ({
    type: ApplicationCommandOptionType.String,
    name,
    description,
    min_length: 10,
    max_length: 10,
  }) as const;

export const usageData = {
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
      description: 'Every billed request of the period (or of from/to) as CSV files',
      options: [
        periodOption,
        dateOption('from', 'First day, YYYY-MM-DD UTC (instead of period; default: the first with spend)'),
        dateOption('to', 'Last day, YYYY-MM-DD UTC (instead of period; default: today)'),
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** What /usage reads: the locales, and what `show` and `export` declare. */
export type UsageCommandDeps = Parameters<typeof showUsage>[0] &
  Parameters<typeof exportUsage>[0] & { readonly i18n: Parameters<typeof interactionVoices>[0] };

export function createUsageCommand(deps: UsageCommandDeps): Command {
  return {
    data: usageData,
    async execute(interaction) {
      // Discord hides the command from members without Manage Server, but its permissions can be
      // overridden per server; the handler checks again. Every reply is private: the member's words.
      const { member } = interactionVoices(deps.i18n, interaction);
      if (!canManageGuild(interaction) || !interaction.guildId) {
        return replyPrivately(interaction, member.t('spend.usageManageOnly'));
      }
      const raw = optionValues<typeof usageData>(interaction);
      if (interaction.options.getSubcommand() === 'export') {
        return exportUsage(deps, interaction, interaction.guildId, raw, member);
      }
      const period = PERIODS.find((known) => known === (raw.period ?? 'this-month'));
      if (!period) return replyPrivately(interaction, member.t('spend.unknownPeriod'));
      await showUsage(deps, interaction, interaction.guildId, period, member);
    },
  };
}
