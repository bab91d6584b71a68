/**
 * The dashboard's way to a server's owning process (the one running its shard): its settings to
 * show, an edit to apply, its requests in progress. A server of this process's shards is read
 * and changed here, directly; any other through the store (editInbox.ts), where its owner takes
 * the edit within a second (editPoller.ts). Either way one process writes a server's keys.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FairUse } from '../access/fairUse.js';
import type { Store } from '../lib/store.js';
import { readGuildConfig, type Settings } from '../settings/settingsStore.js';
import type { Budgets } from '../spend/budgets.js';
import { readGuildSettings } from '../spend/guildSettings.js';
import { type RoleRules, readRoleRules } from '../spend/roleRules.js';
import { answers, createEditInbox } from './editInbox.js';
import {
  applyEdit,
  type DashboardEdit,
  type EditResult,
  type GuildState,
  type InProgressView,
} from './edits.js';
import type { ServiceKeyTargets } from './serviceKeyEdits.js';

/** How long a write waits for another process's answer before saying "sent, not confirmed". */
export const EDIT_WAIT_MS = 5_000;
/** How long a page waits for another process's requests in progress. */
export const LIVE_WAIT_MS = 3_000;
const STEP_MS = 100;

export interface GuildOwners {
  /** Applies `edit` in the server's owning process (waits up to EDIT_WAIT_MS for its answer). */
  edit(guildId: string, edit: DashboardEdit): Promise<EditResult>;
  state(guildId: string): Promise<GuildState>;
  /** Undefined when the owning process did not tell within LIVE_WAIT_MS. */
  inProgress(guildId: string): Promise<InProgressView | undefined>;
}

/** Its servers' own keys too (serviceKeyEdits.ts), when the operator set DATA_ENCRYPTION_KEY. */
export interface OwnerObjects extends ServiceKeyTargets {
  readonly budgets: Budgets;
  readonly roleRules: RoleRules;
  readonly settings: Settings;
  readonly fairUse: Pick<FairUse, 'inProgress'>;
  /** Whether a server of this process's shards has the role (its gateway cache). */
  readonly hasRole: (guildId: string, roleId: string) => boolean;
}

/** Polls `read` until it gives a value or `ms` is over. */
async function within<T>(ms: number, read: () => Promise<T | undefined>): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined || Date.now() >= end) return value;
    await delay(STEP_MS);
  }
}

export function createGuildOwners(
  objects: OwnerObjects,
  options: {
    readonly store: Store;
    readonly owns: (guildId: string) => boolean;
    readonly now: () => number;
    /** Defaults EDIT_WAIT_MS and LIVE_WAIT_MS. */
    readonly editWaitMs?: number;
    readonly liveWaitMs?: number;
  },
): GuildOwners {
  const { store, owns, now } = options;
  const inbox = createEditInbox(store);
  return {
    async edit(guildId, edit) {
      if (owns(guildId)) {
        const result = await applyEdit(objects, guildId, edit);
        return result.ok ? { ok: true, applied: true } : result;
      }
      const { epoch, seq } = await inbox.send(guildId, edit, now());
      const answer = await within(options.editWaitMs ?? EDIT_WAIT_MS, async () => {
        const applied = await inbox.applied(guildId);
        return answers(applied, epoch, seq) ? applied : undefined;
      });
      if (answer === undefined) return { ok: true, applied: false };
      // Answered: applied, unless the owner kept a refusal under this edit's number.
      const refusal = answer.refused?.[String(seq)];
      return refusal === undefined ? { ok: true, applied: true } : { ok: false, error: refusal };
    },
    async state(guildId) {
      // Another process's server: as stored (this process's caches hold only its own servers).
      const [budget, rules, config] = owns(guildId)
        ? await Promise.all([
            objects.budgets.settings(guildId),
            objects.roleRules.list(guildId),
            objects.settings.guild(guildId),
          ])
        : await Promise.all([
            readGuildSettings(store, guildId),
            readRoleRules(store, guildId),
            readGuildConfig(store, guildId),
          ]);
      return { budget, rules, config };
    },
    async inProgress(guildId) {
      const asked = now();
      if (owns(guildId)) return { at: asked, requests: objects.fairUse.inProgress(guildId) };
      await inbox.watch(guildId, asked);
      // The owner writes it each POLL_MS while watched and it lives LIVE_TTL_MS: present means
      // fresh, with no comparison of two machines' clocks.
      return within(options.liveWaitMs ?? LIVE_WAIT_MS, () => inbox.live(guildId));
    },
  };
}
