/**
 * Claims (src/lib/stores/claims.ts) on the real PostgreSQL and Redis: one holder per name, who it
 * is, a clean release, and a holder that dies: on PostgreSQL its lock ends with its connection at
 * once; on Redis its claim expires, and a holder whose claim was taken away is told it lost it.
 */
import { createClient } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { type Claims, openClaims } from '../../src/lib/stores/claims.js';
import { serverUrl, storeUrls } from '../helpers/storeUrls.js';

for (const kind of ['postgres', 'redis'] as const) {
  describe.skipIf(serverUrl(kind) === undefined)(`claims (${kind})`, () => {
    const stores = storeUrls(kind);
    const opened: Claims[] = [];
    const open = async (url: string, lost: string[] = [], ttlMs?: number) => {
      const claims = await openClaims(url, {
        onLost: (name, why) => lost.push(`${name}: ${why}`),
        ...(ttlMs !== undefined && { ttlMs }),
      });
      if (!claims) throw new Error(`${kind} has claims`);
      opened.push(claims);
      return claims;
    };
    const closeAll = async () => {
      for (const claims of opened.splice(0)) await claims.close().catch(() => undefined);
    };

    it('gives a name to one process at a time, says who holds it, and lets it go', async () => {
      const url = await stores.fresh();
      try {
        const first = await open(url);
        const second = await open(url);
        const taken = await first.claim('shard-1-of-2', 'http://10.0.0.5:8081');
        expect(taken.ok).toBe(true);
        expect(await second.claim('shard-1-of-2', 'http://10.0.0.6:8081')).toEqual({
          ok: false,
          holder: 'http://10.0.0.5:8081',
        });
        expect(await second.holder('shard-1-of-2')).toBe('http://10.0.0.5:8081');
        expect((await second.claim('shard-0-of-2', 'http://10.0.0.6:8081')).ok).toBe(true);
        if (taken.ok) await taken.claim.release();
        expect(await second.holder('shard-1-of-2')).toBeUndefined();
        expect((await second.claim('shard-1-of-2', 'http://10.0.0.6:8081')).ok).toBe(true);
      } finally {
        await closeAll();
      }
    });

    it('opens on a new database from several processes at once', async () => {
      const url = await stores.fresh();
      try {
        const all = await Promise.all(Array.from({ length: 6 }, () => open(url)));
        const results = await Promise.all(
          all.map((claims, i) => claims.claim('shard-0-of-1', `worker ${i}`)),
        );
        expect(results.filter((result) => result.ok)).toHaveLength(1);
      } finally {
        await closeAll();
      }
    });

    it('frees the name of a holder that is gone', async () => {
      const url = await stores.fresh();
      try {
        const first = await open(url, [], 600);
        const second = await open(url);
        expect((await first.claim('shard-0-of-1', 'gone')).ok).toBe(true);
        // Its process dies: the connection ends without a release.
        await first.close();
        // PostgreSQL frees the lock with the connection; Redis when the claim expires (600 ms here).
        await expect
          .poll(async () => (await second.claim('shard-0-of-1', 'next')).ok, { interval: 50 })
          .toBe(true);
        expect(await second.holder('shard-0-of-1')).toBe('next');
      } finally {
        await closeAll();
      }
    });

    it.runIf(kind === 'redis')('tells a holder whose claim was taken away that it lost it', async () => {
      const url = await stores.fresh();
      const lost: string[] = [];
      try {
        const claims = await open(url, lost, 600);
        expect((await claims.claim('shard-0-of-1', 'me')).ok).toBe(true);
        const other = createClient({ url });
        await other.connect();
        await other.set('discord-service-bot:claim:shard-0-of-1', 'someone else');
        await other.close();
        await expect
          .poll(() => lost, { interval: 50 })
          .toEqual(['shard-0-of-1: the claim expired or was taken']);
      } finally {
        await closeAll();
      }
    });
  });
}
