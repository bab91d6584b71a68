/**
 * /config (Manage Server): how the bot behaves on this server - default model, temperature,
 * reply length cap and history budget (for the server or one channel), which models members
 * may use, where the bot answers, whether it answers mentions, the lines under replies, and
 * the per-member rate limit.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type ChatInputCommandInteraction,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { type Command, channelOption, optionValues } from '../src/command.js';
import type { BotContext } from '../src/context.js';
import { NO_PINGS } from '../src/discordReply.js';
import { CHAT_MODELS, isChatModel, TEMPERATURE_MAX, TEMPERATURE_MIN } from '../src/models.js';
import {
  type ChatOverrides,
  type GuildConfig,
  parseModelList,
  resolveChatSettings,
  type SettingSource,
} from '../src/settings/resolve.js';
import type { ChannelConfigPatch, GuildConfigPatch } from '../src/settings/settingsStore.js';

export const HISTORY_TOKENS_MIN = 100;
export const HISTORY_TOKENS_MAX = 1_000_000;
export const RATE_LIMIT_MAX = 600;

const CHANNEL_ONLY = 'Apply to this channel only (model, temperature, max_tokens, history_tokens)';

const CLEARABLE = ['model', 'temperature', 'max_tokens', 'history_tokens', 'rate_limit'] as const;

const data = {
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
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const SOURCE_LABEL: Record<SettingSource, string> = {
  option: 'command option',
  channel: 'channel',
  guild: 'server',
  default: 'bot default',
};

/** The settings in effect in a channel, each with where it comes from. */
async function describeConfig(
  context: BotContext,
  guildId: string,
  channelId: string,
  parentId: string | null,
): Promise<string> {
  const guild = await context.settings.guild(guildId);
  const channel = await context.settings.effectiveChannel(channelId, parentId);
  const { config } = context;
  const resolved = resolveChatSettings(
    {
      model: config.defaultModel,
      maxOutputTokens: config.maxOutputTokens,
      historyMaxTokens: config.historyMaxTokens,
    },
    { ...guild, allowedModels: null },
    channel,
    {},
  );
  if (!resolved.ok) return resolved.error;
  const { settings } = resolved;
  const from = (source: SettingSource) => ` (${SOURCE_LABEL[source]})`;
  const onOff = (value: boolean, on: string, off: string) => (value ? on : off);
  return [
    `**In <#${channelId}>** (a command option beats the channel, which beats the server, which beats the bot default):`,
    `• Model: ${settings.model}${from(settings.sources.model)}`,
    `• Temperature: ${settings.temperature ?? 'the service’s default'}${from(settings.sources.temperature)}`,
    `• Max tokens per reply: ${settings.maxTokens}${from(settings.sources.maxTokens)}`,
    `• History budget: ${settings.historyTokens.toLocaleString('en-US')} tokens${from(settings.sources.historyTokens)}`,
    `• System prompt: ${settings.systemPrompt ? `set, ${settings.systemPrompt.length} characters (/system show)` : 'none'}`,
    '**Server-wide:**',
    `• Allowed models: ${guild.allowedModels === null ? 'all' : guild.allowedModels.join(', ') || 'none'}`,
    `• Channels: ${guild.allowedChannels === null ? 'everywhere the bot can see' : guild.allowedChannels.map((id) => `<#${id}>`).join(', ') || 'none'}`,
    `• Answers mentions and replies: ${onOff(guild.answerMentions, 'yes', 'no')}`,
    `• Under replies: cost ${onOff(guild.showCost, 'shown', 'hidden')}, context ${onOff(guild.showContext, 'shown', 'hidden')}`,
    `• Rate limit: ${guild.requestsPerMinute ?? config.rateLimitPerMinute} requests per member per minute${guild.requestsPerMinute === null ? ' (bot default)' : ''}`,
  ].join('\n');
}

type Outcome =
  | { ok: true; patch: ChatOverrides & { requestsPerMinute?: number } }
  | { ok: false; error: string };

/** Validates `/config set` options (Discord checks the declared ranges too; this does not rely on it). */
export function parseConfigSet(
  raw: Readonly<Record<string, unknown>>,
  limits: { maxOutputTokens: number; allowedModels: GuildConfig['allowedModels'] },
): Outcome {
  const patch: { -readonly [K in keyof ChatOverrides]: ChatOverrides[K] } & { requestsPerMinute?: number } =
    {};
  const isInt = (value: unknown, min: number, max: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  if (raw.model !== undefined) {
    if (!isChatModel(raw.model))
      return { ok: false, error: `model must be one of ${CHAT_MODELS.join(', ')}.` };
    if (limits.allowedModels !== null && !limits.allowedModels.includes(raw.model)) {
      return { ok: false, error: `${raw.model} is not among the allowed models (/config models).` };
    }
    patch.model = raw.model;
  }
  if (raw.temperature !== undefined) {
    const value = raw.temperature;
    if (typeof value !== 'number' || !(value >= TEMPERATURE_MIN && value <= TEMPERATURE_MAX)) {
      return { ok: false, error: `temperature must be from ${TEMPERATURE_MIN} to ${TEMPERATURE_MAX}.` };
    }
    patch.temperature = value;
  }
  if (raw.max_tokens !== undefined) {
    if (!isInt(raw.max_tokens, 1, limits.maxOutputTokens)) {
      return {
        ok: false,
        error: `max_tokens must be a whole number from 1 to ${limits.maxOutputTokens} (the bot operator’s limit).`,
      };
    }
    patch.maxTokens = raw.max_tokens as number;
  }
  if (raw.history_tokens !== undefined) {
    if (!isInt(raw.history_tokens, HISTORY_TOKENS_MIN, HISTORY_TOKENS_MAX)) {
      return {
        ok: false,
        error: `history_tokens must be from ${HISTORY_TOKENS_MIN} to ${HISTORY_TOKENS_MAX}.`,
      };
    }
    patch.historyTokens = raw.history_tokens as number;
  }
  if (raw.rate_limit !== undefined) {
    if (!isInt(raw.rate_limit, 1, RATE_LIMIT_MAX)) {
      return { ok: false, error: `rate_limit must be a whole number from 1 to ${RATE_LIMIT_MAX}.` };
    }
    patch.requestsPerMinute = raw.rate_limit as number;
  }
  if (Object.keys(patch).length === 0) return { ok: false, error: 'Give at least one setting to change.' };
  return { ok: true, patch };
}

const CLEAR_FIELDS = {
  model: 'model',
  temperature: 'temperature',
  max_tokens: 'maxTokens',
  history_tokens: 'historyTokens',
  rate_limit: 'requestsPerMinute',
} as const;

function reply(interaction: ChatInputCommandInteraction, content: string) {
  return interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: NO_PINGS });
}

async function apply(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  guildId: string,
): Promise<string | undefined> {
  const sub = interaction.options.getSubcommand();
  const raw = optionValues(interaction);
  const channelId = typeof raw.channel === 'string' ? raw.channel : undefined;
  const guild = await context.settings.guild(guildId);
  if (sub === 'set') {
    const parsed = parseConfigSet(raw, {
      maxOutputTokens: context.config.maxOutputTokens,
      allowedModels: guild.allowedModels,
    });
    if (!parsed.ok) return parsed.error;
    const { requestsPerMinute, ...chat } = parsed.patch;
    if (channelId !== undefined) {
      if (requestsPerMinute !== undefined) return 'rate_limit is server-wide: set it without a channel.';
      await context.settings.updateChannel(channelId, chat);
    } else {
      await context.settings.updateGuild(guildId, {
        ...chat,
        ...(requestsPerMinute !== undefined && { requestsPerMinute }),
      });
    }
  } else if (sub === 'clear') {
    const setting = raw.setting as keyof typeof CLEAR_FIELDS;
    const field = CLEAR_FIELDS[setting];
    if (!field) return 'Unknown setting.';
    if (channelId !== undefined) {
      if (field === 'requestsPerMinute') return 'rate_limit is server-wide: clear it without a channel.';
      await context.settings.updateChannel(channelId, { [field]: undefined } as ChannelConfigPatch);
    } else {
      const patch: GuildConfigPatch =
        field === 'requestsPerMinute' ? { requestsPerMinute: null } : { [field]: undefined };
      await context.settings.updateGuild(guildId, patch);
    }
  } else if (sub === 'models') {
    const models = parseModelList(String(raw.allowed ?? ''));
    if (models !== null && 'error' in models) return models.error;
    await context.settings.updateGuild(guildId, { allowedModels: models });
  } else if (sub === 'channels') {
    const action = raw.action;
    if (action === 'everywhere') {
      await context.settings.updateGuild(guildId, { allowedChannels: null });
    } else {
      if (channelId === undefined) return `Give the channel to ${String(action)}.`;
      const current = guild.allowedChannels ?? [];
      const next =
        action === 'allow' ? [...new Set([...current, channelId])] : current.filter((id) => id !== channelId);
      await context.settings.updateGuild(guildId, { allowedChannels: next });
    }
  } else if (sub === 'features') {
    const patch: GuildConfigPatch = {
      ...(typeof raw.cost_line === 'boolean' && { showCost: raw.cost_line }),
      ...(typeof raw.context_line === 'boolean' && { showContext: raw.context_line }),
      ...(typeof raw.answer_mentions === 'boolean' && { answerMentions: raw.answer_mentions }),
    };
    if (Object.keys(patch).length === 0)
      return 'Give at least one of cost_line, context_line, answer_mentions.';
    await context.settings.updateGuild(guildId, patch);
  }
  return undefined;
}

export const configCommand = {
  data,
  async execute(interaction, context) {
    if (!interaction.inGuild() || !interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
      await reply(
        interaction,
        'Only members with the Manage Server permission can change the bot’s settings.',
      );
      return;
    }
    const guildId = interaction.guildId;
    const error = await apply(interaction, context, guildId);
    if (error) {
      await reply(interaction, error);
      return;
    }
    const shown = interaction.options.getChannel('channel');
    const channelId = shown?.id ?? interaction.channelId;
    const parentId =
      shown && 'parentId' in shown && shown.parentId
        ? shown.parentId
        : !shown && interaction.channel?.isThread()
          ? interaction.channel.parentId
          : null;
    const sub = interaction.options.getSubcommand();
    const header = sub === 'show' ? '' : '✅ Saved.\n';
    await reply(interaction, header + (await describeConfig(context, guildId, channelId, parentId)));
  },
} satisfies Command;
