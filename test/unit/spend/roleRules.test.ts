/** Rules per role: the merge (most generous of each field) as properties, and the rule store. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.js';
import { CHAT_MODELS } from '../../../src/service/models.js';
import { createBudgets } from '../../../src/spend/budgets.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import type { UsageRecord } from '../../../src/spend/records.js';
import { createRoleRules, MAX_ROLE_RULES, mergeRules, type RoleRule } from '../../../src/spend/roleRules.js';
import { freshStore } from '../../helpers/tempStore.js';

const ROLES = ['r1', 'r2', 'r3', 'r4', 'r5'];
const cap = fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null });
const rule = fc.record(
  {
    roleId: fc.constantFrom(...ROLES),
    dailyCapMicros: cap,
    monthlyCapMicros: cap,
    models: fc.option(fc.subarray([...CHAT_MODELS]), { nil: null }),
    imagine: fc.boolean(),
  },
  { requiredKeys: ['roleId'] },
);
// One rule per role, as the store keeps them.
const rules = fc.uniqueArray(rule, { selector: (r) => r.roleId, maxLength: ROLES.length });
const memberRoles = fc.subarray(ROLES);
const defaults = fc.record({ dailyCapMicros: cap });

/** A field's value for one rule after the server's defaults fill what it leaves unset. */
const daily = (r: RoleRule, d: { dailyCapMicros: number | null }) =>
  r.dailyCapMicros === undefined ? d.dailyCapMicros : r.dailyCapMicros;
const atLeast = (merged: number | null, one: number | null) =>
  merged === null || (one !== null && merged >= one);

describe('mergeRules: the most generous of each field', () => {
  it('without a rule-bearing role: the server defaults', () => {
    fc.assert(
      fc.property(rules, memberRoles, defaults, (all, held, d) => {
        const relevant = all.filter((r) => held.includes(r.roleId));
        fc.pre(relevant.length === 0);
        expect(mergeRules(all, held, d)).toEqual({
          dailyCapMicros: d.dailyCapMicros,
          monthlyCapMicros: null,
          models: null,
          imagine: true,
          roleIds: [],
        });
      }),
    );
  });

  it('is at least as generous as every held rule, and equal to one of them field by field', () => {
    fc.assert(
      fc.property(rules, memberRoles, defaults, (all, held, d) => {
        const relevant = all.filter((r) => held.includes(r.roleId));
        fc.pre(relevant.length > 0);
        const merged = mergeRules(all, held, d);
        expect([...merged.roleIds].sort()).toEqual(relevant.map((r) => r.roleId).sort());
        for (const r of relevant) {
          expect(atLeast(merged.dailyCapMicros, daily(r, d))).toBe(true);
          expect(atLeast(merged.monthlyCapMicros, r.monthlyCapMicros ?? null)).toBe(true);
          if (merged.models !== null) for (const m of r.models ?? []) expect(merged.models).toContain(m);
          if (r.models === null || r.models === undefined) expect(merged.models).toBeNull();
          if (r.imagine !== false) expect(merged.imagine).toBe(true);
        }
        // Never more generous than the most generous held rule.
        expect(relevant.map((r) => daily(r, d))).toContainEqual(merged.dailyCapMicros);
        expect(relevant.map((r) => r.monthlyCapMicros ?? null)).toContainEqual(merged.monthlyCapMicros);
        expect(merged.imagine).toBe(relevant.some((r) => r.imagine !== false));
        if (merged.models !== null) {
          const union = new Set(relevant.flatMap((r) => r.models ?? []));
          expect(new Set(merged.models)).toEqual(union);
        }
      }),
    );
  });

  it('does not depend on the order of rules or roles', () => {
    fc.assert(
      fc.property(rules, memberRoles, defaults, (all, held, d) => {
        const a = mergeRules(all, held, d);
        const b = mergeRules([...all].reverse(), [...held].reverse(), d);
        expect({ ...b, roleIds: [...b.roleIds].sort() }).toEqual({ ...a, roleIds: [...a.roleIds].sort() });
      }),
    );
  });

  it('examples: no cap beats any number; a model list unions; /imagine if any role allows it', () => {
    const merged = mergeRules(
      [
        {
          roleId: 'a',
          dailyCapMicros: 100,
          monthlyCapMicros: null,
          models: ['service-v1-flash'],
          imagine: false,
        },
        {
          roleId: 'b',
          dailyCapMicros: null,
          monthlyCapMicros: 500,
          models: ['service-v1-pro'],
          imagine: true,
        },
        { roleId: 'c', dailyCapMicros: 1 },
      ],
      ['a', 'b'],
      { dailyCapMicros: 7 },
    );
    expect(merged).toEqual({
      dailyCapMicros: null,
      monthlyCapMicros: null,
      models: ['service-v1-flash', 'service-v1-pro'],
      imagine: true,
      roleIds: ['a', 'b'],
    });
    // A field left unset takes the server's default before the merge.
    expect(mergeRules([{ roleId: 'c', monthlyCapMicros: 9 }], ['c'], { dailyCapMicros: 7 })).toMatchObject({
      dailyCapMicros: 7,
      monthlyCapMicros: 9,
    });
  });
});

describe('the rule store', () => {
  it('keeps fields not given, clears a rule, and refuses more than MAX_ROLE_RULES', async () => {
    const { store } = await freshStore();
    const roleRules = createRoleRules(store);
    await roleRules.set('g', { roleId: '1', dailyCapMicros: 5, models: ['service-v1-flash'] });
    const changed = await roleRules.set('g', { roleId: '1', imagine: false });
    expect(changed).toEqual({
      ok: true,
      rules: [{ roleId: '1', dailyCapMicros: 5, models: ['service-v1-flash'], imagine: false }],
    });
    // Read back by another instance (the store, not the cache).
    expect(await createRoleRules(store).list('g')).toEqual(changed.ok && changed.rules);
    for (let i = 2; i <= MAX_ROLE_RULES; i += 1)
      await roleRules.set('g', { roleId: String(i), imagine: true });
    const refused = await roleRules.set('g', { roleId: 'one-too-many', imagine: true });
    expect(refused.ok).toBe(false);
    expect((await roleRules.set('g', { roleId: '1', monthlyCapMicros: 3 })).ok).toBe(true);
    expect(await roleRules.clear('g', '1')).toBe(true);
    expect(await roleRules.clear('g', '1')).toBe(false);
    expect((await roleRules.list('g')).length).toBe(MAX_ROLE_RULES - 1);
  });

  it('a hand-edited stored value drops bad rules and fields instead of breaking requests', async () => {
    const { store } = await freshStore();
    await store.set('role-rules:g', [
      { roleId: '1', dailyCapMicros: -4, models: ['nope'] },
      { nope: 1 },
      'x',
    ]);
    expect(await createRoleRules(store).list('g')).toEqual([{ roleId: '1' }]);
  });
});

describe("a member's spend this month (the monthly cap per member by role)", () => {
  it('sums this month’s days only, the same after a restart (day totals read from the store)', async () => {
    const priced = loadPriceList('prices.json');
    if (!priced.ok) throw new Error('prices');
    const logger = createLogger({ level: 'silent', secrets: [] });
    const { store, reopen } = await freshStore();
    const ledger = createLedger(store, priced.prices, logger);
    const at = (iso: string) => Date.parse(iso);
    const record = (i: number, userId: string, time: number): UsageRecord => ({
      id: `r${i}`,
      time,
      guildId: 'g',
      channelId: 'c',
      userId,
      kind: 'chat',
      model: 'service-v1-flash',
      inputTokens: 1000 * i,
      outputTokens: 10,
      estimated: false,
      outcome: 'completed',
    });
    const records = [
      record(1, 'ann', at('2026-10-31T23:59:00Z')), // last month: not counted
      record(2, 'ann', at('2026-11-01T00:00:00Z')),
      record(3, 'ann', at('2026-11-15T12:00:00Z')),
      record(4, 'bob', at('2026-11-15T12:00:00Z')), // someone else
      record(5, 'ann', at('2026-11-22T08:00:00Z')),
    ];
    for (const r of records) await ledger.charge(r);
    const cost = (ids: number[]) =>
      ids.reduce((sum, i) => sum + ledger.costOf(records[i - 1] as UsageRecord), 0);
    const now = at('2026-11-22T12:00:00Z');
    expect(await ledger.userDaySpendMicros('g', 'ann', now, true)).toBe(cost([2, 3, 5]));
    expect(await ledger.userDaySpendMicros('g', 'ann', now)).toBe(cost([5]));
    await ledger.close();
    const again = createLedger(await reopen(), priced.prices, logger);
    expect(await again.userDaySpendMicros('g', 'ann', now, true)).toBe(cost([2, 3, 5]));
    await again.close();
  });
});

describe('caps per member by role under concurrency (budgets.reserve with the member caps)', () => {
  it('20 concurrent reservations against a daily and a monthly role cap: in-flight amounts count, no overshoot', async () => {
    const priced = loadPriceList('prices.json');
    if (!priced.ok) throw new Error('prices');
    const logger = createLogger({ level: 'silent', secrets: [] });
    const { store } = await freshStore();
    const ledger = createLedger(store, priced.prices, logger);
    const budgets = createBudgets(store, ledger, 'USD');
    const now = Date.parse('2026-11-22T12:00:00Z');
    // The server's own daily cap per member (1) is replaced by the role's (3 × 100).
    await budgets.update('g', { dailyUserCapMicros: 1 });
    const caps = (daily: number | null, monthly: number | null) => ({
      dailyCapMicros: daily,
      monthlyCapMicros: monthly,
      roleIds: ['r'],
    });
    const daily = await Promise.all(
      Array.from({ length: 20 }, () => budgets.reserve('g', 'ann', 100, now, false, caps(300, null))),
    );
    expect(daily.filter((r) => r.ok)).toHaveLength(3);
    expect(daily.find((r) => !r.ok)).toMatchObject({ ok: false, memberLimit: 'daily' });
    for (const r of daily) if (r.ok) r.release();
    const monthly = await Promise.all(
      Array.from({ length: 20 }, () => budgets.reserve('g', 'ann', 100, now, false, caps(null, 500))),
    );
    expect(monthly.filter((r) => r.ok)).toHaveLength(5);
    expect(monthly.find((r) => !r.ok)).toMatchObject({ ok: false, memberLimit: 'monthly' });
    for (const r of monthly) if (r.ok) r.release();
    // Without member caps the server's daily cap per member applies again.
    expect((await budgets.reserve('g', 'ann', 100, now)).ok).toBe(false);
    await ledger.close();
  });
});
