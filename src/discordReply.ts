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
  type RepliableInteraction,
  Routes,
} from 'discord.js';
import type { MessageComponents, ReplySink } from './render/streamRenderer.js';

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

type Body = { content: string; allowed_mentions: typeof NO_PINGS_API; components?: MessageComponents };

function messageBody(content: string, components: MessageComponents | undefined): Body {
  return { content, allowed_mentions: NO_PINGS_API, ...(components !== undefined && { components }) };
}

/** Writes a streamed reply through the interaction's webhook (the token, not the bot token). */
export function interactionReplySink(interaction: RepliableInteraction, rest: REST): ReplySink {
  const { applicationId, token } = interaction;
  return {
    async editOriginal(content, components) {
      const message = (await rest.patch(Routes.webhookMessage(applicationId, token, '@original'), {
        body: messageBody(content, components),
        auth: false,
      })) as APIMessage;
      return message.id;
    },
    async sendFollowUp(content, components) {
      const message = (await rest.post(Routes.webhook(applicationId, token), {
        body: messageBody(content, components),
        auth: false,
        query: makeURLSearchParams({ wait: true }),
      })) as APIMessage;
      return message.id;
    },
    async editFollowUp(id, content, components) {
      await rest.patch(Routes.webhookMessage(applicationId, token, id), {
        body: messageBody(content, components),
        auth: false,
      });
    },
    async refuse(content) {
      await rest.delete(Routes.webhookMessage(applicationId, token, '@original'), { auth: false });
      await rest.post(Routes.webhook(applicationId, token), {
        body: { ...messageBody(content, undefined), flags: MessageFlags.Ephemeral },
        auth: false,
      });
    },
  };
}

/**
 * A reply with nothing to show this long after the member's message shows "typing…" instead.
 * Not at once: most replies start sooner, and the request would only crowd the bot's global
 * rate limit when many arrive together.
 */
export const TYPING_AFTER_MS = 1000;

/**
 * Writes a streamed reply as bot messages in a channel: the first one replies to the member's
 * message (without pinging them), the rest follow it. Used for mentions, replies and DMs.
 */
export function channelReplySink(
  rest: REST,
  channelId: string,
  replyToId: string,
  onTypingError: (error: unknown) => void,
): ReplySink & { stopTyping(): void } {
  let first: Promise<string> | undefined;
  const typing = setTimeout(() => {
    rest.post(Routes.channelTyping(channelId)).catch(onTypingError);
  }, TYPING_AFTER_MS);
  typing.unref();
  const post = async (body: Record<string, unknown>) =>
    ((await rest.post(Routes.channelMessages(channelId), { body })) as APIMessage).id;
  const patch = async (id: string, body: Body) => {
    await rest.patch(Routes.channelMessage(channelId, id), { body });
  };
  return {
    botToken: true,
    stopTyping: () => clearTimeout(typing),
    async editOriginal(content, components) {
      clearTimeout(typing);
      if (!first) {
        first = post({
          ...messageBody(content, components),
          message_reference: { message_id: replyToId, fail_if_not_exists: false },
        });
        // A failed first post is retried by the next write.
        first.catch(() => {
          first = undefined;
        });
        return first;
      }
      const id = await first;
      await patch(id, messageBody(content, components));
      return id;
    },
    sendFollowUp: (content, components) => post(messageBody(content, components)),
    editFollowUp: (id, content, components) => patch(id, messageBody(content, components)),
    async refuse(content) {
      if (first) {
        const id = await first;
        await patch(id, messageBody(content, []));
      } else {
        await this.editOriginal(content, []);
      }
    },
  };
}

/** Removes the buttons from a bot message (an older reply), leaving its text. */
export async function removeButtons(rest: REST, channelId: string, messageId: string): Promise<void> {
  await rest.patch(Routes.channelMessage(channelId, messageId), { body: { components: [] } });
}

/** The name members see: guild nickname, else global display name, else username. */
export function speakerName(interaction: RepliableInteraction | ChatInputCommandInteraction): string {
  const member = interaction.member;
  if (member instanceof GuildMember) return member.displayName;
  if (member && typeof member.nick === 'string' && member.nick !== '') return member.nick;
  return interaction.user.displayName;
}
