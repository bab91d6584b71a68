/**
 * The ledger opened as a bot's start opens it: in a fresh process on the stored data (nothing of
 * it in memory, no connection reused). Run as a script (`tsx bench/history/openProcess.ts <file>`)
 * it opens the SQLite store and the ledger on it, reads every scope's month spend (what admission
 * reads), and prints one JSON line: the time to open the store, the ledger, both; the heap the
 * ledger added after a full GC; the keys the open read from the store (the same with 1 day of
 * history as with 400: the open reads tallies, not days).
 * `openInFreshProcess(file)` spawns that and resolves with its figures.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface OpenFigures {
  readonly scopes: number;
  readonly storeMs: number;
  readonly ledgerMs: number;
  /** Store and ledger, from nothing to open. */
  readonly ms: number;
  readonly heapAddedMiB: number;
  readonly keysRead: number;
  readonly monthMicros: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

async function openOnce(file: string): Promise<OpenFigures> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  // The modules first (a start imports them before it opens anything).
  const { openStore } = await import('../../src/lib/store.js');
  const { createLedger } = await import('../../src/spend/ledger.js');
  const { loadPriceList } = await import('../../src/spend/prices.js');
  const { createLogger } = await import('../../src/lib/logger.js');
  const priced = loadPriceList('prices.json');
  if (!priced.ok) throw new Error(priced.problems.join('\n'));
  const logger = createLogger({ level: 'silent', secrets: [] });
  const before = heap();
  const started = performance.now();
  const opened = await openStore(`sqlite://${file}`);
  const storeMs = performance.now() - started;
  let keysRead = 0;
  // Every key the ledger reads: one per get, each of a getMany, each listed by keys().
  const store = new Proxy(opened, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'get')
        return (...args: unknown[]) => {
          keysRead += 1;
          return value.apply(target, args);
        };
      if (property === 'getMany')
        return (keys: unknown[], ...rest: unknown[]) => {
          keysRead += keys.length;
          return value.apply(target, [keys, ...rest]);
        };
      if (property === 'keys')
        return async function* (...args: unknown[]) {
          for await (const page of value.apply(target, args) as AsyncIterable<unknown[]>) {
            keysRead += page.length;
            yield page;
          }
        };
      return value.bind(target);
    },
  });
  const ledgerStarted = performance.now();
  const ledger = createLedger(store, priced.prices, logger);
  const { scopes } = await ledger.open();
  const ledgerMs = performance.now() - ledgerStarted;
  const ms = performance.now() - started;
  const monthMicros = await ledger.allScopesMonthSpendMicros(Date.now());
  const after = heap();
  await ledger.close();
  await opened.disconnect();
  return {
    scopes,
    storeMs: round(storeMs),
    ledgerMs: round(ledgerMs),
    ms: round(ms),
    heapAddedMiB: round((after - before) / 1024 / 1024),
    keysRead,
    monthMicros,
  };
}

const MARK = 'LEDGER_OPEN ';

/** Spawns this file on `file` (a SQLite store) and resolves with what it measured. */
export function openInFreshProcess(file: string): Promise<OpenFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('close', (code) => {
      const line = output.split('\n').find((entry) => entry.startsWith(MARK));
      if (code === 0 && line) resolve(JSON.parse(line.slice(MARK.length)) as OpenFigures);
      else reject(new Error(`the ledger-open process exited ${code}:\n${output.slice(-2000)}`));
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/history/openProcess.ts <sqlite file>');
  console.log(`${MARK}${JSON.stringify(await openOnce(file))}`);
}
