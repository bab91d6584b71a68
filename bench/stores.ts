/**
 * The three stores side by side (SQLite file, PostgreSQL, Redis; the servers are started on
 * loopback as the tests start them, when their binaries are installed): ledger charge throughput,
 * one channel's history load + append, listing 10,000 ledger scopes and opening the ledger on
 * them (a start), and migrate-store's copy rate. Then a store holding 100,000 channels'
 * histories: one random channel's load + append, and a whole turn's store work.
 * Env: BENCH_QUICK=1 (smaller sizes), BENCH_STORES (kinds, default sqlite,postgres,redis),
 * BENCH_HISTORY_STORES (kinds the 100,000 channels run on, default sqlite: seeding 1.9 GB
 * takes about a minute on SQLite or Redis, nearly three on PostgreSQL; quick runs use all),
 * BENCH_HISTORY_CHANNELS (default 100000), BENCH_HISTORY_SAMPLES (default 2000).
 * Target (issue 12): on SQLite, one random channel's history load + append p95 < 2 ms with the
 * store holding 100,000 channels (quick runs: 5,000); a miss exits non-zero (bench/run/verdict.ts).
 * Run: npm run bench, or `tsx bench/stores.ts`. The histories: bench/stores/seededHistories.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConversationStore } from '../src/chat/conversationStore.js';
import { openStore, type StoreKind } from '../src/lib/store.js';
import { copyRecords } from '../src/lib/storeCopy.js';
import { chatCharge, NOW, quietLogger, shippedPrices } from '../src/localService/harness/charges.js';
import { withDatabase, withPostgres } from '../src/localService/harness/databaseUrls.js';
import startServers from '../src/localService/harness/storeServers.js';
import { createLedger } from '../src/spend/ledger.js';
import { listScopes, scopeMarkerKey } from '../src/spend/scopes.js';
import { below, exitOnMiss, judged } from './run/verdict.js';
import { assistantTurn, random, seedHistories, userTurn } from './stores/seededHistories.js';

const round = (value: number) => Math.round(value * 10) / 10;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

const QUICK = process.env.BENCH_QUICK === '1';
const KINDS = (process.env.BENCH_STORES ?? 'sqlite,postgres,redis').split(',') as StoreKind[];
const CHARGES = QUICK ? 1_000 : 5_000;
const SCOPES = QUICK ? 1_000 : 10_000;
const HISTORY_CHANNELS = Number(process.env.BENCH_HISTORY_CHANNELS ?? (QUICK ? 5_000 : 100_000));
const HISTORY_KINDS = (process.env.BENCH_HISTORY_STORES ?? (QUICK ? KINDS.join(',') : 'sqlite')).split(',');
const HISTORY_SAMPLES = Number(process.env.BENCH_HISTORY_SAMPLES ?? (QUICK ? 300 : 2_000));

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
  const charges = CHARGES;
  let started = performance.now();
  await Promise.all(Array.from({ length: charges }, (_, i) => ledger.charge(chatCharge(i, `g${i % 10}`))));
  const chargesPerSecond = charges / ((performance.now() - started) / 1000);
  await ledger.close();

  // History: 500 exchanges appended to one channel, one after another (load + append each).
  const conversations = createConversationStore(store, quietLogger);
  const times: number[] = [];
  for (let i = 0; i < (QUICK ? 200 : 500); i += 1) {
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
  await Promise.all(Array.from({ length: SCOPES }, (_, i) => store.set(scopeMarkerKey(`guild${i}`), true)));
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

// ---- 100,000 channels' histories ---------------------------------------------------------

async function manyChannels(kind: StoreKind) {
  const url = await fresh(kind);
  if (!url) return undefined;
  const store = await openStore(url);
  try {
    const seeded = await seedHistories(store, HISTORY_CHANNELS);
    const conversations = createConversationStore(store, quietLogger);
    const next = random(34);
    const loadAppend: number[] = [];
    const loads: number[] = [];
    const wholeTurn: number[] = [];
    for (let i = 0; i < HISTORY_SAMPLES; i += 1) {
      const channelId = `channel${Math.floor(next() * HISTORY_CHANNELS)}`;
      const exchange = [userTurn(next, NOW + 1000), assistantTurn(next, NOW + 1001)];
      // The measure of issue 12: load, then append an exchange (a read and a write).
      let started = performance.now();
      await conversations.load(channelId);
      loads.push(performance.now() - started);
      await conversations.update(channelId, (current) => ({
        ...current,
        turns: [...current.turns, ...exchange],
      }));
      loadAppend.push(performance.now() - started);
      // A whole turn's store work (chat/turn.ts, chat/settle.ts) on another channel: its read,
      // the exchange appended, the newest reply pointed to.
      const other = `channel${Math.floor(next() * HISTORY_CHANNELS)}`;
      started = performance.now();
      await conversations.load(other);
      await conversations.update(other, (current) => ({
        ...current,
        turns: [...current.turns, ...exchange],
      }));
      await conversations.update(other, (current) => ({
        ...current,
        lastReply: { channelId: other, messageId: String(i) },
      }));
      wholeTurn.push(performance.now() - started);
    }
    const ms = (value: number) => Math.round(value * 100) / 100;
    const figures = (values: number[]) => ({
      p50: ms(percentile(values, 50)),
      p95: ms(percentile(values, 95)),
      p99: ms(percentile(values, 99)),
    });
    return {
      kind,
      channels: HISTORY_CHANNELS,
      samples: HISTORY_SAMPLES,
      seededMiB: round(seeded.bytes / 1048576),
      seedSeconds: round(seeded.seconds),
      loadMs: figures(loads),
      loadAndAppendMs: figures(loadAppend),
      wholeTurnMs: figures(wholeTurn),
    };
  } finally {
    await store.disconnect();
  }
}

try {
  const rows = [];
  const histories = [];
  for (const kind of KINDS) {
    const row = await measure(kind);
    if (row) rows.push(row);
    else console.log(`stores: ${kind} skipped (no server binary)`);
    const history = HISTORY_KINDS.includes(kind) ? await manyChannels(kind) : undefined;
    if (history) histories.push(history);
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`;
  console.log(`stores (${machine}, servers on loopback)`);
  console.table(rows);
  console.log(`history with ${HISTORY_CHANNELS} channels (target on SQLite: load + append p95 < 2 ms)`);
  console.log(JSON.stringify(histories, null, 2));
  const sqlite = histories.find((history) => history.kind === 'sqlite');
  const report = judged({ date: new Date().toISOString(), machine, quick: QUICK, rows, histories }, [
    below(
      `SQLite, history load + append of one random channel of ${HISTORY_CHANNELS.toLocaleString('en')}, p95`,
      sqlite?.loadAndAppendMs.p95,
      2,
      'ms',
    ),
  ]);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/stores.json', `${JSON.stringify(report, null, 2)}\n`);
  exitOnMiss(report);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await stopServers();
}
