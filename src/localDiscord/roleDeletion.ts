/**
 * Deleting a role in the local Discord, as a server's admin does in the client or an app does
 * over REST (DELETE /guilds/{guild.id}/roles/{role.id}, operation delete_guild_role of
 * discord/discord-api-spec: 204 No Content): the role leaves the guild (roles.ts) and the guild's
 * shard receives GUILD_ROLE_DELETE with `{guild_id, role_id}` (discord-api-types:
 * GatewayGuildRoleDeleteDispatchData). Only roles created by tests or the playground can go.
 */
import { route } from './gateway.js';
import { removeRole } from './roles.js';
import type { DiscordState } from './state.js';

/** Deletes a created role of a guild (default: the first); false when it has no such role. */
export function deleteRole(
  discord: DiscordState,
  roleId: string,
  guildId: string = discord.guildId,
): boolean {
  if (!removeRole(discord, guildId, roleId)) return false;
  route(discord, 'GUILD_ROLE_DELETE', { guild_id: guildId, role_id: roleId }, guildId);
  discord.emit('change');
  return true;
}

/** DELETE /guilds/{guild.id}/roles/{role.id}: 204, or Discord's 404 for an unknown guild or role. */
export function routeRoleDelete(
  discord: DiscordState,
  method: string,
  segments: readonly string[],
): { status: number; body?: unknown } | undefined {
  if (method !== 'DELETE' || segments[0] !== 'guilds' || segments[2] !== 'roles' || segments.length !== 4)
    return undefined;
  const [, guildId, , roleId] = segments as [string, string, string, string];
  if (!discord.guilds.some((guild) => guild.id === guildId))
    return { status: 404, body: { message: 'Unknown Guild', code: 10004 } };
  return deleteRole(discord, roleId, guildId)
    ? { status: 204 }
    : { status: 404, body: { message: 'Unknown Role', code: 10011 } };
}
