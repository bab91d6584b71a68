/**
 * The store contract, part 2: the spend ledger, its aggregates, the list of scopes, the month
 * report and the budgets, on every kind of store through the real modules: exact totals under
 * concurrency, crash reconciliation applied exactly once, caps that hold across a restart, and
 * charges a failing store refuses kept until it answers again.
 */
import { describe, expect, it } from 'vitest';
import { createBudgets } from '../../src/spend/budgets.js';
import { createLedger } from '../../src/spend/ledger.js';
import { dayKey, entryKey } from '../../src/spend/ledgerBook.js';
import { readMonthReport } from '../../src/spend/monthReport.js';
import { usageScope } from '../../src/spend/records.js';
import { operatorCapNoRoom, operatorCapReached } from '../../src/spend/refusals.js';
import { LEGACY_SCOPES_KEY, listScopes, markedScopes } from '../../src/spend/scopes.js';
import { faultyAdapter, storeFaults } from '../helpers/faultyStore.js';
import { recordingWrites } from '../helpers/ledgerFixtures.js';
import { STORE_KINDS, serverUrl, storeUrls } from '../helpers/storeUrls.js';
import {
  capturingLogger,
  chatCharge,
  DAY,
  imageCharge,
  NOW,
  quietLogger,
  shippedPrices,
  waitUntil,
} from './support.js';

const TODAY = '2026-11-22';
const MONTH = '2026-11';

for (const kind of STORE_KINDS) {
  describe.skipIf(serverUrl(kind) === undefined)(`store contract (${kind}): ledger, scopes, budgets`, () => {
    const stores = storeUrls(kind);

    it('charges across scopes and days, many at once: consecutive seqs, totals exact, the same after a restart', async () => {
      const url = await stores.fresh();
      const store = await stores.open(url);
      const ledger = createLedger(store, shippedPrices, quietLogger);
      // 300 concurrent charges in one scope, and others in more scopes and on other days meanwhile.
      const burst = Array.from({ length: 300 }, (_, i) => chatCharge(i, 'g1'));
      const others = Array.from({ length: 90 }, (_, i) => {
        const charge = chatCharge(1_000 + i, i % 3 === 0 ? 'g2' : 'g3', i % 2 ? 'service-v1-pro' : undefined);
        const moved = { ...charge, time: NOW - (i % 3) * DAY };
        return i % 5 === 0 ? { ...moved, guildId: null } : moved;
      });
      const october = { ...chatCharge(2_000, 'g2'), time: Date.parse('2026-10-31T23:59:59Z') };
      const all = [...burst, ...others, october];
      const charged = await Promise.all(all.map((record) => ledger.charge(record)));
      const cost = (records: typeof all) => records.reduce((sum, record) => sum + ledger.costOf(record), 0);

      const burstSeqs = charged.slice(0, 300).map((charge) => charge.seq);
      expect([...burstSeqs].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        Array.from({ length: 300 }, (_, i) => i + 1),
      );
      const g1 = await ledger.summary('g1', TODAY, TODAY);
      expect([g1.requests, g1.costMicros]).toEqual([300, cost(burst)]);
      expect(Object.values(g1.byUser).reduce((sum, user) => sum + user.costMicros, 0)).toBe(cost(burst));
      const entries = await ledger.entries('g1', TODAY, TODAY);
      expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
      expect(entries.map((entry) => entry.id).sort()).toEqual(burst.map((record) => record.id).sort());

      const scopes = [...new Set(all.map(usageScope))];
      const november = all.filter((record) => record !== october);
      const perScope = async (reader: typeof ledger) => {
        const totals: Record<string, [number, number]> = {};
        for (const scope of scopes) {
          const summary = await reader.summary(scope, '2026-10-01', '2026-11-30');
          totals[scope] = [summary.requests, summary.costMicros];
        }
        return totals;
      };
      const expected = Object.fromEntries(
        scopes.map((scope) => {
          const mine = all.filter((record) => usageScope(record) === scope);
          return [scope, [mine.length, cost(mine)]];
        }),
      );
      expect(await perScope(ledger)).toEqual(expected);
      expect(await ledger.allScopesMonthSpendMicros(NOW)).toBe(cost(november));
      expect(await ledger.monthSpendMicros('g2', NOW)).toBe(
        cost(november.filter((record) => record.guildId === 'g2')),
      );
      await ledger.close();

      // A restart: the same URL opened again, a new ledger on it.
      await stores.close(store);
      const reopened = await stores.open(url);
      const restarted = createLedger(reopened, shippedPrices, quietLogger);
      expect(await restarted.open()).toEqual({ scopes: scopes.length, reconciled: 0 });
      expect(await perScope(restarted)).toEqual(expected);
      expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(cost(november));
      expect(await restarted.allScopesMonthSpendMicros(Date.parse('2026-10-31T12:00:00Z'))).toBe(
        cost([october]),
      );
      const report = await readMonthReport(reopened, MONTH, []);
      expect(report.scopes.reduce((sum, scope) => sum + scope.costMicros, 0)).toBe(cost(november));
      expect((await restarted.charge(chatCharge(3_000, 'g1'))).seq).toBe(301);
    });

    it('an entry written without its day aggregate (a crash) is applied exactly once at the next open; the month report agrees', async () => {
      const url = await stores.fresh();
      const faults = storeFaults();
      const store = await stores.open(url, { adapter: (real) => faultyAdapter(real, faults) });
      const ledger = createLedger(store, shippedPrices, quietLogger);
      for (let i = 0; i < 5; i += 1) await ledger.charge(chatCharge(i, 'g'));
      for (let i = 5; i < 7; i += 1) await ledger.charge(chatCharge(i, 'h'));
      await ledger.close();
      // In the next run the day aggregate's write fails after the entry's: the process then dies
      // (no close; its store is closed under it).
      faults.failWrites = true;
      faults.onlyKeysWith = ':day:';
      const orphan = await createLedger(store, shippedPrices, quietLogger).charge(chatCharge(7, 'g'));
      expect(orphan.seq).toBe(6);
      await stores.close(store);

      const reopened = await stores.open(url);
      expect(((await reopened.get(dayKey('g', TODAY))) as { appliedThrough: number }).appliedThrough).toBe(5);
      // Another crash, written directly: scope h's third entry, without its aggregate.
      const direct = chatCharge(8, 'h');
      await reopened.set(entryKey('h', 3), {
        ...direct,
        costMicros: ledger.costOf(direct),
        seq: 3,
        scope: 'h',
      });
      const cost = (ids: number[], scope: string) =>
        ids.reduce((sum, i) => sum + ledger.costOf(chatCharge(i, scope)), 0);
      const g = cost([0, 1, 2, 3, 4, 7], 'g');
      const h = cost([5, 6, 8], 'h');

      // The report (read only) counts the orphans as the ledger will.
      const before = await readMonthReport(reopened, MONTH, []);
      expect(before.scopes.map((scope) => [scope.scope, scope.requests, scope.costMicros]).sort()).toEqual([
        ['g', 6, g],
        ['h', 3, h],
      ]);
      const restarted = createLedger(reopened, shippedPrices, quietLogger);
      expect(await restarted.open()).toEqual({ scopes: 2, reconciled: 2 });
      expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(g + h);
      expect((await restarted.summary('g', TODAY, TODAY)).costMicros).toBe(g);
      expect((await restarted.summary('h', TODAY, TODAY)).requests).toBe(3);
      expect(((await reopened.get(dayKey('g', TODAY))) as { appliedThrough: number }).appliedThrough).toBe(6);
      await restarted.close();

      // Once only: the next start finds nothing to apply, and new charges follow the orphans.
      await stores.close(reopened);
      const again = await stores.open(url);
      const third = createLedger(again, shippedPrices, quietLogger);
      expect(await third.open()).toEqual({ scopes: 2, reconciled: 0 });
      expect(await third.allScopesMonthSpendMicros(NOW)).toBe(g + h);
      expect((await third.charge(chatCharge(9, 'g'))).seq).toBe(7);
      expect((await third.charge(chatCharge(10, 'h'))).seq).toBe(4);
      const after = await readMonthReport(again, MONTH, []);
      const total = g + h + cost([9], 'g') + cost([10], 'h');
      expect(after.scopes.reduce((sum, scope) => sum + scope.costMicros, 0)).toBe(total);
      expect(await third.allScopesMonthSpendMicros(NOW)).toBe(total);
      expect(after.waiting).toEqual({ requests: 0, costMicros: 0 });
    });

    it('lists every scope charged, across a restart; a legacy list is read and its scopes marked', async () => {
      const url = await stores.fresh();
      const store = await stores.open(url);
      await store.set(LEGACY_SCOPES_KEY, ['legacy-guild']);
      // Keys that share the markers' prefix in part, or look like markers to a careless pattern.
      await store.set('ledger-scopes', 'not a marker');
      await store.set('ledger_scope:decoy', 'not a marker');
      const ledger = createLedger(store, shippedPrices, quietLogger);
      const guilds = Array.from({ length: 12 }, (_, i) => `90210${String(i).padStart(13, '0')}`);
      const records = [
        ...guilds.map((guildId, i) => chatCharge(i, guildId)),
        { ...chatCharge(100, 'x'), guildId: null, userId: '555000111' },
        { ...chatCharge(101, 'x'), guildId: null, userId: '555000222' },
      ];
      await Promise.all(records.map((record) => ledger.charge(record)));
      const expected = new Set([...records.map(usageScope), 'legacy-guild']);
      expect(await listScopes(store)).toEqual(expected);
      await ledger.close();

      await stores.close(store);
      const reopened = await stores.open(url);
      expect(await listScopes(reopened)).toEqual(expected);
      expect(await markedScopes(reopened)).toEqual(new Set(records.map(usageScope)));
      const restarted = createLedger(reopened, shippedPrices, quietLogger);
      expect(await restarted.open()).toEqual({ scopes: expected.size, reconciled: 0 });
      // Opening marks the legacy list's scopes.
      expect(await markedScopes(reopened)).toEqual(expected);
    });

    it('budgets: guild, member, DM and operator caps refuse over-spend across a restart; alerts are sent once', async () => {
      const url = await stores.fresh();
      const store = await stores.open(url);
      const ledger = createLedger(store, shippedPrices, quietLogger);
      const budgets = createBudgets(store, ledger, 'USD', {
        dmDailyCapMicros: 50_000,
        operatorMonthlyCapMicros: null,
      });
      await budgets.update('g', {
        monthlyCapMicros: 100_000,
        dailyUserCapMicros: 70_000,
        alertChannelId: 'alerts',
      });
      await ledger.charge(imageCharge('g', 'ann', 3));
      await ledger.charge(imageCharge('g', 'bob', 1));
      await ledger.charge(imageCharge(null, 'ann', 2));
      await ledger.charge(imageCharge('h', 'cy', 1, NOW - 40 * DAY));
      expect((await budgets.alertsDue('g', NOW)).thresholds).toEqual([80]);
      await ledger.close();

      await stores.close(store);
      const reopened = await stores.open(url);
      const restarted = createLedger(reopened, shippedPrices, quietLogger);
      const after = (operatorMonthlyCapMicros: number | null) =>
        createBudgets(reopened, restarted, 'USD', { dmDailyCapMicros: 50_000, operatorMonthlyCapMicros });
      const caps = after(null);
      expect(await caps.settings('g')).toEqual({
        monthlyCapMicros: 100_000,
        dailyUserCapMicros: 70_000,
        alertChannelId: 'alerts',
      });
      // The server's month: 80,000 of 100,000.
      expect(await caps.reserve('g', 'dee', 20_001, NOW)).toMatchObject({ ok: false });
      // Ann's day in the server: 60,000 of 70,000.
      expect(await caps.reserve('g', 'ann', 10_001, NOW)).toMatchObject({ ok: false });
      const ann = await caps.reserve('g', 'ann', 10_000, NOW);
      expect(ann.ok).toBe(true);
      if (ann.ok) ann.release();
      // Ann's DMs today: 40,000 of 50,000.
      expect(await caps.reserve(null, 'ann', 10_001, NOW)).toMatchObject({ ok: false });
      expect((await caps.reserve(null, 'ann', 10_000, NOW)).ok).toBe(true);
      // The operator's month across every scope, none touched since the restart: 120,000, so
      // 10,001 does not fit (not reached); 10,000 does, and then the cap is reached.
      const operator = after(130_000);
      expect(await operator.reserve('h', 'eve', 10_001, NOW)).toEqual({
        ok: false,
        message: operatorCapNoRoom,
        publicMessage: operatorCapNoRoom,
      });
      expect((await operator.reserve('h', 'eve', 10_000, NOW)).ok).toBe(true);
      expect(await operator.reserve('h', 'eve', 1, NOW)).toEqual({
        ok: false,
        message: operatorCapReached,
        publicMessage: operatorCapReached,
      });
      // 80 % was announced before the restart: not again; 100 % once reached.
      expect((await caps.alertsDue('g', NOW)).thresholds).toEqual([]);
      await restarted.charge(imageCharge('g', 'bob', 1));
      expect((await caps.alertsDue('g', NOW)).thresholds).toEqual([100]);
      // Its day totals are written now: a write planned for later would land in the next test's
      // Redis database (a closed @keyv/redis store connects again on its next call).
      await restarted.close();
    });

    it('one daily cap per member across two processes and three servers; each writes only its own keys', async () => {
      const url = await stores.fresh();
      // Two processes of one bot (shard 0 and shard 1 of 2), each with its own connection.
      const start = async (shard: number) => {
        const { store, written } = recordingWrites(await stores.open(url));
        const shards = { count: 2, ids: [shard] };
        const ledger = createLedger(store, shippedPrices, quietLogger, { shards });
        await ledger.open();
        const caps = { dmDailyCapMicros: 100_000, operatorMonthlyCapMicros: null };
        return { ledger, budgets: createBudgets(store, ledger, 'USD', caps, { shards }), written };
      };
      const shard0 = await start(0);
      const shard1 = await start(1);
      // Servers that did not add the bot: one on shard 0, two on shard 1 ((id >> 22) % 2).
      const [friends, games, books] = [String(4n << 22n), String(5n << 22n), String(7n << 22n)];
      const spend = async (process: typeof shard0, guildId: string, n: number) => {
        const held = await process.budgets.reserve(guildId, 'ann', n * 20_000, NOW, true);
        if (!held.ok) throw new Error('refused');
        await process.ledger.charge({ ...imageCharge(guildId, 'ann', n), userInstall: true });
        held.release();
      };
      await spend(shard0, friends, 2);
      await spend(shard1, games, 2);
      // 4 of 5 images: a fifth fits in the third server, a sixth nowhere.
      await expect
        .poll(async () => (await shard1.budgets.reserve(books, 'ann', 40_000, NOW, true)).ok, {
          timeout: 10_000,
        })
        .toBe(false);
      await spend(shard1, books, 1);
      await expect
        .poll(async () => (await shard0.budgets.reserve(friends, 'ann', 1, NOW, true)).ok, {
          timeout: 10_000,
        })
        .toBe(false);
      expect((await shard0.budgets.reserve(null, 'ann', 1, NOW, false)).ok).toBe(false);
      await shard0.ledger.close();
      await shard1.ledger.close();
      expect([...shard0.written].filter((key) => shard1.written.has(key))).toEqual([]);
    });

    it('a failing store: refused charges wait (seq null, logged by id) and land once it answers; nothing is lost', async () => {
      const url = await stores.fresh();
      const faults = storeFaults();
      const store = await stores.open(url, { adapter: (real) => faultyAdapter(real, faults) });
      const { logger, errors } = capturingLogger();
      const ledger = createLedger(store, shippedPrices, logger, { retryMs: 10 });
      const budgets = createBudgets(store, ledger, 'USD');
      await budgets.update('g', { monthlyCapMicros: 1_000_000 });
      const records = Array.from({ length: 9 }, (_, i) => chatCharge(i, 'g'));
      for (const record of records.slice(0, 3)) expect((await ledger.charge(record)).seq).not.toBeNull();

      faults.failWrites = true;
      const refused = await Promise.all(records.slice(3, 6).map((record) => ledger.charge(record)));
      expect(refused.map((charge) => charge.seq)).toEqual([null, null, null]);
      expect(ledger.pending().map((charge) => charge.id)).toEqual(['r3', 'r4', 'r5']);
      for (const record of records.slice(3, 6))
        expect(errors().some((line) => line.includes(`"${record.id}"`))).toBe(true);
      await expect(budgets.update('g', { monthlyCapMicros: 1 })).rejects.toThrow(Error);
      const cost = (list: typeof records) => list.reduce((sum, record) => sum + ledger.costOf(record), 0);
      // Budgets count waiting charges as spent.
      expect(await ledger.monthSpendMicros('g', NOW)).toBe(cost(records.slice(0, 6)));

      faults.failWrites = false;
      await Promise.all(records.slice(6).map((record) => ledger.charge(record)));
      await waitUntil(() => ledger.pending().length === 0);
      const entries = await ledger.entries('g', TODAY, TODAY);
      expect(entries.map((entry) => entry.id)).toEqual(records.map((record) => record.id));
      expect(entries.map((entry) => entry.seq)).toEqual(records.map((_, i) => i + 1));
      await ledger.close();

      await stores.close(store);
      const reopened = await stores.open(url);
      const restarted = createLedger(reopened, shippedPrices, quietLogger);
      expect(await restarted.open()).toEqual({ scopes: 1, reconciled: 0 });
      const summary = await restarted.summary('g', TODAY, TODAY);
      expect([summary.requests, summary.costMicros]).toEqual([9, cost(records)]);
      expect((await createBudgets(reopened, restarted, 'USD').settings('g')).monthlyCapMicros).toBe(
        1_000_000,
      );
    });
  });
}
