/**
 * The operator's caps on a real SQLite store: the daily cap per user in DMs and the monthly cap
 * across every server and DM, reserved like guild budgets, so a concurrent burst cannot
 * overshoot; spend of scopes not touched since start counts; the refusal texts.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n/translator.js';
import { createLogger } from '../../../src/lib/logger.js';
import type { Store } from '../../../src/lib/store.js';
import { imageCharge } from '../../../src/localService/harness/charges.js';
import { createBudgets, type OperatorCaps, type Reservation } from '../../../src/spend/budgets.js';
import { createLedger, type Ledger } from '../../../src/spend/ledger.js';
import { loadPriceList } from '../../../src/spend/prices.js';
import { english } from '../../helpers/english.js';
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
const OPERATOR_CAP_NO_ROOM = english.t('spend.operatorCapNoRoom');
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

  it("a member subscription raises its holder's cap by its daily allowance (paid plans), no one else's", async () => {
    const { budgets } = await setUp({
      dmDailyCapMicros: 1000,
      dmCapRaise: (userId) => (userId === 'ann' ? 500 : 0),
    });
    const burst = await Promise.all(Array.from({ length: 20 }, () => budgets.reserve(null, 'ann', 100, NOW)));
    expect(granted(burst)).toHaveLength(15);
    const others = await Promise.all(
      Array.from({ length: 20 }, () => budgets.reserve(null, 'bob', 100, NOW)),
    );
    expect(granted(others)).toHaveLength(10);
  });

  it('counts what the user spent in DMs today, not yesterday, and names it in the refusal', async () => {
    const { ledger, budgets } = await setUp({ dmDailyCapMicros: 100_000 });
    await ledger.charge(imageCharge(null, 'ann', 4));
    await ledger.charge(imageCharge(null, 'ann', 5, NOW - DAY));
    const refused = await budgets.reserve(null, 'ann', 20_001, NOW);
    expect(said(refused)).toEqual({
      message:
        "This request could cost more than the USD\u00a00.02 left of today's limit for direct messages with the bot (USD\u00a00.08 of USD\u00a00.10 used); it resets at 00:00 UTC.",
      publicMessage: english.t('spend.dmCapNoRoom'),
    });
    expect((await budgets.reserve(null, 'ann', 20_000, NOW)).ok).toBe(true);
    expect((await budgets.reserve(null, 'ann', 20_001, NOW + DAY)).ok).toBe(true);
    // Reached once the spend takes the whole cap: then it says so.
    await ledger.charge(imageCharge(null, 'ann', 1));
    expect(said(await budgets.reserve(null, 'ann', 1, NOW))).toEqual({
      message:
        "You have reached today's limit for direct messages with the bot (USD\u00a00.10 of USD\u00a00.10 used); it resets at 00:00 UTC.",
      publicMessage: DM_CAP_REACHED,
    });
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
    expect(refusals([await budgets.reserve(null, 'u', 10_001, NOW)])[0]).toMatch(
      /^This request could cost more than the .* left of today's limit for direct messages/,
    );
    // 40,000 of 50,000 spent: not reached, but 10,001 does not fit what is left.
    expect(refusals([await budgets.reserve('g2', 'u', 10_001, NOW)])).toEqual([OPERATOR_CAP_NO_ROOM]);
    expect(OPERATOR_CAP_NO_ROOM).toMatch(
      /^The bot is close to its spending limit for this month: this request could cost more/,
    );
    expect((await budgets.reserve('g2', 'u', 10_000, NOW)).ok).toBe(true);
    expect(refusals([await budgets.reserve('g2', 'u', 1, NOW)])).toEqual([OPERATOR_CAP_REACHED]);
  });

  it('a refusal names the figures for the member alone; its public form only the limit and its reset', async () => {
    const { ledger, budgets } = await setUp({ operatorMonthlyCapMicros: 100_000 });
    await ledger.charge(imageCharge('g1', 'u', 1));
    await budgets.update('g1', { dailyUserCapMicros: 30_000 });
    const daily = await budgets.reserve('g1', 'u', 10_001, NOW);
    expect(said(daily)).toEqual({
      message:
        'This request could cost more than the USD\u00a00.01 left of your daily spending limit on this server (USD\u00a00.02 of USD\u00a00.03 today). It resets at 00:00 UTC. An admin (Manage Server) can raise it with /budget set daily_per_member, or for a role with /budget role set daily.',
      publicMessage: english.t('spend.memberDailyNoRoom'),
      // The member's own cap: a cheaper model may fit (chat/fallback.ts).
      memberLimit: 'daily',
    });
    await budgets.update('g1', { monthlyCapMicros: 25_000 });
    const monthly = await budgets.reserve('g1', 'u', 10_000, NOW);
    expect(said(monthly)?.publicMessage).toBe(english.t('spend.serverCapNoRoom'));
    expect(said(monthly)?.message).toMatch(/\(USD\u00a00\.02 of USD\u00a00\.025 used\)/);
    // Each in its reader's language: the member's German, the channel's French.
    const german = createI18n().translator('de');
    const french = createI18n().translator('fr');
    expect(monthly.ok ? '' : monthly.message(german)).toContain(
      '(0,02\u00a0USD von 0,025\u00a0USD verbraucht)',
    );
    expect(monthly.ok ? '' : monthly.publicMessage(french)).toBe(
      'Cette demande pourrait coûter plus que ce qui reste du plafond mensuel de dépenses de ce serveur pour le bot. Un admin du serveur peut le relever avec /budget.',
    );
    const noRoom = (
      ['serverCapNoRoom', 'memberDailyNoRoom', 'memberMonthlyNoRoom', 'dmCapNoRoom'] as const
    ).map((key) => english.t(`spend.${key}`));
    for (const text of [
      MEMBER_DAILY_CAP_REACHED,
      SERVER_CAP_REACHED,
      DM_CAP_REACHED,
      OPERATOR_CAP_REACHED,
      OPERATOR_CAP_NO_ROOM,
      ...noRoom,
    ]) {
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

describe('a cap reached, or a request that does not fit what is left of it', () => {
  const RAISE_MONTHLY = 'An admin (Manage Server) can raise it with /budget set monthly.';

  it("the server's monthly cap: 'could cost more than what is left' until spend takes it all, then 'reached'", async () => {
    const { ledger, budgets } = await setUp({});
    await budgets.update('g1', { monthlyCapMicros: 30_000 });
    await ledger.charge(imageCharge('g1', 'u', 1)); // USD 0.02 of 0.03
    expect(said(await budgets.reserve('g1', 'u', 10_001, NOW))).toEqual({
      message: `This request could cost more than the USD\u00a00.01 left of this server's monthly spending cap for the bot (USD\u00a00.02 of USD\u00a00.03 used). ${RAISE_MONTHLY}`,
      publicMessage:
        "This request could cost more than what is left of this server's monthly spending cap for the bot. A server admin can raise it with /budget.",
    });
    // What is in flight counts: with it the cap is taken, so the next request reads "reached".
    const held = await budgets.reserve('g1', 'u', 10_000, NOW);
    expect(held.ok).toBe(true);
    expect(said(await budgets.reserve('g1', 'v', 1, NOW))?.message).toBe(
      `This server has reached its monthly spending cap for the bot (USD\u00a00.02 of USD\u00a00.03 used, USD\u00a00.01 in progress). ${RAISE_MONTHLY}`,
    );
    if (held.ok) held.release();
    await ledger.charge(imageCharge('g1', 'u', 1)); // USD 0.04 of 0.03
    expect(said(await budgets.reserve('g1', 'u', 1, NOW))).toEqual({
      message: `This server has reached its monthly spending cap for the bot (USD\u00a00.04 of USD\u00a00.03 used). ${RAISE_MONTHLY}`,
      publicMessage: SERVER_CAP_REACHED,
    });
  });

  it("a member's monthly cap from their roles: the same, naming /budget role set", async () => {
    const { ledger, budgets } = await setUp({});
    const caps = { dailyCapMicros: null, monthlyCapMicros: 20_000, roleIds: ['r1'] };
    await ledger.charge(imageCharge('g1', 'u', 1, NOW - 3 * DAY)); // USD 0.02 of 0.02, this month
    expect(said(await budgets.reserve('g1', 'u', 1, NOW, false, caps))).toEqual({
      message:
        'You have reached your monthly spending limit on this server (USD\u00a00.02 of USD\u00a00.02 this month). It resets on the 1st of next month (UTC). An admin (Manage Server) can raise it with /budget role set monthly.',
      publicMessage: english.t('spend.memberMonthlyCapReached'),
      memberLimit: 'monthly',
    });
    const roomier = { ...caps, monthlyCapMicros: 25_000 };
    expect(said(await budgets.reserve('g1', 'u', 5_001, NOW, false, roomier))).toEqual({
      message:
        'This request could cost more than the USD\u00a00.005 left of your monthly spending limit on this server (USD\u00a00.02 of USD\u00a00.025 this month). It resets on the 1st of next month (UTC). An admin (Manage Server) can raise it with /budget role set monthly.',
      publicMessage:
        'This request could cost more than what is left of your monthly spending limit on this server. It resets on the 1st of next month (UTC).',
      memberLimit: 'monthly',
    });
  });
});
