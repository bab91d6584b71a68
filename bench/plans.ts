/**
 * Paid plans (issue 31), what they add per request and what they hold:
 * - the plan gate's reserve and release for a server under a plan (its allowance, month totals
 *   from the ledger, the credit book), on SQLite, warmed as in a running bot: target p95 < 200 µs;
 * - the entitlement cache at 100,000 servers and members with a subscription (its bound): heap
 *   per holder after a full collection, target < 1 KiB;
 * - a listing of 100,000 entitlements (1,000 pages of 100) applied to the cache: time, target
 *   < 2 s (the REST calls themselves excluded: a stub answers at once);
 * - churn at the bound: 100,000 new holders into the full cache (each drops the oldest): time,
 *   target < 2 s.
 *
 * Run: npm run bench (BENCH_ONLY=plans), or `tsx bench/plans.ts`;
 * BENCH_QUICK=1: 20,000 reservations.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createLogger } from '../src/lib/logger.js';
import { allShards } from '../src/lib/shards.js';
import { openStore } from '../src/lib/store.js';
import { createCreditBook } from '../src/plans/creditBook.js';
import type { CreditPacks } from '../src/plans/creditPacks.js';
import {
  createEntitlementCache,
  ENTITLEMENT_HOLDERS_CACHED,
  type EntitlementFacts,
} from '../src/plans/entitlementCache.js';
import { createEntitlementSync } from '../src/plans/entitlementSync.js';
import { planStatus } from '../src/plans/planAccount.js';
import { createPlanGate } from '../src/plans/planGate.js';
import { createLedger } from '../src/spend/ledger.js';
import type { Plans } from '../src/spend/plans.js';
import { loadPriceList } from '../src/spend/prices.js';
import { below, exitOnMiss, holds, judged } from './run/verdict.js';

const RESERVATIONS = process.env.BENCH_QUICK === '1' ? 20_000 : 100_000;
const WARMUP = 5_000;
const TARGET_P95_MICROS = 200;
const TARGET_BYTES_PER_HOLDER = 1_024;
const TARGET_LISTING_MS = 2_000;
const SERVER_SKU = '1900000000000000001';
const MEMBER_SKU = '1900000000000000002';
const GUILD = '1900000000000000100';
const round = (value: number) => Math.round(value * 100) / 100;
// A full GC on demand, whether or not node was started with --expose-gc (bench/run.ts does not).
setFlagsFromString('--expose-gc');
const gc = (globalThis.gc ?? runInNewContext('gc')) as () => void;

const plans: Plans = {
  freeMonthlyMicros: 500_000,
  skus: new Map([
    [SERVER_SKU, { kind: 'server', monthlyMicros: 20_000_000_000 }],
    [MEMBER_SKU, { kind: 'member', dailyMicros: 2_000_000 }],
    ['1900000000000000003', { kind: 'credit', micros: 10_000_000 }],
  ]),
};
const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error('prices.json');
const logger = createLogger({ level: 'silent', secrets: [] });
const entitlement = (i: number, patch: Partial<EntitlementFacts> = {}): EntitlementFacts => ({
  id: String(2_000_000_000_000_000_000n + BigInt(i)),
  skuId: i % 2 === 0 ? SERVER_SKU : MEMBER_SKU,
  userId: i % 2 === 0 ? null : String(3_000_000_000_000_000_000n + BigInt(i)),
  guildId: i % 2 === 0 ? String(4_000_000_000_000_000_000n + BigInt(i)) : null,
  deleted: false,
  consumed: false,
  startsAt: Date.now() - 1_000,
  endsAt: null,
  ...patch,
});
const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Reserve and release on a server with a subscription and a credit book, as admission does. */
async function gateCost() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-plans-'));
  const store = await openStore(`sqlite://${join(dir, 'bot.sqlite')}`);
  const ledger = createLedger(store, priced.ok ? priced.prices : (undefined as never), logger);
  await ledger.open();
  const credits = createCreditBook(store);
  await credits.credit(GUILD, {
    entitlementId: '1',
    skuId: '1900000000000000003',
    micros: 10_000_000,
    userId: null,
    at: 0,
  });
  const cache = createEntitlementCache(plans);
  cache.apply(entitlement(0, { guildId: GUILD }));
  const account = { plans, entitlements: cache, ledger, credits };
  const gate = createPlanGate({
    plans,
    currency: 'USD',
    entitlements: cache,
    status: (guildId, now) => planStatus(account, guildId, now),
    memberDay: { store, ledger: { userDaySpendMicros: async () => 0 }, shards: allShards(1) },
    logger,
  });
  const once = async () => {
    const held = await gate.reserve({
      guildId: GUILD,
      userId: 'u',
      amountMicros: 1_000,
      now: Date.now(),
      userInstall: false,
      paidByServerKey: false,
    });
    if (!held.ok) throw new Error('refused');
    held.release();
  };
  for (let i = 0; i < WARMUP; i += 1) await once();
  const micros = new Float64Array(RESERVATIONS);
  for (let i = 0; i < RESERVATIONS; i += 1) {
    const before = process.hrtime.bigint();
    await once();
    micros[i] = Number(process.hrtime.bigint() - before) / 1_000;
  }
  micros.sort();
  await ledger.close();
  await store.disconnect();
  rmSync(dir, { recursive: true, force: true });
  const p95 = percentile(micros, 95);
  return {
    reservations: RESERVATIONS,
    p50Micros: round(percentile(micros, 50)),
    p95Micros: round(p95),
    p99Micros: round(percentile(micros, 99)),
    targetP95Micros: TARGET_P95_MICROS,
  };
}

/** Heap per holder at the cache's bound, and the time a full listing takes to apply. */
async function cacheAndListing() {
  gc();
  const before = process.memoryUsage().heapUsed;
  const cache = createEntitlementCache(plans);
  for (let i = 0; i < ENTITLEMENT_HOLDERS_CACHED; i += 1) cache.apply(entitlement(i));
  gc();
  const bytesPerHolder = (process.memoryUsage().heapUsed - before) / cache.held();
  const pages = 1_000;
  const packs: CreditPacks = { seen: async () => undefined, resume: async () => undefined };
  const sync = createEntitlementSync({
    cache,
    packs,
    discord: {
      list: async (after) => {
        const start = after === undefined ? 0 : Number(BigInt(after) - 2_000_000_000_000_000_000n) + 1;
        if (start >= pages * 100) return [];
        return Array.from({ length: 100 }, (_, k) => entitlement(start + k));
      },
    },
    everyMs: 3_600_000,
    logger,
  });
  const started = performance.now();
  const listed = await sync.sync();
  const listingMs = performance.now() - started;
  const churnStarted = performance.now();
  for (let i = 0; i < ENTITLEMENT_HOLDERS_CACHED; i += 1)
    cache.apply(entitlement(ENTITLEMENT_HOLDERS_CACHED + i));
  const churnMs = performance.now() - churnStarted;
  return {
    holders: cache.held(),
    bytesPerHolder: Math.round(bytesPerHolder),
    targetBytesPerHolder: TARGET_BYTES_PER_HOLDER,
    listed,
    listingMs: Math.round(listingMs),
    targetListingMs: TARGET_LISTING_MS,
    churnMs: Math.round(churnMs),
    heldAfterChurn: cache.held(),
  };
}

const gate = await gateCost();
const memory = await cacheAndListing();
const report = judged({ date: new Date().toISOString(), node: process.version, gate, cache: memory }, [
  below('plan gate reserve + release, p95', gate.p95Micros, TARGET_P95_MICROS, 'µs'),
  below(
    'entitlement cache, heap per holder at its bound',
    memory.bytesPerHolder,
    TARGET_BYTES_PER_HOLDER,
    'bytes',
  ),
  below('a listing of 100,000 entitlements applied', memory.listingMs, TARGET_LISTING_MS, 'ms'),
  below('100,000 new holders at the bound', memory.churnMs, TARGET_LISTING_MS, 'ms'),
  holds('the cache stays at its bound', memory.heldAfterChurn === ENTITLEMENT_HOLDERS_CACHED),
]);
console.log(JSON.stringify(report, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/plans.json', `${JSON.stringify(report, null, 2)}\n`);
exitOnMiss(report);
