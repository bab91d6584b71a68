import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // expect.poll waits for a state; its default of 1 s is too short on a machine whose cores are busy.
    expect: { poll: { timeout: 15_000 } },
    // End-to-end files each start their own fakes and bot on loopback ports; two cores.
    pool: 'forks',
    fileParallelism: true,
    // Throwaway PostgreSQL and Redis servers for the store contract tests (test/contract).
    globalSetup: ['test/helpers/servers.ts'],
  },
});
