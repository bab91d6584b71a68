/**
 * Slash commands from the page: the server's roles the composer offers for role options (with two
 * made for the playground, as a server has), and what the page sends to /api/command read into
 * the local Discord's command input: name, subcommand group and subcommand, options, and channel
 * and role options (name → id), each checked to be what it claims.
 */
import type { LocalDiscord, SendCommandInput } from '../localDiscord/localDiscord.js';
import { createRole } from '../localDiscord/members.js';
import { guildRolesJson } from '../localDiscord/roles.js';

/** Roles a server has beyond @everyone, for `/budget role …` (created once per local Discord). */
const PLAYGROUND_ROLES = ['Supporter', 'Artist'];

export function createPlaygroundRoles(discord: LocalDiscord): void {
  for (const name of PLAYGROUND_ROLES) createRole(discord, name);
}

/** The playground server's roles as the composer completes them (not @everyone): id and name. */
export function rolesView(discord: LocalDiscord): { id: string; name: string }[] {
  const guild = discord.guilds.find((candidate) => candidate.id === discord.guildId);
  if (!guild) return [];
  return guildRolesJson(discord, guild)
    .map((role) => ({ id: String(role.id), name: String(role.name) }))
    .filter((role) => role.id !== guild.id);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A `{ name: id }` object of snowflakes, or nothing. */
function ids(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && /^\d+$/.test(entry[1]),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The command the page sent, as the local Discord's input (without who and where), and its label. */
export function commandInput(body: Record<string, unknown>): {
  input: Pick<
    SendCommandInput,
    'name' | 'options' | 'subcommand' | 'subcommandGroup' | 'channelOptions' | 'roleOptions'
  >;
  label: string;
} {
  const name = text(body.name);
  if (!name) throw new Error('a command needs a name');
  const options = (typeof body.options === 'object' && body.options !== null ? body.options : {}) as Record<
    string,
    string | number | boolean
  >;
  const subcommand = text(body.subcommand);
  const subcommandGroup = text(body.subcommandGroup);
  if (subcommandGroup && !subcommand) throw new Error('a subcommand group needs a subcommand');
  const channelOptions = ids(body.channelOptions);
  const roleOptions = ids(body.roleOptions);
  return {
    input: {
      name,
      options,
      ...(subcommand && { subcommand }),
      ...(subcommandGroup && { subcommandGroup }),
      ...(channelOptions && { channelOptions }),
      ...(roleOptions && { roleOptions }),
    },
    label: [`/${name}`, subcommandGroup, subcommand].filter(Boolean).join(' '),
  };
}
