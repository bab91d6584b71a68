/**
 * /budget role (Manage Server): rules per role (src/spend/roleRules.ts). `set` a role's daily and
 * monthly cap per member, its chat models and whether it may use /imagine (fields not given are
 * kept); `clear` a role's rule; `show` every rule. A member with several rule-bearing roles gets
 * the most generous value of each field.
 */
import {
  type APIApplicationCommandNumberOption,
  type APIApplicationCommandRoleOption,
  type APIApplicationCommandSubcommandGroupOption,
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { Translator } from '../../src/i18n/translator.js';
import { parseModelList } from '../../src/settings/resolve.js';
import { MAX_CAP, parseCap } from '../../src/spend/caps.js';
import type { PriceList } from '../../src/spend/prices.js';
import { MAX_ROLE_RULES, type RoleRule, type RoleRules } from '../../src/spend/roleRules.js';

const roleOption = (description: string) =>
  ({
    type: ApplicationCommandOptionType.Role,
    name: 'role',
    description,
    required: true,
  }) as const satisfies APIApplicationCommandRoleOption;

const capOption = <Name extends 'daily' | 'monthly'>(name: Name, description: string) =>
  ({
    type: ApplicationCommandOptionType.Number,
    name,
    description,
    min_value: 0,
    max_value: MAX_CAP,
  }) as const satisfies APIApplicationCommandNumberOption;

export const roleGroup = {
  type: ApplicationCommandOptionType.SubcommandGroup,
  name: 'role',
  description: 'Rules per role: caps per member, models, /imagine',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'set',
      description: `Set a role's rule (fields not given are kept; at most ${MAX_ROLE_RULES} rules)`,
      options: [
        roleOption('The role'),
        capOption('daily', 'Daily cap per member holding the role, in the price list currency'),
        capOption('monthly', 'Monthly cap per member holding the role, in the price list currency'),
        {
          type: ApplicationCommandOptionType.String,
          name: 'models',
          description: 'Chat models the role may use: "all" or names, comma-separated',
          max_length: 200,
        },
        { type: ApplicationCommandOptionType.Boolean, name: 'imagine', description: 'May use /imagine' },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'clear',
      description: "Remove a role's rule",
      options: [roleOption('The role')],
    },
    { type: ApplicationCommandOptionType.Subcommand, name: 'show', description: 'Show the rules per role' },
  ],
} as const satisfies APIApplicationCommandSubcommandGroupOption;

/** One rule as a line: a field the rule leaves unset follows the server's default. */
export function describeRule(rule: RoleRule, currency: string, t: Translator): string {
  const cap = (value: number | null | undefined, unset: string) =>
    value === undefined ? unset : value === null ? t.t('spend.ruleNoCap') : t.money(value, currency);
  return t.t('spend.ruleLine', {
    roleId: rule.roleId,
    daily: cap(rule.dailyCapMicros, t.t('spend.ruleServerDefault')),
    monthly: cap(rule.monthlyCapMicros, t.t('spend.ruleNoCap')),
    models: rule.models ? rule.models.join(', ') || t.t('spend.none') : t.t('spend.ruleAllModels'),
    imagine: t.t(rule.imagine === false ? 'spend.no' : 'spend.yes'),
  });
}

export function describeRules(rules: readonly RoleRule[], currency: string, t: Translator): string {
  if (rules.length === 0) return t.t('spend.noRules');
  return [
    t.t('spend.rulesHeading', { count: rules.length, max: MAX_ROLE_RULES }),
    ...rules.map((rule) => `- ${describeRule(rule, currency, t)}`),
  ].join('\n');
}

/** The rule `/budget role set` asks for, or why it cannot be set. */
function ruleFromOptions(
  interaction: ChatInputCommandInteraction,
  roleId: string,
  t: Translator,
): RoleRule | string {
  const value = (name: string) => interaction.options.get(name)?.value;
  const daily = parseCap(value('daily'));
  const monthly = parseCap(value('monthly'));
  if (daily === 'invalid' || monthly === 'invalid') return t.t('spend.capInvalid', { max: MAX_CAP });
  const modelsText = value('models');
  const models = typeof modelsText === 'string' ? parseModelList(modelsText, t) : undefined;
  if (models && 'error' in models) return models.error;
  const imagine = value('imagine');
  const rule: RoleRule = {
    roleId,
    ...(daily !== null && { dailyCapMicros: daily }),
    ...(monthly !== null && { monthlyCapMicros: monthly }),
    ...(models !== undefined && { models }),
    ...(typeof imagine === 'boolean' && { imagine }),
  };
  if (Object.keys(rule).length === 1) return t.t('spend.ruleGiveField');
  return rule;
}

export interface RoleSubcommandDeps {
  readonly spend: {
    readonly roleRules: Pick<RoleRules, 'list' | 'set' | 'clear'>;
    readonly prices: Pick<PriceList, 'currency'>;
  };
}

/** Runs a `/budget role` subcommand; returns the private reply, in the member's words (`t`). */
export async function runRoleSubcommand(
  deps: RoleSubcommandDeps,
  interaction: ChatInputCommandInteraction,
  guildId: string,
  t: Translator,
): Promise<string> {
  const { roleRules } = deps.spend;
  const { currency } = deps.spend.prices;
  const sub = interaction.options.getSubcommand();
  const roleId = interaction.options.get('role')?.value;
  if (sub === 'show') return describeRules(await roleRules.list(guildId), currency, t);
  if (typeof roleId !== 'string' || !/^\d{1,20}$/.test(roleId)) return t.t('spend.chooseRole');
  if (roleId === guildId) return t.t('spend.everyoneRole');
  if (sub === 'clear') {
    const cleared = await roleRules.clear(guildId, roleId);
    const said = t.t(cleared ? 'spend.ruleRemoved' : 'spend.ruleNotThere', { roleId });
    return `${said}\n${describeRules(await roleRules.list(guildId), currency, t)}`;
  }
  const rule = ruleFromOptions(interaction, roleId, t);
  if (typeof rule === 'string') return rule;
  const changed = await roleRules.set(guildId, rule);
  if (changed.ok) return describeRules(changed.rules, currency, t);
  return changed.reason === 'tooManyRules'
    ? t.t('spend.tooManyRules', { max: MAX_ROLE_RULES })
    : changed.error;
}
