/**
 * The role gate on real rules per role and real budgets (a SQLite store): which rule applies to a
 * member from the roles their payload carries, and the models and /imagine their roles allow or
 * refuse, in the words of whoever reads it.
 */
import { describe, expect, it } from 'vitest';
import {
  imagineRule,
  memberRule,
  type RoleGateDeps,
  roleModelRefusal,
} from '../../../src/access/roleGate.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { createLogger } from '../../../src/lib/logger.js';
import { createBudgets } from '../../../src/spend/budgets.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import { createRoleRules } from '../../../src/spend/roleRules.js';
import { english } from '../../helpers/english.js';
import { freshStore } from '../../helpers/tempStore.js';

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error('prices');
const prices = priced.prices;
const logger = createLogger({ level: 'silent', secrets: [] });
const german = createI18n().translator('de');

/** A server `g` with a daily cap per member of 500 and three rules: one for models, one without /imagine, one open. */
async function setUp() {
  const { store } = await freshStore();
  const roleRules = createRoleRules(store);
  const budgets = createBudgets(store, createLedger(store, prices, logger), 'USD');
  await budgets.update('g', { dailyUserCapMicros: 500 });
  for (const rule of [
    { roleId: 'mini', models: ['service-v1-flash'] as const, dailyCapMicros: 100 },
    { roleId: 'noImages', imagine: false },
    { roleId: 'vip', dailyCapMicros: null, imagine: true },
  ]) {
    const set = await roleRules.set('g', rule);
    if (!set.ok) throw new Error(set.error);
  }
  const deps: RoleGateDeps = { roleRules, budgets };
  return { deps, roleRules, budgets };
}

describe('memberRule', () => {
  it('is the merged rule of the member’s rule-bearing roles, the server’s daily cap where a rule leaves it unset', async () => {
    const { deps } = await setUp();
    expect(await memberRule(deps, 'g', ['mini', 'unruled'])).toEqual({
      dailyCapMicros: 100,
      monthlyCapMicros: null,
      models: ['service-v1-flash'],
      imagine: true,
      roleIds: ['mini'],
    });
    expect(await memberRule(deps, 'g', ['noImages'])).toMatchObject({
      dailyCapMicros: 500,
      imagine: false,
      models: null,
    });
    // Several roles: the most generous of each field.
    expect(await memberRule(deps, 'g', ['mini', 'noImages', 'vip'])).toMatchObject({
      dailyCapMicros: null,
      models: null,
      imagine: true,
    });
  });

  it('is undefined where no role rule applies: a DM, a user install, no roles, no rule-bearing role, a server without rules', async () => {
    const { deps } = await setUp();
    expect(await memberRule(deps, null, ['mini'])).toBeUndefined();
    expect(await memberRule(deps, 'g', ['mini'], true)).toBeUndefined();
    expect(await memberRule(deps, 'g', undefined)).toBeUndefined();
    expect(await memberRule(deps, 'g', [])).toBeUndefined();
    expect(await memberRule(deps, 'g', ['unruled'])).toBeUndefined();
    expect(await memberRule(deps, 'other', ['mini'])).toBeUndefined();
  });

  it('follows a rule changed or cleared', async () => {
    const { deps, roleRules } = await setUp();
    await roleRules.set('g', { roleId: 'mini', models: ['service-v1-pro'] });
    expect((await memberRule(deps, 'g', ['mini']))?.models).toEqual(['service-v1-pro']);
    await roleRules.clear('g', 'mini');
    expect(await memberRule(deps, 'g', ['mini'])).toBeUndefined();
  });
});

describe('roleModelRefusal', () => {
  it('refuses a model the member’s roles do not allow, naming those they do, in the reader’s words', async () => {
    const { deps } = await setUp();
    const rule = await memberRule(deps, 'g', ['mini']);
    expect(roleModelRefusal(rule, 'service-v1-pro', german)).toBe(
      german.t('config.modelNotForRoles', {
        model: 'service-v1-pro',
        allowed: german.list(['service-v1-flash']),
      }),
    );
    expect(roleModelRefusal(rule, 'service-v1-pro', english)).toBe(
      'The model service-v1-pro is not allowed for your roles on this server: their rule (/budget role) permits service-v1-flash.',
    );
    expect(roleModelRefusal(rule, 'service-v1-flash', english)).toBeUndefined();
  });

  it('allows every model where the rule names none, or no rule applies', async () => {
    const { deps } = await setUp();
    expect(
      roleModelRefusal(await memberRule(deps, 'g', ['noImages']), 'service-v1-pro', english),
    ).toBeUndefined();
    expect(
      roleModelRefusal(await memberRule(deps, 'g', ['unruled']), 'service-v1-pro', english),
    ).toBeUndefined();
    // A member with an open role beside the restricted one: the union.
    expect(
      roleModelRefusal(await memberRule(deps, 'g', ['mini', 'vip']), 'service-v1-pro', english),
    ).toBeUndefined();
  });

  it('names "none" where the rule allows no model', async () => {
    const { deps, roleRules } = await setUp();
    await roleRules.set('g', { roleId: 'mini', models: [] });
    const rule = await memberRule(deps, 'g', ['mini']);
    expect(roleModelRefusal(rule, 'service-v1-flash', english)).toBe(
      english.t('config.modelNotForRoles', { model: 'service-v1-flash', allowed: english.t('config.none') }),
    );
  });
});

describe('imagineRule', () => {
  it('refuses /imagine to a member whose roles do not allow it, from the payload’s roles or discord.js’s', async () => {
    const { deps } = await setUp();
    expect(await imagineRule(deps, 'g', { roles: ['noImages'] }, false)).toEqual({
      error: 'config.imagineNotForRoles',
    });
    const cached = { roles: { cache: new Map([['noImages', {}]]) } };
    expect(await imagineRule(deps, 'g', cached, false)).toEqual({ error: 'config.imagineNotForRoles' });
  });

  it('allows it with the member’s caps where a rule applies, and without caps where none does', async () => {
    const { deps } = await setUp();
    expect(await imagineRule(deps, 'g', { roles: ['noImages', 'vip'] }, false)).toEqual({
      caps: {
        dailyCapMicros: null,
        monthlyCapMicros: null,
        models: null,
        imagine: true,
        roleIds: ['noImages', 'vip'],
      },
    });
    expect(await imagineRule(deps, 'g', { roles: ['mini'] }, false)).toMatchObject({
      caps: { dailyCapMicros: 100, imagine: true },
    });
    expect(await imagineRule(deps, 'g', { roles: ['unruled'] }, false)).toEqual({ caps: undefined });
    expect(await imagineRule(deps, 'g', null, false)).toEqual({ caps: undefined });
    // A user install and a DM: no server rule applies.
    expect(await imagineRule(deps, 'g', { roles: ['noImages'] }, true)).toEqual({ caps: undefined });
    expect(await imagineRule(deps, null, { roles: ['noImages'] }, false)).toEqual({ caps: undefined });
  });
});
