/**
 * /system (Manage Channels): a channel's system prompt, sent as the first message of every
 * request in the channel (and its threads, unless a thread has its own).
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  PermissionFlagsBits,
  PermissionsBitField,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { type Command, channelOption, optionChannel, optionValues } from '../src/discord/command.js';
import { quote, replyPrivately } from '../src/discord/messages.js';
import { parseWith, promptField } from '../src/settings/requestOptions.js';

export const SYSTEM_PROMPT_MAX_LENGTH = 1500;

const whichChannel = channelOption('Which channel (default: this one)');

const data = {
  name: 'system',
  description: "A channel's system prompt: instructions sent before every conversation there",
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild],
  default_member_permissions: String(PermissionFlagsBits.ManageChannels),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'set',
      description: 'Set the system prompt',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'prompt',
          description: 'The instructions',
          required: true,
          min_length: 1,
          max_length: SYSTEM_PROMPT_MAX_LENGTH,
        },
        whichChannel,
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: 'Show the system prompt',
      options: [whichChannel],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'clear',
      description: 'Remove the system prompt',
      options: [whichChannel],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The invoking member's permissions in a channel given as an option (null when not sent). */
function resolvedPermissions(channel: object): Readonly<PermissionsBitField> | null {
  const permissions = (channel as { permissions?: unknown }).permissions;
  return permissions instanceof PermissionsBitField ? permissions : null;
}

export const systemCommand = {
  data,
  async execute(interaction, context) {
    const target = optionChannel(interaction);
    // Permissions in the channel acted on: Discord sends the member's for a channel option.
    const permissions = target ? resolvedPermissions(target) : interaction.memberPermissions;
    if (!interaction.inGuild() || !permissions?.has(PermissionFlagsBits.ManageChannels)) {
      await replyPrivately(
        interaction,
        `Only members with the Manage Channels permission in ${target ? `<#${target.id}>` : 'this channel'} can change its system prompt.`,
      );
      return;
    }
    const channelId = target?.id ?? interaction.channelId;
    const where = `<#${channelId}>`;
    const sub = interaction.options.getSubcommand();
    if (sub === 'set') {
      const parsed = parseWith(
        promptField(SYSTEM_PROMPT_MAX_LENGTH, 'Write the instructions.'),
        optionValues(interaction).prompt,
      );
      if (!parsed.ok) return replyPrivately(interaction, parsed.error);
      const prompt = parsed.value;
      await context.settings.updateChannel(channelId, { systemPrompt: prompt });
      await replyPrivately(
        interaction,
        `System prompt of ${where} set (${prompt.length} characters):\n${quote(prompt)}`,
      );
    } else if (sub === 'clear') {
      await context.settings.updateChannel(channelId, { systemPrompt: undefined });
      await replyPrivately(interaction, `${where} has no system prompt of its own now.`);
    } else {
      const own = (await context.settings.channel(channelId)).systemPrompt;
      await replyPrivately(
        interaction,
        own ? `System prompt of ${where}:\n${quote(own)}` : `${where} has no system prompt of its own.`,
      );
    }
  },
} satisfies Command;
