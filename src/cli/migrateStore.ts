/**
 * `npm run migrate-store -- --from URL --to URL [--into-non-empty]`: copies every record from one
 * store to another (e.g. SQLite to PostgreSQL when the bot outgrows one machine), then verifies
 * the copy: as many records, and the same ledger totals (requests and spend per scope). Stop the
 * bot first: records written during the copy may be missed. The target must be empty unless
 * `--into-non-empty` says to write over whatever it holds.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRedactor } from '../lib/logger.js';
import {
  databasePassword,
  describeStore,
  openStore,
  type Store,
  spillPathsFor,
  sqlitePath,
  storeKind,
} from '../lib/store.js';
import { copyRecords, countRecords } from '../lib/storeCopy.js';
import { ledgerTotals } from '../spend/monthReport.js';

const USAGE = 'usage: npm run migrate-store -- --from <DATABASE_URL> --to <DATABASE_URL> [--into-non-empty]';

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

function parse(): { from: string; to: string; intoNonEmpty: boolean } {
  let values: { from?: string; to?: string; 'into-non-empty'?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        'into-non-empty': { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { from, to } = values;
  if (from === undefined || to === undefined) fail(USAGE);
  for (const [name, url] of [
    ['--from', from],
    ['--to', to],
  ] as const)
    if (storeKind(url) === undefined || (storeKind(url) !== 'sqlite' && !URL.canParse(url)))
      fail(`migrate-store: ${name} must be a sqlite://, postgres:// or redis:// URL`);
  if (from === to) fail('migrate-store: --from and --to name the same store');
  // Opening a SQLite path that does not exist would create an empty store, and "copy" nothing.
  if (storeKind(from) === 'sqlite' && !existsSync(sqlitePath(from)))
    fail(`migrate-store: there is no database at ${sqlitePath(from)} (--from)`);
  // Charges a stopped bot could not write wait in a spill file named after the source store.
  const waiting = spillPathsFor(from);
  if (waiting.length > 0)
    fail(
      `migrate-store: charges are waiting in ${waiting.join(', ')}; start the bot once on the source store to record them, then stop it and migrate`,
    );
  return { from, to, intoNonEmpty: values['into-non-empty'] ?? false };
}

async function open(url: string, what: string, redact: (text: string) => string): Promise<Store> {
  try {
    return await openStore(url);
  } catch (error) {
    fail(
      `migrate-store: the ${what} store cannot be opened (${describeStore(url)}): ${redact(String(error))}`,
    );
  }
}

function sameTotals(
  a: Awaited<ReturnType<typeof ledgerTotals>>,
  b: Awaited<ReturnType<typeof ledgerTotals>>,
) {
  const differences: string[] = [];
  for (const scope of new Set([...a.keys(), ...b.keys()])) {
    const left = a.get(scope);
    const right = b.get(scope);
    if (left?.requests !== right?.requests || left?.costMicros !== right?.costMicros)
      differences.push(
        `${scope}: ${left?.requests ?? 0} requests, ${left?.costMicros ?? 0} µ before; ${right?.requests ?? 0} requests, ${right?.costMicros ?? 0} µ after`,
      );
  }
  return differences;
}

async function main(): Promise<void> {
  const args = parse();
  const redact = createRedactor([...databasePassword(args.from), ...databasePassword(args.to)]);
  const say = (line: string) => process.stdout.write(`migrate-store: ${line}\n`);
  const from = await open(args.from, 'source', redact);
  const to = await open(args.to, 'target', redact);
  try {
    const already = await countRecords(to);
    if (already > 0 && !args.intoNonEmpty)
      fail(
        `migrate-store: the target (${describeStore(args.to)}) already holds ${already} records; copy into an empty store, or add --into-non-empty to write over it`,
      );
    say(`copying ${describeStore(args.from)} → ${describeStore(args.to)}`);
    const started = Date.now();
    const { copied, expired } = await copyRecords(from, to);
    say(
      `copied ${copied} records in ${((Date.now() - started) / 1000).toFixed(1)} s${expired > 0 ? ` (${expired} had expired)` : ''}`,
    );

    const [sourceCount, targetCount] = [await countRecords(from), await countRecords(to)];
    // Into an empty store: exactly what was copied. Into a filled one: at least that many.
    if (already === 0 ? targetCount !== sourceCount - expired : targetCount < copied)
      fail(
        `migrate-store: verification failed: the source holds ${sourceCount} records, the target ${targetCount}`,
      );
    const [before, after] = [await ledgerTotals(from), await ledgerTotals(to)];
    // Scopes only the target held (written over --into-non-empty) are not the copy's to check.
    const differences = sameTotals(
      before,
      new Map([...after].filter(([scope]) => already === 0 || before.has(scope))),
    );
    if (differences.length > 0)
      fail(`migrate-store: verification failed: ledger totals differ\n${differences.join('\n')}`);
    let requests = 0;
    let costMicros = 0;
    for (const totals of after.values()) {
      requests += totals.requests;
      costMicros += totals.costMicros;
    }
    say(
      `verified: ${targetCount} records; ledger totals match in ${after.size} scopes (${requests} requests, ${costMicros} micro-units)`,
    );
  } finally {
    await from.disconnect();
    await to.disconnect();
  }
}

await main();
