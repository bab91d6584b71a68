/**
 * One daily cap per member over everything billed to them (DMs with the bot, and the app installed
 * to their account in group DMs and in every server that did not add it), on a real SQLite store:
 * in one process, and in two processes that split the shards, each writing only its own keys.
 */
import { describe, expect, it } from 'vitest';
import { retentionRules } from '../../../src/app/retention.js';
import type { ShardSet } from '../../../src/lib/shards.js';
import type { Store } from '../../../src/lib/store.js';
import { imageCharge, NOW, quietLogger, shippedPrices } from '../../../src/localService/harness/charges.js';
import { type Budgets, createBudgets, type Reservation } from '../../../src/spend/budgets.js';
import { createLedger, type Ledger } from '../../../src/spend/ledger.js';
import { MEMBER_DAY_TTL_MS, memberDayKey } from '../../../src/spend/memberDay.js';
import { english } from '../../helpers/english.js';
import { recordingWrites } from '../../helpers/ledgerFixtures.js';
import { freshStore } from '../../helpers/tempStore.js';

// Servers that did not add the bot, by the shard (of 2) their events reach: (id >> 22) % 2.
const FRIENDS_ON_0 = String(4n << 22n);
const GAMES_ON_1 = String(5n << 22n);
const BOOKS_ON_1 = String(7n << 22n);
const ANN = '100';
/** One image of 512x512 with the shipped prices. */
const IMAGE = 20_000;
const CAP = 5 * IMAGE;

interface Process {
  readonly ledger: Ledger;
  readonly budgets: Budgets;
  readonly written: Set<string>;
}

async function startProcess(shared: Store, shards?: ShardSet): Promise<Process> {
  const { store, written } = recordingWrites(shared);
  const ledger = createLedger(store, shippedPrices, quietLogger, shards && { shards });
  await ledger.open();
  const budgets = createBudgets(
    store,
    ledger,
    'USD',
    { dmDailyCapMicros: CAP, operatorMonthlyCapMicros: null },
    { shards, logger: quietLogger },
  );
  return { ledger, budgets, written };
}

/** A request billed to Ann of `n` images in `guildId` (null: outside servers), charged and released. */
async function spend(process: Process, guildId: string | null, n: number, userInstall = true) {
  const reservation = await process.budgets.reserve(guildId, ANN, n * IMAGE, NOW, userInstall);
  if (!reservation.ok) throw new Error(`refused: ${reservation.message(english)}`);
  await process.ledger.charge({ ...imageCharge(guildId, ANN, n), ...(userInstall && { userInstall }) });
  reservation.release();
  return reservation;
}

/**
 * The member's refusal in a server without the bot, with `images` of the cap's 5 used: the cap is
 * not reached, only the request does not fit what is left.
 */
const inServerRefusal = (images: number) =>
  english.t('spend.userInstallNoRoomInServer', {
    spent: english.money(images * IMAGE, 'USD'),
    cap: english.money(CAP, 'USD'),
    left: english.money(CAP - images * IMAGE, 'USD'),
  });
const refusal = (reservation: Reservation) => (reservation.ok ? undefined : reservation.message(english));

describe("one daily cap for what is billed to a member, across every server's user install", () => {
  it('one process: DMs, a group DM and two servers without the bot add up; a third server is refused', async () => {
    const { store } = await freshStore();
    const bot = await startProcess(store);
    await spend(bot, null, 1, false); // a DM with the bot
    await spend(bot, null, 1); // a group DM
    await spend(bot, FRIENDS_ON_0, 1);
    await spend(bot, GAMES_ON_1, 1);
    // 4 of 5 used: one more image fits anywhere, two do not, in a server never used before either.
    const third = await bot.budgets.reserve(BOOKS_ON_1, ANN, 2 * IMAGE, NOW, true);
    expect(refusal(third)).toBe(inServerRefusal(4));
    expect(refusal(await bot.budgets.reserve(null, ANN, 2 * IMAGE, NOW, false))).toBeDefined();
    await spend(bot, BOOKS_ON_1, 1);
    expect(refusal(await bot.budgets.reserve(FRIENDS_ON_0, ANN, IMAGE, NOW, true))).toBeDefined();
    // Another member is not affected.
    expect((await bot.budgets.reserve(BOOKS_ON_1, '200', IMAGE, NOW, true)).ok).toBe(true);
    await bot.ledger.close();
  });

  it('a restarted process still counts the servers it billed the member in today', async () => {
    const { store } = await freshStore();
    const first = await startProcess(store);
    await spend(first, FRIENDS_ON_0, 2);
    await spend(first, GAMES_ON_1, 2);
    await first.ledger.close();
    const restarted = await startProcess(store);
    expect(refusal(await restarted.budgets.reserve(BOOKS_ON_1, ANN, 2 * IMAGE, NOW, true))).toBeDefined();
    expect((await restarted.budgets.reserve(BOOKS_ON_1, ANN, IMAGE, NOW, true)).ok).toBe(true);
    await restarted.ledger.close();
  });

  it('two processes, three servers: the cap holds across both, in flight too, and no key has two writers', async () => {
    const { store } = await freshStore();
    const shard0 = await startProcess(store, { count: 2, ids: [0] });
    const shard1 = await startProcess(store, { count: 2, ids: [1] });
    await spend(shard0, null, 1, false); // DMs: shard 0
    await spend(shard0, FRIENDS_ON_0, 1);
    await spend(shard1, GAMES_ON_1, 1);
    // 3 of 5 used: shard 1 sees shard 0's two (charged, once shard 0 has published them).
    await expect
      .poll(async () => refusal(await shard1.budgets.reserve(BOOKS_ON_1, ANN, 3 * IMAGE, NOW, true)))
      .toBe(inServerRefusal(3));
    // A reservation in flight in one process counts in the other.
    const held = await shard1.budgets.reserve(BOOKS_ON_1, ANN, IMAGE, NOW, true);
    expect(held.ok).toBe(true);
    expect(refusal(await shard0.budgets.reserve(null, ANN, 2 * IMAGE, NOW, true))).toBeDefined();
    // Released after its charge: the spend stays counted, the hold does not double it.
    await shard1.ledger.charge({ ...imageCharge(BOOKS_ON_1, ANN, 1), userInstall: true });
    if (held.ok) held.release();
    await expect
      .poll(async () => refusal(await shard0.budgets.reserve(FRIENDS_ON_0, ANN, 2 * IMAGE, NOW, true)))
      .toBe(inServerRefusal(4));
    const last = await shard0.budgets.reserve(FRIENDS_ON_0, ANN, IMAGE, NOW, true);
    expect(last.ok).toBe(true);
    expect(refusal(await shard1.budgets.reserve(GAMES_ON_1, ANN, 1, NOW, true))).toBeDefined();

    const day = new Date(NOW).toISOString().slice(0, 10);
    expect(shard0.written.has(memberDayKey(day, ANN, 0, 2))).toBe(true);
    expect(shard1.written.has(memberDayKey(day, ANN, 1, 2))).toBe(true);
    await shard0.ledger.close();
    await shard1.ledger.close();
    const both = [...shard0.written].filter((key) => shard1.written.has(key));
    expect(both).toEqual([]);
  });

  it('a concurrent burst in two processes passes the cap by at most one request', async () => {
    const { store } = await freshStore();
    const shard0 = await startProcess(store, { count: 2, ids: [0] });
    const shard1 = await startProcess(store, { count: 2, ids: [1] });
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? shard0.budgets.reserve(FRIENDS_ON_0, ANN, IMAGE, NOW, true)
          : shard1.budgets.reserve(i % 4 === 1 ? GAMES_ON_1 : BOOKS_ON_1, ANN, IMAGE, NOW, true),
      ),
    );
    const granted = burst.filter((reservation) => reservation.ok).length;
    expect(granted).toBeGreaterThanOrEqual(5);
    expect(granted).toBeLessThanOrEqual(6);
    await shard0.ledger.close();
    await shard1.ledger.close();
  });

  it('the day records are swept two days after they were written', () => {
    const rules = retentionRules({ conversationRetentionDays: 90, ledgerEntryRetentionDays: 400 });
    const key = memberDayKey('2026-11-22', ANN, 1, 2);
    const rule = rules.find((one) => key.startsWith(one.prefix) && (one.matches?.(key) ?? true));
    expect(rule?.lifetime).toEqual({ ms: MEMBER_DAY_TTL_MS, fromValueTime: false });
    expect(MEMBER_DAY_TTL_MS).toBe(2 * 86_400_000);
  });
});
