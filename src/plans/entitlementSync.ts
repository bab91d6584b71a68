/**
 * Keeps the subscriptions held (entitlementCache.ts) and the credit packs (creditPacks.ts) in step
 * with Discord's own list: a paged listing (100 at a time, ended and deleted ones left out) at
 * start and every `everyMs` (ENTITLEMENT_SYNC_MINUTES), for what the gateway's events did not
 * bring: a process on another shard than 0 (Discord sends entitlement events to shard 0 only), a
 * gateway outage, a restart. The listing replaces what was held: a subscription it no longer
 * shows was ended or removed. Each page is applied as it comes, so memory holds one page.
 */
import type { Logger } from '../lib/logger.js';
import type { CreditPacks, EntitlementPort } from './creditPacks.js';
import type { EntitlementCache } from './entitlementCache.js';

/** Most pages one listing reads: 200,000 entitlements; past that it stops and says so. */
export const MAX_LIST_PAGES = 2_000;

export interface EntitlementSync {
  /** One listing now (and the packs it shows); resolves with the entitlements read. */
  sync(): Promise<number>;
  start(): Promise<void>;
  stop(): void;
}

export interface EntitlementSyncDeps {
  readonly cache: Pick<EntitlementCache, 'replaceAll'>;
  readonly packs: CreditPacks;
  readonly discord: Pick<EntitlementPort, 'list'>;
  readonly everyMs: number;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export function createEntitlementSync(deps: EntitlementSyncDeps): EntitlementSync {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function listAll(): Promise<number> {
    const replacing = deps.cache.replaceAll();
    let after: string | undefined;
    let count = 0;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const entitlements = await deps.discord.list(after);
      for (const entitlement of entitlements) {
        replacing.add(entitlement);
        await deps.packs.seen(entitlement);
      }
      count += entitlements.length;
      if (entitlements.length < 100) {
        replacing.done();
        await deps.packs.resume();
        return count;
      }
      after = entitlements.at(-1)?.id;
    }
    // Not all read: keep what was held as well (done() would drop what the rest holds).
    replacing.abandon();
    deps.logger.warn({ count }, 'entitlements: the listing stopped at its page limit');
    return count;
  }

  const sync = () => {
    running ??= listAll().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    sync,
    async start() {
      try {
        const count = await sync();
        deps.logger.info({ count }, 'entitlements: listed');
      } catch (error) {
        deps.logger.error(
          { err: error },
          'entitlements: could not list them at start; interactions and events still bring them, and the listing is tried again',
        );
      }
      timer ??= setInterval(() => {
        sync().catch((error: unknown) =>
          deps.logger.error({ err: error }, 'entitlements: the periodic listing failed; tried again later'),
        );
      }, deps.everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
