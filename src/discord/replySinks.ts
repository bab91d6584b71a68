/**
 * Where a streamed reply's messages go (a ReplySink): an interaction's webhook, or bot messages
 * in a channel (answers to mentions, replies and DMs).
 */
import { type REST, Routes } from 'discord.js';
import { ACCENT, type Layout, messageLimit } from '../reply/layout.js';
import type { ReplySink } from '../reply/streamRenderer.js';
import type { InteractionWebhook } from '../reply/webhook.js';
import { channelMessageWrites } from './bucketWatch.js';
import type { LayoutFallback } from './layoutFallback.js';
import { keepingLayouts } from './layoutKeeping.js';
import { request } from './outgoing.js';

/**
 * Writes a streamed reply through the interaction's webhook: its token, then the bot token once
 * the token ends (see interactionWebhook.ts).
 */
export function interactionReplySink(
  webhook: InteractionWebhook,
  /** Whether the reply may attach files (`app_permissions`): the rest of a reply too long. */
  attachFiles = true,
  /** The server's layout (`/config features classic_layout`); classic once Discord refused V2. */
  layout: Layout = 'classic',
): ReplySink {
  const now = (): Layout => (webhook.layoutRefused?.() ? 'classic' : layout);
  return {
    messageLimit: () => messageLimit(now()),
    // Read when the reply starts streaming: one that starts on the bot token is paced as such.
    get botToken() {
      return webhook.usesBotToken?.() ?? false;
    },
    rateBucket: () => webhook.rateBucket?.(),
    followUpsLeft: () => webhook.followUpsLeft?.(),
    attachFiles,
    editOriginal: (content, components, files) =>
      webhook.editOriginal({ content, components, files, layout: now() }),
    sendFollowUp: (content, components, files) =>
      webhook.followUp({ content, components, files, layout: now() }),
    editFollowUp: (id, content, components, files) =>
      webhook.editFollowUp(id, { content, components, files, layout: now() }),
    refuse: (content, offer) => webhook.withdraw(content, offer, now()),
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
 * message (without pinging them), the rest follow it. Used for mentions, replies and DMs. Its
 * layout is chosen once the server's settings are read (`inLayout`); each message keeps the
 * layout it was posted in, and a card Discord refuses goes out classic, as an interaction's
 * (layoutKeeping.ts).
 */
export function channelReplySink(
  rest: REST,
  channelId: string,
  replyToId: string,
  onTypingError: (error: unknown) => void,
  /** Where Discord refuses a V2 payload: the write goes out classic (layoutFallback.ts). */
  fallback?: LayoutFallback,
): { stopTyping(): void; inLayout(layout: Layout): ReplySink } {
  const typing = setTimeout(() => {
    rest.post(Routes.channelTyping(channelId)).catch(onTypingError);
  }, TYPING_AFTER_MS);
  typing.unref();
  const messages = keepingLayouts(
    channelWebhook(rest, channelId, replyToId, () => clearTimeout(typing)),
    fallback,
  );
  return {
    stopTyping: () => clearTimeout(typing),
    inLayout: (layout) => interactionReplySink(messages, false, layout),
  };
}

/** A reply's bot messages in a channel, written as an interaction's webhook writes its messages. */
function channelWebhook(
  rest: REST,
  channelId: string,
  replyToId: string,
  firstWrite: () => void,
): InteractionWebhook {
  const channel = channelMessageWrites(rest, channelId);
  let first: Promise<string> | undefined;
  const webhook: InteractionWebhook = {
    usesBotToken: () => true,
    rateBucket: channel.bucket.current,
    async editOriginal(message) {
      firstWrite();
      if (!first) {
        const { body, files } = request(message);
        const reference = { message_reference: { message_id: replyToId, fail_if_not_exists: false } };
        first = channel.post({ body: { ...body, ...reference }, ...(files && { files }) });
        // A failed first post is retried by the next write.
        first.catch(() => {
          first = undefined;
        });
        return first;
      }
      const id = await first;
      await channel.patch(id, request(message));
      return id;
    },
    followUp: (message) => channel.post(request(message)),
    editFollowUp: (id, message) => channel.patch(id, request(message)),
    async withdraw(content, _offer, layout) {
      const refusal = { content, components: [], layout, card: { accent: ACCENT.refusal } };
      if (first) await channel.patch(await first, request(refusal));
      else await webhook.editOriginal(refusal);
    },
  };
  return webhook;
}
