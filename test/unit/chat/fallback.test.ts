/**
 * The fallback (chat/fallback.ts) over real budgets and a real ledger on a SQLite store: when the
 * member's own cap (daily or monthly) refuses the turn's model and the server enabled fallback
 * (the turn carries fallback models), the cheapest cheaper model that fits is reserved and the turn
 * runs on it, with a note in the server's voice; otherwise the first refusal stands. Which models
 * a member may fall back to: the server's and their roles' allowed ones, not the refused one.
 */
import { describe, expect, it } from 'vitest';
import { fallbackModelsFor, type ReserveTurnDeps, reserveTurn } from '../../../src/chat/fallback.js';
import type { ChatTurn } from '../../../src/chat/types.js';
import { createI18n } from '../../../src/i18n/translator.js';
import { NOW, quietLogger, shippedPrices } from '../../../src/localService/harness/charges.js';
import type { ChatModel } from '../../../src/service/models.js';
import type { MemberCaps } from '../../../src/settings/memberCaps.js';
import { type ChatSettings, DEFAULT_GUILD_CONFIG } from '../../../src/settings/resolve.js';
import { type Budgets, createBudgets } from '../../../src/spend/budgets.js';
import { chatCostMicros } from '../../../src/spend/cost.js';
import { createLedger } from '../../../src/spend/ledger.js';
import type { MemberRule } from '../../../src/spend/roleRules.js';
import { english } from '../../helpers/english.js';
import { freshStore } from '../../helpers/tempStore.js';

const german = createI18n().translator('de');
const PROMPT_TOKENS = 1000;
const MAX_TOKENS = 1000;
/** A turn's worst case at the shipped prices: flash 500, flash-extended 1,000, pro 11,250, pro-extended 17,500. */
const worst = (model: ChatModel) => chatCostMicros(shippedPrices, model, PROMPT_TOKENS, MAX_TOKENS);
const GUILD = 'g1';
const daily = (cap: number): MemberCaps => ({ dailyCapMicros: cap, monthlyCapMicros: null });
const monthly = (cap: number): MemberCaps => ({ dailyCapMicros: null, monthlyCapMicros: cap });

async function setUp() {
  const { store } = await freshStore();
  const ledger = createLedger(store, shippedPrices, quietLogger);
  const budgets = createBudgets(store, ledger, shippedPrices.currency);
  const deps: ReserveTurnDeps = { prices: shippedPrices, budgets, clock: { now: () => NOW } };
  return { budgets, deps };
}

function turnOn(
  model: ChatModel,
  memberCaps: MemberCaps | undefined,
  fallbackModels: readonly ChatModel[] | undefined,
  extraNote?: string,
): ChatTurn {
  const settings: ChatSettings = {
    model,
    temperature: undefined,
    maxTokens: MAX_TOKENS,
    historyTokens: 1000,
    systemPrompt: undefined,
    showCost: true,
    showContext: true,
    answerInLanguage: false,
    layout: 'classic',
    sources: { model: 'default', temperature: 'default', maxTokens: 'default', historyTokens: 'default' },
    ...(memberCaps && { memberCaps }),
    ...(fallbackModels && { fallbackModels }),
  };
  return {
    guildId: GUILD,
    channelId: 'c1',
    replyChannelId: 'c1',
    userId: 'ann',
    userName: 'Ann',
    ask: { kind: 'new', prompt: 'hi' },
    settings,
    options: {},
    ...(extraNote !== undefined && { extraNote }),
    refusalsSeenBy: 'member',
    voices: { member: english, server: german },
  };
}

/**
 * How much of the member's daily cap `cap` is held right now: the largest amount a probe may
 * still reserve (released again), subtracted from the cap.
 */
async function heldOf(budgets: Budgets, caps: MemberCaps, cap: number): Promise<number> {
  for (let room = cap; room >= 0; room -= 50) {
    const probe = await budgets.reserve(GUILD, 'ann', room, NOW, false, caps);
    if (probe.ok) {
      probe.release();
      return cap - room;
    }
  }
  return cap;
}

describe('reserveTurn', () => {
  it('a model the member can afford: reserved as asked, the turn unchanged', async () => {
    const { deps } = await setUp();
    const turn = turnOn('service-v1-pro', daily(20_000), ['service-v1-flash']);
    const { reservation, turn: served } = await reserveTurn(deps, turn, PROMPT_TOKENS);
    expect(reservation.ok).toBe(true);
    expect(served).toBe(turn);
  });

  it("the member's daily cap refuses the model: the cheapest allowed one that fits answers, noted in the server's voice", async () => {
    const { budgets, deps } = await setUp();
    const caps = daily(5_000);
    const turn = turnOn(
      'service-v1-pro',
      caps,
      ['service-v1-flash-extended', 'service-v1-pro-extended', 'service-v1-flash'],
      'kein Thread',
    );
    const { reservation, turn: served } = await reserveTurn(deps, turn, PROMPT_TOKENS);
    expect(reservation.ok).toBe(true);
    expect(served.settings).toEqual({ ...turn.settings, model: 'service-v1-flash' });
    const note = german.t('chat.fallbackDaily', { model: 'service-v1-flash', refused: 'service-v1-pro' });
    expect(served.extraNote).toBe(`kein Thread\n-# ${note}`);
    // The member's cap holds the fallback's worst case, and only that.
    expect(await heldOf(budgets, caps, 5_000)).toBe(worst('service-v1-flash'));
    if (reservation.ok) reservation.release();
    expect(await heldOf(budgets, caps, 5_000)).toBe(0);
  });

  it('chooses the cheapest that fits, not the first listed', async () => {
    const { deps } = await setUp();
    // pro-extended (17,500) is over the cap; pro (11,250) and flash-extended (1,000) both fit.
    const turn = turnOn('service-v1-pro-extended', daily(15_000), [
      'service-v1-pro',
      'service-v1-flash-extended',
    ]);
    const { reservation, turn: served } = await reserveTurn(deps, turn, PROMPT_TOKENS);
    expect(reservation.ok).toBe(true);
    expect(served.settings.model).toBe('service-v1-flash-extended');
    expect(served.extraNote).toBe(
      german.t('chat.fallbackDaily', {
        model: 'service-v1-flash-extended',
        refused: 'service-v1-pro-extended',
      }),
    );
  });

  it("the member's monthly cap: says so", async () => {
    const { deps } = await setUp();
    const turn = turnOn('service-v1-pro', monthly(5_000), ['service-v1-flash']);
    const { reservation, turn: served } = await reserveTurn(deps, turn, PROMPT_TOKENS);
    expect(reservation.ok).toBe(true);
    expect(served.settings.model).toBe('service-v1-flash');
    expect(served.extraNote).toBe(
      german.t('chat.fallbackMonthly', { model: 'service-v1-flash', refused: 'service-v1-pro' }),
    );
  });

  it('fallback off (no fallback models): the refusal stands, though a cheaper model would fit', async () => {
    const { budgets, deps } = await setUp();
    const caps = daily(5_000);
    for (const fallbackModels of [undefined, []]) {
      const turn = turnOn('service-v1-pro', caps, fallbackModels);
      const { reservation, turn: served } = await reserveTurn(deps, turn, PROMPT_TOKENS);
      expect(reservation).toMatchObject({ ok: false, memberLimit: 'daily' });
      expect(served).toBe(turn);
    }
    expect(await heldOf(budgets, caps, 5_000)).toBe(0);
  });

  it('no cheaper model fits: the first refusal stands and nothing is held', async () => {
    const { budgets, deps } = await setUp();
    const caps = daily(400); // under flash's 500
    const turn = turnOn('service-v1-pro', caps, ['service-v1-flash', 'service-v1-flash-extended']);
    const { reservation, turn: served } = await reserveTurn(deps, turn, PROMPT_TOKENS);
    expect(reservation).toMatchObject({ ok: false, memberLimit: 'daily' });
    // The member reads the refusal of the model they asked for.
    const asked = await budgets.reserve(GUILD, 'ann', worst('service-v1-pro'), NOW, false, caps);
    expect(!reservation.ok && !asked.ok && reservation.message(english)).toBe(
      !asked.ok && asked.message(english),
    );
    expect(served).toBe(turn);
    expect(await heldOf(budgets, caps, 400)).toBe(0);
  });

  it("the server's cap is never worked around: its refusal stands with fallback models", async () => {
    const { budgets, deps } = await setUp();
    await budgets.update(GUILD, { monthlyCapMicros: 5_000 });
    const turn = turnOn('service-v1-pro', undefined, ['service-v1-flash']);
    const { reservation, turn: served } = await reserveTurn(deps, turn, PROMPT_TOKENS);
    expect(reservation.ok).toBe(false);
    expect(reservation).not.toHaveProperty('memberLimit');
    expect(served).toBe(turn);
    // flash alone would have fitted the server's cap.
    expect((await budgets.reserve(GUILD, 'ann', worst('service-v1-flash'), NOW)).ok).toBe(true);
  });
});

describe('fallbackModelsFor', () => {
  const rule = (models: readonly ChatModel[] | null): MemberRule => ({
    dailyCapMicros: null,
    monthlyCapMicros: null,
    models,
    imagine: true,
    roleIds: ['r1'],
  });

  it('every model but the refused one when the server and roles allow all', () => {
    expect(fallbackModelsFor(DEFAULT_GUILD_CONFIG, undefined, 'service-v1-pro')).toEqual([
      'service-v1-flash',
      'service-v1-flash-extended',
      'service-v1-pro-extended',
    ]);
    expect(fallbackModelsFor(DEFAULT_GUILD_CONFIG, rule(null), 'service-v1-pro')).toEqual([
      'service-v1-flash',
      'service-v1-flash-extended',
      'service-v1-pro-extended',
    ]);
  });

  it("only those both the server and the member's roles allow", () => {
    const guild = {
      ...DEFAULT_GUILD_CONFIG,
      allowedModels: ['service-v1-flash', 'service-v1-pro', 'service-v1-flash-extended'] as const,
    };
    expect(fallbackModelsFor(guild, undefined, 'service-v1-pro')).toEqual([
      'service-v1-flash',
      'service-v1-flash-extended',
    ]);
    expect(
      fallbackModelsFor(
        guild,
        rule(['service-v1-flash-extended', 'service-v1-pro-extended']),
        'service-v1-pro',
      ),
    ).toEqual(['service-v1-flash-extended']);
  });
});
