/**
 * An interaction's messages keep the layout they were first written in: Discord cannot take the
 * V2 flag off a message, and refuses `content` on one. So every writer of the interaction (its
 * handler, the error boundary's report, a refusal) writes a V2 message as V2, with the buttons it
 * last had when a write leaves them as they are. Where Discord refuses a V2 payload
 * (layoutFallback.ts), that write goes out classic and so do the interaction's later new messages.
 */
import { rowOf as buttonRowOf, type MessageComponents } from '../reply/buttons.js';
import { type Layout, LayoutRefused } from '../reply/layout.js';
import type { PremiumOffer } from '../reply/premium.js';
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
    // A card asked for after Discord refused cards: its line, links and button in the classic message.
    if (layout === 'classic' && message.layout === 'v2') return asClassic(message);
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
      const classic = asClassic(message);
      if (classic.content.length > DISCORD_MESSAGE_LIMIT) throw new LayoutRefused({ cause: error });
      return send(classic);
    }
  }

  /** A refusal in the reply's layout; a card Discord refuses, said again classic. */
  async function withdraw(content: string, offer: PremiumOffer | undefined, wanted: Layout | undefined) {
    const layout = layoutOf(ORIGINAL, wanted);
    try {
      await webhook.withdraw(content, offer, layout);
    } catch (error) {
      if (layout !== 'v2' || v2.has(ORIGINAL) || !fallback?.refused(error)) throw error;
      refused = true;
      await webhook.withdraw(content, offer, 'classic');
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
    withdraw,
  };
}

/**
 * A card's message as a classic one: the small text under its media after the text, the links
 * of images not uploaded on their own lines, a button beside a line in a row under the message.
 */
export function asClassic(message: OutgoingMessage): OutgoingMessage {
  const { card } = message;
  const links = (card?.gallery ?? []).flatMap((item) => (item.url ? [item.url] : []));
  const content = [message.content, ...links, ...(card?.caption ? [card.caption] : [])].join('\n');
  const beside = card?.captionButton ? [buttonRowOf(card.captionButton)] : [];
  const components =
    message.components === undefined && beside.length === 0
      ? undefined
      : [...(message.components ?? []), ...beside];
  return { ...message, content, components, layout: 'classic', card: undefined };
}
