/**
 * The PostgreSQL and Redis servers the store tests and bench/stores.ts run against, handed over
 * with `provide('postgresUrl', …)` and `provide('redisUrl', …)` (test/helpers/servers.ts, the
 * vitest globalSetup, passes vitest's). Part of the harness that the tests and the bench share
 * (this folder); the bot itself never imports it.
 *
 * For each kind, in order:
 * - `TEST_POSTGRES_URL` / `TEST_REDIS_URL` set: that server is used (it must be a throwaway one:
 *   the tests create and drop databases on PostgreSQL, and empty Redis logical databases 1–15).
 *   The value `off` skips the kind without looking for a server.
 * - else, when the server's binaries are installed (pg_ctl and initdb in PATH or in
 *   /usr/lib/postgresql/<version>/bin, Debian's place; redis-server in PATH), a throwaway server is
 *   started on 127.0.0.1 on a free port, its data in a new temporary directory, and stopped and
 *   removed at teardown. Starting one that is installed must work: a failure throws (a red run).
 * - else the kind's tests are skipped, and one line says why.
 */
import { startRedis } from './redis.js';
import { findInPath, findPostgresBin, type RunningServer, startPostgres } from './servers.js';

/** Where the servers' URLs go (vitest's TestProject has this method). */
export interface ServerUrlsSink {
  provide(key: 'postgresUrl' | 'redisUrl', value: string | undefined): void;
}

type Found =
  | { readonly url: string }
  | { readonly start: () => Promise<RunningServer> }
  | { readonly skip: string };

/** What to do for each kind: a given server, one to start, or why its tests are skipped. */
export function plan(env: NodeJS.ProcessEnv = process.env): { postgres: Found; redis: Found } {
  const given = (name: string, kind: string, find: () => Found): Found => {
    const value = env[name];
    if (value === 'off') return { skip: `store contract: ${kind} tests skipped: ${name}=off` };
    if (value) return { url: value };
    return find();
  };
  return {
    postgres: given('TEST_POSTGRES_URL', 'PostgreSQL', () => {
      const bin = findPostgresBin(env.PATH ?? '');
      return bin
        ? { start: () => startPostgres(bin) }
        : {
            skip: 'store contract: PostgreSQL tests skipped: no pg_ctl/initdb found (install postgresql, or set TEST_POSTGRES_URL)',
          };
    }),
    redis: given('TEST_REDIS_URL', 'Redis', () => {
      const binary = findInPath('redis-server', env.PATH ?? '');
      return binary
        ? { start: () => startRedis(binary) }
        : {
            skip: 'store contract: Redis tests skipped: no redis-server found (install redis-server, or set TEST_REDIS_URL)',
          };
    }),
  };
}

export default async function startStoreServers(project: ServerUrlsSink): Promise<() => Promise<void>> {
  const planned = plan();
  const running: RunningServer[] = [];
  const killAll = () => {
    for (const server of running) server.kill();
  };
  process.once('exit', killAll);
  const teardown = async () => {
    process.off('exit', killAll);
    const results = await Promise.allSettled(running.splice(0).map((server) => server.stop()));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  // Both start at once; if either fails, the other is stopped before the error is thrown.
  const urls = await Promise.allSettled(
    [planned.postgres, planned.redis].map(async (found): Promise<string | undefined> => {
      if ('url' in found) return found.url;
      if ('skip' in found) {
        console.warn(found.skip);
        return undefined;
      }
      const server = await found.start();
      running.push(server);
      return server.url;
    }),
  );
  const failed = urls.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown().catch(() => undefined);
    throw failed.reason;
  }
  const [postgresUrl, redisUrl] = urls.map((result) =>
    result.status === 'fulfilled' ? result.value : undefined,
  );
  project.provide('postgresUrl', postgresUrl);
  project.provide('redisUrl', redisUrl);
  return teardown;
}
