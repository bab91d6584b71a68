/** The Stop button under a chat reply being streamed or waiting in line. */
import type { ButtonInteraction } from 'discord.js';
import { canManageMessages } from '../../src/access/permissions.js';
import { stopReply } from '../../src/chat/controls.js';
import type { BotContext } from '../../src/context.js';
import { speakerName } from '../../src/discord/members.js';
import { replyPrivately } from '../../src/discord/messages.js';

export async function pressStop(interaction: ButtonInteraction, context: BotContext, stopId: string) {
  const outcome = stopReply(context.activeReplies, stopId, {
    userId: interaction.user.id,
    name: speakerName(interaction),
    canManageMessages: canManageMessages(interaction),
  });
  if (outcome === 'finished') return replyPrivately(interaction, 'This reply has already finished.');
  if (outcome === 'forbidden') {
    return replyPrivately(
      interaction,
      'Only the member who asked (or someone with the Manage Messages permission) can stop this reply.',
    );
  }
  // The reply itself shows that it stopped; the click needs no message of its own.
  await interaction.deferUpdate();
}
