/**
 * What the playground's page sees of the local Discord: channels (text channels, the threads the
 * bot opened, the DM), the two people who can type, the commands the bot registered (for the
 * composer's completion), and messages shaped for display: author, "used /command", private
 * ("only you can see this") and "thinking" states, buttons and attachments. Pure reads.
 */
import {
  ADMIN_PERMISSIONS,
  type LocalDiscord,
  type LocalMessage,
  type LocalUser,
  MEMBER_PERMISSIONS,
} from '../localDiscord/localDiscord.js';

/** The people in the playground: `member` (an ordinary member) and `admin` (Manage Server). */
export interface PlaygroundPerson {
  readonly key: 'member' | 'admin';
  readonly user: LocalUser;
  readonly permissions: string;
  readonly label: string;
}

export function playgroundPeople(discord: LocalDiscord): PlaygroundPerson[] {
  return [
    {
      key: 'member',
      user: discord.user('alex', 'Alex'),
      permissions: MEMBER_PERMISSIONS,
      label: 'Alex (member)',
    },
    {
      key: 'admin',
      user: discord.user('sam', 'Sam'),
      permissions: ADMIN_PERMISSIONS,
      label: 'Sam (admin: Manage Server)',
    },
  ];
}

/** Who ran each interaction, and which command (the page says "Alex used /ask"). */
export type InteractionNotes = Map<string, { readonly userId: string; readonly command: string }>;

export function channelsView(discord: LocalDiscord) {
  const channels = [...discord.channels.values()];
  return [
    ...channels
      .filter((channel) => channel.type === 0 && channel.guildId === discord.guildId)
      .map((channel) => ({ id: channel.id, name: channel.name, kind: 'text' as const, parentId: null })),
    ...discord.threads().map((thread) => ({
      id: thread.id,
      name: thread.name,
      kind: 'thread' as const,
      parentId: thread.parentId,
    })),
    { id: discord.dmChannelId, name: 'Service Bot', kind: 'dm' as const, parentId: null },
  ];
}

export function messageView(
  discord: LocalDiscord,
  message: LocalMessage,
  notes: InteractionNotes,
  names: ReadonlyMap<string, string>,
) {
  const note = message.interactionToken ? notes.get(message.interactionToken) : undefined;
  const bot = message.authorId === discord.botUser.id;
  return {
    id: message.id,
    channelId: message.channelId,
    author: bot ? (discord.botUser.global_name ?? 'Service Bot') : (names.get(message.authorId) ?? 'someone'),
    bot,
    content: message.content,
    ephemeral: (message.flags & 64) !== 0,
    thinking: (message.flags & 128) !== 0,
    // A private reply is shown only to the member whose command it answers.
    forUserId: note?.userId ?? null,
    usedCommand: message.kind === 'original' && note?.command ? note.command : null,
    replyTo: message.referenceId ?? null,
    components: message.components,
    attachments: message.attachments.map((attachment, index) => ({
      url: `/attachments/${message.id}/${index}`,
      filename: attachment.filename,
      image: (attachment.contentType ?? '').startsWith('image/') || attachment.filename.endsWith('.png'),
    })),
    deleted: message.deleted,
    createdAt: message.createdAt,
  };
}

/** What changed in a message since it was last pushed (edits, buttons, deletion, state). */
export function messageSignature(message: LocalMessage): string {
  return [
    message.versions.length,
    message.flags,
    message.deleted,
    message.attachments.length,
    JSON.stringify(message.components),
  ].join('|');
}
