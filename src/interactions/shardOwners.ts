/**
 * Which worker owns each shard's servers, when several workers share one store and a load
 * balancer hands each of them any interaction. A server's state has one writer (its queue, fair
 * use, budgets, ledger, conversations: see docs/architecture.md), the process that owns its
 * shard, as with gateway shards. Each worker claims its shards in the store (lib/stores/claims.ts)
 * saying where it is reached, and forwards an interaction of another shard's server to its owner,
 * unchanged: the owner checks Discord's signature itself, so forwarding needs no secret of its own.
 */
import { Agent, request } from 'undici';
import type { Logger } from '../lib/logger.js';
import type { ShardSet } from '../lib/shards.js';
import { CLAIM_TTL_MS, type Claim, type Claims } from '../lib/stores/claims.js';
import { type EndpointAnswer, FORWARDED_HEADER, type SignedRequest } from './endpoint.js';

/** How long an owner's address is reused before it is read from the store again. */
export const OWNER_CACHE_MS = 5_000;
/**
 * Longer than the owner takes to answer (ACK_DEADLINE_MS, 2.8 s), within Discord's 3 s: an owner
 * that has the interaction always answers first, so it is never also refused on its behalf.
 */
const FORWARD_TIMEOUT_MS = 2_950;

/** Errors before the owner could have read the request: another owner may be tried. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export const claimName = (shard: number, count: number) => `interactions-shard-${shard}-of-${count}`;

export interface ShardOwners {
  /** Claims this process's shards; rejects, naming the holder, when another process has one. */
  claimOwn(): Promise<void>;
  /** The owner's answer to the signed request, or undefined when no owner answered. */
  forward(shard: number, signed: SignedRequest): Promise<EndpointAnswer | undefined>;
  /** Gives this process's shards up (a clean stop). */
  release(): Promise<void>;
}

export interface ShardOwnersOptions {
  readonly claims: Claims;
  readonly shards: ShardSet;
  /** How the other workers reach this one's endpoint (INTERACTIONS_PEER_URL), e.g. http://10.0.0.5:8081. */
  readonly selfUrl: string;
  readonly logger: Pick<Logger, 'info' | 'warn'>;
  /** How long to wait for the claim this worker's previous run (same address) may still hold (Redis: until it expires). */
  readonly claimWaitMs?: number;
}

export function createShardOwners(options: ShardOwnersOptions): ShardOwners {
  const { claims, shards, logger } = options;
  const held: Claim[] = [];
  const owners = new Map<number, { url: string; at: number }>();
  const self = JSON.stringify({ url: options.selfUrl, pid: process.pid });
  // Its own pool: undici's global one would also carry discord.js's uploads, and break them.
  const dispatcher = new Agent({ keepAliveTimeout: 30_000 });

  const ownerOf = (holder: string): string | undefined => {
    try {
      return (JSON.parse(holder) as { url?: string }).url;
    } catch {
      return undefined;
    }
  };

  const ownerUrl = async (shard: number, fresh: boolean): Promise<string | undefined> => {
    const cached = owners.get(shard);
    if (!fresh && cached && Date.now() - cached.at < OWNER_CACHE_MS) return cached.url;
    const holder = await claims.holder(claimName(shard, shards.count));
    const url = holder === undefined ? undefined : ownerOf(holder);
    if (url === undefined) owners.delete(shard);
    else owners.set(shard, { url, at: Date.now() });
    return url;
  };

  const send = async (url: string, signed: SignedRequest): Promise<EndpointAnswer | undefined> => {
    try {
      const response = await request(`${url}/interactions`, {
        dispatcher,
        method: 'POST',
        body: signed.body,
        headers: {
          'content-type': 'application/json',
          'x-signature-ed25519': signed.signature,
          'x-signature-timestamp': signed.timestamp,
          [FORWARDED_HEADER]: options.selfUrl,
        },
        headersTimeout: FORWARD_TIMEOUT_MS,
        bodyTimeout: FORWARD_TIMEOUT_MS,
      });
      const body = await response.body.text();
      // 421: it no longer owns the shard (it stopped, or the claim moved): ask the store again.
      if (response.statusCode === 421) return undefined;
      const type = response.headers['content-type'];
      return {
        status: response.statusCode,
        ...(body !== '' && { body }),
        ...(typeof type === 'string' && { contentType: type }),
      };
    } catch (error) {
      logger.warn({ url, err: error }, 'the worker that owns a shard did not answer a forwarded interaction');
      // Sent and not answered in time: the owner has it (and Discord's 3 s are over anyway).
      if (!NOT_SENT.has(String((error as { code?: unknown }).code))) return { status: 202 };
      return undefined;
    }
  };

  return {
    async claimOwn() {
      const until = Date.now() + (options.claimWaitMs ?? CLAIM_TTL_MS + 2_000);
      for (const shard of shards.ids) {
        const name = claimName(shard, shards.count);
        for (;;) {
          const result = await claims.claim(name, self);
          if (result.ok) {
            held.push(result.claim);
            break;
          }
          const holder = result.holder === undefined ? 'unknown' : result.holder;
          // Only this worker's previous run (same address) is waited for: its claim is ending.
          const previousRun = result.holder !== undefined && ownerOf(result.holder) === options.selfUrl;
          if (!previousRun || Date.now() >= until)
            throw new Error(
              `shard ${shard} of ${shards.count} is owned by another worker (${holder}): each shard must run in exactly one process`,
            );
          logger.info(
            { shard, holder },
            'waiting for a shard another worker claimed (a previous run of this one?)',
          );
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
    },
    async forward(shard, signed) {
      const url = await ownerUrl(shard, false);
      const answer = url === undefined ? undefined : await send(url, signed);
      if (answer !== undefined) return answer;
      // The owner moved or restarted: once more with its address read again.
      const again = await ownerUrl(shard, true);
      return again === undefined || again === url ? undefined : send(again, signed);
    },
    async release() {
      for (const claim of held.splice(0)) await claim.release().catch(() => undefined);
      await dispatcher.close();
    },
  };
}
