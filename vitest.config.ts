import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // End-to-end files each start their own fakes and bot on loopback ports; two cores.
    pool: 'forks',
    fileParallelism: true,
  },
});
