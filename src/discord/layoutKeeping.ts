/**
 * An interaction's messages keep the layout they were first written in: Discord cannot take the
 * V2 flag off a message, and refuses `content` on one. So every writer of the interaction (its
 * handler, the error boundary's report, a refusal) writes a V2 message as V2, with the buttons it
 * last had when a write leaves them as they are. Where Discord refuses a V2 payload
 * (layoutFallback.ts), that write goes out classic and so do the interaction's later new messages.
 */
import type { MessageComponents } from '../reply/buttons.js';
import { type Layout, LayoutRefused } from '../reply/layout.js';
import { DISCORD_MESSAGE_LIMIT } from '../reply/split.js';
import type { InteractionWebhook, OutgoingMessage } from '../reply/webhook.js';
import type { LayoutFallback } from './layoutFallback.js';

const ORIGINAL = '@original';

export function keepingLayouts(
  webhook: InteractionWebhook,
  fallback: LayoutFallback | undefined,
): InteractionWebhook {
  // The interaction's V2 messages ('@original' and follow-ups' ids), and their last buttons.
  const v2 = new Set<string>();
  const controls = new Map<string, MessageComponents>();
  let refused = false;

  const layoutOf = (key: string | undefined, wanted: Layout | undefined): Layout =>
    key !== undefined && v2.has(key) ? 'v2' : refused ? 'classic' : (wanted ?? 'classic');

  function shaped(key: string | undefined, message: OutgoingMessage): OutgoingMessage {
    const layout = layoutOf(key, message.layout);
    const components =
      layout === 'v2' && message.components === undefined && key !== undefined
        ? controls.get(key)
        : message.components;
    return { ...message, layout, components };
  }

  async function write<T>(
    key: string | undefined,
    message: OutgoingMessage,
    send: (message: OutgoingMessage) => Promise<T>,
    written: (result: T) => string | undefined,
  ): Promise<T> {
    const out = shaped(key, message);
    try {
      const result = await send(out);
      const id = key ?? written(result);
      if (out.layout === 'v2' && id !== undefined) {
        v2.add(id);
        if (out.components !== undefined) controls.set(id, out.components);
      }
      return result;
    } catch (error) {
      const isV2Message = key !== undefined && v2.has(key);
      if (out.layout !== 'v2' || isV2Message || !fallback?.refused(error)) throw error;
      refused = true;
      if (message.content.length > DISCORD_MESSAGE_LIMIT) throw new LayoutRefused({ cause: error });
      return send({ ...message, layout: 'classic' });
    }
  }

  return {
    ...(webhook.usesBotToken && { usesBotToken: () => webhook.usesBotToken?.() ?? false }),
    ...(webhook.rateBucket && { rateBucket: () => webhook.rateBucket?.() }),
    ...(webhook.followUpsLeft && { followUpsLeft: () => webhook.followUpsLeft?.() }),
    layoutRefused: () => refused,
    editOriginal: (message) =>
      write(
        ORIGINAL,
        message,
        (out) => webhook.editOriginal(out),
        () => undefined,
      ),
    followUp: (message) =>
      write(
        undefined,
        message,
        (out) =>
          webhook.followUp({ ...out, ...(message.private !== undefined && { private: message.private }) }),
        (id) => id,
      ),
    editFollowUp: (id, message) =>
      write(
        id,
        message,
        (out) => webhook.editFollowUp(id, out),
        () => undefined,
      ),
    withdraw: (content, offer, layout) => webhook.withdraw(content, offer, layoutOf(ORIGINAL, layout)),
  };
}
