/** The benchmarks whose results read best as tables of their own: the stores, the history. */
import { formatTable } from '../textTable.js';
import { generic, get, isObject, type JsonObject, objectTable, picked, show } from './format.js';

export function storesTable(result: JsonObject): string {
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

export function historyTable(result: JsonObject): string {
  const head = picked(result, [
    ['scopes', 'scopes'],
    ['rows stored (day totals and entries), 1 / 400 days', ['open1Day.rows', 'open400Days.rows']],
    [
      'ledger open in a fresh process, 1 day / 400 days of history (target ≤ 2 s, the same keys read)',
      ['open1Day.ms', 'open400Days.ms'],
      ' ms',
    ],
    ['keys the open read, 1 / 400 days', ['open1Day.keysRead', 'open400Days.keysRead']],
    [
      'heap added by the open, 1 / 400 days (target ≤ 64 MiB)',
      ['open1Day.heapAddedMiB', 'open400Days.heapAddedMiB'],
      ' MiB',
    ],
    [
      '/usage show this month, the whole command, cold: p50 / p95 / max (target p95 ≤ 300 ms)',
      ['usage.thisMonthMs.p50', 'usage.thisMonthMs.p95', 'usage.thisMonthMs.max'],
      ' ms',
    ],
    [
      '/usage show all time (400 days), the whole command, cold: p50 / p95 / max (target p95 ≤ 300 ms)',
      ['usage.allTimeMs.p50', 'usage.allTimeMs.p95', 'usage.allTimeMs.max'],
      ' ms',
    ],
    ['/usage commands / bot processes they ran in', ['usage.commands', 'usage.botStarts']],
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
