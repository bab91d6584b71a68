/**
 * `npm run usage -- [--month YYYY-MM] [--csv] [--dm-users]`: the operator's report of what the
 * bot spent in a month across every server, DM and member's own install (user installs), then the
 * paid plans (usagePlans.ts: the plan file's SKUs, servers' credit packs, what plans paid), read
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
import { type MonthReport, readMonthReport } from '../spend/monthReport.js';
import { loadPlans } from '../spend/plans.js';
import { loadPriceList } from '../spend/prices.js';
import { type PlansSection, plansText, readCredits, readPlanDraws } from './usagePlans.js';
import { reportCsv, reportText } from './usageReport.js';

const USAGE =
  'usage: npm run usage -- [--month YYYY-MM] [--csv] [--dm-users]\n' +
  '  --month     the UTC month to report (default: the current one)\n' +
  '  --csv       one row per server, per user install and per DM user, then the total (cost_micros exact),\n' +
  '              then, when servers paid with their own keys, the operator-paid and server-key-paid rows\n' +
  '  --dm-users  list each user under the user-install and DM totals (text output)\n' +
  "The text output then lists the plan file's SKUs (PLANS_FILE), each server's credit packs, and what\n" +
  "members' subscriptions and servers' credit paid in the month.\n";

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

async function main(): Promise<void> {
  const args = parse();
  const loaded = loadReportConfig(process.env);
  if (!loaded.ok) fail(loaded.problems.map((problem) => `config: ${problem}`).join('\n'));
  redact = createRedactor(databasePassword(loaded.databaseUrl));
  const priced = loadPriceList(loaded.pricesFile);
  if (!priced.ok)
    fail(priced.problems.map((problem) => `prices (${loaded.pricesFile}): ${problem}`).join('\n'));
  let plans: PlansSection['plans'];
  if (loaded.plansFile !== undefined) {
    const read = loadPlans(loaded.plansFile);
    if (!read.ok) fail(read.problems.map((problem) => `plans (${loaded.plansFile}): ${problem}`).join('\n'));
    plans = { file: loaded.plansFile, plans: read.plans };
  }
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
  let section: PlansSection;
  try {
    report = await readMonthReport(store, args.month, spillPathsFor(loaded.databaseUrl));
    const scopes = report.scopes.map((scope) => scope.scope);
    section = {
      plans,
      credits: await readCredits(store),
      draws: await readPlanDraws(store, scopes, args.month),
      month: args.month,
      currency: priced.prices.currency,
    };
  } catch (error) {
    // Not awaited: a graceful disconnect would wait for calls a hung server never answers.
    void store.disconnect().catch(() => undefined);
    fail(`usage: the store could not be read (${where}): ${messageOf(error)}`);
  }
  process.stdout.write(
    args.csv
      ? reportCsv(report)
      : reportText(report, priced.prices.currency, args.dmUsers, where) + plansText(section),
  );
  await store.disconnect();
}

await main().catch((error: unknown) => fail(`usage: ${messageOf(error)}`));
