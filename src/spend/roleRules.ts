/**
 * Rules per role (`/budget role`): for members holding a role, a daily and a monthly cap per
 * member, the chat models they may use, and whether they may use /imagine. Stored per guild in one
 * key (`role-rules:<guild>`, at most MAX_ROLE_RULES rules), cached in memory (bounded, like the
 * guild's settings; this process is the only writer of its guilds' keys).
 *
 * A member with several rule-bearing roles gets the most generous value of each field
 * (`mergeRules`); a member with none keeps the server's defaults (the daily cap per member of
 * /budget set, every model the server allows, /imagine). A field a rule leaves unset takes the
 * server's default before merging. The server's monthly cap always applies to the whole server.
 */
import { z } from 'zod';
import { createKeyedQueue } from '../lib/keyedQueue.js';
import { countedLimits, createRecent } from '../lib/recent.js';
import type { Store } from '../lib/store.js';
import { CHAT_MODELS, type ChatModel } from '../service/models.js';
import { SETTINGS_CACHED } from '../settings/settingsStore.js';

/** Rules one server may keep: more is refused by /budget role set. */
export const MAX_ROLE_RULES = 50;

/** A cap in micro-units: null, no cap; undefined (absent), the server's default. */
export type RuleCap = number | null | undefined;

export interface RoleRule {
  readonly roleId: string;
  /** Per member holding the role, per UTC day; absent: the server's daily cap per member. */
  readonly dailyCapMicros?: number | null;
  /** Per member holding the role, per UTC month; absent: none (the server's monthly cap still applies). */
  readonly monthlyCapMicros?: number | null;
  /** Chat models the role may use; absent or null: every model the server allows. */
  readonly models?: readonly ChatModel[] | null;
  /** Whether the role may use /imagine; absent: yes. */
  readonly imagine?: boolean;
}

/** What applies to one member: caps per member (null: none) and what they may use. */
export interface MemberRule {
  readonly dailyCapMicros: number | null;
  readonly monthlyCapMicros: number | null;
  /** null: every model the server allows. */
  readonly models: readonly ChatModel[] | null;
  readonly imagine: boolean;
  /** The member's roles that bear a rule (empty: the server's defaults apply). */
  readonly roleIds: readonly string[];
}

/** The server's defaults, for a member without a rule and for fields a rule leaves unset. */
export interface ServerDefaults {
  readonly dailyCapMicros: number | null;
}

/** The more generous of two caps: null (no cap) beats any number. */
export function moreGenerous(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.max(a, b);
}

/**
 * The rule that applies to a member holding `memberRoles`: the most generous of each field over
 * the rules of those roles (highest caps, null beating any number; the union of models, null for
 * "all" beating any list; /imagine if any allows it). Without any rule: the server's defaults.
 */
export function mergeRules(
  rules: readonly RoleRule[],
  memberRoles: ReadonlySet<string> | readonly string[],
  defaults: ServerDefaults,
): MemberRule {
  // A set: a member may hold 250 roles and a server have 50 rules (12,500 comparisons otherwise).
  const holds = memberRoles instanceof Set ? memberRoles : new Set(memberRoles);
  const held = rules.filter((rule) => holds.has(rule.roleId));
  const [first, ...rest] = held.map((rule) => ({
    dailyCapMicros: rule.dailyCapMicros === undefined ? defaults.dailyCapMicros : rule.dailyCapMicros,
    monthlyCapMicros: rule.monthlyCapMicros ?? null,
    models: rule.models ?? null,
    imagine: rule.imagine ?? true,
  }));
  if (!first)
    return {
      dailyCapMicros: defaults.dailyCapMicros,
      monthlyCapMicros: null,
      models: null,
      imagine: true,
      roleIds: [],
    };
  let merged = first;
  for (const next of rest) {
    merged = {
      dailyCapMicros: moreGenerous(merged.dailyCapMicros, next.dailyCapMicros),
      monthlyCapMicros: moreGenerous(merged.monthlyCapMicros, next.monthlyCapMicros),
      models:
        merged.models === null || next.models === null
          ? null
          : CHAT_MODELS.filter((model) => merged.models?.includes(model) || next.models?.includes(model)),
      imagine: merged.imagine || next.imagine,
    };
  }
  return { ...merged, roleIds: held.map((rule) => rule.roleId) };
}

/** The role ids a member carries: discord.js's role manager, or the raw payload's array. */
export function memberRoleIds(member: unknown): string[] {
  const roles = (member as { roles?: unknown } | null | undefined)?.roles;
  if (Array.isArray(roles)) return roles.filter((id): id is string => typeof id === 'string');
  const cache = (roles as { cache?: Map<string, unknown> } | undefined)?.cache;
  return cache instanceof Map ? [...cache.keys()] : [];
}

const capSchema = z.number().int().min(0).nullable().optional().catch(undefined);
const ruleSchema = z.object({
  roleId: z.string(),
  dailyCapMicros: capSchema,
  monthlyCapMicros: capSchema,
  models: z.array(z.enum(CHAT_MODELS)).nullable().optional().catch(undefined),
  imagine: z.boolean().optional().catch(undefined),
});

/** Drops absent fields (a rule stored as JSON keeps only what was set). */
function compact(rule: { readonly [K in keyof RoleRule]?: RoleRule[K] | undefined }): RoleRule {
  return Object.fromEntries(
    Object.entries(rule).filter(([, value]) => value !== undefined),
  ) as unknown as RoleRule;
}

/** A refused change: `reason` for the member's words (/budget role), `error` in English (the dashboard, logs). */
export type RuleChange =
  | { ok: true; rules: readonly RoleRule[] }
  | { ok: false; reason: 'tooManyRules'; error: string };

export interface RoleRules {
  list(guildId: string): Promise<readonly RoleRule[]>;
  /** Sets fields of a role's rule (others kept); refused past MAX_ROLE_RULES rules. */
  set(guildId: string, rule: RoleRule): Promise<RuleChange>;
  /** Removes a role's rule; false when it had none. */
  clear(guildId: string, roleId: string): Promise<boolean>;
}

const rulesKey = (guildId: string) => `role-rules:${guildId}`;

/** A server's rules as stored (no cache), each checked: a malformed one is left out. */
export async function readRoleRules(store: Store, guildId: string): Promise<RoleRule[]> {
  const raw: unknown = await store.get(rulesKey(guildId));
  const parsed = z.array(z.unknown()).safeParse(raw ?? []);
  return (parsed.success ? parsed.data : []).flatMap((item) => {
    const rule = ruleSchema.safeParse(item);
    return rule.success ? [compact(rule.data)] : [];
  });
}

export function createRoleRules(store: Store): RoleRules {
  // This process alone writes its servers' rules (the dashboard's edits too: owners.ts).
  const cache = createRecent<readonly RoleRule[]>(countedLimits(SETTINGS_CACHED));
  const queue = createKeyedQueue();

  async function list(guildId: string): Promise<readonly RoleRule[]> {
    const cached = cache.get(guildId);
    if (cached) return cached;
    const rules = await readRoleRules(store, guildId);
    const updated = cache.get(guildId);
    if (updated) return updated;
    cache.set(guildId, rules, 1);
    return rules;
  }

  async function write(guildId: string, rules: readonly RoleRule[]): Promise<void> {
    if (rules.length === 0) await store.delete(rulesKey(guildId));
    else await store.set(rulesKey(guildId), rules);
    cache.set(guildId, rules, 1);
  }

  return {
    list,
    set(guildId, rule) {
      return queue.run(rulesKey(guildId), async (): Promise<RuleChange> => {
        const current = await list(guildId);
        const existing = current.find((candidate) => candidate.roleId === rule.roleId);
        if (!existing && current.length >= MAX_ROLE_RULES) {
          return {
            ok: false,
            reason: 'tooManyRules',
            error: `This server already has ${MAX_ROLE_RULES} role rules, the most it may keep: clear one first (/budget role clear).`,
          };
        }
        const next = compact({ ...existing, ...compact(rule) });
        const rules = existing
          ? current.map((candidate) => (candidate === existing ? next : candidate))
          : [...current, next];
        await write(guildId, rules);
        return { ok: true, rules };
      });
    },
    clear(guildId, roleId) {
      return queue.run(rulesKey(guildId), async () => {
        const current = await list(guildId);
        const rules = current.filter((rule) => rule.roleId !== roleId);
        if (rules.length === current.length) return false;
        await write(guildId, rules);
        return true;
      });
    },
  };
}
