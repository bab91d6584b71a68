import {
  type APIApplicationCommandChannelOption,
  ApplicationCommandOptionType,
  type ButtonInteraction,
  ChannelType,
  type ChatInputCommandInteraction,
  type MessageContextMenuCommandInteraction,
  type ModalSubmitInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord.js';
import type { AttachmentInfo } from '../files/attachments.js';

/**
 * A slash command: its registration JSON, its handler, and optionally the handlers of the
 * buttons it puts on its replies and of the modals (forms) it opens (custom ids of both start
 * with `<command name>:`). Built by its factory (`createAskCommand({ chat, i18n })`) with the
 * named services it uses, once, in the composition root (src/app/).
 */
export interface Command {
  readonly data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction): Promise<void>;
  handleButton?(interaction: ButtonInteraction): Promise<void>;
  handleModal?(interaction: ModalSubmitInteraction): Promise<void>;
}

/**
 * A message command (Apps in a message's menu): its registration JSON, its handler, and
 * optionally the handler of the modals it opens (custom ids start with `<command name>:`).
 */
export interface MessageCommand {
  readonly data: RESTPostAPIContextMenuApplicationCommandsJSONBody;
  /** Registered only with the Message Content intent (MESSAGE_CONTENT_INTENT): it reads members' text. */
  readonly needsMessageContent?: boolean;
  execute(interaction: MessageContextMenuCommandInteraction): Promise<void>;
  handleModal?(interaction: ModalSubmitInteraction): Promise<void>;
}

/** A channel option for settings commands: any channel or thread members can talk in. */
export function channelOption(
  description: string,
): APIApplicationCommandChannelOption & { readonly name: 'channel' } {
  return {
    type: ApplicationCommandOptionType.Channel,
    name: 'channel',
    description,
    channel_types: [
      ChannelType.GuildText,
      ChannelType.GuildAnnouncement,
      ChannelType.PublicThread,
      ChannelType.PrivateThread,
      ChannelType.AnnouncementThread,
      ChannelType.GuildVoice,
      ChannelType.GuildForum,
    ],
  };
}

/** A command's leaf options: its own, or its subcommands' (and their groups'). */
type LeafOption<O> = O extends { readonly options?: readonly (infer Inner)[] } ? LeafOption<Inner> | O : O;

/** The option names a command's registration JSON (`as const`) declares, subcommands' included. */
export type OptionName<Data> = Data extends { readonly options?: readonly (infer O)[] }
  ? Extract<LeafOption<O>, { readonly type: OptionValueType }> extends {
      readonly name: infer N extends string;
    }
    ? N
    : never
  : never;

/** The option types that carry a value (not a subcommand or a group of them). */
type OptionValueType = Exclude<
  ApplicationCommandOptionType,
  ApplicationCommandOptionType.Subcommand | ApplicationCommandOptionType.SubcommandGroup
>;

/**
 * The raw values of a command's options by name, the names typed from its registration JSON
 * (`optionValues<typeof askData>(interaction)`: a name the command does not declare does not
 * compile). The values stay `unknown`: an interaction can be crafted, so handlers validate them
 * (zod) rather than trust the JSON's types or Discord's typed getters, which throw on a mismatch.
 */
export function optionValues<Data = unknown>(
  interaction: ChatInputCommandInteraction,
): Partial<Record<[OptionName<Data>] extends [never] ? string : OptionName<Data>, unknown>> {
  const raw: Record<string, unknown> = {};
  for (const option of leafOptions(interaction)) raw[option.name] = option.value;
  return raw;
}

/** The channel given as option `name`, or null (also when that option is not a channel). */
export function optionChannel(interaction: ChatInputCommandInteraction, name = 'channel') {
  const option = leafOptions(interaction).find((candidate) => candidate.name === name);
  return option?.type === ApplicationCommandOptionType.Channel ? (option.channel ?? null) : null;
}

/** The file given as option `name` as the bot reads it, or null (also when that option is not a file). */
export function optionAttachment(
  interaction: ChatInputCommandInteraction,
  name: string,
): AttachmentInfo | null {
  const option = leafOptions(interaction).find((candidate) => candidate.name === name);
  const file = option?.type === ApplicationCommandOptionType.Attachment ? option.attachment : undefined;
  return file ? { name: file.name, url: file.url, size: file.size, contentType: file.contentType } : null;
}

/** A subcommand's options are nested under it. */
function leafOptions(interaction: ChatInputCommandInteraction) {
  const top = interaction.options.data;
  return top[0]?.type === ApplicationCommandOptionType.Subcommand ? (top[0].options ?? []) : top;
}
