/**
 * Interaction replies as a ReplySink, and the one rule for every message the bot sends:
 * no mention in it pings anyone (model output may contain @everyone, roles or user mentions).
 */
import {
  type APIMessage,
  type ChatInputCommandInteraction,
  GuildMember,
  MessageFlags,
  type MessageMentionOptions,
  makeURLSearchParams,
  REST,
  Routes,
} from 'discord.js';
import type { ReplySink } from './render/streamRenderer.js';

export const NO_PINGS: MessageMentionOptions = { parse: [], repliedUser: false };

/** The same rule in the raw API shape, for requests made outside discord.js's message payloads. */
const NO_PINGS_API = { parse: [] };

/**
 * A REST client for interaction-token routes only (edits of the reply, follow-ups). Discord
 * does not count these against the bot's global rate limit (50 requests/s), but discord.js's
 * shared REST client does, which delays every streamed edit once ~50 replies stream at once.
 * Per-route limits (about 5 edits per 2 s per token) are still honoured by this client.
 */
export function createInteractionRest(apiUrl: string | undefined): REST {
  return new REST({ ...(apiUrl !== undefined && { api: apiUrl }), globalRequestsPerSecond: 10_000 });
}

/** Writes a streamed reply through the interaction's webhook (the token, not the bot token). */
export function interactionReplySink(interaction: ChatInputCommandInteraction, rest: REST): ReplySink {
  const { applicationId, token } = interaction;
  const body = (content: string) => ({ content, allowed_mentions: NO_PINGS_API });
  return {
    async editOriginal(content) {
      await rest.patch(Routes.webhookMessage(applicationId, token, '@original'), {
        body: body(content),
        auth: false,
      });
    },
    async sendFollowUp(content) {
      const message = (await rest.post(Routes.webhook(applicationId, token), {
        body: body(content),
        auth: false,
        query: makeURLSearchParams({ wait: true }),
      })) as APIMessage;
      return message.id;
    },
    async editFollowUp(id, content) {
      await rest.patch(Routes.webhookMessage(applicationId, token, id), { body: body(content), auth: false });
    },
    async refuse(content) {
      await rest.delete(Routes.webhookMessage(applicationId, token, '@original'), { auth: false });
      await rest.post(Routes.webhook(applicationId, token), {
        body: { ...body(content), flags: MessageFlags.Ephemeral },
        auth: false,
      });
    },
  };
}

/** The name members see: guild nickname, else global display name, else username. */
export function speakerName(interaction: ChatInputCommandInteraction): string {
  const member = interaction.member;
  if (member instanceof GuildMember) return member.displayName;
  if (member && typeof member.nick === 'string' && member.nick !== '') return member.nick;
  return interaction.user.displayName;
}
