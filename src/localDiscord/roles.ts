/**
 * Roles in the local Discord: a guild's roles beyond @everyone (created by tests or the
 * playground, announced with GUILD_ROLE_CREATE and listed in later GUILD_CREATEs), the roles a
 * member carries in interactions and messages (`member.roles`), and ROLE options (type 8) with
 * their `resolved.roles`, as Discord sends them.
 */
import { snowflake } from './model.js';
import type { CommandRolesInput } from './roleInputs.js';
import type { DiscordState } from './state.js';

export interface LocalRole {
  readonly id: string;
  readonly name: string;
  readonly guildId: string;
}

const created = new WeakMap<DiscordState, LocalRole[]>();

export function roleJson(role: LocalRole, position: number): Record<string, unknown> {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: '0',
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

/** The roles created in a guild, as GUILD_CREATE lists them (after @everyone and the fixed ones). */
export function createdRolesJson(discord: DiscordState, guildId: string): Record<string, unknown>[] {
  const roles = (created.get(discord) ?? []).filter((role) => role.guildId === guildId);
  return roles.map((role, i) => roleJson(role, 10 + i));
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
  return { role, json: roleJson(role, 9 + roles.length) };
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
    resolved[id] = roleJson(role ?? { id, name: `role-${id.slice(-4)}`, guildId: discord.guildId }, 10);
  }
  return { options, resolved };
}
