import { defineConfig } from 'vitest/config';

/**
 * The end-to-end files whose interactions run both ways: over the gateway (in `main`, with every
 * file) and again over HTTP, to the bot's interactions endpoint (`http`; test/helpers/harness.ts).
 */
const INTERACTION_FILES = [
  'ask',
  'askAboutMessage',
  'askFiles',
  'askFilesDeadline',
  'askForm',
  'askQuote',
  'badInput',
  'caches',
  'componentsV2',
  'conversation',
  'discordFaults',
  'displayNames',
  'dmSpend',
  'imagine',
  'languages',
  'languagesConfig',
  'languagesImages',
  'languagesSpend',
  'limits',
  'metrics',
  'paidPlans',
  'planReports',
  'roleRules',
  'serviceFaults',
  'serviceKey',
  'serviceKeyReports',
  'settings',
  'spend',
  'storeFaults',
  'summarize',
  'tokenExpiry',
  'usageExport',
  'userInstall',
  'userInstallLimits',
].map((name) => `test/e2e/${name}.test.ts`);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // expect.poll waits for a state; its default of 1 s is too short on a machine whose cores are busy.
    expect: { poll: { timeout: 15_000 } },
    // End-to-end files each start their own fakes and bot on loopback ports; two cores.
    pool: 'forks',
    fileParallelism: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['test/**/*.test.ts'],
          // Throwaway PostgreSQL and Redis servers for the store contract tests (test/contract).
          globalSetup: ['test/helpers/servers.ts'],
        },
      },
      { extends: true, test: { name: 'http', include: INTERACTION_FILES, env: { E2E_TRANSPORT: 'http' } } },
    ],
  },
});
