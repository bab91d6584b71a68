/**
 * The one rule for every message the bot sends: no mention in it pings anyone (model output and
 * members' text may contain @everyone, roles or user mentions); and the small helpers every
 * command shares to talk back.
 */
import { MessageFlags, type MessageMentionOptions, type RepliableInteraction } from 'discord.js';
import type { MessageComponents } from '../reply/buttons.js';
import { type Card, cardComponents, IS_COMPONENTS_V2, type Layout } from '../reply/layout.js';

export const NO_PINGS: MessageMentionOptions = { parse: [], repliedUser: false };

/** The same rule in the raw API shape, for requests made outside discord.js's message payloads. */
export const NO_PINGS_API = { parse: [] } as const;

/**
 * A message body in the API's shape, never a ping: classic, the text with buttons when given
 * (undefined leaves them as they are); V2, the whole card (reply/layout.ts) with the flag, and
 * `media` its uploads shown in it.
 */
export function messageBody(
  content: string,
  components?: MessageComponents,
  layout: Layout = 'classic',
  media: Omit<Card, 'text' | 'controls'> = {},
) {
  if (layout === 'v2')
    return {
      flags: IS_COMPONENTS_V2,
      components: cardComponents({ ...media, text: content, controls: components }),
      allowed_mentions: NO_PINGS_API,
    };
  return { content, allowed_mentions: NO_PINGS_API, ...(components !== undefined && { components }) };
}

/** Answers an interaction with a message only its member sees (a refusal, a setting shown). */
export async function replyPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: NO_PINGS });
}
