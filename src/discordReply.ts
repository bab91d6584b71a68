/**
 * Interaction replies as a ReplySink, and the one rule for every message the bot sends:
 * no mention in it pings anyone (model output may contain @everyone, roles or user mentions).
 */
import {
  type ChatInputCommandInteraction,
  GuildMember,
  type InteractionEditReplyOptions,
  type MessageMentionOptions,
} from 'discord.js';
import type { ReplySink } from './render/streamRenderer.js';

export const NO_PINGS: MessageMentionOptions = { parse: [], repliedUser: false };

export function interactionReplySink(interaction: ChatInputCommandInteraction): ReplySink {
  return {
    async editOriginal(content) {
      const options: InteractionEditReplyOptions = { content, allowedMentions: NO_PINGS };
      await interaction.editReply(options);
    },
    async sendFollowUp(content) {
      const message = await interaction.followUp({ content, allowedMentions: NO_PINGS });
      return message.id;
    },
    async editFollowUp(id, content) {
      await interaction.webhook.editMessage(id, { content, allowedMentions: NO_PINGS });
    },
  };
}

/** The name members see: guild nickname, else global display name, else username. */
export function speakerName(interaction: ChatInputCommandInteraction): string {
  const member = interaction.member;
  if (member instanceof GuildMember) return member.displayName;
  if (member && typeof member.nick === 'string' && member.nick !== '') return member.nick;
  return interaction.user.displayName;
}
