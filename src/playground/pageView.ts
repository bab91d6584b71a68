/**
 * What the playground's page sees of the local Discord: channels (text channels, the threads the
 * bot opened, each person's own DM with the bot, and where the bot works only as installed to a member's account: a group DM
 * and a server that did not add it), the two people who can type, the commands the bot
 * registered (for the composer's completion), and messages shaped for display: author, "used
 * /command", private ("only you can see this") and "thinking" states, buttons and attachments, and
 * whether it is laid out in Components V2 (a card the page draws from its components).
 * Pure reads, but for opening those two places once (openPlaygroundPlaces).
 */

import { isV2 } from '../localDiscord/componentRules.js';
import { dmRecipient } from '../localDiscord/dms.js';
import {
  ADMIN_PERMISSIONS,
  type LocalDiscord,
  type LocalMessage,
  type LocalUser,
  MEMBER_PERMISSIONS,
} from '../localDiscord/localDiscord.js';
import { openGroupDm, openServerWithoutBot, placeChannels } from '../localDiscord/places.js';
import { USE_EXTERNAL_APPS } from '../localDiscord/userInstall.js';
import { PageRefusal } from './pageHttp.js';

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
      // Like a server's default members, with Use External Apps (their own apps answer publicly).
      permissions: String(BigInt(MEMBER_PERMISSIONS) | USE_EXTERNAL_APPS),
      label: 'Alex (member)',
    },
    {
      key: 'admin',
      user: discord.user('sam', 'Sam'),
      permissions: String(BigInt(ADMIN_PERMISSIONS) | USE_EXTERNAL_APPS),
      label: 'Sam (admin: Manage Server)',
    },
  ];
}

/** The server the bot was not added to, where Alex and Sam use it as installed to their accounts. */
export const FRIENDS_SERVER = 'Friends’ server';

/**
 * Where the bot works only as an app installed to the person's account: a group DM of Alex, Sam
 * and Kim, and a server that did not add the bot (local Discord: places.ts).
 */
export function openPlaygroundPlaces(discord: LocalDiscord, people: readonly PlaygroundPerson[]): void {
  // Each person's own DM with the bot, there from the start as in their Discord.
  for (const person of people) discord.dmChannelOf(person.user);
  const kim = discord.user('kim', 'Kim');
  openGroupDm(discord, [...people.map((person) => person.user), kim], 'Alex, Sam and Kim');
  openServerWithoutBot(discord, { channelNames: ['general'] });
}

/** Who ran each interaction, and which command (the page says "Alex used /ask"). */
export type InteractionNotes = Map<string, { readonly userId: string; readonly command: string }>;

/**
 * Refuses `person` acting in a DM that is another person's (Discord shows each person only their
 * own DM with the bot): 403, naming whose it is.
 */
export function ownPlace(discord: LocalDiscord, person: PlaygroundPerson, channelId: string): void {
  const recipient = dmRecipient(discord, channelId);
  if (recipient === undefined || recipient === person.user.id) return;
  const owner = discord.members.get(recipient);
  const whose = owner ? `${owner.global_name ?? owner.username}’s` : 'another person’s';
  const who = person.user.global_name ?? person.user.username;
  throw new PageRefusal(
    403,
    `this is ${whose} DM with the bot: ${who} cannot post or act there (each person has their own DM)`,
  );
}

/** The page's channels; a DM is listed with its person (`personId`), the page shows each only to them. */
export function channelsView(discord: LocalDiscord, people: readonly PlaygroundPerson[]) {
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
    ...people.map((person) => ({
      id: discord.dmChannelOf(person.user),
      name: 'Service Bot',
      kind: 'dm' as const,
      parentId: null,
      personId: person.user.id,
    })),
    // The bot is not in these: the people use it as an app installed to their accounts.
    ...placeChannels(discord).groupDms.map((channel) => ({
      id: channel.id,
      name: channel.name,
      kind: 'group' as const,
      parentId: null,
    })),
    ...placeChannels(discord).serverChannels.map((channel) => ({
      id: channel.id,
      name: `${channel.name} · ${FRIENDS_SERVER}`,
      kind: 'external' as const,
      parentId: null,
    })),
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
    // For a V2 message (Components V2), what a reader reads of its text displays, a line apart.
    content: message.content,
    // Components V2 (flag 1 << 15): the page draws the message from `components` (a card, its
    // text displays, gallery, files and buttons), not from `content` and the attachment list.
    v2: isV2(message.flags),
    ephemeral: (message.flags & 64) !== 0,
    thinking: (message.flags & 128) !== 0,
    // A private reply is shown only to the member whose command it answers.
    forUserId: note?.userId ?? null,
    usedCommand: message.kind === 'original' && note?.command ? note.command : null,
    replyTo: message.referenceId ?? null,
    components: message.components,
    // `filename` also resolves a component's `attachment://<filename>` (page/messages.js).
    attachments: message.attachments.map((attachment, index) => ({
      url: `/attachments/${message.id}/${index}`,
      filename: attachment.filename,
      image: (attachment.contentType ?? '').startsWith('image/') || attachment.filename.endsWith('.png'),
    })),
    deleted: message.deleted,
    createdAt: message.createdAt,
    // Wall-clock times (ms since 1970) for "Today at 14:05" and "(edited)" (page/markdown.js):
    // when it was sent, and when its text last changed from one text to another (null: never).
    times: {
      sent: performance.timeOrigin + message.createdAt,
      edited: ((last) => (last ? performance.timeOrigin + last.at : null))(
        message.versions.findLast((version, index) => {
          const before = message.versions[index - 1]?.content;
          return Boolean(before) && before !== version.content;
        }),
      ),
    },
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

/**
 * The modals (forms) the bot opened and nobody submitted yet, for the person who ran the command
 * (the page shows each as a dialog over the channel): title, and each field with its label.
 */
export function modalsView(discord: LocalDiscord, notes: InteractionNotes) {
  return [...discord.interactions.values()]
    .filter((interaction) => interaction.modal !== undefined && interaction.modal.submits.length === 0)
    .map((interaction) => {
      const modal = interaction.modal as NonNullable<typeof interaction.modal>;
      return {
        interactionId: interaction.id,
        channelId: interaction.channelId,
        forUserId: notes.get(interaction.token)?.userId ?? interaction.userId,
        title: modal.title,
        fields: modal.fields,
        // File uploads, with their Label's words (the page shows a file picker for each).
        uploads: modal.components.flatMap((component) => {
          const inner = component.component as
            | { type?: number; custom_id?: string; max_values?: number }
            | undefined;
          if (component.type !== 18 || inner?.type !== 19) return [];
          const { label, description } = component as { label?: string; description?: string };
          return [
            {
              customId: inner.custom_id ?? '',
              label: label ?? '',
              description: description ?? '',
              max: inner.max_values ?? 1,
            },
          ];
        }),
      };
    });
}
