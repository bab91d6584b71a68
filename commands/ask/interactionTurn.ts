/**
 * A chat turn asked for by an interaction (/ask, its form, Regenerate): admitted or refused
 * privately, acknowledged at once, then streamed into the interaction's reply from the channel's
 * queue.
 */
import type {
  ButtonInteraction,
  ChatInputCommandInteraction,
  MessageContextMenuCommandInteraction,
  ModalSubmitInteraction,
} from 'discord.js';
import { MessageFlags } from 'discord.js';
import type { Arrival } from '../../src/chat/arrivalOrder.js';
import { deadlineSignal } from '../../src/chat/deadline.js';
import { runQueuedChatTurn } from '../../src/chat/queue.js';
import { prepareChatRequest } from '../../src/chat/request.js';
import type { ChatTurn } from '../../src/chat/types.js';
import type { BotContext } from '../../src/context.js';
import { parentChannelId } from '../../src/discord/channels.js';
import { installContext, privateConversationId } from '../../src/discord/installContext.js';
import { interactionWebhook, tokenLife } from '../../src/discord/interactionWebhook.js';
import { speakerName } from '../../src/discord/members.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { interactionReplySink } from '../../src/discord/replySinks.js';
import { interactionVoices } from '../../src/i18n/voices.js';
import type { ChatSettings, RequestOptions } from '../../src/settings/resolve.js';
import { memberRoleIds } from '../../src/spend/roleRules.js';

/** What only the caller knows of the turn; who asks, where and with which settings is filled in. */
export type TurnShape = Pick<
  ChatTurn,
  'channelId' | 'replyChannelId' | 'ask' | 'options' | 'extraNote' | 'head'
>;

type AskingInteraction =
  | ChatInputCommandInteraction
  | ButtonInteraction
  | ModalSubmitInteraction
  | MessageContextMenuCommandInteraction;

export async function runInteractionTurn(
  interaction: AskingInteraction,
  context: BotContext,
  request: { readonly channelId: string; readonly options: RequestOptions },
  /**
   * Builds the turn after the acknowledgement (it may talk to Discord, e.g. open a thread), with
   * the settings it was admitted with (e.g. its history budget).
   */
  shape: (settings: ChatSettings) => Promise<TurnShape>,
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
  interaction: AskingInteraction,
  context: BotContext,
  request: { readonly channelId: string; readonly options: RequestOptions },
  shape: (settings: ChatSettings) => Promise<TurnShape>,
  arrival: Arrival,
): Promise<void> {
  const userName = speakerName(interaction);
  // Installed to the member only, where the bot is not: through the interaction alone.
  const install = installContext(interaction);
  const userInstall = !install.botPresent;
  const voices = interactionVoices(context.i18n, interaction);
  const prepared = await prepareChatRequest(context, {
    guildId: interaction.guildId,
    channelId: request.channelId,
    parentId: parentChannelId(interaction),
    userId: interaction.user.id,
    userName,
    options: request.options,
    ...(userInstall && { userInstall }),
    roleIds: memberRoleIds(interaction.member),
    // A refusal is private: the member's words.
    voice: voices.member,
  });
  if (!prepared.ok) return replyPrivately(interaction, prepared.error);
  // Nothing writes after the token there: the reply ends before it (chat/deadline.ts).
  const life = tokenLife(context.interactionRest, interaction);
  const deadline = userInstall ? deadlineSignal(life.deadline, life.ttlMs, context.clock.now()) : undefined;
  try {
    // Acknowledge before any other I/O: Discord allows 3 s for the first response.
    await interaction.deferReply(install.forcedPrivate ? { flags: MessageFlags.Ephemeral } : {});
    const shaped = await shape(prepared.settings);
    const turn: ChatTurn = {
      ...shaped,
      // Discord makes these replies private: their exchanges stay out of the channel's memory.
      ...(install.forcedPrivate && {
        channelId: privateConversationId(shaped.channelId, interaction.user.id),
      }),
      ...(userInstall && { userInstall }),
      guildId: interaction.guildId,
      userId: interaction.user.id,
      userName,
      settings: prepared.settings,
      // Refused before any text: the reply is withdrawn and the member alone is told why.
      refusalsSeenBy: 'member',
      // The reply is the channel's, unless Discord makes it private.
      voices: install.forcedPrivate ? { ...voices, server: voices.member } : voices,
    };
    await arrival.turn();
    const running = runQueuedChatTurn(
      context,
      turn,
      interactionReplySink(interactionWebhook(context.interactionRest, interaction), install.canAttach),
      deadline?.signal,
    );
    // It has its place in the channel's queue now (runQueuedChatTurn takes it synchronously).
    arrival.done();
    await running;
  } finally {
    deadline?.clear();
    prepared.slot.release();
  }
}
