/**
 * An interaction's initial response, as Discord applies it: refused when the interaction was
 * already acknowledged (40060), for a modal Discord would not open (modals.ts) or a body it would
 * not take (componentRules.ts); otherwise kept in `callbacks`, and a reply (4) or a deferral (5)
 * makes the original message. One function for both ways a bot answers: the REST route
 * `POST /interactions/{id}/{token}/callback` and the inline answer to an HTTP delivery
 * (interactionsEndpoint.ts), so that they cannot drift apart.
 */
import { callbackRefusal } from './componentRules.js';
import { createMessage } from './messages.js';
import { openModal } from './modals.js';
import type { LocalAttachment, LocalInteraction } from './model.js';
import type { DiscordState } from './state.js';
import { messageJson } from './world.js';

/** Discord's answer to a callback: its status, and its body (none for 204). */
export interface CallbackAnswer {
  readonly status: number;
  readonly body?: unknown;
}

/**
 * Applies `json` (`{type, data}`) as `interaction`'s initial response. `withResponse`: answer as
 * the REST route does with `?with_response=true` (the interaction and the message it made).
 */
export function applyCallback(
  discord: DiscordState,
  interaction: LocalInteraction,
  json: Record<string, unknown>,
  files: LocalAttachment[],
  requestedAt: number,
  withResponse = false,
): CallbackAnswer {
  if (interaction.callbacks.length > 0) {
    return { status: 400, body: { message: 'Interaction has already been acknowledged.', code: 40060 } };
  }
  const type = Number(json.type);
  const data = (json.data as Record<string, unknown> | undefined) ?? {};
  const modalRefusal = type === 9 ? openModal(interaction, json.data) : undefined;
  if (modalRefusal) return { status: 400, body: modalRefusal };
  const bodyRefusal = callbackRefusal(type, data, files);
  if (bodyRefusal) return { status: 400, body: bodyRefusal };
  interaction.callbacks.push({ type, at: performance.now(), data });
  if (type === 4 || type === 5) {
    const message = createMessage(
      discord,
      'original',
      interaction.channelId,
      interaction.token,
      data,
      files,
      requestedAt,
      type === 5,
    );
    interaction.originalId = message.id;
  }
  if (!withResponse) return { status: 204 };
  // Like Discord: the message itself only for a reply with content, not a deferred one.
  const original = interaction.originalId ? discord.messages.get(interaction.originalId) : undefined;
  return {
    status: 200,
    body: {
      interaction: {
        id: interaction.id,
        type: interaction.type ?? 2,
        ...(original && { response_message_id: original.id, response_message_loading: type === 5 }),
      },
      resource: original && type === 4 ? { type, message: messageJson(discord, original) } : { type },
    },
  };
}
