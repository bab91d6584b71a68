import type { ButtonInteraction, ChatInputCommandInteraction } from 'discord.js';

/** The parent channel when the interaction happened in a thread (threads follow its settings). */
export function parentChannelId(interaction: ChatInputCommandInteraction | ButtonInteraction): string | null {
  const channel = interaction.channel;
  return channel?.isThread() ? channel.parentId : null;
}
