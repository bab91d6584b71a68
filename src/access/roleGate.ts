/**
 * Rules per role at admission (spend/roleRules.ts): the rule that applies to the member, from the
 * roles the interaction or message carries (no member cache), and the refusals it decides before
 * anything reaches the service: a model or /imagine the member's roles do not allow.
 */
import type { MessageKey, Translator } from '../i18n/translator.js';
import type { ChatModel } from '../service/models.js';
import { namesOrNone } from '../settings/resolve.js';
import type { Budgets } from '../spend/budgets.js';
import { type MemberRule, memberRoleIds, mergeRules, type RoleRules } from '../spend/roleRules.js';

/** What the role gate reads: the server's rules per role, and its daily cap per member (rules leaving it unset). */
export interface RoleGateDeps {
  readonly roleRules: Pick<RoleRules, 'list'>;
  readonly budgets: Pick<Budgets, 'settings'>;
}

/**
 * The rule for a member holding `roleIds` in `guildId`; undefined where no role rule applies
 * (a DM, a user install, a server without rules, a member with none of its roles): the server's
 * defaults then apply as they always have.
 */
export async function memberRule(
  deps: RoleGateDeps,
  guildId: string | null,
  roleIds: readonly string[] | undefined,
  userInstall = false,
): Promise<MemberRule | undefined> {
  if (guildId === null || userInstall || !roleIds || roleIds.length === 0) return undefined;
  const rules = await deps.roleRules.list(guildId);
  // Looked up in a set: up to 250 roles against up to 50 rules (bench/roleChecks.ts).
  const held = new Set(roleIds);
  if (!rules.some((rule) => held.has(rule.roleId))) return undefined;
  const { dailyUserCapMicros } = await deps.budgets.settings(guildId);
  return mergeRules(rules, held, { dailyCapMicros: dailyUserCapMicros });
}

/** Why the member's roles refuse `model` (in `t`, the voice of whoever reads it), if they do. */
export function roleModelRefusal(
  rule: MemberRule | undefined,
  model: ChatModel,
  t: Translator,
): string | undefined {
  if (!rule || rule.models === null || rule.models.includes(model)) return undefined;
  return t.t('config.modelNotForRoles', { model, allowed: namesOrNone(t, rule.models) });
}

/**
 * Whether the member's roles allow /imagine (and Reroll), and their caps when a rule applies; a
 * refusal is a key, for the caller to say in the reader's voice.
 */
export async function imagineRule(
  deps: RoleGateDeps,
  guildId: string | null,
  member: unknown,
  userInstall: boolean,
): Promise<{ readonly error: MessageKey } | { readonly caps: MemberRule | undefined }> {
  const rule = await memberRule(deps, guildId, memberRoleIds(member), userInstall);
  return rule && !rule.imagine ? { error: 'config.imagineNotForRoles' } : { caps: rule };
}
