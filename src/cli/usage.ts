/**
 * `npm run usage -- [--month YYYY-MM] [--csv] [--dm-users]`: the operator's report of what the
 * bot spent in a month across every server, DM and member's own install (user installs), read
 * from the store named by DATABASE_URL (and the currency from PRICES_FILE). It does not connect to Discord, reads no secret, writes no
 * record (the ledger's keys and the spill files are only read), and works whether the bot is
 * running or stopped. On a shared PostgreSQL or Redis store one run covers every process of the
 * bot. It opens the store as the bot does (@keyv/sqlite cannot open read-only), which on a
 * SQLite database the bot made changes nothing but SQLite's own -wal/-shm files; on another
 * SQLite file it would add keyv's table and switch it to WAL. A missing SQLite file is refused,
 * not created. What it writes to stderr passes the redactor the bot's log lines pass (a driver's
 * error may quote the password a server was sent).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadReportConfig } from '../config.js';
import { createRedactor } from '../lib/logger.js';
import {
  databasePassword,
  describeStore,
  openStore,
  spillPathsFor,
  sqlitePath,
  storeKind,
} from '../lib/store.js';
import { formatMoney } from '../spend/cost.js';
import { csvCell, decimal } from '../spend/csv.js';
import { isDmScope, type MonthReport, readMonthReport } from '../spend/monthReport.js';
import { loadPriceList } from '../spend/prices.js';
import { scopeGuildId, scopeKind, scopeUserId } from '../spend/records.js';

const USAGE =
  'usage: npm run usage -- [--month YYYY-MM] [--csv] [--dm-users]\n' +
  '  --month     the UTC month to report (default: the current one)\n' +
  '  --csv       one row per server, per user install and per DM user, then the total (cost_micros exact)\n' +
  '  --dm-users  list each user under the user-install and DM totals (text output)\n';

/** Set once DATABASE_URL is read: its password never reaches stderr. */
let redact = createRedactor([]);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function fail(message: string, code = 1): never {
  process.stderr.write(`${redact(message)}\n`);
  process.exit(code);
}

function parse(): { month: string; csv: boolean; dmUsers: boolean } {
  let values: { month?: string | undefined; csv?: boolean | undefined; 'dm-users'?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: {
        month: { type: 'string' },
        csv: { type: 'boolean' },
        'dm-users': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
  }
  if ((values as { help?: boolean }).help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const month = values.month ?? new Date().toISOString().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) fail(`--month must be a month such as 2026-11\n${USAGE}`, 2);
  return { month, csv: values.csv ?? false, dmUsers: values['dm-users'] ?? false };
}

function totals(report: MonthReport) {
  const dms = report.scopes.filter((scope) => isDmScope(scope.scope));
  const installs = report.scopes.filter((scope) => scopeKind(scope.scope) === 'userInstall');
  const sum = (list: readonly { requests: number; costMicros: number }[]) => ({
    requests: list.reduce((total, item) => total + item.requests, 0),
    costMicros: list.reduce((total, item) => total + item.costMicros, 0),
  });
  return {
    dms,
    dmTotal: sum(dms),
    installs,
    installTotal: sum(installs),
    total: sum([...report.scopes, report.waiting]),
  };
}

/** A user install's scope as the report names it: `<user>`, or `<user> in server <guild>`. */
const installLabel = (scope: string) => {
  const guildId = scopeGuildId(scope);
  return `user ${scopeUserId(scope)}${guildId === null ? '' : ` in server ${guildId}`}`;
};

export function reportText(report: MonthReport, currency: string, dmUsers: boolean, where: string): string {
  const { dms, dmTotal, installs, installTotal, total } = totals(report);
  const rows: [string, number, number][] = report.scopes
    .filter((scope) => scopeKind(scope.scope) === 'guild')
    .map((scope) => [`server ${scope.scope}`, scope.requests, scope.costMicros]);
  // Members' own installs (group DMs, DMs between users, servers without the bot): billed to them.
  if (installs.length > 0) {
    const users = new Set(installs.map((scope) => scopeUserId(scope.scope))).size;
    rows.push([
      `installed to members' accounts, ${users} ${users === 1 ? 'user' : 'users'}`,
      installTotal.requests,
      installTotal.costMicros,
    ]);
    if (dmUsers)
      for (const scope of installs)
        rows.push([`  ${installLabel(scope.scope)}`, scope.requests, scope.costMicros]);
  }
  if (dms.length > 0) {
    rows.push([
      `DMs, ${dms.length} ${dms.length === 1 ? 'user' : 'users'}`,
      dmTotal.requests,
      dmTotal.costMicros,
    ]);
    if (dmUsers) for (const dm of dms) rows.push([`  user ${dm.scope.slice(3)}`, dm.requests, dm.costMicros]);
  }
  if (report.waiting.requests > 0)
    rows.push(['waiting to be recorded (next start)', report.waiting.requests, report.waiting.costMicros]);
  rows.push(['total', total.requests, total.costMicros]);
  const width = Math.max(5, ...rows.map(([label]) => label.length));
  const line = (label: string, requests: string, spend: string) =>
    `${label.padEnd(width)}  ${requests.padStart(8)}  ${spend}`;
  return [
    `Spend in ${report.month} (UTC) from ${where}`,
    '',
    line('scope', 'requests', 'spend'),
    ...rows.map(([label, requests, micros]) =>
      line(label, requests.toLocaleString('en-US'), formatMoney(micros, currency)),
    ),
    '',
  ].join('\n');
}

export function reportCsv(report: MonthReport): string {
  const { total } = totals(report);
  // Cells as /usage export writes them: quoted when needed, never read as a formula.
  const row = (kind: string, id: string, requests: number, micros: number) =>
    [kind, id, requests, micros, decimal(micros)].map(csvCell).join(',');
  return `${[
    'kind,id,requests,cost_micros,cost',
    ...report.scopes.map((scope) => {
      const kind = scopeKind(scope.scope);
      if (kind === 'dm') return row('dm', scope.scope.slice(3), scope.requests, scope.costMicros);
      if (kind === 'guild') return row('guild', scope.scope, scope.requests, scope.costMicros);
      // `<user>` or `<user>-in-<guild>`.
      return row('user-install', scope.scope.slice('userinstall-'.length), scope.requests, scope.costMicros);
    }),
    ...(report.waiting.requests > 0
      ? [row('waiting', '', report.waiting.requests, report.waiting.costMicros)]
      : []),
    row('total', '', total.requests, total.costMicros),
  ].join('\r\n')}\r\n`;
}

async function main(): Promise<void> {
  const args = parse();
  const loaded = loadReportConfig(process.env);
  if (!loaded.ok) fail(loaded.problems.map((problem) => `config: ${problem}`).join('\n'));
  redact = createRedactor(databasePassword(loaded.databaseUrl));
  const priced = loadPriceList(loaded.pricesFile);
  if (!priced.ok)
    fail(priced.problems.map((problem) => `prices (${loaded.pricesFile}): ${problem}`).join('\n'));
  // Opening would create an empty SQLite file: say there is none instead.
  if (storeKind(loaded.databaseUrl) === 'sqlite' && !existsSync(sqlitePath(loaded.databaseUrl)))
    fail(`usage: there is no database at ${sqlitePath(loaded.databaseUrl)} (DATABASE_URL)`);
  const where = describeStore(loaded.databaseUrl);
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(loaded.databaseUrl);
  } catch (error) {
    fail(`usage: DATABASE_URL cannot be opened (${where}): ${messageOf(error)}`);
  }
  let report: MonthReport;
  try {
    report = await readMonthReport(store, args.month, spillPathsFor(loaded.databaseUrl));
  } catch (error) {
    // Not awaited: a graceful disconnect would wait for calls a hung server never answers.
    void store.disconnect().catch(() => undefined);
    fail(`usage: the store could not be read (${where}): ${messageOf(error)}`);
  }
  process.stdout.write(
    args.csv ? reportCsv(report) : reportText(report, priced.prices.currency, args.dmUsers, where),
  );
  await store.disconnect();
}

await main().catch((error: unknown) => fail(`usage: ${messageOf(error)}`));
