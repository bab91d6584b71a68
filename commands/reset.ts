/**
 * /reset: forgets the current channel's conversation (Manage Messages in the channel, or the
 * member's own DM with the bot, or anyone in a group DM where a member installed the app). The
 * announcement is public, so everyone in the channel knows the bot starts afresh.
 */
import {
  ApplicationCommandType,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  type REST,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { canManageMessages } from '../src/access/permissions.js';
import type { ChatService } from '../src/chat/chatService.js';
import type { Command } from '../src/discord/command.js';
import { installContext, privateConversationId } from '../src/discord/installContext.js';
import { interactionWebhook } from '../src/discord/interactionWebhook.js';
import { speakerName } from '../src/discord/members.js';
import { replyPrivately } from '../src/discord/messages.js';
import { interactionVoices } from '../src/i18n/voices.js';
import type { Logger } from '../src/lib/logger.js';
import { shownName } from '../src/reply/names.js';
import { removeButtons } from '../src/reply/removeButtons.js';

export const resetData = {
  name: 'reset',
  description: "Forget this channel's conversation with the bot",
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  default_member_permissions: String(PermissionFlagsBits.ManageMessages),
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * What /reset reads: the chat service (it forgets in the channel's queue), the locales, both REST
 * clients (the bot's takes the last reply's buttons off; the interaction's answers), the logger.
 */
export interface ResetCommandDeps {
  readonly chat: Pick<ChatService, 'forget'>;
  readonly i18n: Parameters<typeof interactionVoices>[0];
  readonly discordRest: REST;
  readonly interactionRest: REST;
  readonly logger: Pick<Logger, 'warn'>;
  /** USER_INSTALL: whether the app may be used installed to a member's account. */
  readonly config: { readonly userInstall: boolean };
}

export function createResetCommand(deps: ResetCommandDeps): Command {
  return {
    data: resetData,
    async execute(interaction) {
      // Installed to the member's account (discord/installPolicy.ts): in a group DM or a DM with a
      // friend anyone there may reset (nobody moderates it); in a server, Manage Messages still.
      const install = installContext(interaction);
      const voices = interactionVoices(deps.i18n, interaction);
      const allowed = !interaction.inGuild() || canManageMessages(interaction);
      if (!allowed) return replyPrivately(interaction, voices.member.t('config.manageMessagesToReset'));
      if (!install.botPresent && !deps.config.userInstall)
        return replyPrivately(interaction, voices.member.t('errors.userInstallOff'));
      await interaction.deferReply(install.forcedPrivate ? { flags: MessageFlags.Ephemeral } : {});
      // A member whose replies Discord makes private has a conversation of their own here.
      const channelId = install.forcedPrivate
        ? privateConversationId(interaction.channelId, interaction.user.id)
        : interaction.channelId;
      // In the channel's queue: a reply being written finishes (and is saved) first, then is forgotten.
      await deps.chat.forget(channelId, async (lastReply) => {
        // Where the bot is not present its token cannot edit the last reply (its button then says so).
        if (install.botPresent) {
          await removeButtons(deps.discordRest, lastReply).catch((error: unknown) =>
            deps.logger.warn({ err: error }, 'could not take the buttons off the last reply'),
          );
        }
      });
      // Public (unless Discord makes it private): the channel's language.
      const voice = install.forcedPrivate ? voices.member : voices.server;
      await interactionWebhook(deps.interactionRest, interaction).editOriginal({
        content: voice.t('config.resetDone', { name: shownName(speakerName(interaction)) }),
      });
    },
  };
}
