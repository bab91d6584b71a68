/**
 * Smaller discord.js guilds and channels (issue 32, "the idle server"). discord.js gives every
 * channel a manager of its messages, one of its threads and one of its permission overwrites (with
 * a collection of its own, empty in most channels), and every guild a dozen managers, whatever
 * their caches keep: about 4 KiB of each idle server of 10 channels. Caches cannot avoid them
 * (discord/caches.ts already makes the never-read ones share a collection that keeps nothing), so
 * this changes how discord.js's classes hold them, once per process, before any is built:
 *
 * - managers whose cache keeps nothing (a channel's messages and threads; a guild's bans,
 *   presences, voice states, stage instances, invites, scheduled events, auto-moderation rules,
 *   soundboard sounds, application commands) are made when read, and not kept: such a manager
 *   holds nothing but its owner, so a new one on each read behaves the same (the last one made is
 *   reused for the same owner). The one each constructor makes is dropped. (A guild's emoji and stickers stay: Guild#_patch makes their
 *   managers when missing, and would otherwise announce every emoji at each GUILD_CREATE.)
 * - a channel's permission overwrites are kept only when it has some: its manager is kept from
 *   the first overwrite added (the gateway's CHANNEL_CREATE/UPDATE, and discord.js's copy of a
 *   channel before an update); a channel without any gets a new, empty manager on each read, so
 *   `permissionsFor` reads the same overwrites as before.
 * - flags and permissions that hold no bit (a channel's or member's flags nearly always, most
 *   roles' flags, roles that grant nothing, a guild's system-channel flags) are one shared frozen
 *   bit field per kind.
 *
 * Nothing the bot reads changes: channels, roles, overwrites, the bot's member and thread
 * memberships are kept whole. (What changes: these properties are no longer own properties, so
 * discord.js's `toJSON()` of a channel, role or guild leaves them out; the bot serialises none.)
 * The cost: one manager made per member message (its channel's `messages`), about +8 ms of CPU per
 * 10,000 messages in discord.js (bench/idleServerCpu.ts). test/unit/discord/leanStructures.test.ts checks each rule against
 * the installed discord.js (gateway events through its own handlers), so an upgrade that changes
 * these constructors fails there.
 */
import {
  AutoModerationRuleManager,
  BaseChannel,
  BaseGuildTextChannel,
  BaseGuildVoiceChannel,
  ChannelFlagsBitField,
  Guild,
  GuildApplicationCommandManager,
  GuildBanManager,
  GuildChannel,
  GuildInviteManager,
  GuildMember,
  GuildMemberFlagsBitField,
  GuildMessageManager,
  GuildScheduledEventManager,
  GuildSoundboardSoundManager,
  GuildTextThreadManager,
  PermissionOverwriteManager,
  PermissionsBitField,
  PresenceManager,
  Role,
  RoleFlagsBitField,
  StageInstanceManager,
  SystemChannelFlagsBitField,
  ThreadChannel,
  VoiceStateManager,
} from 'discord.js';

/** A discord.js manager class (their constructors are private in its types, not at run time). */
type Manager = { readonly prototype: unknown };
const construct = <T>(manager: Manager, owner: unknown): T =>
  new (manager as unknown as new (owner: unknown) => T)(owner);

/**
 * `property` of every instance of `target` is a new `manager` on each read, never kept; `owner`
 * gives what its constructor takes (default: the instance). The last one made is reused while
 * read from the same instance (discord.js reads a channel's `messages` twice per message).
 */
function madeOnRead(
  target: { prototype: object },
  property: string,
  manager: Manager,
  owner: (instance: { client: unknown }) => unknown = (instance) => instance,
): void {
  let lastOwner: unknown;
  let last: unknown;
  Object.defineProperty(target.prototype, property, {
    configurable: true,
    get(this: { client: unknown }) {
      if (lastOwner !== this) {
        last = construct(manager, owner(this));
        lastOwner = this;
      }
      return last;
    },
    // The constructor's own manager (`this.x = new XManager(this)`) is dropped.
    set() {},
  });
}

/**
 * A channel's permission-overwrite manager, while it holds overwrites. Kept and read as an own
 * property: discord.js's `_clone` (the old channel of an update) copies own properties into an
 * object whose prototype is the channel, which must not see the channel's later overwrites.
 */
const OVERWRITES = Symbol('permissionOverwrites');
interface Lean {
  [OVERWRITES]?: PermissionOverwriteManager | undefined;
}

function keepOverwrites(): void {
  Object.defineProperty(GuildChannel.prototype, 'permissionOverwrites', {
    configurable: true,
    get(this: GuildChannel & Lean) {
      const kept = Object.hasOwn(this, OVERWRITES) ? this[OVERWRITES] : undefined;
      return kept !== undefined && kept.cache.size > 0 ? kept : construct(PermissionOverwriteManager, this);
    },
    set(this: Lean, manager: PermissionOverwriteManager) {
      if (manager.cache.size > 0) this[OVERWRITES] = manager;
      else if (this[OVERWRITES] !== undefined) this[OVERWRITES] = undefined;
    },
  });
  // Every overwrite discord.js caches goes through `_add` (CachedManager): from then the
  // manager is its channel's.
  type Added = PermissionOverwriteManager & { readonly channel: Lean };
  const prototype = PermissionOverwriteManager.prototype as unknown as {
    _add(this: Added, ...args: unknown[]): unknown;
  };
  const add = prototype._add;
  prototype._add = function (this: Added, ...args: unknown[]) {
    const added = add.apply(this, args);
    this.channel[OVERWRITES] = this;
    return added;
  };
}

/** A frozen bit field: discord.js's flags and permissions (a number or a bigint). */
interface BitField {
  readonly bitfield: number | bigint;
}

/**
 * `property` of every instance of `target` (a frozen bit field), when it holds no bit, is `none`,
 * shared; any other value (another bit field; null, as a partial group DM's flags) is kept, as
 * an own property under a symbol (like overwrites, so that `_clone` copies it and a copy never
 * sees its original's later value).
 */
function sharedWhenNone(target: { prototype: object }, property: string, none: BitField): void {
  const own = Symbol(property);
  Object.defineProperty(target.prototype, property, {
    configurable: true,
    get(this: Record<symbol, unknown>) {
      return Object.hasOwn(this, own) ? this[own] : none;
    },
    set(this: Record<symbol, unknown>, value: BitField | null | undefined) {
      if (value?.bitfield !== none.bitfield) this[own] = value;
      else if (Object.hasOwn(this, own)) this[own] = none;
    },
  });
}

let applied = false;

/** Applies the rules above to discord.js's classes (once; later calls do nothing). */
export function useLeanStructures(): void {
  if (applied) return;
  applied = true;
  for (const channel of [BaseGuildTextChannel, BaseGuildVoiceChannel, ThreadChannel])
    madeOnRead(channel, 'messages', GuildMessageManager);
  madeOnRead(BaseGuildTextChannel, 'threads', GuildTextThreadManager);
  const guildManagers: [string, Manager][] = [
    ['commands', GuildApplicationCommandManager],
    ['bans', GuildBanManager],
    ['voiceStates', VoiceStateManager],
    ['stageInstances', StageInstanceManager],
    ['invites', GuildInviteManager],
    ['scheduledEvents', GuildScheduledEventManager],
    ['autoModerationRules', AutoModerationRuleManager],
    ['soundboardSounds', GuildSoundboardSoundManager],
  ];
  for (const [property, manager] of guildManagers) madeOnRead(Guild, property, manager);
  madeOnRead(Guild, 'presences', PresenceManager, (guild) => guild.client);
  keepOverwrites();
  sharedWhenNone(BaseChannel, 'flags', new ChannelFlagsBitField().freeze());
  sharedWhenNone(Role, 'flags', new RoleFlagsBitField().freeze());
  sharedWhenNone(Role, 'permissions', new PermissionsBitField().freeze());
  sharedWhenNone(GuildMember, 'flags', new GuildMemberFlagsBitField().freeze());
  sharedWhenNone(Guild, 'systemChannelFlags', new SystemChannelFlagsBitField().freeze());
}
