/**
 * The shared store the two workers claim their shards in (part 4): a throwaway PostgreSQL server
 * as bench/stores.ts gets one (src/localService/harness/storeServers.ts's plan: TEST_POSTGRES_URL,
 * or pg_ctl and initdb installed), else Redis the same way; only the one used is started. Each
 * `fresh()` is an empty database on it.
 */
import { openStore } from '../../src/lib/store.js';
import { withDatabase, withPostgres } from '../../src/localService/harness/databaseUrls.js';
import type { RunningServer } from '../../src/localService/harness/servers.js';
import { plan } from '../../src/localService/harness/storeServers.js';

export interface SharedStore {
  readonly kind: 'postgres' | 'redis';
  /** A new, empty database on the server. */
  fresh(): Promise<string>;
  stop(): Promise<void>;
}

/** PostgreSQL, else Redis, else why neither is there. */
export async function startSharedStore(): Promise<SharedStore | { readonly skipped: string }> {
  const planned = plan();
  const reasons: string[] = [];
  for (const kind of ['postgres', 'redis'] as const) {
    const found = planned[kind];
    if ('skip' in found) {
      reasons.push(found.skip);
      continue;
    }
    const server: RunningServer | undefined = 'start' in found ? await found.start() : undefined;
    const url = 'url' in found ? found.url : (server as RunningServer).url;
    process.once('exit', () => server?.kill());
    let databases = 0;
    return {
      kind,
      async fresh() {
        databases += 1;
        const name = `bench_interactions_${Date.now()}_${databases}`;
        if (kind === 'postgres') {
          await withPostgres(url, (client) => client.query(`CREATE DATABASE ${name}`));
          return withDatabase(url, name);
        }
        const fresh = withDatabase(url, String((databases % 15) + 1));
        const store = await openStore(fresh);
        await store.clear();
        await store.disconnect();
        return fresh;
      },
      stop: async () => server?.stop(),
    };
  }
  return { skipped: reasons.join('; ') };
}
