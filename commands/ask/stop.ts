/** The Stop button under a chat reply being streamed or waiting in line. */
import type { ButtonInteraction } from 'discord.js';
import { canManageMessages } from '../../src/access/permissions.js';
import { stopReply } from '../../src/chat/controls.js';
import type { BotContext } from '../../src/context.js';
import { speakerName } from '../../src/discord/members.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { interactionVoices } from '../../src/i18n/voices.js';

export async function pressStop(interaction: ButtonInteraction, context: BotContext, stopId: string) {
  const outcome = stopReply(context.activeReplies, stopId, {
    userId: interaction.user.id,
    name: speakerName(interaction),
    canManageMessages: canManageMessages(interaction),
  });
  const { member } = interactionVoices(context.i18n, interaction);
  if (outcome === 'finished') return replyPrivately(interaction, member.t('chat.alreadyFinished'));
  if (outcome === 'forbidden') return replyPrivately(interaction, member.t('chat.stopForbidden'));
  // The reply itself shows that it stopped; the click needs no message of its own.
  await interaction.deferUpdate();
}
