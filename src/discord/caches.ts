/**
 * What the discord.js client keeps in memory: only what the bot reads. By default discord.js
 * caches what the gateway sends (200 messages per channel, every author and member, emoji,
 * stickers…), which grew a bot in 1,000 servers by about 2 KiB per member message it was not even
 * meant to read, and cost 15 KiB of heap per idle server (bench/scale.ts measures both).
 *
 * What the bot reads, and where it comes from with these caches:
 * - guilds, their channels (threads too), roles and permission overwrites: kept whole (discord.js
 *   does not support limiting them, and `permissionsFor` needs them); discord/leanStructures.ts
 *   drops the per-channel and per-guild managers that hold nothing, and empty overwrite maps;
 * - its own user (`client.user`) and, in every guild, its own member (`guild.members.me`, for
 *   `permissionsFor`): kept;
 * - a message: its payload (author, member, `mentions`, `referenced_message`'s author for a reply
 *   to the bot). The users and members it carries are cached only while its event is handled
 *   ({@link EventScoped}): discord.js resolves `message.member`, `message.mentions.members` and a
 *   member's user through those caches;
 * - an interaction: its payload (member, permissions, `app_permissions`, channel id).
 * Everything else holds nothing: those caches share one collection that never keeps anything,
 * which saves an empty Map per channel (its messages, its threads) and a dozen per guild.
 */
import {
  type AnyThreadChannel,
  ChannelType,
  type Client,
  type ClientOptions,
  Collection,
  LimitedCollection,
  Options,
  SnowflakeUtil,
  type User,
} from 'discord.js';

/** Something the client created (a user, member, thread member): `client` is the bot's client. */
interface ClientOwned {
  readonly id: string;
  readonly client: { readonly user: User | null };
}

/** The bot itself: its user, its member in a guild, its membership of a thread. */
export const isTheBot = (entry: ClientOwned): boolean => entry.id === entry.client.user?.id;

/**
 * Caches whose content the bot never reads, all sharing {@link NOTHING}:
 * - messages (channels, threads, DMs): the bot reads the message of the event from its payload;
 *   a reply to the bot is recognised by `referenced_message` (`mentions.repliedUser`);
 * - reactions and who reacted, emoji, stickers, soundboard sounds: never read;
 * - presences, voice states, stage instances, scheduled events, invites, bans, auto-moderation
 *   rules: never read (and the bot has no intent that keeps most of them current);
 * - application commands, entitlements, subscriptions, application emoji, poll voters: commands
 *   are registered and read through REST (discord/commandSync.ts);
 * - each text channel's list of its threads (`channel.threads`): threads stay in the client's and
 *   the guild's channel caches, where the bot finds them. discord.js reads the list only to drop
 *   a deleted channel's threads (the thread sweep below does it instead) and stale threads on a
 *   THREAD_LIST_SYNC (the threads it lists are updated all the same).
 */
const NEVER_READ = new Set([
  'MessageManager',
  'ReactionManager',
  'ReactionUserManager',
  'GuildEmojiManager',
  'GuildStickerManager',
  'GuildSoundboardSoundManager',
  'PresenceManager',
  'VoiceStateManager',
  'StageInstanceManager',
  'GuildScheduledEventManager',
  'GuildInviteManager',
  'GuildBanManager',
  'AutoModerationRuleManager',
  'ApplicationCommandManager',
  'GuildApplicationCommandManager',
  'EntitlementManager',
  'SubscriptionManager',
  'ApplicationEmojiManager',
  'PollAnswerVoterManager',
  'ThreadManager',
]);

/** The one collection every never-read cache shares: `set` keeps nothing (maxSize 0). */
const NOTHING = new LimitedCollection<string, unknown>({ maxSize: 0 });

/** Event-scoped collections that hold entries of the event being handled. */
const toEmpty = new Set<Collection<string, ClientOwned>>();

function emptyEventScoped(): void {
  for (const collection of toEmpty) collection.sweep((entry) => !isTheBot(entry));
  toEmpty.clear();
}

/**
 * Users (`client.users`) and each guild's members: the bot's own for good, any other only until
 * the gateway event that brought it has been handled (emptied on the event loop's next turn).
 * While an event is handled discord.js finds them there: `message.member`, the members of
 * `message.mentions`, a member's user (the message's author, not a copy without its global name).
 * chat/answerMessage.ts reads them before its first await.
 */
export class EventScoped<V extends ClientOwned> extends Collection<string, V> {
  override set(key: string, value: V): this {
    if (!isTheBot(value)) {
      if (toEmpty.size === 0) setImmediate(emptyEventScoped);
      toEmpty.add(this as unknown as Collection<string, ClientOwned>);
    }
    return super.set(key, value);
  }

  // Like LimitedCollection: filter(), map()… return plain collections.
  static override get [Symbol.species]() {
    return Collection;
  }
}

/** A thread's members: the bot's own membership only. */
const threadMembers = Options.cacheWithLimits({
  ThreadMemberManager: { maxSize: 0, keepOverLimit: isTheBot },
});

const makeCache: NonNullable<ClientOptions['makeCache']> = (managerType, holds, manager) => {
  if (NEVER_READ.has(manager.name) || NEVER_READ.has(managerType.name)) return NOTHING as never;
  if (manager.name === 'GuildMemberManager' || manager.name === 'UserManager')
    return new EventScoped() as never;
  // ThreadMemberManager: the bot only; anything else (guilds, channels, roles, overwrites):
  // discord.js's unlimited default.
  return threadMembers(managerType, holds, manager);
};

/** How long an archived thread stays cached (discord.js's default). */
const ARCHIVED_THREAD_LIFETIME_MS = 4 * 60 * 60 * 1000;

/**
 * Threads dropped at the hourly sweep: archived over 4 hours ago (discord.js's default), or whose
 * parent channel is not cached (deleted with its channel, or a partial thread; Discord sends a
 * thread again with THREAD_UPDATE when a message unarchives it).
 */
function threadsToSweep(): (thread: AnyThreadChannel) => boolean {
  const now = Date.now();
  return (thread) =>
    thread.parent === null ||
    (thread.archived === true &&
      thread.archiveTimestamp !== null &&
      now - thread.archiveTimestamp > ARCHIVED_THREAD_LIFETIME_MS);
}

/**
 * How long a DM channel stays cached after its last message: longer than a reply may stream
 * (REPLY_MAX_DURATION_MS is at most an hour), since a reply reads its channel from the cache.
 */
export const DM_CHANNEL_IDLE_MS = 2 * 60 * 60 * 1000;

/**
 * Drops DM channels idle for `idleMs`: discord.js keeps one per user who ever wrote the bot, and
 * has no sweeper for them. A later DM brings its channel back (the Channel partial). Group DMs
 * (cached from interactions of members who installed the app, whose replies never read them
 * again) go at every sweep. Returns how many it dropped.
 */
export function sweepIdleDmChannels(client: Client, now: number, idleMs = DM_CHANNEL_IDLE_MS): number {
  return client.channels.cache.sweep((channel) => {
    if (channel.type === ChannelType.GroupDM) return true;
    if (channel.type !== ChannelType.DM) return false;
    const last = channel.lastMessageId ?? channel.id;
    return SnowflakeUtil.timestampFrom(last) < now - idleMs;
  });
}

/** The client's cache options, spread into `new Client({...})`. */
export const cacheOptions = {
  makeCache,
  sweepers: { threads: { interval: 3600, filter: threadsToSweep } },
} satisfies Pick<ClientOptions, 'makeCache' | 'sweepers'>;
