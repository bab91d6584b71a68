/**
 * The Regenerate button under the latest reply of a conversation: the same question, with the
 * same options and the history before it, in a new streamed reply that replaces the old one.
 * The button's id names the conversation and reply, but a member can craft one: the chat service
 * acts only when it was pressed on that reply's own message (see regenerationBase).
 */
import type { ButtonInteraction } from 'discord.js';
import { canManageMessages } from '../../src/access/permissions.js';
import { regenerateFromInteraction } from './interactionTurn.js';

export async function pressRegenerate(
  deps: Parameters<typeof regenerateFromInteraction>[0],
  interaction: ButtonInteraction,
  argument: string,
): Promise<void> {
  const [conversationId = '', turnId = ''] = argument.split(':');
  await regenerateFromInteraction(deps, interaction, {
    conversationId,
    turnId,
    pressed: { channelId: interaction.channelId, messageId: interaction.message.id },
    canManageMessages: canManageMessages(interaction),
  });
}
