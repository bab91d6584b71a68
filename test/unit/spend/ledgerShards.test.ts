/**
 * The ledger when processes split the shards of one bot on one store: each opens and writes only
 * the scopes it owns, and the operator's cap counts every process's spend, as each publishes it.
 */
import { describe, expect, it } from 'vitest';
import { chatCharge, NOW, quietLogger, shippedPrices } from '../../../src/localService/harness/charges.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { listScopes, scopeMarkerKey } from '../../../src/spend/scopes.js';
import { shardSpendKey } from '../../../src/spend/shardSpend.js';
import { freshStore } from '../../helpers/tempStore.js';

// Guild ids on shard 0 and shard 1 of 2 (Discord's formula: (id >> 22) % 2).
const ON_SHARD_0 = String(4n << 22n);
const ON_SHARD_1 = String(5n << 22n);

const shard = (id: number) => ({ count: 2, ids: [id] });

describe('ledger split across processes', () => {
  it('each process opens only its scopes; the operator cap adds what the others publish per shard', async () => {
    const { store } = await freshStore();
    let clock = NOW;
    const now = () => clock;
    const first = createLedger(store, shippedPrices, quietLogger, { shards: shard(0), now });
    const second = createLedger(store, shippedPrices, quietLogger, { shards: shard(1), now });
    expect(await first.open()).toEqual({ scopes: 0, reconciled: 0 });
    await second.open();
    await first.charge(chatCharge(1, ON_SHARD_0));
    await first.charge({ ...chatCharge(2, ON_SHARD_0), guildId: null, userId: 'dm-user' });
    await second.charge(chatCharge(3, ON_SHARD_1));
    const cost = (i: number) => first.costOf(chatCharge(i, ON_SHARD_0));
    expect([...(await listScopes(store))].sort()).toEqual([ON_SHARD_0, ON_SHARD_1, 'dm-dm-user'].sort());

    // A restarted process opens its own scopes (guild and DMs on shard 0), not the other's, and
    // counts the other shard as last published (at its open: nothing yet).
    await first.close();
    const restarted = createLedger(store, shippedPrices, quietLogger, { shards: shard(0), now });
    expect(await restarted.open()).toEqual({ scopes: 2, reconciled: 0 });
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(cost(1) + cost(2));
    // Shard 1 publishes (here at close; while running, every 10 s); its total is read again
    // once the last read is 5 s old.
    await second.close();
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(cost(1) + cost(2));
    clock += 5_001;
    expect(await restarted.allScopesMonthSpendMicros(NOW)).toBe(cost(1) + cost(2) + cost(3));
    // Only the owner writes a shard's key: shard 0's total is the restarted process's own.
    expect(await store.get(shardSpendKey('2026-11', 0, 2))).toBe(cost(1) + cost(2));
    expect(await store.get(shardSpendKey('2026-11', 1, 2))).toBe(cost(3));
    await restarted.close();
  });

  it('a store from before markers keeps its scopes: the legacy list is read, and owners mark theirs', async () => {
    const { store } = await freshStore();
    const old = createLedger(store, shippedPrices, quietLogger);
    await old.charge(chatCharge(1, ON_SHARD_0));
    await old.charge(chatCharge(2, ON_SHARD_1));
    // As the bot stored it before: one list of every scope, and no markers.
    await store.delete(scopeMarkerKey(ON_SHARD_0));
    await store.delete(scopeMarkerKey(ON_SHARD_1));
    await store.set('ledger:scopes', [ON_SHARD_0, ON_SHARD_1]);

    const shard1 = createLedger(store, shippedPrices, quietLogger, { shards: shard(1) });
    expect(await shard1.open()).toEqual({ scopes: 1, reconciled: 0 });
    expect(await store.get(scopeMarkerKey(ON_SHARD_1))).toBe(true);
    expect(await store.get(scopeMarkerKey(ON_SHARD_0))).toBeUndefined();
    expect([...(await listScopes(store))].sort()).toEqual([ON_SHARD_0, ON_SHARD_1].sort());
  });
});
