/**
 * A credit pack is credited exactly once, then consumed at Discord: the pack goes into the credit
 * book (one write, keyed by the entitlement id: a repeat is a no-op), then the entitlement is
 * consumed, then the book notes it consumed. A process killed anywhere in between leaves one of
 * three states, each finished by the next start (`resume`), by the next listing, or by the next
 * time Discord shows the entitlement:
 * - not credited, not consumed: Discord still lists it unconsumed, so it is credited then;
 * - credited, not consumed: the book has it without `consumedAt`: it is consumed then;
 * - consumed at Discord, not noted: Discord says so when asked, and it is noted without a second
 *   consume.
 *
 * Which server a pack credits: the entitlement's `guild_id` when Discord gives one; otherwise the
 * server where its buyer next uses the bot (an interaction there carries it). A pack seen without
 * a server (an event or a listing) waits, unconsumed at Discord, until then. Only the process
 * whose shards hold the server writes its book.
 */
import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { Logger } from '../lib/logger.js';
import type { Plans } from '../spend/plans.js';
import type { CreditBook } from './creditBook.js';
import type { EntitlementFacts } from './entitlementCache.js';

/** What the bot asks Discord about entitlements (src/discord/entitlementPort.ts). */
export interface EntitlementPort {
  /** A page of the app's entitlements, not ended or deleted, after `after` in id order (at most 100). */
  list(after: string | undefined): Promise<readonly EntitlementFacts[]>;
  /** One entitlement; undefined when Discord does not know it. */
  get(id: string): Promise<EntitlementFacts | undefined>;
  /** Consumes a consumable's entitlement (a repeat is harmless). */
  consume(id: string): Promise<void>;
}

export interface CreditPacks {
  /** An entitlement Discord showed (`inGuild`: the server of the interaction that carried it). */
  seen(entitlement: EntitlementFacts, inGuild?: string | null): Promise<void>;
  /** Finishes every pack credited and not noted consumed (at start, and after each listing). */
  resume(): Promise<void>;
}

export interface CreditPacksDeps {
  readonly plans: Plans;
  readonly book: CreditBook;
  readonly discord: Pick<EntitlementPort, 'get' | 'consume'>;
  /** Whether this process writes the server's state (its shard is here). */
  readonly owns: (guildId: string) => boolean;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  readonly now: () => number;
}

export function createCreditPacks(deps: CreditPacksDeps): CreditPacks {
  const { book, logger } = deps;
  // One entitlement at a time: an interaction and an event may show the same pack together.
  const queue = createKeyedQueue();

  async function consumeAndNote(guildId: string, entitlementId: string): Promise<void> {
    const current = await deps.discord.get(entitlementId);
    if (!current?.consumed) await deps.discord.consume(entitlementId);
    await book.markConsumed(guildId, entitlementId, deps.now());
    logger.info({ guildId, entitlementId }, 'credit pack consumed at Discord');
  }

  async function creditPack(entitlement: EntitlementFacts, guildId: string, micros: number): Promise<void> {
    if (entitlement.deleted) {
      if (await book.refund(guildId, entitlement.id, deps.now()))
        logger.warn(
          { guildId, entitlementId: entitlement.id, micros },
          'credit pack refunded: its credit is taken off',
        );
      return;
    }
    const credited = await book.credit(guildId, {
      entitlementId: entitlement.id,
      skuId: entitlement.skuId,
      micros,
      userId: entitlement.userId,
      at: deps.now(),
    });
    if (credited) logger.info({ guildId, entitlementId: entitlement.id, micros }, 'credit pack credited');
    const pack = (await book.read(guildId)).packs.find((known) => known.entitlementId === entitlement.id);
    // Consumed elsewhere before it was credited here: not this bot's to credit.
    if (pack && pack.consumedAt === undefined && pack.refundedAt === undefined)
      await consumeAndNote(guildId, entitlement.id);
  }

  return {
    seen(entitlement, inGuild = null) {
      const sku = deps.plans.skus.get(entitlement.skuId);
      if (sku?.kind !== 'credit') return Promise.resolve();
      // A consumed one the book lacks was not bought for this bot's credit (or was folded away).
      if (entitlement.consumed && !entitlement.deleted) return Promise.resolve();
      const known = entitlement.guildId ?? inGuild;
      return queue
        .run(entitlement.id, async () => {
          // A refund names no server for a member's purchase: the book knows where it went.
          const guildId = known ?? (entitlement.deleted ? await book.guildOf(entitlement.id) : undefined);
          if (guildId === undefined || guildId === null || !deps.owns(guildId)) return;
          await creditPack(entitlement, guildId, sku.micros);
        })
        .catch((error: unknown) =>
          logger.error(
            { err: error, guildId: known, entitlementId: entitlement.id },
            'credit pack: not finished; finished at the next listing or start',
          ),
        );
    },
    async resume() {
      for await (const { guildId, pack } of book.unconsumed()) {
        if (!deps.owns(guildId)) continue;
        await queue
          .run(pack.entitlementId, () => consumeAndNote(guildId, pack.entitlementId))
          .catch((error: unknown) =>
            logger.error(
              { err: error, guildId, entitlementId: pack.entitlementId },
              'credit pack: credited but not consumed yet; tried again at the next listing',
            ),
          );
      }
    },
  };
}
