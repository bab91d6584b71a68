/**
 * A chat turn asked for by an interaction (/ask, Regenerate): admitted or refused privately,
 * acknowledged at once, then streamed into the interaction's reply from the channel's queue.
 */
import type { ButtonInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { Arrival } from '../../src/chat/arrivalOrder.js';
import { runQueuedChatTurn } from '../../src/chat/queue.js';
import { prepareChatRequest } from '../../src/chat/request.js';
import type { ChatTurn } from '../../src/chat/types.js';
import type { BotContext } from '../../src/context.js';
import { parentChannelId } from '../../src/discord/channels.js';
import { interactionWebhook } from '../../src/discord/interactionWebhook.js';
import { speakerName } from '../../src/discord/members.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { interactionReplySink } from '../../src/discord/replySinks.js';
import type { RequestOptions } from '../../src/settings/resolve.js';

/** What only the caller knows of the turn; who asks, where and with which settings is filled in. */
export type TurnShape = Pick<ChatTurn, 'channelId' | 'replyChannelId' | 'ask' | 'options' | 'extraNote'>;

export async function runInteractionTurn(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  context: BotContext,
  request: { readonly channelId: string; readonly options: RequestOptions },
  /** Builds the turn after the acknowledgement (it may talk to Discord, e.g. open a thread). */
  shape: () => Promise<TurnShape>,
): Promise<void> {
  // Taken before anything is awaited: this request joins the channel's queue in arrival order.
  const arrival = context.arrivalOrder.arrive(request.channelId);
  try {
    await joinInOrder(interaction, context, request, shape, arrival);
  } finally {
    arrival.done();
  }
}

async function joinInOrder(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  context: BotContext,
  request: { readonly channelId: string; readonly options: RequestOptions },
  shape: () => Promise<TurnShape>,
  arrival: Arrival,
): Promise<void> {
  const userName = speakerName(interaction);
  const prepared = await prepareChatRequest(context, {
    guildId: interaction.guildId,
    channelId: request.channelId,
    parentId: parentChannelId(interaction),
    userId: interaction.user.id,
    userName,
    options: request.options,
  });
  if (!prepared.ok) return replyPrivately(interaction, prepared.error);
  try {
    // Acknowledge before any other I/O: Discord allows 3 s for the first response.
    await interaction.deferReply();
    const turn: ChatTurn = {
      ...(await shape()),
      guildId: interaction.guildId,
      userId: interaction.user.id,
      userName,
      settings: prepared.settings,
      // Refused before any text: the reply is withdrawn and the member alone is told why.
      refusalsSeenBy: 'member',
    };
    await arrival.turn();
    const running = runQueuedChatTurn(
      context,
      turn,
      interactionReplySink(interactionWebhook(context.interactionRest, interaction)),
    );
    // It has its place in the channel's queue now (runQueuedChatTurn takes it synchronously).
    arrival.done();
    await running;
  } finally {
    prepared.slot.release();
  }
}
