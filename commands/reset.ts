/**
 * /reset: forgets the current channel's conversation (Manage Messages in the channel, or the
 * member's own DM with the bot). The announcement is public, so everyone in the channel knows
 * the bot starts afresh.
 */
import {
  ApplicationCommandType,
  InteractionContextType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { canManageMessages } from '../src/access/permissions.js';
import type { Command } from '../src/discord/command.js';
import { interactionWebhook } from '../src/discord/interactionWebhook.js';
import { speakerName } from '../src/discord/members.js';
import { removeButtons, replyPrivately } from '../src/discord/messages.js';

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
    const allowed = !interaction.inGuild() || canManageMessages(interaction);
    if (!allowed) {
      return replyPrivately(
        interaction,
        'Only members with the Manage Messages permission in this channel can reset its conversation.',
      );
    }
    await interaction.deferReply();
    const channelId = interaction.channelId;
    // In the channel's queue: a reply being written finishes (and is saved) first, then is forgotten.
    await context.channelQueue.run(channelId, async () => {
      const { lastReply } = await context.conversations.reset(channelId);
      if (lastReply) {
        await removeButtons(context.discordRest, lastReply.channelId, lastReply.messageId).catch(
          (error: unknown) =>
            context.logger.warn({ err: error }, 'could not take the buttons off the last reply'),
        );
      }
    });
    await interactionWebhook(context.interactionRest, interaction).editOriginal({
      content: `🧹 ${speakerName(interaction)} reset this channel’s conversation: the bot has forgotten it, and the next message starts a new one.`,
    });
  },
} satisfies Command;
