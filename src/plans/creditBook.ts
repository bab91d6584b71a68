/**
 * The ledger's credit book: the credit packs (one-time purchases, PLANS_FILE `credit` SKUs) a
 * server bought, one record per server (`credits:<guild>`), each pack an entry keyed by its
 * Discord entitlement id. Crediting is one store write of the whole record, in the server's queue,
 * and a pack already in it is not added again: so a pack is credited once however often Discord
 * (an interaction, a gateway event, a listing) shows it, and a crash leaves it either credited or
 * not. Consuming it at Discord comes after (creditPacks.ts) and is noted here (`consumedAt`); a
 * refund Discord announces (the entitlement deleted) is noted too (`refundedAt`) and takes the
 * amount off the balance, which may then go below zero (spend already drawn is not undone).
 *
 * What credit was drawn is in the ledger's entries (records.ts `planDraw`) and month totals; the
 * balance is what was credited less refunds less every draw (planAccount.ts).
 *
 * Bounded: a record keeps at most MAX_PACKS packs; past that the oldest consumed ones are folded
 * into `earlierMicros` (a consumed entitlement is never offered again, so its id is no longer
 * needed to keep it from being credited twice). The records read or written lately are kept in
 * memory (at most CREDITS_CACHED): the process that owns a server is the only one writing its
 * record, so each request under a plan does not read the store for it.
 */
import { createKeyedQueue } from '../lib/keyedQueue.js';
import { countedLimits, createRecent } from '../lib/recent.js';
import type { Store } from '../lib/store.js';

export const CREDITS_PREFIX = 'credits:';
export const creditsKey = (guildId: string) => `${CREDITS_PREFIX}${guildId}`;
/** Packs kept per server before the oldest consumed ones are folded into one sum. */
export const MAX_PACKS = 1_000;
/** Servers' records kept in memory. */
export const CREDITS_CACHED = 10_000;

export interface CreditPack {
  readonly entitlementId: string;
  readonly skuId: string;
  readonly micros: number;
  /** Who bought it, when Discord says. */
  readonly userId: string | null;
  /** When it was credited (ms). */
  readonly at: number;
  readonly consumedAt?: number;
  readonly refundedAt?: number;
}

export interface CreditRecord {
  readonly version: 1;
  readonly packs: readonly CreditPack[];
  /** Net credit of packs folded out of `packs` (refunds taken off). */
  readonly earlierMicros: number;
}

const EMPTY: CreditRecord = { version: 1, packs: [], earlierMicros: 0 };

function isCreditRecord(value: unknown): value is CreditRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as CreditRecord).version === 1 &&
    Array.isArray((value as CreditRecord).packs)
  );
}

/** Credited less refunded, over every pack the record knows. */
export function netCreditedMicros(record: CreditRecord): number {
  let micros = record.earlierMicros;
  for (const pack of record.packs) if (pack.refundedAt === undefined) micros += pack.micros;
  return micros;
}

/** Folds the oldest consumed packs while there are more than `max`. */
export function foldPacks(record: CreditRecord, max = MAX_PACKS): CreditRecord {
  if (record.packs.length <= max) return record;
  let earlierMicros = record.earlierMicros;
  let excess = record.packs.length - max;
  const packs: CreditPack[] = [];
  for (const pack of record.packs) {
    if (excess > 0 && pack.consumedAt !== undefined) {
      excess -= 1;
      if (pack.refundedAt === undefined) earlierMicros += pack.micros;
      continue;
    }
    packs.push(pack);
  }
  return { version: 1, packs, earlierMicros };
}

export interface CreditBook {
  /** The server's record (empty when it never bought credit). */
  read(guildId: string): Promise<CreditRecord>;
  /** Credits a pack unless its entitlement is in the record already; true when it was added now. */
  credit(guildId: string, pack: Omit<CreditPack, 'consumedAt' | 'refundedAt'>): Promise<boolean>;
  /** Notes the pack consumed at Discord (nothing for a pack the record lacks). */
  markConsumed(guildId: string, entitlementId: string, at: number): Promise<void>;
  /** Notes a refund; true when the pack was in the record and not refunded before. */
  refund(guildId: string, entitlementId: string, at: number): Promise<boolean>;
  /** The server a pack was credited to (a scan of the store's keys: refunds Discord sends without one). */
  guildOf(entitlementId: string): Promise<string | undefined>;
  /** Servers with a record whose packs are not all consumed yet (a scan of the store's keys). */
  unconsumed(): AsyncGenerator<{ guildId: string; pack: CreditPack }>;
}

export function createCreditBook(store: Store): CreditBook {
  const queue = createKeyedQueue();
  const cache = createRecent<CreditRecord>(countedLimits(CREDITS_CACHED));
  const read = async (guildId: string): Promise<CreditRecord> => {
    const cached = cache.get(guildId);
    if (cached) return cached;
    const value = await store.get(creditsKey(guildId));
    const record = isCreditRecord(value) ? value : EMPTY;
    cache.set(guildId, record, 1);
    return record;
  };
  /** Read, change and write one record in its server's queue; `change` returns undefined for no write. */
  const update = <T>(guildId: string, change: (record: CreditRecord) => [CreditRecord | undefined, T]) =>
    queue.run(`credits:${guildId}`, async () => {
      const [next, result] = change(await read(guildId));
      if (next) {
        const folded = foldPacks(next);
        // Forgotten first: a write that fails leaves the store's value to be read again.
        cache.delete(guildId);
        await store.set(creditsKey(guildId), folded);
        cache.set(guildId, folded, 1);
      }
      return result;
    });
  const withPack = (
    record: CreditRecord,
    entitlementId: string,
    edit: (pack: CreditPack) => CreditPack | undefined,
  ): CreditRecord | undefined => {
    let changed = false;
    const packs = record.packs.map((pack) => {
      if (pack.entitlementId !== entitlementId) return pack;
      const next = edit(pack);
      if (!next) return pack;
      changed = true;
      return next;
    });
    return changed ? { ...record, packs } : undefined;
  };
  return {
    read: (guildId) => queue.run(`credits:${guildId}`, () => read(guildId)),
    credit(guildId, pack) {
      return update(guildId, (record) =>
        record.packs.some((known) => known.entitlementId === pack.entitlementId)
          ? [undefined, false]
          : [{ ...record, packs: [...record.packs, pack] }, true],
      );
    },
    async markConsumed(guildId, entitlementId, at) {
      await update(guildId, (record) => [
        withPack(record, entitlementId, (pack) =>
          pack.consumedAt === undefined ? { ...pack, consumedAt: at } : undefined,
        ),
        undefined,
      ]);
    },
    refund(guildId, entitlementId, at) {
      return update(guildId, (record) => {
        const next = withPack(record, entitlementId, (pack) =>
          pack.refundedAt === undefined ? { ...pack, refundedAt: at } : undefined,
        );
        return [next, next !== undefined];
      });
    },
    async guildOf(entitlementId) {
      for await (const page of store.keys(CREDITS_PREFIX))
        for (const key of page) {
          const guildId = key.slice(CREDITS_PREFIX.length);
          if ((await read(guildId)).packs.some((pack) => pack.entitlementId === entitlementId))
            return guildId;
        }
      return undefined;
    },
    async *unconsumed() {
      for await (const page of store.keys(CREDITS_PREFIX))
        for (const key of page) {
          const guildId = key.slice(CREDITS_PREFIX.length);
          for (const pack of (await read(guildId)).packs)
            if (pack.consumedAt === undefined && pack.refundedAt === undefined) yield { guildId, pack };
        }
    },
  };
}
