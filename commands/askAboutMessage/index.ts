/**
 * "Ask about this message" (a message command: Apps on a message's menu): a form asks the
 * question; the message's text, its author's name and its files (files/readFiles.ts: text, PDFs
 * and Word documents, size-capped, read through the guarded downloader and the extraction worker) go to the service as a delimited block before
 * the question (messageContext.ts), as one turn of the channel's conversation, admitted, billed,
 * streamed and remembered like /ask (askFromInteraction).
 *
 * The answer refers to the message by a link at its top: an interaction's reply cannot be a
 * Discord reply (its webhook takes no `message_reference`), and a separate bot-token reply would
 * need the bot in the channel with Send Messages and Read Message History, which a user-installed
 * app does not have. The link shows in Discord as a jump to the message.
 */
import {
  ApplicationCommandType,
  InteractionContextType,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord.js';
import type { Access } from '../../src/access/access.js';
import type { AskTargets } from '../../src/chat/askTargets.js';
import { askAboutPrompt, contextAllowance, oneLine } from '../../src/chat/messageContext.js';
import { parentChannelId } from '../../src/discord/channels.js';
import type { MessageCommand } from '../../src/discord/command.js';
import { installContext } from '../../src/discord/installContext.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { paragraphModal, submittedText } from '../../src/discord/modals.js';
import { declaredMedia, type FileReaders, readFiles } from '../../src/files/readFiles.js';
import type { Translator } from '../../src/i18n/translator.js';
import { interactionVoices } from '../../src/i18n/voices.js';
import { promptCheck } from '../../src/images/promptCheck.js';
import { isBlank } from '../../src/lib/blank.js';
import { estimateTokens } from '../../src/lib/tokens.js';
import { buttonId, parseButtonId } from '../../src/reply/buttons.js';
import { shownName } from '../../src/reply/names.js';
import { questionHead } from '../../src/reply/quote.js';
import { PROMPT_MAX_LENGTH } from '../../src/settings/promptRules.js';
import { askFromInteraction } from '../ask/interactionTurn.js';
import { snapshotOf } from './target.js';

export const ASK_ABOUT_MESSAGE = 'Ask about this message';
const FORM_ACTION = 'ask';
const QUESTION_FIELD = 'question';

export const askAboutMessageData = {
  name: ASK_ABOUT_MESSAGE,
  type: ApplicationCommandType.Message,
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
} as const satisfies RESTPostAPIContextMenuApplicationCommandsJSONBody;

/**
 * The top of the answer: which message it is about (a link Discord shows as a jump), and the
 * question; in `t`'s language (the channel's: the answer is public), the author's name as typed,
 * never markdown (reply/names.ts).
 */
export function askAboutHead(t: Translator, authorName: string, link: string, question: string): string {
  const author = shownName(oneLine(authorName, 80));
  return `${t.t('images.askAboutHead', { author, link })}\n${questionHead(question)}`;
}

/**
 * What "Ask about this message" reads: what the interaction adapter reads and the chat service
 * (interactionTurn.ts), the channel gate (the form is refused before the member writes), the
 * saved targets between the menu and its form, the readers of the message's files (download and
 * extraction), and the shutdown signal (it ends their downloads and extractions).
 */
export type AskAboutMessageCommandDeps = Parameters<typeof askFromInteraction>[0] & {
  readonly access: Pick<Access, 'channelGate'>;
  readonly askTargets: AskTargets;
  readonly files: FileReaders;
  readonly shutdown: AbortSignal;
};

export function createAskAboutMessageCommand(deps: AskAboutMessageCommandDeps): MessageCommand {
  return {
    data: askAboutMessageData,
    async execute(interaction) {
      const { member } = interactionVoices(deps.i18n, interaction);
      const snapshot = snapshotOf(interaction.targetMessage, interaction.guildId);
      // Nothing to read: no text, and only files Discord calls images, audio or video.
      if (isBlank(snapshot.text) && snapshot.attachments.every((file) => declaredMedia(file))) {
        return replyPrivately(interaction, member.t('images.nothingToAskAbout'));
      }
      // Told before the member writes a question, not after.
      const { channelId, guildId } = interaction;
      const gate = await deps.access.channelGate({
        guildId,
        channelId,
        parentId: parentChannelId(interaction),
        voice: member,
      });
      if (gate.refusal) return replyPrivately(interaction, gate.refusal);
      const key = await deps.askTargets.save({ ...snapshot, userId: interaction.user.id, channelId });
      await interaction.showModal(
        paragraphModal({
          customId: buttonId(ASK_ABOUT_MESSAGE, FORM_ACTION, key),
          title: member.t('images.askFormTitle'),
          label: member.t('images.askFormLabel'),
          description: member.t('images.askFormDescription', { limit: PROMPT_MAX_LENGTH }),
          field: QUESTION_FIELD,
          maxLength: PROMPT_MAX_LENGTH,
        }),
      );
    },
    async handleModal(interaction) {
      const { member, server } = interactionVoices(deps.i18n, interaction);
      const { action, argument } = parseButtonId(interaction.customId);
      const question = submittedText(interaction, QUESTION_FIELD);
      const { channelId } = interaction;
      if (action !== FORM_ACTION || typeof question !== 'string' || channelId === null) {
        return replyPrivately(interaction, member.t('errors.formGone'));
      }
      const problem = promptCheck(member, question, PROMPT_MAX_LENGTH, 'images.askQuestionEmpty');
      if (problem) return replyPrivately(interaction, problem);
      const target = await deps.askTargets.take(argument, interaction.user.id, channelId);
      if (!target) return replyPrivately(interaction, member.t('images.askFormExpired'));
      await askFromInteraction(deps, interaction, { channelId, options: {} }, async (settings) => {
        // After the acknowledgement: downloads may take seconds.
        const attachments = await readFiles(deps.files, target.attachments, deps.shutdown);
        const systemTokens = settings.systemPrompt ? estimateTokens(settings.systemPrompt) : 0;
        const allowance = contextAllowance(settings.historyTokens, systemTokens, estimateTokens(question));
        return {
          channelId,
          replyChannelId: channelId,
          ask: { kind: 'new', prompt: askAboutPrompt({ ...target, attachments }, question, allowance) },
          options: {},
          // Read by the channel, unless the answer is private (the app installed to the member alone).
          head: askAboutHead(
            installContext(interaction).forcedPrivate ? member : server,
            target.authorName,
            target.link,
            question,
          ),
        };
      });
    },
  };
}
