/**
 * The message a message command was used on, as the bot keeps it: its text with mentions written
 * as names (the model cannot read ids), its author's name, where it is, and its attachments as
 * Discord describes them (pure over discord.js's message).
 */
import type { Message } from 'discord.js';
import { withoutSubtext } from '../../src/chat/messageContext.js';
import type { AttachmentInfo } from '../../src/files/attachments.js';
import { shownText } from '../../src/reply/layout.js';

/** A link to a message that Discord's clients show as a jump to it (`@me` outside servers). */
export function messageLink(guildId: string | null, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;
}

export interface MessageSnapshot {
  readonly authorName: string;
  readonly text: string;
  readonly link: string;
  readonly attachments: readonly AttachmentInfo[];
}

/**
 * What a reader reads of the message: its content, or in a V2 message (whose content is empty)
 * its text displays (the bot's own answers in cards).
 */
function messageText(message: Message): string {
  return shownText({
    content: message.content,
    flags: message.flags.bitfield,
    components: message.components.map((component) => component.toJSON()),
  });
}

/** Members', roles' and channels' mentions as their names; everything else as written. */
export function mentionsAsNames(message: Message): string {
  return messageText(message)
    .replace(/<@!?(\d+)>/g, (_match, id: string) => {
      const member = message.mentions.members?.get(id);
      const user = message.mentions.users.get(id);
      return `@${member?.displayName ?? user?.displayName ?? 'someone'}`;
    })
    .replace(/<@&(\d+)>/g, (_match, id: string) => `@${message.mentions.roles.get(id)?.name ?? 'role'}`)
    .replace(/<#(\d+)>/g, (_match, id: string) => {
      const channel = message.mentions.channels.get(id);
      return `#${channel && 'name' in channel && channel.name ? channel.name : 'channel'}`;
    });
}

export function snapshotOf(message: Message, guildId: string | null): MessageSnapshot {
  return {
    authorName: message.member?.displayName ?? message.author.displayName,
    // A bot's reply (this one's, say) without its cost and context lines.
    text: message.author.bot ? withoutSubtext(mentionsAsNames(message)) : mentionsAsNames(message),
    link: messageLink(guildId, message.channelId, message.id),
    attachments: [...message.attachments.values()].map((file) => ({
      name: file.name,
      url: file.url,
      size: file.size,
      contentType: file.contentType,
    })),
  };
}
