/**
 * What the dashboard changes on a server, as data: an edit is applied by the process that owns
 * the server's shard, through the same objects as `/budget` and `/config` (budgets, role rules,
 * settings), so every key keeps one writer. When that process is this one the edit is applied at
 * once; otherwise it travels through the store (editInbox.ts) and the owner applies it
 * (editPoller.ts).
 */
import type { InProgress } from '../access/fairUse.js';
import type { GuildConfig } from '../settings/resolve.js';
import type { GuildConfigPatch, Settings } from '../settings/settingsStore.js';
import type { Budgets, GuildSettings } from '../spend/budgets.js';
import type { RoleRule, RoleRules } from '../spend/roleRules.js';
import { applyServiceKeyEdit, type ServiceKeyEdit, type ServiceKeyTargets } from './serviceKeyEdits.js';

/** The `/config` fields the dashboard edits: the features and the channels. */
export type DashboardConfigPatch = Pick<
  GuildConfigPatch,
  | 'showCost'
  | 'showContext'
  | 'answerMentions'
  | 'fallback'
  | 'answerInLanguage'
  | 'classicLayout'
  | 'allowedChannels'
>;

export type DashboardEdit =
  | {
      readonly kind: 'budget';
      readonly patch: Pick<GuildSettings, 'monthlyCapMicros' | 'dailyUserCapMicros'>;
    }
  | { readonly kind: 'role-set'; readonly rule: RoleRule }
  | { readonly kind: 'role-clear'; readonly roleId: string }
  | { readonly kind: 'config'; readonly patch: DashboardConfigPatch }
  | ServiceKeyEdit;

/**
 * Applied (it holds for the next request), sent but not confirmed yet by the owning process
 * (`applied: false`), or refused by the owner's rules (`error`, for the admin).
 */
export type EditResult =
  | { readonly ok: true; readonly applied: boolean }
  | { readonly ok: false; readonly error: string };

/** A server's settings as the dashboard shows them. */
export interface GuildState {
  readonly budget: GuildSettings;
  readonly rules: readonly RoleRule[];
  readonly config: GuildConfig;
}

/** Requests holding a slot in a server, as the owning process saw them `at`. */
export interface InProgressView {
  readonly at: number;
  readonly requests: readonly InProgress[];
}

/** The objects an owner applies edits with (a server's own key: serviceKeyEdits.ts). */
export interface EditTargets extends ServiceKeyTargets {
  readonly budgets: Pick<Budgets, 'update'>;
  readonly roleRules: Pick<RoleRules, 'set' | 'clear'>;
  readonly settings: Pick<Settings, 'updateGuild'>;
  /** Whether the server has the role, as the owner's gateway cache holds its roles. */
  readonly hasRole: (guildId: string, roleId: string) => boolean;
}

export const EVERYONE_ROLE =
  'Everyone holds @everyone: set the server’s own caps under Budgets instead, or choose another role.';
export const NOT_A_ROLE = 'Not a role of this server: choose one of the server’s roles.';

/**
 * Why a rule cannot be set on `roleId`, as `/budget role set` accepts roles: only the server's
 * own (Discord's role option offers no other), not @everyone (whose id is the server's).
 */
export function roleRefusal(
  guildId: string,
  roleId: string,
  hasRole: EditTargets['hasRole'],
): string | undefined {
  if (roleId === guildId) return EVERYONE_ROLE;
  return hasRole(guildId, roleId) ? undefined : NOT_A_ROLE;
}

/** Applies one edit in the owning process; the error is the owner's refusal, for the admin. */
export async function applyEdit(
  targets: EditTargets,
  guildId: string,
  edit: DashboardEdit,
): Promise<{ ok: true } | { ok: false; error: string }> {
  switch (edit.kind) {
    case 'budget':
      await targets.budgets.update(guildId, edit.patch);
      return { ok: true };
    case 'role-set': {
      const refused = roleRefusal(guildId, edit.rule.roleId, targets.hasRole);
      if (refused !== undefined) return { ok: false, error: refused };
      const changed = await targets.roleRules.set(guildId, edit.rule);
      return changed.ok ? { ok: true } : { ok: false, error: changed.error };
    }
    case 'role-clear':
      await targets.roleRules.clear(guildId, edit.roleId);
      return { ok: true };
    case 'config':
      await targets.settings.updateGuild(guildId, edit.patch);
      return { ok: true };
    case 'service-key-set':
    case 'service-key-clear':
      return applyServiceKeyEdit(targets, guildId, edit);
  }
}
