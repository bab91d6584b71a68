/**
 * The chat service's adapter for interactions (/ask, its form, Regenerate, message commands):
 * says who asks and where from the interaction, and writes the reply through the interaction's
 * token (a private refusal, the deferral, then the streamed reply).
 */
import type {
  ButtonInteraction,
  ChatInputCommandInteraction,
  MessageContextMenuCommandInteraction,
  ModalSubmitInteraction,
} from 'discord.js';
import { MessageFlags, type REST } from 'discord.js';
import type { AskRequest, ChatReply, RegenerateRequest, TurnShape } from '../../src/chat/chatService.js';
import { deadlineSignal } from '../../src/chat/deadline.js';
import type { ChatRequestInput } from '../../src/chat/request.js';
import { parentChannelId } from '../../src/discord/channels.js';
import { installContext, privateConversationId } from '../../src/discord/installContext.js';
import { interactionWebhook, tokenLife } from '../../src/discord/interactionWebhook.js';
import { speakerName } from '../../src/discord/members.js';
import { replyPrivately } from '../../src/discord/messages.js';
import { interactionReplySink } from '../../src/discord/replySinks.js';
import { interactionVoices, type Voices } from '../../src/i18n/voices.js';
import type { Clock } from '../../src/lib/clock.js';
import type { RequestOptions } from '../../src/settings/resolve.js';
import { memberRoleIds } from '../../src/spend/roleRules.js';

export type { TurnShape } from '../../src/chat/chatService.js';

export type AskingInteraction =
  | ChatInputCommandInteraction
  | ButtonInteraction
  | ModalSubmitInteraction
  | MessageContextMenuCommandInteraction;

/** What the adapter reads: the interaction REST client (tokens and their lives), the clock, the locales. */
/** The deferred reply's message id per interaction, from the deferral's response (with_response). */
const replyIds = new WeakMap<object, string>();

/** The message id of the reply the interaction deferred: from its deferral, else asked of Discord. */
export async function deferredReplyId(interaction: AskingInteraction): Promise<string> {
  return replyIds.get(interaction) ?? (await interaction.fetchReply()).id;
}

export interface InteractionTurnDeps {
  readonly interactionRest: REST;
  readonly clock: Pick<Clock, 'now'>;
  readonly i18n: Parameters<typeof interactionVoices>[0];
}

/** Where an interaction's chat request came from and where its reply goes, for the chat service. */
interface InteractionRequest {
  readonly asker: Omit<ChatRequestInput, 'options'>;
  readonly voices: Voices;
  readonly refusalsSeenBy: 'member';
  readonly reply: ChatReply;
  /** The member's conversation where Discord makes the reply private, and its voices. */
  readonly reshape: (shape: TurnShape) => TurnShape;
  readonly abort: AbortSignal | undefined;
}

/**
 * Runs `use` with the interaction as a chat request (asker, reply port, the token's deadline
 * where only the token writes), and clears the deadline after.
 */
async function asInteractionRequest(
  deps: InteractionTurnDeps,
  interaction: AskingInteraction,
  channelId: string,
  use: (request: InteractionRequest) => Promise<void>,
): Promise<void> {
  // Installed to the member only, where the bot is not: through the interaction alone.
  const install = installContext(interaction);
  const userInstall = !install.botPresent;
  const voices = interactionVoices(deps.i18n, interaction);
  // Nothing writes after the token there: the reply ends before it (chat/deadline.ts).
  const life = tokenLife(deps.interactionRest, interaction);
  const deadline = userInstall ? deadlineSignal(life.deadline, life.ttlMs, deps.clock.now()) : undefined;
  try {
    await use({
      asker: {
        guildId: interaction.guildId,
        channelId,
        parentId: parentChannelId(interaction),
        userId: interaction.user.id,
        userName: speakerName(interaction),
        ...(userInstall && { userInstall }),
        roleIds: memberRoleIds(interaction.member),
        // A refusal is private: the member's words.
        voice: voices.member,
      },
      // The reply is the channel's, unless Discord makes it private.
      voices: install.forcedPrivate ? { ...voices, server: voices.member } : voices,
      // Refused before any text: the reply is withdrawn and the member alone is told why.
      refusalsSeenBy: 'member',
      reply: {
        refuse: (text) => replyPrivately(interaction, text),
        // With the response: its message id, which a thread is opened from, without a GET.
        acknowledge: async () => {
          const response = await interaction.deferReply({
            ...(install.forcedPrivate && { flags: MessageFlags.Ephemeral }),
            withResponse: true,
          });
          const id = response.interaction.responseMessageId;
          if (id) replyIds.set(interaction, id);
        },
        sink: (layout) =>
          interactionReplySink(
            interactionWebhook(deps.interactionRest, interaction),
            install.canAttach,
            layout,
          ),
      },
      // Discord makes these replies private: their exchanges stay out of the channel's memory.
      reshape: (shape) =>
        install.forcedPrivate
          ? { ...shape, channelId: privateConversationId(shape.channelId, interaction.user.id) }
          : shape,
      abort: deadline?.signal,
    });
  } finally {
    deadline?.clear();
  }
}

/** A new question from an interaction, into the chat service. */
export function askFromInteraction(
  deps: InteractionTurnDeps & { readonly chat: { ask(request: AskRequest): Promise<void> } },
  interaction: AskingInteraction,
  request: { readonly channelId: string; readonly options: RequestOptions },
  /**
   * Builds the turn after the acknowledgement (it may talk to Discord, e.g. open a thread), with
   * the settings it was admitted with (e.g. its history budget).
   */
  shape: AskRequest['shape'],
): Promise<void> {
  return asInteractionRequest(deps, interaction, request.channelId, ({ reshape, asker, ...rest }) =>
    deps.chat.ask({
      ...rest,
      asker: { ...asker, options: request.options },
      shape: async (settings) => reshape(await shape(settings)),
    }),
  );
}

/** A Regenerate press, into the chat service. */
export function regenerateFromInteraction(
  deps: InteractionTurnDeps & { readonly chat: { regenerate(request: RegenerateRequest): Promise<void> } },
  interaction: ButtonInteraction,
  press: Pick<RegenerateRequest, 'conversationId' | 'turnId' | 'pressed' | 'canManageMessages'>,
): Promise<void> {
  const channelId = interaction.channelId;
  return asInteractionRequest(deps, interaction, channelId, (request) =>
    deps.chat.regenerate({ ...request, ...press, replyChannelId: channelId }),
  );
}
