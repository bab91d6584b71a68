/**
 * Every write after an interaction's first response (edits of the reply, follow-ups, files)
 * goes through its webhook with the interaction token, on a REST client of its own: Discord
 * does not count these against the bot's global rate limit (50 requests/s), but discord.js's
 * shared client does, which would delay every streamed edit once ~50 replies stream at once.
 * Per-route limits (about 5 requests per 2 s per token) are still honoured by this client.
 */
import { type APIMessage, MessageFlags, makeURLSearchParams, type RawFile, REST, Routes } from 'discord.js';
import type { MessageComponents } from './buttons.js';
import { messageBody } from './messages.js';

export function createInteractionRest(apiUrl: string | undefined): REST {
  return new REST({ ...(apiUrl !== undefined && { api: apiUrl }), globalRequestsPerSecond: 10_000 });
}

export interface OutgoingMessage {
  readonly content: string;
  /** Undefined leaves a message's buttons as they are. */
  readonly components?: MessageComponents | undefined;
  /** Attachments (uploaded as multipart). */
  readonly files?: readonly { readonly name: string; readonly data: Buffer }[];
}

export interface InteractionWebhook {
  /** Edits the interaction's first response; resolves to its message id. */
  editOriginal(message: OutgoingMessage): Promise<string>;
  /** Posts a follow-up; resolves to its message id. */
  followUp(message: OutgoingMessage & { readonly private?: boolean }): Promise<string>;
  editFollowUp(id: string, message: OutgoingMessage): Promise<void>;
  /** Withdraws the (deferred) first response and tells the member privately why. */
  withdraw(content: string): Promise<void>;
}

/** What the webhook routes need of an interaction. */
export interface InteractionToken {
  readonly applicationId: string;
  readonly token: string;
}

function request(message: OutgoingMessage, flags?: number): { body: object; files?: RawFile[] } {
  const files = message.files ?? [];
  const body = {
    ...messageBody(message.content, message.components),
    ...(flags !== undefined && { flags }),
    ...(files.length > 0 && { attachments: files.map((file, id) => ({ id, filename: file.name })) }),
  };
  return files.length > 0 ? { body, files: files.map((file) => ({ ...file })) } : { body };
}

export function interactionWebhook(rest: REST, interaction: InteractionToken): InteractionWebhook {
  const { applicationId, token } = interaction;
  const messageRoute = (id: string) => Routes.webhookMessage(applicationId, token, id);
  const post = async (message: OutgoingMessage, flags?: number) => {
    const sent = (await rest.post(Routes.webhook(applicationId, token), {
      ...request(message, flags),
      auth: false,
      query: makeURLSearchParams({ wait: true }),
    })) as APIMessage;
    return sent.id;
  };
  const patch = async (id: string, message: OutgoingMessage) =>
    (await rest.patch(messageRoute(id), { ...request(message), auth: false })) as APIMessage;

  return {
    editOriginal: async (message) => (await patch('@original', message)).id,
    followUp: (message) => post(message, message.private ? MessageFlags.Ephemeral : undefined),
    async editFollowUp(id, message) {
      await patch(id, message);
    },
    async withdraw(content) {
      await rest.delete(messageRoute('@original'), { auth: false });
      await post({ content }, MessageFlags.Ephemeral);
    },
  };
}
