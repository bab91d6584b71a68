/**
 * The operator's caps on a real SQLite store: the daily cap per user in DMs and the monthly cap
 * across every server and DM, reserved like guild budgets, so a concurrent burst cannot
 * overshoot; spend of scopes not touched since start counts; the refusal texts.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/translator.js';
import { createLogger } from '../../../src/lib/logger.js';
import type { Store } from '../../../src/lib/store.js';
import { createBudgets, type OperatorCaps, type Reservation } from '../../../src/spend/budgets.js';
import { createLedger, type Ledger } from '../../../src/spend/ledger.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import { english } from '../../helpers/english.js';
import { imageCharge } from '../../helpers/ledgerFixtures.js';
import { freshStore } from '../../helpers/tempStore.js';

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error('prices');
const prices = priced.prices;
const logger = createLogger({ level: 'silent', secrets: [] });
const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

async function setUp(caps: Partial<OperatorCaps>, store?: Store) {
  const opened = store ?? (await freshStore()).store;
  const ledger = createLedger(opened, prices, logger);
  const budgets = createBudgets(opened, ledger, 'USD', {
    dmDailyCapMicros: null,
    operatorMonthlyCapMicros: null,
    ...caps,
  });
  return { store: opened, ledger, budgets };
}

const granted = (reservations: Reservation[]) => reservations.filter((r) => r.ok);
const refusals = (reservations: Reservation[]) =>
  reservations.flatMap((r) => (r.ok ? [] : [r.message(english)]));
/** A refusal's texts in English: for the member alone, and for a channel. */
const said = (r: Reservation) =>
  r.ok
    ? undefined
    : {
        message: r.message(english),
        publicMessage: r.publicMessage(english),
        ...(r.memberLimit && { memberLimit: r.memberLimit }),
      };
const OPERATOR_CAP_REACHED = english.t('spend.operatorCapReached');
const SERVER_CAP_REACHED = english.t('spend.serverCapReached');
const DM_CAP_REACHED = english.t('spend.dmCapReached');
const MEMBER_DAILY_CAP_REACHED = english.t('spend.memberDailyCapReached');

async function total(ledger: Ledger): Promise<number> {
  return ledger.allScopesMonthSpendMicros(NOW);
}

describe('the DM cap per user', () => {
  it('50 concurrent DM reservations of one user against a cap for 10: exactly 10 granted', async () => {
    const { budgets } = await setUp({ dmDailyCapMicros: 1000 });
    const burst = await Promise.all(Array.from({ length: 50 }, () => budgets.reserve(null, 'ann', 100, NOW)));
    expect(granted(burst)).toHaveLength(10);
    expect(new Set(refusals(burst))).toEqual(
      new Set([
        english.t('spend.dmCapReachedFigures', {
          spent: english.money(0, 'USD'),
          cap: english.money(1000, 'USD'),
        }),
      ]),
    );
    // Another user has a cap of their own; a server is not a DM.
    expect((await budgets.reserve(null, 'bob', 1000, NOW)).ok).toBe(true);
    expect((await budgets.reserve('g1', 'ann', 5000, NOW)).ok).toBe(true);
    // Released reservations free the room again.
    for (const reservation of granted(burst)) if (reservation.ok) reservation.release();
    expect((await budgets.reserve(null, 'ann', 1000, NOW)).ok).toBe(true);
  });

  it('counts what the user spent in DMs today, not yesterday, and names it in the refusal', async () => {
    const { ledger, budgets } = await setUp({ dmDailyCapMicros: 100_000 });
    await ledger.charge(imageCharge(null, 'ann', 4));
    await ledger.charge(imageCharge(null, 'ann', 5, NOW - DAY));
    const refused = await budgets.reserve(null, 'ann', 20_001, NOW);
    expect(said(refused)).toEqual({
      message:
        "You have reached today's limit for direct messages with the bot (USD\u00a00.08 of USD\u00a00.10 used); it resets at 00:00 UTC.",
      publicMessage: DM_CAP_REACHED,
    });
    expect((await budgets.reserve(null, 'ann', 20_000, NOW)).ok).toBe(true);
    expect((await budgets.reserve(null, 'ann', 20_001, NOW + DAY)).ok).toBe(true);
  });

  it('no cap (none): DMs are limited by nothing but the operator cap', async () => {
    const { budgets } = await setUp({});
    expect((await budgets.reserve(null, 'ann', 10_000_000, NOW)).ok).toBe(true);
  });
});

describe('the operator cap across every server and DM', () => {
  it('a concurrent burst over 20 servers and 10 DM users cannot overshoot, and releases free room', async () => {
    const { ledger, budgets } = await setUp({ operatorMonthlyCapMicros: 100_000 + 10 * 1000 });
    await ledger.charge(imageCharge('g0', 'u', 5));
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        budgets.reserve(i % 3 === 0 ? null : `g${i % 20}`, `u${i % 10}`, 1000, NOW),
      ),
    );
    expect(granted(burst)).toHaveLength(10);
    expect(new Set(refusals(burst))).toEqual(new Set([OPERATOR_CAP_REACHED]));
    expect(OPERATOR_CAP_REACHED).toBe(
      'The bot has reached its spending limit for this month; it will answer again on the 1st of next month (UTC).',
    );
    // Released reservations give their room back, for exactly as many again.
    for (const reservation of granted(burst)) if (reservation.ok) reservation.release();
    const again = await Promise.all(
      Array.from({ length: 20 }, (_, i) => budgets.reserve(i % 2 ? null : `g${i}`, `v${i}`, 1000, NOW)),
    );
    expect(granted(again)).toHaveLength(10);
    for (const reservation of granted(again)) if (reservation.ok) reservation.release();
    // Spend charged in a DM counts for the servers too, and the other way round.
    await ledger.charge(imageCharge(null, 'ann', 1));
    expect(await total(ledger)).toBe(120_000);
    expect(refusals([await budgets.reserve('g99', 'x', 1, NOW)])).toEqual([OPERATOR_CAP_REACHED]);
    expect(refusals([await budgets.reserve(null, 'y', 1, NOW)])).toEqual([OPERATOR_CAP_REACHED]);
  });

  it('a server cap or the DM cap is named first when it is the one reached', async () => {
    const { ledger, budgets } = await setUp({ operatorMonthlyCapMicros: 50_000, dmDailyCapMicros: 10_000 });
    await ledger.charge(imageCharge('g1', 'u', 2));
    await budgets.update('g1', { monthlyCapMicros: 40_000 });
    expect(refusals([await budgets.reserve('g1', 'u', 1, NOW)])[0]).toMatch(/^This server has reached/);
    expect(refusals([await budgets.reserve(null, 'u', 10_001, NOW)])[0]).toMatch(/^You have reached today's/);
    expect(refusals([await budgets.reserve('g2', 'u', 10_001, NOW)])).toEqual([OPERATOR_CAP_REACHED]);
    expect((await budgets.reserve('g2', 'u', 10_000, NOW)).ok).toBe(true);
  });

  it('a refusal names the figures for the member alone; its public form only the limit and its reset', async () => {
    const { ledger, budgets } = await setUp({ operatorMonthlyCapMicros: 100_000 });
    await ledger.charge(imageCharge('g1', 'u', 1));
    await budgets.update('g1', { dailyUserCapMicros: 30_000 });
    const daily = await budgets.reserve('g1', 'u', 10_001, NOW);
    expect(said(daily)).toEqual({
      message:
        'You have reached your daily spending limit on this server (USD\u00a00.02 of USD\u00a00.03 today). It resets at 00:00 UTC.',
      publicMessage: MEMBER_DAILY_CAP_REACHED,
      // The member's own cap: a cheaper model may fit (chat/fallback.ts).
      memberLimit: 'daily',
    });
    await budgets.update('g1', { monthlyCapMicros: 25_000 });
    const monthly = await budgets.reserve('g1', 'u', 10_000, NOW);
    expect(said(monthly)?.publicMessage).toBe(SERVER_CAP_REACHED);
    expect(said(monthly)?.message).toMatch(/\(USD\u00a00\.02 of USD\u00a00\.025 used\)/);
    // Each in its reader's language: the member's German, the channel's French.
    const german = createI18n().translator('de');
    const french = createI18n().translator('fr');
    expect(monthly.ok ? '' : monthly.message(german)).toContain(
      '(0,02\u00a0USD von 0,025\u00a0USD verbraucht)',
    );
    expect(monthly.ok ? '' : monthly.publicMessage(french)).toBe(
      'Ce serveur a atteint son plafond mensuel de dépenses pour le bot ; il est remis à zéro le 1er du mois prochain (UTC). Un admin du serveur peut le relever avec /budget.',
    );
    for (const text of [MEMBER_DAILY_CAP_REACHED, SERVER_CAP_REACHED, DM_CAP_REACHED, OPERATOR_CAP_REACHED]) {
      expect(text).not.toMatch(/USD|\$|\d\.\d/);
    }
  });

  it('counts every scope in the store, also those no request has touched since start; not last month', async () => {
    const { store, ledger } = await setUp({});
    await ledger.charge(imageCharge('g1', 'u', 3));
    await ledger.charge(imageCharge(null, 'ann', 2));
    await ledger.charge(imageCharge('g2', 'u', 50, Date.parse('2026-10-31T23:59:59Z')));
    await ledger.close();
    // A restart: a new ledger on the same store, nothing loaded yet (no open()).
    const again = await setUp({ operatorMonthlyCapMicros: 100_000 }, store);
    expect(refusals([await again.budgets.reserve('g3', 'v', 1, NOW)])).toEqual([OPERATOR_CAP_REACHED]);
    expect(await total(again.ledger)).toBe(100_000);
    expect((await again.budgets.reserve('g3', 'v', 1, Date.parse('2026-12-01T00:00:00Z'))).ok).toBe(true);
  });

  it('no operator cap: nothing is refused for the total', async () => {
    const { ledger, budgets } = await setUp({});
    await ledger.charge(imageCharge('g1', 'u', 50));
    expect((await budgets.reserve(null, 'ann', 10_000_000, NOW)).ok).toBe(true);
  });
});
