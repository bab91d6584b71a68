/**
 * The spill file (`<database>.pending.json`) on a real SQLite store: it only ever holds charges
 * not yet recorded, at their charged cost; a failed or interrupted start keeps it; a charge made
 * after close goes to it at once; and close never throws.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.js';
import { chatCharge, NOW, quietLogger, shippedPrices } from '../../../src/localService/harness/charges.js';
import type { PricedRecord } from '../../../src/spend/aggregate.js';
import { recordCostMicros } from '../../../src/spend/cost.js';
import { createLedger } from '../../../src/spend/ledger.js';
import { readMonthReport } from '../../../src/spend/monthReport.js';
import type { UsageRecord } from '../../../src/spend/records.js';
import { storeFaults } from '../../helpers/faultyStore.js';
import { freshStore } from '../../helpers/tempStore.js';

const prices = shippedPrices;
const logger = quietLogger;
const chat = (i: number, guildId: string): UsageRecord => chatCharge(i, guildId);
const priced = (record: UsageRecord): PricedRecord => ({
  ...record,
  costMicros: recordCostMicros(prices, record),
});
const cost = (records: UsageRecord[]) => records.reduce((sum, record) => sum + priced(record).costMicros, 0);
const spillIds = (path: string) =>
  (JSON.parse(readFileSync(path, 'utf8')) as PricedRecord[]).map((r) => r.id);

function capture() {
  const lines: string[] = [];
  const log = createLogger({
    level: 'info',
    secrets: [],
    destination: { write: (line) => lines.push(line) },
  });
  return { lines, log };
}

async function setup() {
  const faults = storeFaults();
  const { store, dir } = await freshStore(faults);
  return { faults, store, spillPath: join(dir, 'bot.sqlite.pending.json'), dir };
}

describe('the spill file', () => {
  it('a start that fails before applying the spill keeps its charges, merged with those waiting (by id)', async () => {
    const { faults, store, spillPath } = await setup();
    writeFileSync(spillPath, JSON.stringify([priced(chat(1, 'g')), priced(chat(2, 'g'))]));
    faults.failReads = true;
    faults.failWrites = true;
    const ledger = createLedger(store, prices, logger, { spillPath, retryMs: 10 });
    await expect(ledger.open()).rejects.toThrow(/injected/);
    // A charge while the store is down (r2 again, to show the merge keeps one of each id).
    await ledger.charge(chat(2, 'g'));
    await ledger.charge(chat(3, 'g'));
    await ledger.close();
    expect(spillIds(spillPath)).toEqual(['r1', 'r2', 'r3']);

    faults.failReads = false;
    faults.failWrites = false;
    const next = createLedger(store, prices, logger, { spillPath });
    await next.open();
    const summary = await next.summary('g', '2026-11-22', '2026-11-22');
    expect([summary.requests, summary.costMicros]).toEqual([
      3,
      cost([chat(1, 'g'), chat(2, 'g'), chat(3, 'g')]),
    ]);
    expect(existsSync(spillPath)).toBe(false);
  });

  it('a close while the start is still running keeps the spilled charges; the next start applies them once', async () => {
    const { store, spillPath } = await setup();
    const spilled = [chat(1, 'g'), chat(2, 'dm')];
    writeFileSync(spillPath, JSON.stringify(spilled.map(priced)));
    const ledger = createLedger(store, prices, logger, { spillPath, retryMs: 10 });
    const opening = ledger.open().catch(() => undefined);
    await ledger.close();
    await opening;
    const next = createLedger(store, prices, logger, { spillPath });
    await next.open();
    expect(await next.allScopesMonthSpendMicros(NOW)).toBe(cost(spilled));
    expect(existsSync(spillPath)).toBe(false);
  });

  it('spilled charges that land later leave the file at once: a report and a crash after newer entries count them once', async () => {
    const { faults, store, spillPath } = await setup();
    await createLedger(store, prices, logger).charge(chat(0, 'g'));
    writeFileSync(spillPath, JSON.stringify([priced(chat(1, 'g')), priced(chat(2, 'g'))]));
    faults.failWrites = true;
    const ledger = createLedger(store, prices, logger, { spillPath, retryMs: 10 });
    await ledger.open();
    expect(ledger.pending()).toHaveLength(2);
    faults.failWrites = false;
    await waitUntil(() => ledger.pending().length === 0);
    for (let i = 3; i <= 5; i += 1) await ledger.charge(chat(i, 'g'));
    const all = [0, 1, 2, 3, 4, 5].map((i) => chat(i, 'g'));

    // `npm run usage` while the bot runs: nothing counted twice.
    const report = await readMonthReport(store, '2026-11', [spillPath]);
    expect(report.waiting.requests + (report.scopes[0]?.requests ?? 0)).toBe(6);
    // SIGKILL (no close), then a start.
    const restarted = createLedger(store, prices, logger, { spillPath });
    await restarted.open();
    const summary = await restarted.summary('g', '2026-11-22', '2026-11-22');
    expect([summary.requests, summary.costMicros]).toEqual([6, cost(all)]);
    expect(existsSync(spillPath)).toBe(false);
  });

  it('spilled charges keep the cost they were charged at, even for a model no longer priced (ledger and report)', async () => {
    const { store, spillPath } = await setup();
    const spilled: PricedRecord[] = [
      { ...chat(1, 'g'), model: 'service-v0-retired', costMicros: 123_457 },
      { ...chat(2, 'g'), costMicros: 1 },
    ];
    writeFileSync(spillPath, JSON.stringify(spilled));
    const report = await readMonthReport(store, '2026-11', [spillPath]);
    expect(report.waiting).toEqual({ requests: 2, costMicros: 123_458 });
    const ledger = createLedger(store, prices, logger, { spillPath });
    await ledger.open();
    const summary = await ledger.summary('g', '2026-11-22', '2026-11-22');
    expect([summary.requests, summary.costMicros]).toEqual([2, 123_458]);
  });

  it('a charge after close that the store refuses goes to the spill file at once, logged with its id', async () => {
    const { faults, store, spillPath } = await setup();
    const { lines, log } = capture();
    const ledger = createLedger(store, prices, log, { spillPath, retryMs: 10 });
    await ledger.open();
    await ledger.charge(chat(0, 'g'));
    await ledger.close();
    faults.failWrites = true;
    expect((await ledger.charge(chat(1, 'g'))).seq).toBeNull();
    expect(spillIds(spillPath)).toEqual(['r1']);
    expect(lines.some((line) => line.includes('"level":50') && line.includes('"entryId":"r1"'))).toBe(true);
    await ledger.charge(chat(2, 'dm'));
    expect(spillIds(spillPath)).toEqual(['r1', 'r2']);

    faults.failWrites = false;
    const next = createLedger(store, prices, logger, { spillPath });
    await next.open();
    expect(await next.allScopesMonthSpendMicros(NOW)).toBe(cost([chat(0, 'g'), chat(1, 'g'), chat(2, 'dm')]));
  });

  it('close never throws: when the spill file cannot be written, every waiting charge is logged with its id and cost', async () => {
    const { faults, store, dir } = await setup();
    const { lines, log } = capture();
    const ledger = createLedger(store, prices, log, {
      spillPath: join(dir, 'no-such-folder', 'bot.sqlite.pending.json'),
      retryMs: 10,
    });
    faults.failWrites = true;
    await ledger.charge(chat(1, 'g'));
    await ledger.charge(chat(2, 'dm'));
    await expect(ledger.close()).resolves.toBeUndefined();
    const waiting = [chat(1, 'g'), chat(2, 'dm')].map(priced);
    expect(
      lines.some(
        (line) =>
          line.includes('"level":50') &&
          waiting.every(
            (charge) =>
              line.includes(`"id":"${charge.id}"`) && line.includes(`"costMicros":${charge.costMicros}`),
          ),
      ),
    ).toBe(true);
  });
});

async function waitUntil(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
