/**
 * The dashboard's edits of a server whose shard another process runs: two processes' objects on
 * two connections to one SQLite file. The dashboard's side writes only its inbox keys; the
 * owner's poller applies each edit once, through its own budgets, rules and settings, answers
 * it, and tells a watching page its requests in progress.
 */
import fc from 'fast-check';
import type { KeyvStoreAdapter } from 'keyv';
import { afterEach, describe, expect, it } from 'vitest';
import { createFairUse } from '../../../src/access/fairUse.js';
import {
  answerAfter,
  EDIT_LIFETIME_MS,
  MAX_EDITS,
  MAX_REFUSALS_KEPT,
  MAX_WATCHED,
  type QueuedEdit,
  SIGNAL_KEY,
  WATCH_MS,
  withEdit,
  withWatch,
} from '../../../src/dashboard/editInbox.js';
import { type EditPoller, startEditPoller } from '../../../src/dashboard/editPoller.js';
import { EVERYONE_ROLE, NOT_A_ROLE } from '../../../src/dashboard/edits.js';
import { createGuildOwners } from '../../../src/dashboard/owners.js';
import { createLogger } from '../../../src/lib/logger.js';
import { openStore, type Store } from '../../../src/lib/store.js';
import { createSettings } from '../../../src/settings/settingsStore.js';
import { createBudgets } from '../../../src/spend/budgets.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import { createRoleRules, MAX_ROLE_RULES } from '../../../src/spend/roleRules.js';
import { english } from '../../helpers/english.js';
import { freshStore } from '../../helpers/tempStore.js';

const prices = (() => {
  const priced = loadPriceList('prices.json');
  if (!priced.ok) throw new Error('prices');
  return priced.prices;
})();
const logger = createLogger({ level: 'silent', secrets: [] });
const GUILD = '111111111111111111';
const MEMBER = '222222222222222222';
/** The owner's server's roles (its gateway cache's): @everyone (the server's id), '9' and those the tests fill with. */
const ROLES = new Set([GUILD, '9', ...Array.from({ length: MAX_ROLE_RULES }, (_, i) => String(1000 + i))]);

const pollers: EditPoller[] = [];
const opened: Store[] = [];
afterEach(async () => {
  for (const poller of pollers.splice(0)) await poller.stop();
  for (const store of opened.splice(0)) await store.disconnect();
});

/** One process's objects on `store`. */
function processOn(store: Store) {
  return {
    budgets: createBudgets(store, createLedger(store, prices, logger), 'USD'),
    roleRules: createRoleRules(store),
    settings: createSettings(store),
    fairUse: createFairUse(),
    hasRole: (guildId: string, roleId: string) => guildId === GUILD && ROLES.has(roleId),
  };
}

/** The dashboard's process (it owns no server here), on its own connection recording its writes. */
async function dashboardOn(url: string, waitMs = 5_000, now = () => Date.now()) {
  const written = new Set<string>();
  const store = await openStore(url, {
    adapter: (real: KeyvStoreAdapter) =>
      new Proxy(real, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver);
          if (name !== 'set' || typeof value !== 'function') return value;
          return (key: string, ...rest: unknown[]) => {
            written.add(key.replace(/^keyv:/, ''));
            return value.call(target, key, ...rest);
          };
        },
      }),
  });
  opened.push(store);
  const owners = createGuildOwners(processOn(store), {
    store,
    owns: () => false,
    now,
    editWaitMs: waitMs,
    liveWaitMs: 500,
  });
  return { owners, written, store };
}

function ownerPoller(store: Store, owner: ReturnType<typeof processOn>) {
  const poller = startEditPoller({
    store,
    owns: (guildId) => guildId === GUILD,
    targets: owner,
    inProgress: (guildId) => owner.fairUse.inProgress(guildId),
    now: () => Date.now(),
    logger,
    pollMs: 20,
  });
  pollers.push(poller);
  return poller;
}

describe('the bounds of the inbox', () => {
  it('keeps at most MAX_EDITS edits, none older than EDIT_LIFETIME_MS, the new one last', () => {
    const edit = (seq: number, at: number): QueuedEdit => ({
      seq,
      guildId: GUILD,
      at,
      edit: { kind: 'role-clear', roleId: '3' },
    });
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 2 * EDIT_LIFETIME_MS }), { maxLength: 700 }), (ages) => {
        const now = 10 * EDIT_LIFETIME_MS;
        let list: QueuedEdit[] = [];
        ages.forEach((age, i) => {
          list = withEdit(list, edit(i + 1, now - age));
        });
        const added = edit(ages.length + 1, now);
        const next = withEdit(list, added);
        expect(next.length).toBeLessThanOrEqual(MAX_EDITS);
        expect(next.at(-1)).toBe(added);
        expect(next.every((queued) => now - queued.at < EDIT_LIFETIME_MS)).toBe(true);
      }),
    );
  });

  it('watches at most MAX_WATCHED servers, none expired', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 999 }), fc.integer({ min: -WATCH_MS, max: WATCH_MS }))),
        (rows) => {
          const now = 1_000_000;
          const watch = Object.fromEntries(rows.map(([id, offset]) => [String(id), now + offset]));
          const next = withWatch(watch, 'new', now);
          expect(Object.keys(next).length).toBeLessThanOrEqual(MAX_WATCHED);
          expect(next.new).toBe(now + WATCH_MS);
          expect(Object.values(next).every((until) => until > now)).toBe(true);
        },
      ),
    );
  });
});

describe("the dashboard's edit of another process's server", () => {
  it('is applied by the owner alone, answered, shown, and refused by its rules', async () => {
    const { store, url } = await freshStore();
    const owner = processOn(store);
    ownerPoller(store, owner);
    const dashboard = await dashboardOn(url);
    const now = Date.now();
    expect((await owner.budgets.reserve(GUILD, MEMBER, 10, now)).ok).toBe(true);

    expect(
      await dashboard.owners.edit(GUILD, {
        kind: 'budget',
        patch: { monthlyCapMicros: 0, dailyUserCapMicros: null },
      }),
    ).toEqual({ ok: true, applied: true });
    // In force at the owner's next request: its own cache was written by its own update.
    expect((await owner.budgets.reserve(GUILD, MEMBER, 10, now)).ok).toBe(false);
    expect(
      await dashboard.owners.edit(GUILD, {
        kind: 'config',
        patch: { showCost: false, allowedChannels: ['5'] },
      }),
    ).toEqual({ ok: true, applied: true });
    expect((await owner.settings.guild(GUILD)).showCost).toBe(false);

    for (let i = 0; i < MAX_ROLE_RULES; i += 1)
      await owner.roleRules.set(GUILD, { roleId: String(1000 + i), imagine: false });
    const refused = await dashboard.owners.edit(GUILD, {
      kind: 'role-set',
      rule: { roleId: '9', imagine: true },
    });
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining(String(MAX_ROLE_RULES)) });

    const state = await dashboard.owners.state(GUILD);
    expect(state.budget.monthlyCapMicros).toBe(0);
    expect(state.config).toMatchObject({ showCost: false, allowedChannels: ['5'] });
    expect(state.rules).toHaveLength(MAX_ROLE_RULES);
    // One writer per key: the dashboard's process wrote only its inbox.
    expect([...dashboard.written].sort()).toEqual(['dashboard-edits', 'dashboard-signal']);
  });

  it('is refused by the owner for a role not of the server, or @everyone: nothing set', async () => {
    const { store, url } = await freshStore();
    const owner = processOn(store);
    ownerPoller(store, owner);
    const dashboard = await dashboardOn(url);
    const set = (roleId: string) =>
      dashboard.owners.edit(GUILD, { kind: 'role-set', rule: { roleId, imagine: false } });
    // Another server's role (any snowflake the owner's cache does not hold), and @everyone.
    expect(await set('333333333333333333')).toEqual({ ok: false, error: NOT_A_ROLE });
    expect(await set(GUILD)).toEqual({ ok: false, error: EVERYONE_ROLE });
    expect(await owner.roleRules.list(GUILD)).toEqual([]);
    expect(await set('9')).toEqual({ ok: true, applied: true });
    expect((await owner.roleRules.list(GUILD)).map((rule) => rule.roleId)).toEqual(['9']);
  });

  it("shows the owner's requests in progress", async () => {
    const { store, url } = await freshStore();
    const owner = processOn(store);
    ownerPoller(store, owner);
    const dashboard = await dashboardOn(url);
    const slot = await owner.fairUse.acquire({
      guildId: GUILD,
      channelId: '5',
      userId: MEMBER,
      kind: 'image',
      voice: english,
      perMinute: 10,
    });
    expect(slot.ok).toBe(true);
    const live = await dashboard.owners.inProgress(GUILD);
    expect(live?.requests).toEqual([
      expect.objectContaining({ kind: 'image', channelId: '5', userId: MEMBER }),
    ]);
    // Another server this owner does not run: nobody answers.
    expect(await dashboard.owners.inProgress('333333333333333333')).toBeUndefined();
  });

  it('waits for an owner that is down, is applied once when it starts, and never again after', async () => {
    const { store, url } = await freshStore();
    const dashboard = await dashboardOn(url, 300);
    const patch = { monthlyCapMicros: 5, dailyUserCapMicros: null };
    expect(await dashboard.owners.edit(GUILD, { kind: 'budget', patch })).toEqual({
      ok: true,
      applied: false,
    });

    const owner = processOn(store);
    const first = ownerPoller(store, owner);
    await first.tick();
    expect((await owner.budgets.settings(GUILD)).monthlyCapMicros).toBe(5);
    // An admin's /budget afterwards, then the owner restarts: the old edit is not applied again.
    await owner.budgets.update(GUILD, { monthlyCapMicros: 7 });
    await first.stop();
    const restarted = processOn(store);
    await ownerPoller(store, restarted).tick();
    expect((await restarted.budgets.settings(GUILD)).monthlyCapMicros).toBe(7);

    // The signal lost (a store cleaned by hand): a new numbering, whose edits are applied too.
    await store.delete(SIGNAL_KEY);
    const resent = await dashboard.owners.edit(GUILD, {
      kind: 'budget',
      patch: { ...patch, monthlyCapMicros: 9 },
    });
    expect(resent).toEqual({ ok: true, applied: true });
    expect((await restarted.budgets.settings(GUILD)).monthlyCapMicros).toBe(9);
  });

  it('never applies an edit past its lifetime (an owner that restarts long after)', async () => {
    const { store, url } = await freshStore();
    const longAgo = () => Date.now() - EDIT_LIFETIME_MS - 1;
    const dashboard = await dashboardOn(url, 300, longAgo);
    const patch = { monthlyCapMicros: 5, dailyUserCapMicros: null };
    expect(await dashboard.owners.edit(GUILD, { kind: 'budget', patch })).toEqual({
      ok: true,
      applied: false,
    });
    const owner = processOn(store);
    await owner.budgets.update(GUILD, { monthlyCapMicros: 7 });
    await ownerPoller(store, owner).tick();
    expect((await owner.budgets.settings(GUILD)).monthlyCapMicros).toBe(7);
  });

  it('tells each of two edits taken in one poll its own answer', async () => {
    const { store, url } = await freshStore();
    const owner = processOn(store);
    for (let i = 0; i < MAX_ROLE_RULES; i += 1)
      await owner.roleRules.set(GUILD, { roleId: String(1000 + i), imagine: false });
    const dashboard = await dashboardOn(url, 3_000);
    const refused = dashboard.owners.edit(GUILD, { kind: 'role-set', rule: { roleId: '9', imagine: true } });
    const saved = dashboard.owners.edit(GUILD, {
      kind: 'budget',
      patch: { monthlyCapMicros: 3, dailyUserCapMicros: null },
    });
    // Both queued before the owner reads them: one poll takes both.
    await expect.poll(async () => (await store.get('dashboard-edits'))?.length, { timeout: 3_000 }).toBe(2);
    await ownerPoller(store, owner).tick();
    expect(await refused).toMatchObject({
      ok: false,
      error: expect.stringContaining(String(MAX_ROLE_RULES)),
    });
    expect(await saved).toEqual({ ok: true, applied: true });
  });
});

describe('an answer', () => {
  it('keeps the latest refusals by number, at most MAX_REFUSALS_KEPT, and starts again in a new numbering', () => {
    let answer = answerAfter(undefined, 'a', 1, 'no');
    for (let seq = 2; seq <= MAX_REFUSALS_KEPT + 5; seq += 1)
      answer = answerAfter(answer, 'a', seq, `no ${seq}`);
    expect(Object.keys(answer.refused ?? {})).toHaveLength(MAX_REFUSALS_KEPT);
    expect(answer.refused?.[String(MAX_REFUSALS_KEPT + 5)]).toBe(`no ${MAX_REFUSALS_KEPT + 5}`);
    expect(answerAfter(answer, 'b', 1)).toEqual({ epoch: 'b', seq: 1 });
  });
});
