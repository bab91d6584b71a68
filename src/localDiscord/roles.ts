/**
 * Roles in the local Discord: a guild's roles beyond @everyone (created by tests or the
 * playground, announced with GUILD_ROLE_CREATE and listed in later GUILD_CREATEs and GET
 * /guilds/{id}; deleted with GUILD_ROLE_DELETE, roleDeletion.ts), the roles a member carries in
 * interactions and messages (`member.roles`), and ROLE options (type 8) with their
 * `resolved.roles`, as Discord sends them.
 */
import { EVERYONE_PERMISSIONS, type LocalGuild, snowflake } from './model.js';
import type { CommandRolesInput } from './roleInputs.js';
import type { DiscordState } from './state.js';

export interface LocalRole {
  readonly id: string;
  readonly name: string;
  readonly guildId: string;
}

const created = new WeakMap<DiscordState, LocalRole[]>();

/** A role as Discord sends it (`managed` with `tags.bot_id`: the role Discord gives a bot it adds). */
export function roleJson(
  id: string,
  name: string,
  position: number,
  botId?: string,
): Record<string, unknown> {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: '0',
    managed: botId !== undefined,
    mentionable: false,
    flags: 0,
    ...(botId !== undefined && { tags: { bot_id: botId } }),
  };
}

/** The roles created in a guild, as GUILD_CREATE lists them (after @everyone and the fixed ones). */
function createdRolesJson(discord: DiscordState, guildId: string): Record<string, unknown>[] {
  const roles = (created.get(discord) ?? []).filter((role) => role.guildId === guildId);
  return roles.map((role, i) => roleJson(role.id, role.name, 10 + i));
}

const fixed = new WeakMap<LocalGuild, { owner: string; botRole: string; memberRole: string }>();

/** A guild's owner and, with members, the bot's managed role and the members' role: ids kept for its life. */
export function fixedIds(guild: LocalGuild): { owner: string; botRole: string; memberRole: string } {
  let ids = fixed.get(guild);
  if (!ids) {
    ids = { owner: snowflake(), botRole: snowflake(), memberRole: snowflake() };
    fixed.set(guild, ids);
  }
  return ids;
}

/**
 * Every role of a guild, as GUILD_CREATE and GET /guilds/{id} list them: @everyone (the guild's
 * id), with members (membersPerGuild) the bot's managed role and the members' role, as in a real
 * server, then the roles created.
 */
export function guildRolesJson(discord: DiscordState, guild: LocalGuild): Record<string, unknown>[] {
  const { botRole, memberRole } = fixedIds(guild);
  const populated = (guild.members ?? []).length > 0;
  return [
    { ...roleJson(guild.id, '@everyone', 0), permissions: String(EVERYONE_PERMISSIONS) },
    ...(populated
      ? [
          roleJson(botRole, discord.botUser.username, 1, discord.botUser.id),
          roleJson(memberRole, 'Member', 2),
        ]
      : []),
    ...createdRolesJson(discord, guild.id),
  ];
}

/** Adds a role to a guild (default: the first); members.ts createRole announces it. */
export function addRole(
  discord: DiscordState,
  name: string,
  guildId: string,
): { role: LocalRole; json: Record<string, unknown> } {
  const role = { id: snowflake(), name, guildId };
  const roles = created.get(discord) ?? [];
  roles.push(role);
  created.set(discord, roles);
  return { role, json: roleJson(role.id, role.name, 9 + roles.length) };
}

/** Removes a created role from its guild; false when the guild has no such created role. */
export function removeRole(discord: DiscordState, guildId: string, roleId: string): boolean {
  const roles = created.get(discord) ?? [];
  const index = roles.findIndex((role) => role.id === roleId && role.guildId === guildId);
  if (index < 0) return false;
  roles.splice(index, 1);
  return true;
}

/** Options and `resolved.roles` for a command's role options. */
export function roleOptions(
  discord: DiscordState,
  input: CommandRolesInput,
): { options: { name: string; value: string; type: number }[]; resolved: Record<string, unknown> } {
  const options: { name: string; value: string; type: number }[] = [];
  const resolved: Record<string, unknown> = {};
  for (const [name, id] of Object.entries(input.roleOptions ?? {})) {
    options.push({ name, value: id, type: 8 });
    const role = (created.get(discord) ?? []).find((candidate) => candidate.id === id);
    resolved[id] = roleJson(id, role?.name ?? `role-${id.slice(-4)}`, 10);
  }
  return { options, resolved };
}
