/**
 * Exclusive claims on names, held by one process while it lives: which process owns a shard's
 * servers when several share one store (interactions/shardOwners.ts). Each shared store uses its
 * own primitive, so a claim ends when its holder dies, without anyone waiting for a timeout where
 * the store can tell:
 * - PostgreSQL: a session-level advisory lock on a connection of its own (claimsPostgres.ts): the
 *   server drops it the moment that connection ends; a row beside it names the holder.
 * - Redis: the documented single-instance lock (`SET key holder NX PX`, renewed, released by a
 *   script only if still ours: claimsRedis.ts); a holder that dies loses it within CLAIM_TTL_MS.
 * SQLite has none: it is one machine's file, and the bot refuses several workers on it.
 */
import { storeKind } from './backend.js';
import type { Claims, ClaimsOptions } from './claimTypes.js';

export { CLAIM_TTL_MS, type Claim, type ClaimResult, type Claims, type ClaimsOptions } from './claimTypes.js';

/** The claims of a PostgreSQL or Redis store; undefined for SQLite. */
export async function openClaims(databaseUrl: string, options: ClaimsOptions): Promise<Claims | undefined> {
  switch (storeKind(databaseUrl)) {
    case 'postgres':
      return (await import('./claimsPostgres.js')).postgresClaims(databaseUrl, options);
    case 'redis':
      return (await import('./claimsRedis.js')).redisClaims(databaseUrl, options);
    default:
      return undefined;
  }
}
