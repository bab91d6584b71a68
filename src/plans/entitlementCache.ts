/**
 * The subscriptions the bot knows of, kept current from what Discord sends: the entitlements an
 * interaction carries (the member's and the server's active ones: the truth at that moment, so
 * they replace what was held for both), the gateway's ENTITLEMENT_CREATE / _UPDATE / _DELETE, and
 * a paged listing at start and now and then (entitlementSync.ts).
 *
 * Only what the plan file prices is kept: server subscriptions by server, member subscriptions by
 * member. Credit packs are not held here: they are credited and consumed (creditPacks.ts).
 * Whether a subscription is active is decided when it is read, from its start and end, so one that
 * ended counts for nothing on the next request even before Discord says so.
 *
 * Bounded: at most `maxHolders` servers and members (default ENTITLEMENT_HOLDERS_CACHED), the
 * least recently seen dropped first; one dropped comes back with its next interaction or the next
 * listing. A holder with nothing left active is dropped at once.
 */
import { countedLimits, createRecent } from '../lib/recent.js';
import type { Plans } from '../spend/plans.js';

export const ENTITLEMENT_HOLDERS_CACHED = 100_000;

/** An entitlement as the bot reads it, from an interaction, an event or a listing. */
export interface EntitlementFacts {
  readonly id: string;
  readonly skuId: string;
  readonly userId: string | null;
  readonly guildId: string | null;
  readonly deleted: boolean;
  readonly consumed: boolean;
  /** ms; null: no start or end given. */
  readonly startsAt: number | null;
  readonly endsAt: number | null;
}

type Held = ReadonlyMap<string, EntitlementFacts>;

export interface EntitlementCache {
  /** An interaction's entitlements: the member's and (in a server) the server's, all active ones. */
  observeInteraction(guildId: string | null, userId: string, entitlements: readonly EntitlementFacts[]): void;
  /** One created, updated or deleted (the gateway), or listed. */
  apply(entitlement: EntitlementFacts): void;
  /** The SKU ids of a server's active subscriptions the plan file prices as `server`. */
  serverSkus(guildId: string): string[];
  /** The SKU ids of a member's active subscriptions the plan file prices as `member`. */
  memberSkus(userId: string): string[];
  /**
   * A full listing replacing what is held: `add` each listed entitlement, then `done` (holders the
   * listing did not show are dropped), or `abandon` (a listing cut short: what it read is added).
   */
  replaceAll(): { add(entitlement: EntitlementFacts): void; done(): void; abandon(): void };
  /** Servers and members held. */
  held(): number;
}

export function isActiveAt(entitlement: EntitlementFacts, now: number): boolean {
  if (entitlement.deleted || entitlement.consumed) return false;
  if (entitlement.startsAt !== null && entitlement.startsAt > now) return false;
  return entitlement.endsAt === null || entitlement.endsAt > now;
}

export function createEntitlementCache(
  plans: Plans,
  now: () => number = Date.now,
  maxHolders = ENTITLEMENT_HOLDERS_CACHED,
): EntitlementCache {
  // Least recently seen first: a holder seen again moves to the end; the first goes when full.
  const holders = createRecent<Held>(countedLimits(maxHolders));

  /** Where an entitlement the plan file prices belongs: `g:<server>` or `u:<member>`; else none. */
  function holderOf(entitlement: EntitlementFacts): string | undefined {
    const kind = plans.skus.get(entitlement.skuId)?.kind;
    if (kind === 'server' && entitlement.guildId !== null) return `g:${entitlement.guildId}`;
    if (kind === 'member' && entitlement.userId !== null && entitlement.guildId === null)
      return `u:${entitlement.userId}`;
    return undefined;
  }

  function put(holder: string, held: Map<string, EntitlementFacts>): void {
    const at = now();
    for (const [id, entitlement] of held)
      if (entitlement.deleted || (entitlement.endsAt !== null && entitlement.endsAt <= at)) held.delete(id);
    if (held.size === 0) holders.delete(holder);
    else holders.set(holder, held, 1);
  }

  function skusOf(holder: string): string[] {
    const held = holders.get(holder);
    if (!held) return [];
    const at = now();
    return [...held.values()].filter((e) => isActiveAt(e, at)).map((e) => e.skuId);
  }

  return {
    observeInteraction(guildId, userId, entitlements) {
      const fresh = new Map<string, Map<string, EntitlementFacts>>([[`u:${userId}`, new Map()]]);
      if (guildId !== null) fresh.set(`g:${guildId}`, new Map());
      for (const entitlement of entitlements) {
        const holder = holderOf(entitlement);
        if (holder) fresh.get(holder)?.set(entitlement.id, entitlement);
      }
      for (const [holder, held] of fresh) put(holder, held);
    },
    apply(entitlement) {
      const holder = holderOf(entitlement);
      if (!holder) return;
      const held = new Map(holders.get(holder) ?? []);
      held.set(entitlement.id, entitlement);
      put(holder, held);
    },
    serverSkus: (guildId) => skusOf(`g:${guildId}`),
    memberSkus: (userId) => skusOf(`u:${userId}`),
    replaceAll() {
      const fresh = new Map<string, Map<string, EntitlementFacts>>();
      return {
        add(entitlement) {
          const holder = holderOf(entitlement);
          if (!holder) return;
          if (!fresh.has(holder) && fresh.size >= maxHolders) return;
          const held = fresh.get(holder) ?? new Map<string, EntitlementFacts>();
          held.set(entitlement.id, entitlement);
          fresh.set(holder, held);
        },
        done() {
          holders.clear();
          for (const [holder, held] of fresh) put(holder, held);
        },
        abandon() {
          for (const [holder, held] of fresh) put(holder, new Map([...(holders.get(holder) ?? []), ...held]));
        },
      };
    },
    held: () => holders.size,
  };
}
