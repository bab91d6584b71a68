/**
 * The three stores side by side (SQLite file, PostgreSQL, Redis; the servers are started on
 * loopback as the tests start them, when their binaries are installed): ledger charge throughput,
 * one channel's history load + append, listing 10,000 ledger scopes and opening the ledger on
 * them (a start), and migrate-store's copy rate.
 * Run: npm run bench, or `tsx bench/stores.ts`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConversationStore } from '../src/chat/conversationStore.js';
import { openStore, type StoreKind } from '../src/lib/store.js';
import { copyRecords } from '../src/lib/storeCopy.js';
import { createLedger } from '../src/spend/ledger.js';
import { listScopes, scopeMarkerKey } from '../src/spend/scopes.js';
import { chatCharge, NOW, quietLogger, shippedPrices } from '../test/helpers/ledgerFixtures.js';
import startServers from '../test/helpers/servers.js';
import { withDatabase, withPostgres } from '../test/helpers/storeUrls.js';

const round = (value: number) => Math.round(value * 10) / 10;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

const provided: Record<string, string | undefined> = {};
const stopServers = await startServers({
  provide: (key: string, value: string | undefined) => (provided[key] = value),
} as never);
const dir = mkdtempSync(join(tmpdir(), 'stores-bench-'));
let databases = 0;

/** A new, empty store of the kind. */
async function fresh(kind: StoreKind): Promise<string | undefined> {
  databases += 1;
  if (kind === 'sqlite') return `sqlite://${join(dir, `bench-${databases}.sqlite`)}`;
  if (kind === 'postgres') {
    const server = provided.postgresUrl;
    if (!server) return undefined;
    await withPostgres(server, (client) => client.query(`CREATE DATABASE bench_${databases}`));
    return withDatabase(server, `bench_${databases}`);
  }
  const server = provided.redisUrl;
  if (!server) return undefined;
  const url = withDatabase(server, String((databases % 15) + 1));
  const store = await openStore(url);
  await store.clear();
  await store.disconnect();
  return url;
}

async function measure(kind: StoreKind) {
  const url = await fresh(kind);
  if (!url) return undefined;
  const store = await openStore(url);
  // Ledger: 5,000 charges across 10 guilds, all issued at once.
  const ledger = createLedger(store, shippedPrices, quietLogger);
  const charges = 5_000;
  let started = performance.now();
  await Promise.all(Array.from({ length: charges }, (_, i) => ledger.charge(chatCharge(i, `g${i % 10}`))));
  const chargesPerSecond = charges / ((performance.now() - started) / 1000);
  await ledger.close();

  // History: 500 exchanges appended to one channel, one after another (load + append each).
  const conversations = createConversationStore(store, quietLogger);
  const times: number[] = [];
  for (let i = 0; i < 500; i += 1) {
    const t = performance.now();
    await conversations.load('channel');
    await conversations.update('channel', (current) => ({
      ...current,
      turns: [
        ...current.turns,
        { role: 'user' as const, content: `question ${i}`, authorId: 'u', authorName: 'U', time: NOW },
        { role: 'assistant' as const, content: 'an answer of a few words '.repeat(20), time: NOW },
      ].slice(-40),
    }));
    times.push(performance.now() - t);
  }

  // 10,000 scopes, listed as a start (or the operator cap across processes) reads them.
  await Promise.all(Array.from({ length: 10_000 }, (_, i) => store.set(scopeMarkerKey(`guild${i}`), true)));
  started = performance.now();
  const listed = (await listScopes(store)).size;
  const listMs = performance.now() - started;
  // A start: the ledger opens every scope it owns (here 10,000 and the 10 with charges).
  started = performance.now();
  const reopened = createLedger(store, shippedPrices, quietLogger);
  await reopened.open();
  const openMs = performance.now() - started;
  await reopened.close();

  // migrate-store's copy of everything above into a new store of the same kind.
  const target = await openStore((await fresh(kind)) as string);
  started = performance.now();
  const { copied } = await copyRecords(store, target);
  const copyPerSecond = copied / ((performance.now() - started) / 1000);
  await target.disconnect();
  await store.disconnect();
  return {
    kind,
    chargesPerSecond: Math.round(chargesPerSecond),
    historyP50Ms: round(percentile(times, 50)),
    historyP95Ms: round(percentile(times, 95)),
    listScopesMs: Math.round(listMs),
    ledgerOpenMs: Math.round(openMs),
    listed,
    copyRecordsPerSecond: Math.round(copyPerSecond),
  };
}

try {
  const rows = [];
  for (const kind of ['sqlite', 'postgres', 'redis'] as const) {
    const row = await measure(kind);
    if (row) rows.push(row);
    else console.log(`stores: ${kind} skipped (no server binary)`);
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`;
  console.log(`stores (${machine}, servers on loopback)`);
  console.table(rows);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/stores.json',
    `${JSON.stringify({ date: new Date().toISOString(), machine, rows }, null, 2)}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  await stopServers();
}
