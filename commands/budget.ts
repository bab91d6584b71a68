/**
 * /budget (Manage Server): the server's monthly cap, a daily cap per member, and the channel for
 * 80 %/100 % alerts; `/budget role` the rules per role (budget/role.ts). (Whether replies show
 * their cost is /config features.)
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ChannelType,
  InteractionContextType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { canManageGuild } from '../src/access/permissions.js';
import { type Command, optionChannel, optionValues } from '../src/discord/command.js';
import { replyPrivately } from '../src/discord/messages.js';
import type { Translator } from '../src/i18n/translator.js';
import { interactionVoices } from '../src/i18n/voices.js';
import type { Clock } from '../src/lib/clock.js';
import type { Budgets, GuildSettings } from '../src/spend/budgets.js';
import { MAX_CAP, parseCap } from '../src/spend/caps.js';
import type { Ledger } from '../src/spend/ledger.js';
import type { PriceList } from '../src/spend/prices.js';
import { roleGroup, runRoleSubcommand } from './budget/role.js';

export const budgetData = {
  name: 'budget',
  description: "Caps on this server's spend on the bot",
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild],
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: 'Show the caps and this month’s spend',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'set',
      description: 'Set a monthly cap for the server and/or a daily cap per member',
      options: [
        {
          type: ApplicationCommandOptionType.Number,
          name: 'monthly',
          description: 'Monthly cap for the whole server, in the price list currency',
          min_value: 0,
          max_value: MAX_CAP,
        },
        {
          type: ApplicationCommandOptionType.Number,
          name: 'daily_per_member',
          description: 'Daily cap per member, in the price list currency',
          min_value: 0,
          max_value: MAX_CAP,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'clear',
      description: 'Remove a cap',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'which',
          description: 'Which cap',
          required: true,
          choices: [
            { name: 'monthly', value: 'monthly' },
            { name: 'daily per member', value: 'daily_per_member' },
            { name: 'both', value: 'both' },
          ],
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'alerts',
      description: 'Where to announce 80 % and 100 % of the monthly cap',
      options: [
        {
          type: ApplicationCommandOptionType.Channel,
          name: 'channel',
          description: 'Alert channel',
          required: true,
          channel_types: [ChannelType.GuildText, ChannelType.GuildAnnouncement],
        },
      ],
    },
    roleGroup,
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export function describeSettings(
  settings: GuildSettings,
  spentMicros: number,
  currency: string,
  t: Translator,
): string {
  const money = (micros: number) => t.money(micros, currency);
  const monthly =
    settings.monthlyCapMicros === null
      ? t.t('spend.none')
      : t.t('spend.settingsMonthlySpent', {
          cap: money(settings.monthlyCapMicros),
          spent: money(spentMicros),
        });
  const daily = settings.dailyUserCapMicros === null ? t.t('spend.none') : money(settings.dailyUserCapMicros);
  const channel = settings.alertChannelId
    ? `<#${settings.alertChannelId}>`
    : t.t('spend.settingsNoAlertChannel');
  return [
    t.t('spend.settingsMonthly', { monthly }),
    t.t('spend.settingsDaily', { daily }),
    t.t('spend.settingsAlerts', { channel }),
  ].join('\n');
}

/**
 * What /budget reads: the locales, the server's budget settings, this month's spend (shown with
 * them) and the currency, the clock, and what `/budget role` declares.
 */
export type BudgetCommandDeps = Parameters<typeof runRoleSubcommand>[0] & {
  readonly i18n: Parameters<typeof interactionVoices>[0];
  readonly spend: {
    readonly budgets: Pick<Budgets, 'settings' | 'update'>;
    readonly ledger: Pick<Ledger, 'monthSpendMicros'>;
    readonly prices: Pick<PriceList, 'currency'>;
  };
  readonly clock: Pick<Clock, 'now'>;
};

export function createBudgetCommand(deps: BudgetCommandDeps): Command {
  return {
    data: budgetData,
    async execute(interaction) {
      // Every reply is private: the member's words.
      const { member: t } = interactionVoices(deps.i18n, interaction);
      const reply = (content: string) => replyPrivately(interaction, content);
      if (!canManageGuild(interaction) || !interaction.guildId) {
        await reply(t.t('spend.budgetManageOnly'));
        return;
      }
      const guildId = interaction.guildId;
      if (interaction.options.getSubcommandGroup(false) === 'role') {
        return reply(await runRoleSubcommand(deps, interaction, guildId, t));
      }
      const { budgets, prices } = deps.spend;
      const sub = interaction.options.getSubcommand();
      const raw = optionValues<typeof budgetData>(interaction);
      let settings: GuildSettings;
      if (sub === 'set') {
        const monthly = parseCap(raw.monthly);
        const daily = parseCap(raw.daily_per_member);
        if (monthly === 'invalid' || daily === 'invalid') {
          await reply(t.t('spend.capInvalid', { max: MAX_CAP }));
          return;
        }
        if (monthly === null && daily === null) {
          await reply(t.t('spend.setGiveOne'));
          return;
        }
        settings = await budgets.update(guildId, {
          ...(monthly !== null && { monthlyCapMicros: monthly }),
          ...(daily !== null && { dailyUserCapMicros: daily }),
        });
      } else if (sub === 'clear') {
        const which = raw.which;
        if (which !== 'monthly' && which !== 'daily_per_member' && which !== 'both') {
          return reply(t.t('spend.clearChoose'));
        }
        settings = await budgets.update(guildId, {
          ...(which !== 'daily_per_member' && { monthlyCapMicros: null }),
          ...(which !== 'monthly' && { dailyUserCapMicros: null }),
        });
      } else if (sub === 'alerts') {
        const channel = optionChannel(interaction);
        if (!channel) return reply(t.t('spend.alertsGiveChannel'));
        settings = await budgets.update(guildId, { alertChannelId: channel.id });
      } else {
        settings = await budgets.settings(guildId);
      }
      const spent = await deps.spend.ledger.monthSpendMicros(guildId, deps.clock.now());
      await reply(describeSettings(settings, spent, prices.currency, t));
    },
  };
}
