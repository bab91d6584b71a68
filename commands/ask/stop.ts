/** The Stop button under a chat reply being streamed or waiting in line. */
import type { ButtonInteraction } from 'discord.js';
import { canManageMessages } from '../../src/access/permissions.js';
import type { ChatService } from '../../src/chat/chatService.js';
import { speakerName } from '../../src/discord/members.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { interactionVoices } from '../../src/i18n/voices.js';

export interface PressStopDeps {
  readonly chat: Pick<ChatService, 'stop'>;
  readonly i18n: Parameters<typeof interactionVoices>[0];
}

export async function pressStop(deps: PressStopDeps, interaction: ButtonInteraction, stopId: string) {
  const outcome = deps.chat.stop(stopId, {
    userId: interaction.user.id,
    name: speakerName(interaction),
    canManageMessages: canManageMessages(interaction),
  });
  const { member } = interactionVoices(deps.i18n, interaction);
  if (outcome === 'finished') return replyPrivately(interaction, member.t('chat.alreadyFinished'));
  if (outcome === 'forbidden') return replyPrivately(interaction, member.t('chat.stopForbidden'));
  // The reply itself shows that it stopped; the click needs no message of its own.
  await interaction.deferUpdate();
}
