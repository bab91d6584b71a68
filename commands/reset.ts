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
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { canManageMessages } from '../src/access/permissions.js';
import type { Command } from '../src/discord/command.js';
import { installContext, privateConversationId } from '../src/discord/installContext.js';
import { interactionWebhook } from '../src/discord/interactionWebhook.js';
import { speakerName } from '../src/discord/members.js';
import { removeButtons, replyPrivately } from '../src/discord/messages.js';
import { shownName } from '../src/discord/render/names.js';
import { interactionVoices } from '../src/i18n/voices.js';

const data = {
  name: 'reset',
  description: "Forget this channel's conversation with the bot",
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
  default_member_permissions: String(PermissionFlagsBits.ManageMessages),
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const resetCommand = {
  data,
  async execute(interaction, context) {
    // Installed to the member's account (discord/installPolicy.ts): in a group DM or a DM with a
    // friend anyone there may reset (nobody moderates it); in a server, Manage Messages still.
    const install = installContext(interaction);
    const voices = interactionVoices(context.i18n, interaction);
    const allowed = !interaction.inGuild() || canManageMessages(interaction);
    if (!allowed) return replyPrivately(interaction, voices.member.t('config.manageMessagesToReset'));
    if (!install.botPresent && !context.config.userInstall)
      return replyPrivately(interaction, voices.member.t('errors.userInstallOff'));
    await interaction.deferReply(install.forcedPrivate ? { flags: MessageFlags.Ephemeral } : {});
    // A member whose replies Discord makes private has a conversation of their own here.
    const channelId = install.forcedPrivate
      ? privateConversationId(interaction.channelId, interaction.user.id)
      : interaction.channelId;
    // In the channel's queue: a reply being written finishes (and is saved) first, then is forgotten.
    await context.channelQueue.run(channelId, async () => {
      const { lastReply } = await context.conversations.reset(channelId);
      // Where the bot is not present its token cannot edit the last reply (its button then says so).
      if (lastReply && install.botPresent) {
        await removeButtons(context.discordRest, lastReply.channelId, lastReply.messageId).catch(
          (error: unknown) =>
            context.logger.warn({ err: error }, 'could not take the buttons off the last reply'),
        );
      }
    });
    // Public (unless Discord makes it private): the channel's language.
    const voice = install.forcedPrivate ? voices.member : voices.server;
    await interactionWebhook(context.interactionRest, interaction).editOriginal({
      content: voice.t('config.resetDone', { name: shownName(speakerName(interaction)) }),
    });
  },
} satisfies Command;
