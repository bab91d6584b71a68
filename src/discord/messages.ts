/**
 * The one rule for every message the bot sends: no mention in it pings anyone (model output and
 * members' text may contain @everyone, roles or user mentions); and the small helpers every
 * command shares to talk back.
 */
import {
  MessageFlags,
  type MessageMentionOptions,
  type REST,
  type RepliableInteraction,
  Routes,
} from 'discord.js';
import type { MessageComponents } from '../reply/buttons.js';

export const NO_PINGS: MessageMentionOptions = { parse: [], repliedUser: false };

/** The same rule in the raw API shape, for requests made outside discord.js's message payloads. */
export const NO_PINGS_API = { parse: [] } as const;

/** A message body in the API's shape: the text, buttons when given, and never a ping. */
export function messageBody(content: string, components?: MessageComponents) {
  return { content, allowed_mentions: NO_PINGS_API, ...(components !== undefined && { components }) };
}

/** Answers an interaction with a message only its member sees (a refusal, a setting shown). */
export async function replyPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: NO_PINGS });
}

/** Removes the buttons from a bot message (an older reply), leaving its text. */
export async function removeButtons(rest: REST, channelId: string, messageId: string): Promise<void> {
  await rest.patch(Routes.channelMessage(channelId, messageId), { body: { components: [] } });
}
