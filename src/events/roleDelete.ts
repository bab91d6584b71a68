/**
 * A role deleted in a server (GUILD_ROLE_DELETE) takes its rule with it (`/budget role`): the
 * process whose shard receives the server's events, the one that writes its rules, clears it.
 * Discord does not reuse role ids, so a rule left behind would only count against the server's
 * MAX_ROLE_RULES and show in `/budget role show` and the dashboard as an unknown role.
 */
import { Events } from 'discord.js';
import type { Event } from './event.js';

export const roleDelete = {
  name: Events.GuildRoleDelete,
  async execute({ context }, role) {
    const guildId = role.guild.id;
    if (await context.roleRules.clear(guildId, role.id))
      context.logger.info({ guildId, roleId: role.id }, 'role deleted: its role rule was removed');
  },
} satisfies Event<Events.GuildRoleDelete>;
