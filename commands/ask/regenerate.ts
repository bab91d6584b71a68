/**
 * The Regenerate button under the latest reply of a conversation: the same question, with the
 * same options and the history before it, in a new streamed reply that replaces the old one.
 * The button's id names the conversation and reply, but a member can craft one: it acts only
 * when pressed on that reply's own message (see regenerationBase).
 */
import type { ButtonInteraction } from 'discord.js';
import { canManageMessages } from '../../src/access/permissions.js';
import { regenerationBase } from '../../src/chat/history.js';
import type { BotContext } from '../../src/context.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { interactionVoices } from '../../src/i18n/voices.js';
import { definedFields } from '../../src/lib/objects.js';
import { parseWith, storedOptionsSchema } from '../../src/settings/requestOptions.js';
import type { RequestOptions } from '../../src/settings/resolve.js';
import { runInteractionTurn } from './interactionTurn.js';
import { explicitOptions } from './options.js';

export async function pressRegenerate(
  interaction: ButtonInteraction,
  context: BotContext,
  argument: string,
): Promise<void> {
  const [conversationId = '', turnId = ''] = argument.split(':');
  const pressed = { channelId: interaction.channelId, messageId: interaction.message.id };
  // A first look, to refuse at once; the turn checks again in the channel's queue.
  const conversation = await context.conversations.load(conversationId);
  const base = regenerationBase(conversation.turns, turnId, pressed);
  const { member } = interactionVoices(context.i18n, interaction);
  if (!base) return replyPrivately(interaction, member.t('chat.notLatest'));
  if (base.userTurn.authorId !== interaction.user.id && !canManageMessages(interaction)) {
    return replyPrivately(interaction, member.t('chat.regenerateForbidden'));
  }
  const last = conversation.turns.at(-1);
  // Options kept with an older version of the reply that no longer pass are dropped, not trusted.
  const stored = parseWith(
    storedOptionsSchema,
    last?.role === 'assistant' ? (last.options ?? {}) : {},
    member,
  );
  const options: RequestOptions = {
    ...(stored.ok ? definedFields(stored.value) : {}),
    origin: 'config.whereRegenerated',
  };
  const channelId = interaction.channelId;
  await runInteractionTurn(interaction, context, { channelId, options }, async () => ({
    channelId: conversationId,
    replyChannelId: channelId,
    ask: { kind: 'regenerate', turnId, pressed },
    options: explicitOptions(options),
    // The new reply starts as the old one did (e.g. with the question quoted).
    ...(last?.role === 'assistant' && last.head !== undefined && { head: last.head }),
  }));
}
