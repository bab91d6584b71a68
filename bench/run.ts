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
 * - bench/imagine.ts: /imagine's added time; bench/load.ts: 200 /ask at once;
 * - the scale part (issue 18): bench/scale.ts (idle servers, messages not for the bot),
 *   bench/history.ts (ledger open and /usage over 400 days, retention over 460 simulated days),
 *   bench/export.ts (/usage export of 200,000 rows), bench/soak.ts (a 10-minute soak).
 * Each writes its figures to bench/results/<name>.json; each one's output goes to
 * bench/results/<name>.log. This prints the table and writes bench/results/summary.json.
 *
 * Quick mode sets BENCH_QUICK=1 for every benchmark (each shortens itself: short replies, fewer
 * levels and runs), plus BENCH_IMAGINE_RUNS=2 and BENCH_LOAD_CHANNELS=20 for the two that do not
 * read BENCH_QUICK. BENCH_ONLY=sideBySide,ledger runs only those; `tsx bench/run.ts --report`
 * runs nothing and prints the table of the results already in bench/results/.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { formatTable, type SideBySideReport, sideBySideTable } from './sideBySide.js';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
/** `--report`: run nothing, print the table from the results already in bench/results/. */
const reportOnly = process.argv.includes('--report');
const only = process.env.BENCH_ONLY?.split(',');

interface Bench {
  readonly name: string;
  readonly title: string;
  readonly env?: Record<string, string>;
  readonly quickEnv?: Record<string, string>;
}

const BENCHES: Bench[] = [
  { name: 'sideBySide', title: 'Streaming side by side' },
  { name: 'capacity', title: 'Capacity' },
  { name: 'startup', title: 'Start-up' },
  { name: 'ledger', title: 'Ledger (SQLite)' },
  { name: 'stores', title: 'Stores' },
  { name: 'roleChecks', title: 'Rules per role: the check per request (target p95 < 50 µs)' },
  { name: 'imagine', title: 'Images (/imagine)', quickEnv: { BENCH_IMAGINE_RUNS: '2' } },
  { name: 'load', title: 'Load', quickEnv: { BENCH_LOAD_CHANNELS: '20' } },
  { name: 'scale', title: 'Scale: idle servers and messages not for the bot' },
  { name: 'history', title: 'Scale: history, /usage and retention (SQLite)' },
  { name: 'export', title: 'Scale: /usage export' },
  { name: 'soak', title: 'Scale: soak' },
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const round = (value: number) => Math.round(value * 10) / 10;

function machine() {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    ramGiB: round(totalmem() / 1024 ** 3),
    node: process.version,
    date: new Date().toISOString(),
    loadAverage1mAtStart: round(loadavg()[0] ?? 0),
  };
}

interface Outcome {
  name: string;
  status: 'ok' | 'failed' | 'missing' | 'skipped';
  seconds: number;
  exitCode?: number | null;
  result?: JsonObject;
}

function readResult(file: string): JsonObject | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function runBench(bench: Bench): Promise<Outcome> {
  const file = `bench/${bench.name}.ts`;
  if (only && !only.includes(bench.name)) return { name: bench.name, status: 'skipped', seconds: 0 };
  if (reportOnly) {
    const result = readResult(`bench/results/${bench.name}.json`);
    return result
      ? { name: bench.name, status: 'ok', seconds: Number.NaN, result }
      : { name: bench.name, status: 'missing', seconds: 0 };
  }
  if (!existsSync(file)) {
    console.error(`bench: ${file} does not exist, skipped`);
    return { name: bench.name, status: 'missing', seconds: 0 };
  }
  const resultFile = `bench/results/${bench.name}.json`;
  const logFile = `bench/results/${bench.name}.log`;
  const started = Date.now();
  console.error(`bench: ${bench.name} … (output in ${logFile})`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env: {
      ...process.env,
      ...(quick && { BENCH_QUICK: '1', ...bench.quickEnv }),
      ...bench.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exitCode = await new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  await new Promise<void>((resolve) => log.end(resolve));
  const seconds = round((Date.now() - started) / 1000);
  // Only a result written by this run counts.
  const result =
    existsSync(resultFile) && statSync(resultFile).mtimeMs >= started ? readResult(resultFile) : undefined;
  const status = exitCode === 0 && result ? 'ok' : 'failed';
  console.error(
    `bench: ${bench.name} ${status} in ${seconds} s${exitCode === 0 ? '' : ` (exit ${exitCode})`}`,
  );
  if (status === 'failed') {
    console.error(
      readFileSync(logFile, 'utf8')
        .split('\n')
        .slice(-25)
        .map((line) => `  ${line}`)
        .join('\n'),
    );
  }
  return { name: bench.name, status, seconds, exitCode, ...(result && { result }) };
}

// ---- Formatting ----------------------------------------------------------------------------------

const SKIP_KEYS = new Set(['date', 'node', 'machine']);

function show(value: Json | undefined): string {
  if (value === undefined || value === null) return '-';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toLocaleString('en') : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((item) => show(item)).join(', ');
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, inner]) => `${key} ${show(inner)}`)
    .join(', ');
}

/** Every leaf as `a.b.c  value`; arrays of objects become tables of their own. */
function flatten(value: JsonObject, prefix = '', rows: string[][] = [], tables: string[] = []) {
  for (const [key, item] of Object.entries(value)) {
    if (SKIP_KEYS.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(item)) {
      flatten(item, path, rows, tables);
    } else if (Array.isArray(item) && item.length > 0 && item.every(isObject)) {
      tables.push(`${path}:\n${objectTable(item as JsonObject[])}`);
    } else {
      rows.push([path, show(item)]);
    }
  }
  return { rows, tables };
}

function objectTable(items: JsonObject[]): string {
  const columns = [...new Set(items.flatMap((item) => Object.keys(item)))];
  return formatTable([columns, ...items.map((item) => columns.map((column) => show(item[column])))], [0]);
}

function generic(result: JsonObject): string {
  const { rows, tables } = flatten(result);
  const parts = [];
  if (rows.length > 0) parts.push(formatTable([['measure', 'figure'], ...rows], [0, 1]));
  parts.push(...tables);
  return parts.join('\n\n');
}

const get = (value: Json | undefined, path: string): Json | undefined =>
  path.split('.').reduce<Json | undefined>((at, key) => (isObject(at) ? at[key] : undefined), value);

/**
 * Known figures as labelled rows (several paths: their values joined with " / "); falls back to
 * every figure when none of them is there.
 */
function picked(result: JsonObject, rows: [label: string, path: string | string[], unit?: string][]): string {
  const present = rows
    .map(([label, path, unit]) => {
      const values = (Array.isArray(path) ? path : [path]).map((one) => get(result, one));
      return values.every((value) => value === undefined)
        ? undefined
        : [label, `${values.map((value) => show(value)).join(' / ')}${unit ?? ''}`];
    })
    .filter((row): row is string[] => row !== undefined);
  if (present.length === 0) return generic(result);
  return formatTable([['measure', 'figure'], ...present], [0, 1]);
}

function storesTable(result: JsonObject): string {
  const rows = result.rows;
  if (!Array.isArray(rows) || !rows.every(isObject) || rows.length === 0) return generic(result);
  const kinds = rows as JsonObject[];
  const measures: [string, string, string?][] = [
    ['ledger charges per second', 'chargesPerSecond'],
    ['history load + append p50 / p95', 'historyP50Ms'],
    ['listing ledger scopes', 'listScopesMs', ' ms'],
    ['opening the ledger on them', 'ledgerOpenMs', ' ms'],
    ['migrate-store copy, records per second', 'copyRecordsPerSecond'],
  ];
  const body = measures.map(([label, key, unit]) => [
    label,
    ...kinds.map((kind) =>
      key === 'historyP50Ms'
        ? `${show(kind.historyP50Ms)} / ${show(kind.historyP95Ms)} ms`
        : `${show(kind[key])}${unit ?? ''}`,
    ),
  ]);
  const header = ['measure', ...kinds.map((kind) => show(kind.kind))];
  const machineLine = typeof result.machine === 'string' ? `\n(${result.machine}, servers on loopback)` : '';
  // The store holding many channels' histories (issue 12's target: SQLite, p95 < 2 ms).
  const histories = Array.isArray(result.histories) ? result.histories.filter(isObject) : [];
  const historyRows = histories.map((history) => [
    `${show(history.kind)}, ${show(history.channels)} channels stored`,
    ...['loadMs', 'loadAndAppendMs', 'wholeTurnMs'].map((key) => {
      const figures = isObject(history[key]) ? (history[key] as JsonObject) : {};
      return `${show(figures.p50)} / ${show(figures.p95)} / ${show(figures.p99)} ms`;
    }),
  ]);
  const historyTable = historyRows.length
    ? `\n\nhistory, one random channel: p50 / p95 / p99 (target on SQLite: load + append p95 < 2 ms)\n${formatTable(
        [['store', 'load', 'load + append', 'a whole turn (load, append, point to reply)'], ...historyRows],
        [0],
      )}`
    : '';
  return `${formatTable([header, ...body], [0])}${machineLine}${historyTable}`;
}

function historyTable(result: JsonObject): string {
  const head = picked(result, [
    ['scopes', 'scopes'],
    [
      'ledger open, 1 day / 400 days of history (target ≤ 2 s, the same)',
      ['open1Day.ms', 'open400Days.ms'],
      ' ms',
    ],
    [
      'heap added by the open, 1 / 400 days (target ≤ 64 MiB)',
      ['open1Day.heapAddedMiB', 'open400Days.heapAddedMiB'],
      ' MiB',
    ],
    [
      '/usage this month, cold: p50 / p95 / max (target p95 ≤ 300 ms)',
      ['usage.thisMonthMs.p50', 'usage.thisMonthMs.p95', 'usage.thisMonthMs.max'],
      ' ms',
    ],
    [
      '/usage all time (400 days), cold: p50 / p95 / max (target p95 ≤ 300 ms)',
      ['usage.allTimeMs.p50', 'usage.allTimeMs.p95', 'usage.allTimeMs.max'],
      ' ms',
    ],
    [
      'simulated traffic: servers, requests per server a day, days',
      ['retention.servers', 'retention.requestsPerServerPerDay', 'retention.days'],
    ],
  ]);
  const timeline = get(result, 'retention.timeline');
  const rows = Array.isArray(timeline) ? timeline.filter(isObject) : [];
  return rows.length > 0
    ? `${head}\n\nrecords in the store as days pass (retention: conversations 90 days, /imagine 30, entries 400):\n${objectTable(rows)}`
    : head;
}

function section(outcome: Outcome, bench: Bench): string {
  const took = Number.isFinite(outcome.seconds) ? `, ${outcome.seconds} s` : '';
  const head = `== ${bench.title} (bench/${bench.name}.ts${took}) ==`;
  if (outcome.status === 'missing') {
    return `== ${bench.title}: ${reportOnly ? `no bench/results/${bench.name}.json` : `bench/${bench.name}.ts not present`} ==`;
  }
  const result = outcome.result;
  if (!result) return `${head}\nfailed (exit ${outcome.exitCode}); see bench/results/${bench.name}.log`;
  let body: string;
  switch (bench.name) {
    case 'sideBySide':
      body = sideBySideTable(result as unknown as SideBySideReport);
      break;
    case 'capacity':
      body = `${picked(result, [
        ['concurrent streams (all /ask at once)', 'streams'],
        ['tokens per reply / stream seconds', ['tokensPerReply', 'streamSeconds']],
        ['finished / all exact', ['finished', 'allExact']],
        ['429s', 'rateLimited429'],
        ['dispatch to the last final text', 'drainSeconds', ' s'],
        [
          'bot event-loop delay p50 / p99 / max (target p99 < 50 ms)',
          ['botEventLoopDelayMs.p50', 'botEventLoopDelayMs.p99', 'botEventLoopDelayMs.max'],
          ' ms',
        ],
        ['bot RSS idle / peak (target < 400 MB)', ['botRssMiB.idle', 'botRssMiB.peak'], ' MiB'],
        ['bot RSS per stream', 'botRssMiB.perStreamKiB', ' KiB'],
        ['bot CPU seconds / share of one core', ['botCpuSeconds', 'botCpuShareOfOneCore']],
        ['target met', 'targetMet'],
        [
          'fakes: bench / service process CPU seconds',
          ['benchProcess.cpuSeconds', 'serviceProcessFigures.cpuSeconds'],
        ],
        ['load average (1 min)', 'loadAverage1m'],
      ])}\n(every figure: bench/results/capacity.json)`;
      break;
    case 'ledger':
      body = picked(result, [
        ['charges per second (target ≥ 10,000)', 'chargesPerSecond'],
        [
          'charges per second, 10 / 10,000 members active that day (ratio, target ≤ 1.5)',
          ['membersTen', 'membersTenThousand', 'memberRatio'],
        ],
        ['/usage all time, cold incl. load (target < 200 ms)', 'usageMs.allTimeColdIncludingLoad', ' ms'],
        ['/usage all time, warm (target < 200 ms)', 'usageMs.allTimeWarm', ' ms'],
        ['/usage this month, warm (target < 200 ms)', 'usageMs.thisMonthWarm', ' ms'],
        ['/usage export this month', 'usageMs.csvExportThisMonth', ' ms'],
        ['busy guild entries', 'busyGuild.entries'],
      ]);
      break;
    case 'stores':
      body = storesTable(result);
      break;
    case 'imagine':
      body = picked(result, [
        ['bot-added ms, all four in one message (50 MiB limit)', 'oneMessage.botAddedMs'],
        ['bot-added ms, one image per message (10 MiB limit)', 'defaultLimit.botAddedMs'],
        ['messages per reply at 10 MiB', 'defaultLimit.messagesPerReply'],
        ['runs', 'runs'],
      ]);
      break;
    case 'load':
      body = picked(result, [
        ['asks', 'asks'],
        ['channels', 'channels'],
        ['all exact', 'allExact'],
        ['in order per channel', 'inOrderPerChannel'],
        ['unhandled rejections', 'unhandledRejections'],
        ['error log lines', 'errorLogLines'],
        ['429s', 'rateLimited429'],
        ['all replies finished after', 'drainedSeconds', ' s'],
        ['RSS before / peak / after settling (MiB)', 'rssMiB'],
        ['heap after GC before / after settling (MiB)', 'heapUsedAfterGcMiB'],
      ]);
      break;
    case 'scale':
      body = picked(result, [
        ['heap after GC per idle server (target ≤ 6 KiB)', 'idle.heapPerServerKiB', ' KiB'],
        ['RSS per idle server', 'idle.rssPerServerKiB', ' KiB'],
        [
          'servers / RSS idle, in one process (target ≤ 300 MiB at 10,000)',
          ['idle.mostServers', 'idle.rssAtMostServersMiB'],
        ],
        ['ignored messages / servers', ['ignored.messages', 'ignored.servers']],
        [
          'heap after GC idle / after them (target within +10 MiB)',
          ['ignored.heapAfterGcMiB.idle', 'ignored.heapAfterGcMiB.after'],
          ' MiB',
        ],
        [
          'RSS idle / after them (MiB) / growth % (target ≤ 15 %)',
          ['ignored.rssMiB.idle', 'ignored.rssMiB.after', 'ignored.rssGrowthPercent'],
        ],
        ['a mention answered after them', 'ignored.mentionAnswered'],
        [
          'bot CPU per 10,000 ignored messages, mean / min / max (target ≤ 200 ms)',
          ['cpu.per10kMessagesMs', 'cpu.per10kMessagesMinMs', 'cpu.per10kMessagesMaxMs'],
          ' ms',
        ],
        ['bot node options', 'machine.botNodeOptions'],
      ]);
      break;
    case 'history':
      body = historyTable(result);
      break;
    case 'soak':
      body = picked(result, [
        ['minutes / store / store restarts', ['minutes', 'store', 'storeRestarts']],
        ['RSS slope after warm-up (target ≤ 1 MiB/min) / met', ['rssSlopeMiBPerMin', 'rssSlopeMet']],
        ['heap-after-GC slope', 'heapAfterGcSlopeMiBPerMin', ' MiB/min'],
        ['RSS start / after warm-up / end (MiB)', ['rssMiB.start', 'rssMiB.afterWarmup', 'rssMiB.end']],
        [
          'heap after GC start / after warm-up / end (MiB)',
          ['heapAfterGcMiB.start', 'heapAfterGcMiB.afterWarmup', 'heapAfterGcMiB.end'],
        ],
        [
          '/ask sent / exact / with a storage note / clear errors / unanswered',
          ['asks.sent', 'asks.exact', 'asks.exactWithStorageNote', 'asks.clearErrors', 'asks.unanswered'],
        ],
        [
          'mentions sent / exact / clear errors / unanswered',
          ['mentions.sent', 'mentions.exact', 'mentions.clearErrors', 'mentions.unanswered'],
        ],
        [
          'images sent / delivered / clear errors / unanswered',
          ['images.sent', 'images.delivered', 'images.clearErrors', 'images.unanswered'],
        ],
        ['ledger entries / expected / matches', ['ledger.entries', 'ledger.expected', 'ledger.matches']],
        ['unhandled errors / graceful stop', ['errors.unhandled', 'errors.stoppedGracefully']],
        ['event-loop delay p99 median / max', ['eventLoopDelayMs.p99Median', 'eventLoopDelayMs.max'], ' ms'],
        ['bot node options', 'machine.botNodeOptions'],
      ]);
      break;
    case 'export':
      body = picked(result, [
        ['entries in the ledger (one guild)', 'entries'],
        ['rows delivered / all delivered', ['export.rowsDelivered', 'export.allDelivered']],
        [
          'files / largest file (bytes) / upload limit',
          ['export.files', 'export.largestFileBytes', 'export.attachmentSizeLimitBytes'],
        ],
        [
          'every file within the limit, with the header',
          ['export.everyFileWithinLimit', 'export.everyFileStartsWithHeader'],
        ],
        ['seconds / rows per second', ['export.seconds', 'export.rowsPerSecond']],
        ['heap after GC before / after (MiB)', ['memoryMiB.heapAfterGcBefore', 'memoryMiB.heapAfterGcAfter']],
        [
          'live growth at most (MiB; in files) / flat',
          ['memoryMiB.liveGrowthMax', 'liveGrowthInFiles', 'flat'],
        ],
        [
          'the old whole-CSV string: bytes / heap after GC (MiB)',
          ['wholeCsvInMemory.csvBytes', 'wholeCsvInMemory.heapAfterGcMiB'],
        ],
      ]);
      break;
    default:
      body = generic(result);
  }
  return `${head}\n${body}`;
}

// ---- Main ----------------------------------------------------------------------------------------

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
const ran = outcomes.filter((outcome) => outcome.status === 'ok' || outcome.status === 'failed');
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
            `${outcome.name} ${outcome.seconds} s${outcome.status === 'failed' ? ' (failed)' : ''}`,
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
process.exitCode = outcomes.some((outcome) => outcome.status === 'failed') ? 1 : 0;
