/**
 * Messages the bot writes through REST: created and edited with every version kept, and whether
 * each version would ping someone (per `allowed_mentions` and the content).
 */
import { componentsText, IS_COMPONENTS_V2, isV2 } from './componentRules.js';
import { type LocalAttachment, type LocalInteraction, type LocalMessage, snowflake } from './model.js';
import type { DiscordState } from './state.js';
import { channelMessages, mentionsPing } from './world.js';

export function createMessage(
  discord: DiscordState,
  kind: LocalMessage['kind'],
  channelId: string,
  token: string | undefined,
  body: Record<string, unknown>,
  files: LocalAttachment[],
  requestedAt: number,
  loading = false,
  from: { authorId?: string; referenceId?: string | undefined } = {},
): LocalMessage {
  const components = Array.isArray(body.components) ? body.components : [];
  // A V2 message's text is in its components: kept here as its reader reads it (the API says '').
  const content = isV2(body.flags)
    ? componentsText(components)
    : typeof body.content === 'string'
      ? body.content
      : '';
  const reference = body.message_reference as { message_id?: string } | undefined;
  const message: LocalMessage = {
    id: snowflake(),
    channelId,
    interactionToken: token,
    kind,
    authorId: from.authorId ?? discord.botUser.id,
    referenceId: from.referenceId ?? reference?.message_id,
    content,
    flags: (typeof body.flags === 'number' ? body.flags : 0) | (loading ? 128 : 0),
    attachments: files,
    components,
    allowedMentions: body.allowed_mentions,
    versions: loading
      ? []
      : [
          {
            content,
            at: performance.now(),
            requestedAt,
            pinged: mentionsPing(content, body.allowed_mentions),
          },
        ],
    deleted: false,
    createdAt: performance.now(),
  };
  discord.messages.set(message.id, message);
  return message;
}

export function editMessage(
  message: LocalMessage,
  body: Record<string, unknown>,
  files: LocalAttachment[],
  requestedAt: number,
): void {
  // The V2 flag can be set by an edit, never taken off (componentRules.ts refuses that).
  if (isV2(body.flags)) message.flags |= IS_COMPONENTS_V2;
  if (isV2(message.flags)) {
    if (Array.isArray(body.components)) message.content = componentsText(body.components);
  } else if (typeof body.content === 'string') message.content = body.content;
  message.flags &= ~128;
  if (Array.isArray(body.attachments)) {
    const keep = new Set((body.attachments as { id?: unknown }[]).map((entry) => String(entry.id)));
    message.attachments = [...message.attachments.filter((file) => keep.has(file.id)), ...files];
  } else if (files.length > 0) {
    message.attachments = [...message.attachments, ...files];
  }
  message.allowedMentions = body.allowed_mentions;
  if (Array.isArray(body.components)) message.components = body.components;
  message.versions.push({
    content: message.content,
    at: performance.now(),
    requestedAt,
    pinged: mentionsPing(message.content, body.allowed_mentions),
  });
}

/** The bot's reply to a member's message: its first message (which replies to it) and the ones after. */
export function replyTo(discord: DiscordState, message: LocalMessage): LocalMessage[] {
  const inChannel = channelMessages(discord, message.channelId).filter(
    (m) => m.authorId === discord.botUser.id,
  );
  const first = inChannel.findIndex((m) => m.referenceId === message.id);
  if (first === -1) return [];
  const rest = inChannel.slice(first + 1).filter((m) => m.kind === 'channel' && m.referenceId === undefined);
  return [inChannel[first] as LocalMessage, ...rest];
}

/** The original response and follow-ups of an interaction, in order (deleted ones left out). */
export function replyMessages(discord: DiscordState, interaction: LocalInteraction): LocalMessage[] {
  const ids = [interaction.originalId, ...interaction.followUpIds].filter(
    (id): id is string => id !== undefined,
  );
  return ids.map((id) => discord.messages.get(id) as LocalMessage).filter((message) => !message.deleted);
}
