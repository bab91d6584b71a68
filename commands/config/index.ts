/**
 * /config (Manage Server): how the bot behaves on this server - default model, temperature,
 * reply length cap and history budget (for the server or one channel), which models members
 * may use, where the bot answers, whether it answers mentions, the lines under replies, and
 * the per-member rate limit.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { canManageGuild } from '../../src/access/permissions.js';
import { parentChannelId } from '../../src/discord/channels.js';
import { type Command, channelOption, optionChannel, optionValues } from '../../src/discord/command.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { interactionVoices } from '../../src/i18n/voices.js';
import { parseButtonId } from '../../src/reply/buttons.js';
import { CHAT_MODELS, TEMPERATURE_MAX, TEMPERATURE_MIN } from '../../src/service/models.js';
import type { Settings } from '../../src/settings/settingsStore.js';
import { setChannels } from './channels.js';
import { CLEARABLE, clearSetting } from './clear.js';
import { setFeatures } from './features.js';
import { allowModels } from './models.js';
import {
  isServiceKeyForm,
  runServiceKey,
  SERVICE_KEY_GROUP,
  serviceKeyGroup,
  submitServiceKey,
} from './serviceKey.js';
import { HISTORY_TOKENS_MAX, HISTORY_TOKENS_MIN, RATE_LIMIT_MAX, setSettings } from './set.js';
import { describeConfig } from './show.js';
import type { ConfigChangeHandler } from './subcommand.js';

const CHANNEL_ONLY = 'Apply to this channel only (model, temperature, max_tokens, history_tokens)';

export const configData = {
  name: 'config',
  description: 'How the bot behaves on this server',
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild],
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: 'The settings in effect (in a channel), and where each comes from',
      options: [channelOption('Which channel (default: this one)')],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'set',
      description: 'Defaults for the server, or for one channel',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'model',
          description: 'Default model',
          choices: CHAT_MODELS.map((model) => ({ name: model, value: model })),
        },
        {
          type: ApplicationCommandOptionType.Number,
          name: 'temperature',
          description: 'Default temperature, 0 to 2',
          min_value: TEMPERATURE_MIN,
          max_value: TEMPERATURE_MAX,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'max_tokens',
          description: 'Longest reply in tokens: the default and the cap for /ask max_tokens',
          min_value: 1,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'history_tokens',
          description: 'How much conversation (estimated tokens) is sent with each request',
          min_value: HISTORY_TOKENS_MIN,
          max_value: HISTORY_TOKENS_MAX,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'rate_limit',
          description: 'Requests per member per minute (server-wide)',
          min_value: 1,
          max_value: RATE_LIMIT_MAX,
        },
        channelOption(CHANNEL_ONLY),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'clear',
      description: 'Return a setting to the next level (channel → server → bot default)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'setting',
          description: 'Which setting',
          required: true,
          choices: CLEARABLE.map((name) => ({ name, value: name })),
        },
        channelOption(CHANNEL_ONLY),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'models',
      description: 'Which models members may use',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'allowed',
          description: `"all", or model names separated by commas (${CHAT_MODELS[0]}, …)`,
          required: true,
          max_length: 200,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'channels',
      description: 'Where the bot answers (default: everywhere it can see)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'action',
          description: 'Add or remove a channel from the list, or answer everywhere',
          required: true,
          choices: [
            { name: 'allow', value: 'allow' },
            { name: 'remove', value: 'remove' },
            { name: 'everywhere', value: 'everywhere' },
          ],
        },
        channelOption('The channel (for allow and remove)'),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'features',
      description: 'Lines under replies, and whether the bot answers mentions',
      options: [
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'cost_line',
          description: 'Show what each reply cost',
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'context_line',
          description: 'Show how full the conversation memory is',
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'answer_mentions',
          description: 'Answer messages that mention or reply to the bot (and DMs are unaffected)',
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'fallback',
          description: "When a member's cap refuses a model, answer with the cheapest allowed one that fits",
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'answer_in_language',
          description: 'Answer in the language of the member who asks (their Discord language)',
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'classic_layout',
          description: "Answer in Discord's classic layout (plain text) instead of cards",
        },
      ],
    },
    serviceKeyGroup,
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * What /config reads: the locales, the server's settings (passed to every change), and what each
 * subcommand declares.
 */
export type ConfigCommandDeps = Parameters<typeof setSettings>[0] &
  Parameters<typeof clearSetting>[0] &
  Parameters<typeof allowModels>[0] &
  Parameters<typeof setChannels>[0] &
  Parameters<typeof setFeatures>[0] &
  Parameters<typeof describeConfig>[0] &
  Parameters<typeof runServiceKey>[0] & {
    readonly i18n: Parameters<typeof interactionVoices>[0];
    readonly settings: Pick<Settings, 'guild'>;
  };

/** The subcommands that change settings; `show` changes nothing. */
const CHANGES: Readonly<Record<string, ConfigChangeHandler<ConfigCommandDeps>>> = {
  set: setSettings,
  clear: clearSetting,
  models: allowModels,
  channels: setChannels,
  features: setFeatures,
};

export function createConfigCommand(deps: ConfigCommandDeps): Command {
  return {
    data: configData,
    async execute(interaction) {
      // Every reply is ephemeral: the admin's own language.
      const t = interactionVoices(deps.i18n, interaction).member;
      if (!canManageGuild(interaction) || !interaction.inGuild()) {
        return replyPrivately(interaction, t.t('config.manageServerOnly'));
      }
      const guildId = interaction.guildId;
      // A group's subcommands share names with the top level's (set, show, clear).
      if (interaction.options.getSubcommandGroup(false) === SERVICE_KEY_GROUP)
        return runServiceKey(deps, interaction, guildId, t);
      const sub = interaction.options.getSubcommand();
      const raw = optionValues<typeof configData>(interaction);
      const change = Object.hasOwn(CHANGES, sub) ? CHANGES[sub] : undefined;
      if (change) {
        const refusal = await change(deps, {
          interaction,
          guildId,
          raw,
          channelId: typeof raw.channel === 'string' ? raw.channel : undefined,
          guild: await deps.settings.guild(guildId),
          t,
        });
        if (refusal) return replyPrivately(interaction, refusal);
      }
      const shown = optionChannel(interaction);
      const channelId = shown?.id ?? interaction.channelId;
      const parentId = shown
        ? 'parentId' in shown && shown.parentId
          ? shown.parentId
          : null
        : parentChannelId(interaction);
      const header = change ? `${t.t('config.saved')}\n` : '';
      const shownConfig = await describeConfig(deps, guildId, channelId, parentId, t);
      await replyPrivately(interaction, header + shownConfig);
    },
    /** The service key's form: Manage Server is checked again at submit (a form can be forwarded). */
    async handleModal(interaction) {
      const t = interactionVoices(deps.i18n, interaction).member;
      if (!isServiceKeyForm(parseButtonId(interaction.customId).action))
        return replyPrivately(interaction, t.t('errors.formGone'));
      if (!canManageGuild(interaction) || !interaction.inGuild())
        return replyPrivately(interaction, t.t('config.manageServerOnly'));
      await submitServiceKey(deps, interaction, interaction.guildId, t);
    },
  };
}
