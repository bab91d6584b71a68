/**
 * Where a streamed reply's messages go (a ReplySink): an interaction's webhook, or bot messages
 * in a channel (answers to mentions, replies and DMs).
 */
import { type REST, Routes } from 'discord.js';
import type { MessageComponents } from '../reply/buttons.js';
import type { ReplySink } from '../reply/streamRenderer.js';
import type { InteractionWebhook } from '../reply/webhook.js';
import { channelMessageWrites } from './bucketWatch.js';
import { messageBody } from './messages.js';

/**
 * Writes a streamed reply through the interaction's webhook: its token, then the bot token once
 * the token ends (see interactionWebhook.ts).
 */
export function interactionReplySink(
  webhook: InteractionWebhook,
  /** Whether the reply may attach files (`app_permissions`): the rest of a reply too long. */
  attachFiles = true,
): ReplySink {
  return {
    // Read when the reply starts streaming: one that starts on the bot token is paced as such.
    get botToken() {
      return webhook.usesBotToken?.() ?? false;
    },
    rateBucket: () => webhook.rateBucket?.(),
    followUpsLeft: () => webhook.followUpsLeft?.(),
    attachFiles,
    editOriginal: (content, components, files) => webhook.editOriginal({ content, components, files }),
    sendFollowUp: (content, components, files) => webhook.followUp({ content, components, files }),
    editFollowUp: (id, content, components, files) =>
      webhook.editFollowUp(id, { content, components, files }),
    refuse: (content, offer) => webhook.withdraw(content, offer),
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
  const channel = channelMessageWrites(rest, channelId);
  const post = (body: object) => channel.post({ body });
  const patch = (id: string, content: string, components: MessageComponents | undefined) =>
    channel.patch(id, { body: messageBody(content, components) });
  return {
    botToken: true,
    rateBucket: channel.bucket.current,
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
      await patch(id, content, components);
      return id;
    },
    sendFollowUp: (content, components) => post(messageBody(content, components)),
    editFollowUp: (id, content, components) => patch(id, content, components),
    async refuse(content) {
      if (first) await patch(await first, content, []);
      else await this.editOriginal(content, []);
    },
  };
}
