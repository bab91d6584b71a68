/**
 * A role deleted in a server (GUILD_ROLE_DELETE) takes its rule with it (`/budget role`): the
 * process whose shard receives the server's events, the one that writes its rules, clears it.
 * Discord does not reuse role ids, so a rule left behind would only count against the server's
 * MAX_ROLE_RULES and show in `/budget role show` and the dashboard as an unknown role.
 */
import { Events } from 'discord.js';
import type { Logger } from '../lib/logger.js';
import type { RoleRules } from '../spend/roleRules.js';
import type { Event } from './event.js';

export interface RoleDeleteDeps {
  readonly roleRules: Pick<RoleRules, 'clear'>;
  readonly logger: Pick<Logger, 'info'>;
}

export function createRoleDelete(deps: RoleDeleteDeps) {
  return {
    name: Events.GuildRoleDelete,
    async execute(role) {
      const guildId = role.guild.id;
      if (await deps.roleRules.clear(guildId, role.id))
        deps.logger.info({ guildId, roleId: role.id }, 'role deleted: its role rule was removed');
    },
  } satisfies Event<Events.GuildRoleDelete>;
}
