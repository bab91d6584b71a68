/**
 * "Summarize from here" (a message command, registered only with the Message Content intent:
 * without it Discord withholds other members' text from the bot): the chosen message and the
 * ones after it, at most SUMMARY_MESSAGES, read with the bot token, go to the service as
 * `<name>: <text>` lines with the instruction to summarise them, as one turn of the channel's
 * conversation, admitted, billed, streamed and remembered like /ask (askFromInteraction). What
 * does not fit half the channel's history budget is left out, oldest first, and the reply says so.
 *
 * It reads the channel, so it works only where the bot is (a server that added it, its DM) and
 * may read history there (View Channel, Read Message History, as Discord's `app_permissions`
 * say), and only for a member who may read that history too (the same two, in the member's
 * `permissions` Discord sends for the channel): the summary shows what it read, and a member
 * must not learn through the bot what their own permissions hide. Elsewhere it refuses
 * privately before anything is read, asked or charged.
 */
import {
  type APIMessage,
  ApplicationCommandType,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  type REST,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
  Routes,
} from 'discord.js';
import {
  contextAllowance,
  summaryPrompt,
  type TranscriptMessage,
  withoutSubtext,
} from '../src/chat/messageContext.js';
import type { MessageCommand } from '../src/discord/command.js';
import { installContext } from '../src/discord/installContext.js';
import { replyPrivately } from '../src/discord/messages.js';
import { interactionVoices } from '../src/i18n/voices.js';
import { estimateTokens } from '../src/lib/tokens.js';
import { shownText } from '../src/reply/layout.js';
import { askFromInteraction } from './ask/interactionTurn.js';
import { mentionsAsNames, messageLink } from './askAboutMessage/target.js';

export const SUMMARIZE_FROM_HERE = 'Summarize from here';
/** The most messages one summary reads: the chosen one and the ones after it. */
export const SUMMARY_MESSAGES = 50;

export const summarizeData = {
  name: SUMMARIZE_FROM_HERE,
  type: ApplicationCommandType.Message,
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
} as const satisfies RESTPostAPIContextMenuApplicationCommandsJSONBody;

/**
 * A message read with the bot token as a transcript entry: mentions as names, files by name, and
 * a bot's small grey lines (`-# `: costs, notes) left out.
 */
export function transcriptEntry(message: APIMessage): TranscriptMessage {
  const names = new Map(message.mentions.map((user) => [user.id, user.global_name ?? user.username]));
  const content = message.author.bot ? withoutSubtext(shownText(message)) : shownText(message);
  const text = content
    .replace(/<@!?(\d+)>/g, (_match, id: string) => `@${names.get(id) ?? 'someone'}`)
    .replace(/<@&(\d+)>/g, '@role')
    .replace(/<#(\d+)>/g, '#channel');
  return {
    authorName: message.author.global_name ?? message.author.username,
    text,
    attachments: message.attachments.map((file) => file.filename),
  };
}

const loading = (message: APIMessage) => ((message.flags ?? 0) & MessageFlags.Loading) !== 0;

/** The chosen message and the ones after it (at most SUMMARY_MESSAGES), oldest first. */
export async function messagesFrom(rest: REST, channelId: string, messageId: string): Promise<APIMessage[]> {
  // `after` excludes the id it is given: one less includes the chosen message.
  const query = new URLSearchParams({
    after: String(BigInt(messageId) - 1n),
    limit: String(SUMMARY_MESSAGES),
  });
  const page = (await rest.get(Routes.channelMessages(channelId), { query })) as APIMessage[];
  // Discord lists newest first; snowflakes order by time. Left out: messages with nothing to
  // read, and replies still loading ("… is thinking", this summary's own among them).
  return page
    .filter((message) => !loading(message) && (shownText(message) !== '' || message.attachments.length > 0))
    .toSorted((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/**
 * What "Summarize from here" reads: what the interaction adapter reads and the chat service
 * (interactionTurn.ts), and the bot's REST client (it reads the channel's messages).
 */
export type SummarizeCommandDeps = Parameters<typeof askFromInteraction>[0] & {
  readonly discordRest: REST;
};

export function createSummarizeCommand(deps: SummarizeCommandDeps): MessageCommand {
  return {
    data: summarizeData,
    needsMessageContent: true,
    async execute(interaction) {
      const { member, server } = interactionVoices(deps.i18n, interaction);
      if (!installContext(interaction).botPresent) {
        return replyPrivately(interaction, member.t('images.botNotInChannel'));
      }
      const needed = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ReadMessageHistory;
      if (interaction.inGuild() && !interaction.memberPermissions.has(needed)) {
        return replyPrivately(interaction, member.t('images.memberCannotReadHistory'));
      }
      if (interaction.inGuild() && !interaction.appPermissions.has(needed)) {
        return replyPrivately(interaction, member.t('images.cannotReadHistory'));
      }
      const { channelId, targetMessage } = interaction;
      const link = messageLink(interaction.guildId, channelId, targetMessage.id);
      await askFromInteraction(deps, interaction, { channelId, options: {} }, async (settings) => {
        const fetched = await messagesFrom(deps.discordRest, channelId, targetMessage.id);
        // The chosen message deleted meanwhile, and nothing after it: the one Discord sent with the menu.
        const messages =
          fetched.length > 0
            ? fetched.map(transcriptEntry)
            : [
                {
                  authorName: targetMessage.member?.displayName ?? targetMessage.author.displayName,
                  text: mentionsAsNames(targetMessage),
                  attachments: targetMessage.attachments.map((file) => file.name),
                },
              ];
        const systemTokens = settings.systemPrompt ? estimateTokens(settings.systemPrompt) : 0;
        const request = summaryPrompt(
          messages,
          link,
          contextAllowance(settings.historyTokens, systemTokens, 0),
        );
        // The reply is public: its head and note in the channel's language.
        return {
          channelId,
          replyChannelId: channelId,
          ask: { kind: 'new', prompt: request.prompt },
          options: {},
          head: `${server.t('images.summaryHead', { count: request.included, link })}\n`,
          ...(request.omitted > 0 && {
            extraNote: server.t('images.summaryOmitted', { count: request.omitted }),
          }),
        };
      });
    },
  };
}
