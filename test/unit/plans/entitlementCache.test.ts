import { describe, expect, it } from 'vitest';
import { createEntitlementCache, type EntitlementFacts } from '../../../src/plans/entitlementCache.js';
import type { Plans } from '../../../src/spend/plans.js';

const SERVER = '1600000000000000001';
const MEMBER = '1600000000000000002';
const CREDIT = '1600000000000000003';
const plans: Plans = {
  freeMonthlyMicros: 0,
  skus: new Map([
    [SERVER, { kind: 'server', monthlyMicros: 1 }],
    [MEMBER, { kind: 'member', dailyMicros: 1 }],
    [CREDIT, { kind: 'credit', micros: 1 }],
  ]),
};

let made = 0;
const entitlement = (patch: Partial<EntitlementFacts>): EntitlementFacts => {
  made += 1;
  return factsWithId(String(made), patch);
};
const factsWithId = (id: string, patch: Partial<EntitlementFacts>): EntitlementFacts => ({
  id,
  skuId: SERVER,
  userId: null,
  guildId: 'g1',
  deleted: false,
  consumed: false,
  startsAt: null,
  endsAt: null,
  ...patch,
});

describe('the entitlement cache', () => {
  it('keeps only what the plan file prices, by server and by member, and judges activity when read', () => {
    let now = 1_000;
    const cache = createEntitlementCache(plans, () => now);
    cache.apply(entitlement({ endsAt: 2_000 }));
    cache.apply(entitlement({ skuId: MEMBER, userId: 'u1', guildId: null }));
    cache.apply(entitlement({ skuId: CREDIT, guildId: 'g1' }));
    cache.apply(entitlement({ skuId: '1699999999999999999' }));
    expect(cache.serverSkus('g1')).toEqual([SERVER]);
    expect(cache.memberSkus('u1')).toEqual([MEMBER]);
    expect(cache.held()).toBe(2);
    now = 2_000;
    expect(cache.serverSkus('g1')).toEqual([]);
    // Not started yet, then started.
    cache.apply(entitlement({ startsAt: 3_000 }));
    expect(cache.serverSkus('g1')).toEqual([]);
    now = 3_000;
    expect(cache.serverSkus('g1')).toEqual([SERVER]);
  });

  it("an interaction's entitlements replace what was held for its member and server; a deletion removes one", () => {
    const cache = createEntitlementCache(plans, () => 0);
    const sub = entitlement({});
    cache.apply(sub);
    cache.apply(entitlement({ skuId: MEMBER, userId: 'u1', guildId: null }));
    cache.observeInteraction('g1', 'u1', []);
    expect(cache.serverSkus('g1')).toEqual([]);
    expect(cache.memberSkus('u1')).toEqual([]);
    expect(cache.held()).toBe(0);
    cache.observeInteraction('g1', 'u1', [sub]);
    expect(cache.serverSkus('g1')).toEqual([SERVER]);
    cache.apply({ ...sub, deleted: true });
    expect(cache.serverSkus('g1')).toEqual([]);
  });

  it('a full listing replaces everything; one cut short only adds; the holders are bounded, oldest out first', () => {
    const cache = createEntitlementCache(plans, () => 0, 2);
    cache.apply(entitlement({ guildId: 'old' }));
    const listing = cache.replaceAll();
    listing.add(entitlement({ guildId: 'g1' }));
    listing.done();
    expect(cache.serverSkus('old')).toEqual([]);
    expect(cache.serverSkus('g1')).toEqual([SERVER]);
    const cut = cache.replaceAll();
    cut.add(entitlement({ guildId: 'g2' }));
    cut.abandon();
    expect(cache.serverSkus('g1')).toEqual([SERVER]);
    cache.apply(entitlement({ guildId: 'g3' }));
    expect(cache.held()).toBe(2);
    expect(cache.serverSkus('g1')).toEqual([]);
    expect(cache.serverSkus('g3')).toEqual([SERVER]);
  });
});
