/**
 * Where a streamed reply's messages go (a ReplySink): an interaction's webhook, or bot messages
 * in a channel (answers to mentions, replies and DMs).
 */
import { type REST, Routes } from 'discord.js';
import type { MessageComponents } from '../reply/buttons.js';
import { type Layout, LayoutRefused, messageLimit } from '../reply/layout.js';
import { DISCORD_MESSAGE_LIMIT } from '../reply/split.js';
import type { ReplySink } from '../reply/streamRenderer.js';
import type { InteractionWebhook } from '../reply/webhook.js';
import { channelMessageWrites } from './bucketWatch.js';
import type { LayoutFallback } from './layoutFallback.js';
import { messageBody } from './messages.js';

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
 * message (without pinging them), the rest follow it. Used for mentions, replies and DMs.
 */
export function channelReplySink(
  rest: REST,
  channelId: string,
  replyToId: string,
  onTypingError: (error: unknown) => void,
  /** Where Discord refuses a V2 payload: the write goes out classic (layoutFallback.ts). */
  fallback?: LayoutFallback,
): ReplySink & { stopTyping(): void; inLayout(layout: Layout): ReplySink } {
  // Chosen once the server's settings are read (`inLayout`), before the first write.
  let wanted: Layout = 'classic';
  let first: Promise<string> | undefined;
  // Each message keeps the layout it was posted in (layoutKeeping.ts): its id, when V2.
  const v2 = new Set<string>();
  // A V2 message's buttons are part of its card: a write leaving them as they are resends them.
  const controls = new Map<string, MessageComponents>();
  let refused = false;
  const now = (): Layout => (refused ? 'classic' : wanted);
  const typing = setTimeout(() => {
    rest.post(Routes.channelTyping(channelId)).catch(onTypingError);
  }, TYPING_AFTER_MS);
  typing.unref();
  const channel = channelMessageWrites(rest, channelId);
  /** Posts a new message in the reply's layout; V2 refused, classic (and so is the rest). */
  const post = async (content: string, components: MessageComponents | undefined, extra: object = {}) => {
    const layout = now();
    try {
      const id = await channel.post({ body: { ...messageBody(content, components, layout), ...extra } });
      if (layout === 'v2') v2.add(id);
      if (layout === 'v2' && components !== undefined) controls.set(id, components);
      return id;
    } catch (error) {
      if (layout !== 'v2' || !fallback?.refused(error)) throw error;
      refused = true;
      if (content.length > DISCORD_MESSAGE_LIMIT) throw new LayoutRefused({ cause: error });
      return channel.post({ body: { ...messageBody(content, components), ...extra } });
    }
  };
  const patch = (id: string, content: string, components: MessageComponents | undefined) => {
    if (!v2.has(id)) return channel.patch(id, { body: messageBody(content, components) });
    const kept = components ?? controls.get(id);
    if (kept !== undefined) controls.set(id, kept);
    return channel.patch(id, { body: messageBody(content, kept, 'v2') });
  };
  const sink: ReplySink & { stopTyping(): void; inLayout(layout: Layout): ReplySink } = {
    inLayout(layout) {
      wanted = layout;
      return sink;
    },
    messageLimit: () => messageLimit(now()),
    botToken: true,
    rateBucket: channel.bucket.current,
    stopTyping: () => clearTimeout(typing),
    async editOriginal(content, components) {
      clearTimeout(typing);
      if (!first) {
        first = post(content, components, {
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
    sendFollowUp: (content, components) => post(content, components),
    editFollowUp: (id, content, components) => patch(id, content, components),
    async refuse(content) {
      if (first) await patch(await first, content, []);
      else await sink.editOriginal(content, []);
    },
  };
  return sink;
}
