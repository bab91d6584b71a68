/**
 * Admission of a chat request over real settings, role rules, budgets (a temporary SQLite store)
 * and fair use: the channel, then the settings, then the member's roles, then fair use; what a
 * refusal says and costs; how the request's settings are resolved.
 */
import { describe, expect, it } from 'vitest';
import { createFairUse } from '../../../src/access/fairUse.js';
import {
  type ChatRequestDeps,
  type ChatRequestInput,
  prepareChatRequest,
} from '../../../src/chat/request.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { createLogger } from '../../../src/lib/logger.js';
import { createSettings } from '../../../src/settings/settingsStore.js';
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

const OPERATOR = {
  defaultModel: 'service-v1-flash',
  maxOutputTokens: 1000,
  historyMaxTokens: 4000,
  userInstall: true,
  dmsEnabled: true,
  rateLimitPerMinute: 5,
} as const;

async function setUp(config: Partial<ChatRequestDeps['config']> = {}) {
  const { store } = await freshStore();
  const ledger = createLedger(store, prices, logger);
  const deps = {
    config: { ...OPERATOR, ...config },
    settings: createSettings(store),
    fairUse: createFairUse(),
    roleRules: createRoleRules(store),
    budgets: createBudgets(store, ledger, 'USD'),
  } satisfies ChatRequestDeps;
  return deps;
}

const ask = (input: Partial<ChatRequestInput> = {}): ChatRequestInput => ({
  guildId: 'g1',
  channelId: 'c1',
  parentId: null,
  userId: 'u1',
  userName: 'Member',
  options: {},
  voice: english,
  ...input,
});

async function prepared(deps: ChatRequestDeps, input: Partial<ChatRequestInput> = {}) {
  const result = await prepareChatRequest(deps, ask(input));
  if (result.ok) result.slot.release();
  return result;
}

describe('chat request admission', () => {
  it("resolves the settings: the member's option over the channel (a thread's parent too) over the server over the operator", async () => {
    const deps = await setUp();
    const plain = await prepared(deps);
    expect(plain).toMatchObject({
      ok: true,
      settings: {
        model: 'service-v1-flash',
        maxTokens: 1000,
        historyTokens: 4000,
        sources: { model: 'default', maxTokens: 'default', historyTokens: 'default' },
      },
    });
    expect(plain.ok && plain.settings.memberCaps).toBeUndefined();
    expect(plain.ok && plain.settings.fallbackModels).toBeUndefined();

    await deps.settings.updateGuild('g1', { model: 'service-v1-pro', maxTokens: 800, showCost: false });
    await deps.settings.updateChannel('parent', {
      model: 'service-v1-flash-extended',
      systemPrompt: 'Be brief.',
    });
    await deps.settings.updateChannel('thread', { historyTokens: 2000 });
    expect(await prepared(deps)).toMatchObject({
      ok: true,
      settings: { model: 'service-v1-pro', maxTokens: 800, showCost: false, sources: { model: 'guild' } },
    });
    expect(await prepared(deps, { channelId: 'thread', parentId: 'parent' })).toMatchObject({
      ok: true,
      settings: {
        model: 'service-v1-flash-extended',
        systemPrompt: 'Be brief.',
        historyTokens: 2000,
        sources: { model: 'channel', historyTokens: 'channel' },
      },
    });
    expect(
      await prepared(deps, {
        channelId: 'thread',
        parentId: 'parent',
        options: { model: 'service-v1-pro-extended', temperature: 0.5, maxTokens: 100 },
      }),
    ).toMatchObject({
      ok: true,
      settings: {
        model: 'service-v1-pro-extended',
        temperature: 0.5,
        maxTokens: 100,
        sources: { model: 'option' },
      },
    });
  });

  it("gives a user install the operator's defaults, not the server's or the channel's", async () => {
    const deps = await setUp();
    await deps.settings.updateGuild('g1', { model: 'service-v1-pro', allowedChannels: ['elsewhere'] });
    await deps.settings.updateChannel('c1', { model: 'service-v1-pro-extended' });
    expect(await prepared(deps, { userInstall: true })).toMatchObject({
      ok: true,
      settings: { model: 'service-v1-flash', sources: { model: 'default' } },
    });
    const off = await setUp({ userInstall: false });
    expect(await prepared(off, { userInstall: true })).toEqual({
      ok: false,
      error: english.t('errors.userInstallOff'),
    });
  });

  it('refuses a channel the server does not allow (a thread follows its parent), marked for silence', async () => {
    const deps = await setUp();
    await deps.settings.updateGuild('g1', { allowedChannels: ['allowed'] });
    expect(await prepared(deps)).toEqual({
      ok: false,
      error: english.t('errors.channelNotAllowed'),
      channelRefused: true,
    });
    expect((await prepared(deps, { channelId: 'thread', parentId: 'allowed' })).ok).toBe(true);
  });

  it('refuses DMs when the operator turned them off, without marking it a channel refusal', async () => {
    const deps = await setUp({ dmsEnabled: false });
    expect(await prepared(deps, { guildId: null })).toEqual({ ok: false, error: english.t('errors.dmsOff') });
    const on = await setUp();
    expect(await prepared(on, { guildId: null })).toMatchObject({
      ok: true,
      settings: { model: 'service-v1-flash' },
    });
  });

  it('refuses what the settings refuse, in the reader’s voice, without spending a rate-limit point', async () => {
    const deps = await setUp({ rateLimitPerMinute: 1 });
    await deps.settings.updateGuild('g1', { allowedModels: ['service-v1-flash'] });
    const german = createI18n().translator('de');
    const refused = await prepared(deps, { options: { model: 'service-v1-pro' }, voice: german });
    expect(refused).toEqual({ ok: false, error: expect.stringContaining('service-v1-pro') });
    expect(refused.ok ? '' : refused.error).toBe(
      german.t('config.modelNotAllowed', {
        model: 'service-v1-pro',
        where: german.t('config.whereOption'),
        allowed: 'service-v1-flash',
      }),
    );
    expect(await prepared(deps, { options: { maxTokens: 5000 } })).toEqual({
      ok: false,
      error: english.t('config.maxTokensAtMost', { max: 1000, where: english.t('config.whereDefault') }),
    });
    // Both refusals were free: the one request a minute is still there.
    expect((await prepared(deps)).ok).toBe(true);
    expect((await prepared(deps)).ok).toBe(false);
  });

  it("applies the member's role rule: a model their roles refuse, their caps, and the models to fall back to", async () => {
    const deps = await setUp();
    const set = await deps.roleRules.set('g1', {
      roleId: 'r1',
      dailyCapMicros: 50_000,
      monthlyCapMicros: 900_000,
      models: ['service-v1-flash', 'service-v1-flash-extended'],
    });
    expect(set.ok).toBe(true);
    const refused = await prepared(deps, { roleIds: ['r1'], options: { model: 'service-v1-pro' } });
    expect(refused).toEqual({ ok: false, error: expect.stringContaining('service-v1-pro') });
    expect(refused.ok ? '' : refused.error).toMatch(/service-v1-flash-extended/);

    const ruled = await prepared(deps, { roleIds: ['other', 'r1'] });
    expect(ruled).toMatchObject({
      ok: true,
      settings: {
        model: 'service-v1-flash',
        memberCaps: { dailyCapMicros: 50_000, monthlyCapMicros: 900_000 },
      },
    });
    expect(ruled.ok && ruled.settings.fallbackModels).toBeUndefined();
    // A member without the role, or a user install, has no rule.
    expect(
      await prepared(deps, { roleIds: ['r1'], userInstall: true, options: { model: 'service-v1-pro' } }),
    ).toMatchObject({
      ok: true,
      settings: { model: 'service-v1-pro' },
    });
    const unruled = await prepared(deps, { roleIds: ['other'], options: { model: 'service-v1-pro' } });
    expect(unruled.ok && unruled.settings.memberCaps).toBeUndefined();

    await deps.settings.updateGuild('g1', {
      fallback: true,
      allowedModels: ['service-v1-flash', 'service-v1-pro', 'service-v1-flash-extended'],
    });
    expect(await prepared(deps, { roleIds: ['r1'] })).toMatchObject({
      ok: true,
      settings: { fallbackModels: ['service-v1-flash-extended'] },
    });
    expect(await prepared(deps, { options: { model: 'service-v1-pro' } })).toMatchObject({
      ok: true,
      settings: { fallbackModels: ['service-v1-flash', 'service-v1-flash-extended'] },
    });
  });

  it('holds a fair-use slot until the caller releases it, under the server’s rate or the operator’s', async () => {
    const deps = await setUp({ rateLimitPerMinute: 10 });
    const first = await prepareChatRequest(deps, ask());
    expect(first.ok).toBe(true);
    expect(await prepareChatRequest(deps, ask())).toEqual({ ok: false, error: english.t('errors.chatBusy') });
    if (first.ok) first.slot.release();
    expect((await prepared(deps)).ok).toBe(true);

    await deps.settings.updateGuild('g2', { requestsPerMinute: 1 });
    expect((await prepared(deps, { guildId: 'g2', channelId: 'c2' })).ok).toBe(true);
    expect(await prepared(deps, { guildId: 'g2', channelId: 'c2' })).toEqual({
      ok: false,
      error: expect.stringMatching(/1 per minute per member/),
    });
  });
});
