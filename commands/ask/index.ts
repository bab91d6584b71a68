/**
 * /ask: a streamed reply from one of the service's chat models, continuing the channel's
 * conversation (or opening a thread for it), starting with the question quoted (others see only
 * "… used /ask"); without `prompt`, a form for a question with line breaks (modal.ts). And the
 * Stop and Regenerate buttons under every chat reply, however it was asked for.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type ChatInputCommandInteraction,
  InteractionContextType,
  type ModalSubmitInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Access } from '../../src/access/access.js';
import { type AskFilesDeps, promptWithFiles } from '../../src/chat/askFiles.js';
import { explicitOptions } from '../../src/chat/chatService.js';
import { REGENERATE_ACTION, STOP_ACTION } from '../../src/chat/controls.js';
import { withLine } from '../../src/chat/notes.js';
import { parentChannelId } from '../../src/discord/channels.js';
import { type Command, optionAttachment, optionValues } from '../../src/discord/command.js';
import { installContext } from '../../src/discord/installContext.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { submittedFiles, submittedText } from '../../src/discord/modals.js';
import type { AttachmentInfo } from '../../src/files/attachments.js';
import { memberNote } from '../../src/files/fileNote.js';
import { fileTooBig } from '../../src/files/readFiles.js';
import type { Translator } from '../../src/i18n/translator.js';
import { interactionVoices } from '../../src/i18n/voices.js';
import { parseButtonId } from '../../src/reply/buttons.js';
import { shownName } from '../../src/reply/names.js';
import { questionHead } from '../../src/reply/quote.js';
import { CHAT_MODELS, TEMPERATURE_MAX, TEMPERATURE_MIN } from '../../src/service/models.js';
import { PROMPT_MAX_LENGTH } from '../../src/settings/promptRules.js';
import { MAX_TOKENS_OPTION_MAX } from '../../src/settings/requestOptions.js';
import { askFromInteraction, deferredReplyId } from './interactionTurn.js';
import {
  ASK_MODAL_ACTION,
  askModal,
  decodeAskSettings,
  FILES_FIELD,
  FORM_MAX_FILES,
  QUESTION_FIELD,
} from './modal.js';
import { type AskOptions, type AskSettings, parseAskOptions, parseAskSettings } from './options.js';
import { pressRegenerate } from './regenerate.js';
import { pressStop } from './stop.js';
import { memberMayCreateThreads, openThread } from './thread.js';

export const askData = {
  name: 'ask',
  description: 'Ask the model; the conversation in this channel continues from earlier messages',
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'prompt',
      description: 'What to ask (leave it out to write it in a form, with line breaks)',
      min_length: 1,
      max_length: PROMPT_MAX_LENGTH,
    },
    {
      type: ApplicationCommandOptionType.Attachment,
      name: 'file',
      description: 'A file to ask about: text, code, CSV, JSON, PDF or Word (.docx)',
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'model',
      description: 'Which model answers (default: the channel’s or server’s setting)',
      choices: CHAT_MODELS.map((model) => ({ name: model, value: model })),
    },
    {
      type: ApplicationCommandOptionType.Number,
      name: 'temperature',
      description: 'Randomness, 0 to 2',
      min_value: TEMPERATURE_MIN,
      max_value: TEMPERATURE_MAX,
    },
    {
      type: ApplicationCommandOptionType.Integer,
      name: 'max_tokens',
      description: 'Longest reply, in tokens',
      min_value: 1,
      max_value: MAX_TOKENS_OPTION_MAX,
    },
    {
      type: ApplicationCommandOptionType.Boolean,
      name: 'thread',
      description: 'Open a thread from the reply; the conversation continues there with its own memory',
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

type AskInteraction = ChatInputCommandInteraction | ModalSubmitInteraction;

/**
 * Why a thread cannot be opened for this request (undefined when it can, or none is asked for),
 * in the member's words. Only the server's bot opens threads: installed to the member's account,
 * it is not in the server.
 */
function threadRefusal(
  interaction: AskInteraction,
  settings: AskSettings,
  t: Translator,
): string | undefined {
  if (!settings.thread) return undefined;
  if (!interaction.inGuild()) return t.t('chat.threadsInServers');
  if (!installContext(interaction).botPresent) return t.t('chat.threadsNeedTheBot');
  if (parentChannelId(interaction) !== null || interaction.channel?.isThread()) {
    return t.t('chat.alreadyThread');
  }
  // Refused outright, before admission: the member asked for a thread, and answering in the
  // channel instead would charge them for something else than they asked for.
  if (!memberMayCreateThreads(interaction)) return t.t('chat.memberCannotCreateThreads');
  return undefined;
}

/** The form for a question with line breaks, once what can be checked before it is fine. */
async function openForm(
  deps: AskCommandDeps,
  interaction: ChatInputCommandInteraction,
  raw: Record<string, unknown>,
) {
  const { member } = interactionVoices(deps.i18n, interaction);
  const parsed = parseAskSettings(raw, member);
  if (!parsed.ok) return replyPrivately(interaction, parsed.error);
  // Told before the member writes a long question, not after.
  const where = {
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    ...(!installContext(interaction).botPresent && { userInstall: true }),
    voice: member,
  };
  const refusal =
    threadRefusal(interaction, parsed.settings, member) ??
    (await deps.access.channelGate({ ...where, parentId: parentChannelId(interaction) })).refusal;
  if (refusal) return replyPrivately(interaction, refusal);
  await interaction.showModal(askModal(member, parsed.settings));
}

/**
 * An /ask with its question: from the command's option, or from its form; with the member's
 * files, whose text goes before the question once read (after the acknowledgement: downloads and
 * extraction take seconds).
 */
async function ask(
  deps: AskCommandDeps,
  interaction: AskInteraction,
  options: AskOptions,
  files: readonly AttachmentInfo[] = [],
) {
  const { channelId } = interaction;
  const voices = interactionVoices(deps.i18n, interaction);
  // Discord sends every command and form with its channel; a submit without one is not ours.
  if (channelId === null) return replyPrivately(interaction, voices.member.t('errors.formGone'));
  const tooBig = fileTooBig(files);
  const refusal =
    (tooBig && memberNote(voices.member, tooBig.name, tooBig.note)) ??
    threadRefusal(interaction, options, voices.member);
  if (refusal) return replyPrivately(interaction, refusal);
  // Discord shows others only "… used /ask": the reply starts with the question (quote.ts).
  const head = questionHead(options.prompt);
  await askFromInteraction(deps, interaction, { channelId, options }, async (settings) => {
    const read = await promptWithFiles(deps, files, options.prompt, settings, voices.server);
    const shown = {
      ask: { kind: 'new', prompt: read.prompt, ...(read.withFiles && { withFiles: true as const }) },
      options: explicitOptions(options),
      head,
      replyChannelId: channelId,
      ...(read.note && { extraNote: read.note }),
    } as const;
    if (!options.thread) return { ...shown, channelId };
    // The thread's name and the note under the reply are the channel's.
    const replyId = await deferredReplyId(interaction);
    const opened = await openThread(deps, voices.server, channelId, replyId, options.prompt);
    if ('error' in opened) {
      const failed = voices.server.t('chat.threadFailed', { reason: opened.error });
      return { ...shown, channelId, extraNote: withLine(read.note, failed) };
    }
    // Without the Message Content intent Discord sends the bot no text of plain messages there.
    const hint = !deps.config.messageContentIntent && {
      extraNote: withLine(
        read.note,
        voices.server.t('chat.threadHowToContinue', {
          bot: `@${shownName(interaction.client.user.displayName)}`,
        }),
      ),
    };
    return { ...shown, channelId: opened.id, ...hint };
  });
}

/**
 * What /ask reads: the chat service, the channel gate (its form is refused before the member
 * writes), the locales, what the interaction adapter reads (interactionTurn.ts), what opening a
 * thread reads, and whether the Message Content intent is on (how a thread continues).
 */
export type AskCommandDeps = Parameters<typeof askFromInteraction>[0] &
  Parameters<typeof pressRegenerate>[0] &
  Parameters<typeof pressStop>[0] &
  Parameters<typeof openThread>[0] &
  AskFilesDeps & {
    readonly access: Pick<Access, 'channelGate'>;
    readonly config: { readonly messageContentIntent: boolean };
  };

export function createAskCommand(deps: AskCommandDeps): Command {
  return {
    data: askData,
    async execute(interaction) {
      const { file, ...raw } = optionValues<typeof askData>(interaction);
      const attached = file === undefined ? null : optionAttachment(interaction, 'file');
      const { member } = interactionVoices(deps.i18n, interaction);
      // A file without a question asks what is in it (the member can say more in the next turn).
      if (raw.prompt === undefined && !attached) return openForm(deps, interaction, raw);
      const parsed = parseAskOptions({ prompt: member.t('chat.fileDefaultQuestion'), ...raw }, member);
      if (!parsed.ok) return replyPrivately(interaction, parsed.error);
      await ask(deps, interaction, parsed.options, attached ? [attached] : []);
    },
    async handleButton(interaction) {
      const { action, argument } = parseButtonId(interaction.customId);
      if (action === STOP_ACTION) return pressStop(deps, interaction, argument);
      if (action === REGENERATE_ACTION) return pressRegenerate(deps, interaction, argument);
      await replyPrivately(
        interaction,
        interactionVoices(deps.i18n, interaction).member.t('errors.buttonUnsupported'),
      );
    },
    /** The form's question, checked exactly as the command's option, with the options it carries. */
    async handleModal(interaction) {
      const { action, argument } = parseButtonId(interaction.customId);
      const raw = action === ASK_MODAL_ACTION ? decodeAskSettings(argument) : undefined;
      const { member } = interactionVoices(deps.i18n, interaction);
      if (!raw) return replyPrivately(interaction, member.t('errors.formGone'));
      const parsed = parseAskOptions({ ...raw, prompt: submittedText(interaction, QUESTION_FIELD) }, member);
      if (!parsed.ok) return replyPrivately(interaction, parsed.error);
      await ask(deps, interaction, parsed.options, submittedFiles(interaction, FILES_FIELD, FORM_MAX_FILES));
    },
  };
}
