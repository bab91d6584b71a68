/**
 * Vitest globalSetup: the PostgreSQL and Redis servers the store contract tests (test/contract)
 * run against (src/localService/harness/storeServers.ts says which), handed to them with
 * `provide` (`inject('postgresUrl')`, `inject('redisUrl')`).
 */
import type { TestProject } from 'vitest/node';
import startStoreServers from '../../src/localService/harness/storeServers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL whose user may create databases; undefined: PostgreSQL tests skipped. */
    postgresUrl: string | undefined;
    /** A Redis server URL (logical database 0); undefined: Redis tests skipped. */
    redisUrl: string | undefined;
  }
}

export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return startStoreServers({ provide: (key, value) => project.provide(key, value) });
}
