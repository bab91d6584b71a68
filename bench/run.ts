/**
 * `npm run bench` (builds first; `npm run bench -- --quick` for a short smoke run): every
 * benchmark as a child process of its own, one after another (so none slows another), then ONE
 * combined table of their figures, with the machine they ran on.
 *
 * Benchmarks, in order (a file that does not exist is skipped with a line saying so):
 * - bench/sideBySide.ts: streaming, ours beside three reference policies at 1/10/50/200 replies;
 * - bench/capacity.ts: concurrent streams one bot process carries;
 * - bench/startup.ts: start-up;
 * - bench/ledger.ts, bench/stores.ts: the ledger on SQLite; the three stores side by side;
 * - bench/roleChecks.ts: a member's rule per role at admission (250 roles, 50 rules);
 * - bench/imagine.ts: /imagine's added time; bench/files.ts: members' files read as text;
 * - bench/load.ts: 200 /ask at once;
 * - bench/interactions.ts: interactions over HTTP (the endpoint's cost, idle servers, two workers);
 * - the scale part (issue 18): bench/scale.ts (idle servers, messages not for the bot),
 *   bench/history.ts (ledger open and /usage over 400 days, retention over 460 simulated days),
 *   bench/export.ts (/usage export of 200,000 rows), bench/soak.ts (a 10-minute soak).
 * Each writes its figures to bench/results/<name>.json; each one's output goes to
 * bench/results/<name>.log. This prints the table and writes bench/results/summary.json.
 *
 * A full run of every benchmark then writes docs/performance.md's generated tables (bench/docsTables.ts).
 * Quick mode sets BENCH_QUICK=1 for every benchmark (each shortens itself: short replies, fewer
 * levels and runs), plus BENCH_IMAGINE_RUNS=2 and BENCH_LOAD_CHANNELS=20 for the two that do not
 * read BENCH_QUICK. BENCH_ONLY=sideBySide,ledger runs only those; `tsx bench/run.ts --report`
 * runs nothing and prints the table of the results already in bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeDocsTables } from './docsTables/write.js';
import { BENCHES, only, quick, reportOnly } from './run/benches.js';
import { machine, type Outcome, round, runBench } from './run/runBench.js';
import { section } from './run/section.js';

mkdirSync('bench/results', { recursive: true });
const host = machine();
const began = Date.now();
if (!reportOnly) {
  console.error(
    `bench: ${quick ? 'quick' : 'full'} run on ${host.cores} × ${host.cpu}, ${host.ramGiB} GiB, Node ${host.node}`,
  );
}
const outcomes: Outcome[] = [];
for (const bench of BENCHES) outcomes.push(await runBench(bench));
const totalSeconds = round((Date.now() - began) / 1000);

const sections = BENCHES.map((bench, index) => [bench, outcomes[index] as Outcome] as const)
  .filter(([, outcome]) => outcome.status !== 'skipped')
  .map(([bench, outcome]) => section(outcome, bench));
const ran = outcomes.filter((outcome) => ['ok', 'missed', 'failed'].includes(outcome.status));
const machineRows: [string, string][] = [
  ['CPU', `${host.cores} × ${host.cpu}`],
  ['RAM', `${host.ramGiB} GiB`],
  ['Node', host.node],
  ['date', host.date],
  ['load average (1 min) at start', String(host.loadAverage1mAtStart)],
  ['mode', reportOnly ? 'report of the results in bench/results/' : quick ? 'quick (BENCH_QUICK=1)' : 'full'],
];
if (!reportOnly) {
  machineRows.push(
    [
      'durations',
      ran
        .map(
          (outcome) =>
            `${outcome.name} ${outcome.seconds} s${outcome.status === 'ok' ? '' : ` (${outcome.status})`}`,
        )
        .join(', '),
    ],
    ['total (without the build)', `${totalSeconds} s`],
  );
}
const labelWidth = Math.max(...machineRows.map(([label]) => label.length));
const machineSection = [
  '== Machine ==',
  ...machineRows.map(([label, value]) => `${label.padEnd(labelWidth)}  ${value}`),
].join('\n');
const text = [...sections, machineSection].join('\n\n');
console.log(text);
if (!reportOnly) {
  writeFileSync(
    'bench/results/summary.json',
    `${JSON.stringify(
      {
        date: host.date,
        quick,
        machine: host,
        totalSeconds,
        benches: Object.fromEntries(
          outcomes.map((outcome) => [
            outcome.name,
            { status: outcome.status, seconds: outcome.seconds, result: outcome.result ?? null },
          ]),
        ),
        table: text,
      },
      null,
      2,
    )}\n`,
  );
}
// A full run of every bench rewrites docs/performance.md's generated tables (npm run bench:docs);
// a quick or partial run leaves the docs alone.
if (!reportOnly && !quick && !only) {
  writeDocsTables({ resultsDir: resolve('bench/results'), docsFile: resolve('docs/performance.md') });
  console.error('bench: docs/performance.md tables written from bench/results (npm run bench:docs)');
}
// A crash or a missed target makes the whole run fail: the table above says which.
process.exitCode = outcomes.some((outcome) => outcome.status === 'failed' || outcome.status === 'missed')
  ? 1
  : 0;
