/**
 * Claims on Redis (claims.ts), the single-instance lock Redis documents: `SET key holder NX PX`
 * takes it; every third of CLAIM_TTL_MS a script extends it only if it still holds our value;
 * releasing deletes it only if it does. A renewal that finds it gone or someone else's, or that
 * cannot reach Redis before the claim would have expired, is a lost claim.
 */
import { createClient } from '@keyv/redis';
import { CLAIM_TTL_MS, type Claim, type Claims, type ClaimsOptions } from './claimTypes.js';

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

const keyOf = (name: string) => `discord-service-bot:claim:${name}`;

export async function redisClaims(databaseUrl: string, options: ClaimsOptions): Promise<Claims> {
  const client = createClient({ url: databaseUrl, disableOfflineQueue: true });
  client.on('error', () => undefined); // a failed renewal says it; the client reconnects meanwhile
  await client.connect();
  const renewals = new Map<string, NodeJS.Timeout>();
  const ttlMs = options.ttlMs ?? CLAIM_TTL_MS;

  return {
    async claim(name, holder) {
      const set = await client.set(keyOf(name), holder, { NX: true, PX: ttlMs });
      if (set !== 'OK') return { ok: false, holder: (await client.get(keyOf(name))) ?? undefined };
      let renewedAt = Date.now();
      const lose = (why: string) => {
        clearInterval(renewals.get(name));
        renewals.delete(name);
        options.onLost(name, why);
      };
      const renew = async () => {
        try {
          const kept = await client.eval(RENEW, { keys: [keyOf(name)], arguments: [holder, String(ttlMs)] });
          if (kept !== 1) return lose('the claim expired or was taken');
          renewedAt = Date.now();
        } catch (error) {
          if (Date.now() - renewedAt >= ttlMs) lose(`Redis did not answer: ${(error as Error).message}`);
        }
      };
      const timer = setInterval(() => void renew(), ttlMs / 3);
      timer.unref();
      renewals.set(name, timer);
      const claim: Claim = {
        name,
        async release() {
          const timer = renewals.get(name);
          if (timer === undefined) return;
          clearInterval(timer);
          renewals.delete(name);
          await client.eval(RELEASE, { keys: [keyOf(name)], arguments: [holder] });
        },
      };
      return { ok: true, claim };
    },
    async holder(name) {
      return (await client.get(keyOf(name))) ?? undefined;
    },
    async close() {
      for (const timer of renewals.values()) clearInterval(timer);
      renewals.clear();
      await client.close();
    },
  };
}
