/** What `npm run bench` runs, and how it was asked to (quick, report only, only some). */

export const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
/** `--report`: run nothing, print the table from the results already in bench/results/. */
export const reportOnly = process.argv.includes('--report');
export const only = process.env.BENCH_ONLY?.split(',');
/** `--long`: the soak runs an hour instead of 10 minutes. */
export const long = process.argv.includes('--long');

export interface Bench {
  readonly name: string;
  readonly title: string;
  readonly env?: Record<string, string>;
  readonly quickEnv?: Record<string, string>;
}

export const BENCHES: Bench[] = [
  { name: 'sideBySide', title: 'Streaming side by side' },
  { name: 'capacity', title: 'Capacity' },
  { name: 'startup', title: 'Start-up' },
  { name: 'ledger', title: 'Ledger (SQLite)' },
  { name: 'stores', title: 'Stores' },
  { name: 'roleChecks', title: 'Rules per role: the check per request (target p95 < 50 µs)' },
  { name: 'plans', title: 'Paid plans: the gate per request, the entitlement cache at its bound' },
  { name: 'imagine', title: 'Images (/imagine)', quickEnv: { BENCH_IMAGINE_RUNS: '2' } },
  { name: 'files', title: 'Files as text: a 100-page PDF, a 5 MB CSV, a decompression bomb' },
  { name: 'load', title: 'Load', quickEnv: { BENCH_LOAD_CHANNELS: '20' } },
  {
    name: 'interactions',
    title: 'Interactions over HTTP: the endpoint, idle servers, two workers beside one gateway process',
  },
  { name: 'scale', title: 'Scale: idle servers and messages not for the bot' },
  { name: 'history', title: 'Scale: history, /usage and retention (SQLite)' },
  { name: 'export', title: 'Scale: /usage export' },
  // `npm run bench -- --long`: the hour-long soak (BENCH_SOAK_MINUTES may say any length).
  { name: 'soak', title: 'Scale: soak', ...(long && { env: { BENCH_SOAK_MINUTES: '60' } }) },
];
