/**
 * The dashboard's way to a server's owning process (the one running its shard): its settings to
 * show, an edit to apply, its requests in progress. A server of this process's shards is read
 * and changed here, directly.
 */
import type { FairUse } from '../access/fairUse.js';
import type { Settings } from '../settings/settingsStore.js';
import type { Budgets } from '../spend/budgets.js';
import type { RoleRules } from '../spend/roleRules.js';
import {
  applyEdit,
  type DashboardEdit,
  type EditResult,
  type GuildState,
  type InProgressView,
} from './edits.js';

export interface GuildOwners {
  /** Applies `edit` in the server's owning process (waits a few seconds for its answer). */
  edit(guildId: string, edit: DashboardEdit): Promise<EditResult>;
  state(guildId: string): Promise<GuildState>;
  /** Undefined when the owning process did not tell in time. */
  inProgress(guildId: string): Promise<InProgressView | undefined>;
}

export interface OwnerObjects {
  readonly budgets: Budgets;
  readonly roleRules: RoleRules;
  readonly settings: Settings;
  readonly fairUse: FairUse;
}

export function createGuildOwners(objects: OwnerObjects, now: () => number): GuildOwners {
  return {
    async edit(guildId, edit) {
      const result = await applyEdit(objects, guildId, edit);
      return result.ok ? { ok: true, applied: true } : result;
    },
    async state(guildId) {
      const [budget, rules, config] = await Promise.all([
        objects.budgets.settings(guildId),
        objects.roleRules.list(guildId),
        objects.settings.guild(guildId),
      ]);
      return { budget, rules, config };
    },
    async inProgress(guildId) {
      return { at: now(), requests: objects.fairUse.inProgress(guildId) };
    },
  };
}
