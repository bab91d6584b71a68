/**
 * The operator's command-line report (`npm run usage`), run as its own process against a store
 * this test fills through the real ledger: totals per server, DMs and overall equal the ledger's
 * to the micro-unit (entries whose day total was lost and charges waiting in the spill file
 * included), while another connection keeps writing; it writes no record, prints no secret (not
 * even one a store server quotes back in its error), and says so when there is no database.
 */

import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { type Store, spillPathFor } from '../../src/lib/store.js';
import { formatMoney } from '../../src/spend/cost.js';
import { createLedger } from '../../src/spend/ledger.js';
import { dayKey } from '../../src/spend/ledgerBook.js';
import { loadPriceList } from '../../src/spend/prices.js';
import type { UsageRecord } from '../../src/spend/records.js';
import { FORMULA_START, parseCsv } from '../helpers/csv.js';
import { freshStore } from '../helpers/tempStore.js';
import { runUsageCli } from '../helpers/usageCli.js';

const priced = loadPriceList('prices.json');
if (!priced.ok) throw new Error('prices');
const prices = priced.prices;
const logger = createLogger({ level: 'silent', secrets: [] });
const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAw.Gabcde.cli-token-that-must-never-print';
const KEY = 'sk-cli-key-that-must-never-print';
const G1 = '111111111111111111';
const G2 = '222222222222222222';

const run = (args: string[], env: Record<string, string>) =>
  runUsageCli(args, { DISCORD_TOKEN: TOKEN, SERVICE_API_KEY: KEY, ...env });

let n = 0;
function record(guildId: string | null, userId: string, time: string, kind: 'chat' | 'image'): UsageRecord {
  n += 1;
  const base = { id: `r${n}`, time: Date.parse(time), guildId, channelId: 'c', userId, estimated: false };
  return kind === 'chat'
    ? {
        ...base,
        kind,
        model: n % 2 ? 'service-v1-pro' : 'service-v1-flash',
        inputTokens: 1000 + n * 7,
        outputTokens: 300 + n * 13,
        outcome: 'completed',
      }
    : {
        ...base,
        kind,
        model: 'service-image-v1',
        size: '1024x1024',
        n: 1 + (n % 4),
        imagesDelivered: 1,
        outcome: 'partial',
      };
}

/** Text and CSV of one month; the CSV rows by kind and id. */
async function report(url: string, month: string) {
  const env = { DATABASE_URL: url };
  const text = await run(['--month', month, '--dm-users'], env);
  const csv = await run(['--month', month, '--csv'], env);
  expect(text.code).toBe(0);
  expect(csv.code).toBe(0);
  for (const output of [text.out, text.err, csv.out, csv.err]) {
    expect(output).not.toContain(TOKEN);
    expect(output).not.toContain(KEY);
  }
  const rows = new Map<string, { requests: number; costMicros: number }>(
    csv.out
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => {
        const [kind, id, requests, micros] = line.split(',');
        return [`${kind}:${id}`, { requests: Number(requests), costMicros: Number(micros) }];
      }),
  );
  return { text: text.out, rows };
}

describe('npm run usage (the command-line report)', () => {
  it('prints per server, DMs and in total what the ledger holds, to the micro-unit, beside a writer', async () => {
    const { store, url } = await freshStore();
    const ledger = createLedger(store, prices, logger);
    const november = [
      ...Array.from({ length: 40 }, (_, i) =>
        record(G1, `u${i % 3}`, '2026-11-03T10:00:00Z', i % 5 ? 'chat' : 'image'),
      ),
      ...Array.from({ length: 15 }, (_, i) =>
        record(G2, 'u1', '2026-11-30T23:59:59Z', i % 3 ? 'chat' : 'image'),
      ),
      ...Array.from({ length: 9 }, (_, i) => record(null, `d${i % 3}`, '2026-11-12T08:00:00Z', 'chat')),
    ];
    const october = [
      record(G1, 'u0', '2026-10-31T23:59:59Z', 'image'),
      record(null, 'd0', '2026-10-01T00:00:00Z', 'chat'),
    ];
    await Promise.all([...november, ...october].map((entry) => ledger.charge(entry)));
    // A crash lost a day total (its entry is in the store), and a stopped bot spilled a charge.
    const lostTotal = record(G2, 'u2', '2026-11-30T12:00:00Z', 'image');
    const crashing = Object.create(store) as Store;
    crashing.set = async (key: string, value: unknown, ttl?: number) => {
      if (key.includes(':day:')) throw new Error('simulated crash');
      return store.set(key, value, ttl);
    };
    // Day totals are written with the scope's tally, in one batch.
    crashing.setMany = async (pairs) => {
      if (pairs.some(({ key }) => key.includes(':day:'))) throw new Error('simulated crash');
      return store.setMany(pairs);
    };
    await createLedger(crashing, prices, logger).charge(lostTotal);
    const dayBefore = await store.get(dayKey(G2, '2026-11-30'));
    const spilled = record(null, 'd9', '2026-11-20T00:00:00Z', 'chat');
    writeFileSync(spillPathFor(url), JSON.stringify([{ ...spilled, costMicros: ledger.costOf(spilled) }]));

    // The bot keeps writing (December) while the report reads November.
    const writer = createLedger(store, prices, logger);
    const writing = Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        writer.charge(record(G1, 'w', '2026-12-01T00:00:00Z', i % 2 ? 'chat' : 'image')),
      ),
    );
    const first = await report(url, '2026-11');
    await writing;
    // The report wrote nothing: the lost day total is still lost until the bot starts.
    expect(await store.get(dayKey(G2, '2026-11-30'))).toEqual(dayBefore);

    const cost = (list: UsageRecord[]) => list.reduce((sum, entry) => sum + ledger.costOf(entry), 0);
    const g1 = november.filter((entry) => entry.guildId === G1);
    const g2 = [...november.filter((entry) => entry.guildId === G2), lostTotal];
    const dms = november.filter((entry) => entry.guildId === null);
    const all = [...november, lostTotal, spilled];
    expect(first.rows.get(`guild:${G1}`)).toEqual({ requests: g1.length, costMicros: cost(g1) });
    expect(first.rows.get(`guild:${G2}`)).toEqual({ requests: g2.length, costMicros: cost(g2) });
    for (const user of ['d0', 'd1', 'd2']) {
      const mine = dms.filter((entry) => entry.userId === user);
      expect(first.rows.get(`dm:${user}`)).toEqual({ requests: mine.length, costMicros: cost(mine) });
    }
    expect(first.rows.get('waiting:')).toEqual({ requests: 1, costMicros: cost([spilled]) });
    expect(first.rows.get('total:')).toEqual({ requests: all.length, costMicros: cost(all) });
    expect(first.text).toMatch(
      new RegExp(`^server ${G1} +${g1.length}  ${formatMoney(cost(g1), 'USD')}$`, 'm'),
    );
    expect(first.text).toMatch(
      new RegExp(`^DMs, 3 users +${dms.length}  ${formatMoney(cost(dms), 'USD')}$`, 'm'),
    );
    expect(first.text).toMatch(/^ {2}user d0 +3 {2}USD /m);
    expect(first.text).toMatch(new RegExp(`^total +${all.length}  ${formatMoney(cost(all), 'USD')}$`, 'm'));

    // The ledger, once the bot starts (lost total rebuilt, spill applied), agrees scope by scope.
    const started = createLedger(store, prices, logger, { spillPath: spillPathFor(url) });
    await started.open();
    const second = await report(url, '2026-11');
    const scopes = [G1, G2, 'dm-d0', 'dm-d1', 'dm-d2', 'dm-d9'];
    let total = 0;
    for (const scope of scopes) {
      const summary = await started.summary(scope, '2026-11-01', '2026-11-30');
      total += summary.costMicros;
      const key = scope.startsWith('dm-') ? `dm:${scope.slice(3)}` : `guild:${scope}`;
      expect(second.rows.get(key)).toEqual({ requests: summary.requests, costMicros: summary.costMicros });
    }
    expect(second.rows.has('waiting:')).toBe(false);
    expect(second.rows.get('total:')).toEqual({ requests: all.length, costMicros: total });
    expect(await started.allScopesMonthSpendMicros(Date.parse('2026-11-30T23:59:59Z'))).toBe(total);

    const lastMonth = await report(url, '2026-10');
    expect(lastMonth.rows.get('total:')).toEqual({ requests: 2, costMicros: cost(october) });
    const empty = await report(url, '2027-01');
    expect([...empty.rows]).toEqual([['total:', { requests: 0, costMicros: 0 }]]);
    expect(empty.text).toMatch(/^total +0 {2}USD 0\.00$/m);
  });

  it('defaults to the current month; refuses a bad month and a missing database without creating one', async () => {
    const { store, url, dir } = await freshStore();
    await createLedger(store, prices, logger).charge(record(G1, 'u', new Date().toISOString(), 'image'));
    const now = await run([], { DATABASE_URL: url });
    expect(now.out.split('\n')[0]).toBe(
      `Spend in ${new Date().toISOString().slice(0, 7)} (UTC) from ${url.replace('sqlite://', '')}`,
    );
    expect(now.out).toMatch(/^total +1 {2}USD 0\.\d+$/m);

    const bad = await run(['--month', '2026-13'], { DATABASE_URL: url });
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--month must be a month such as 2026-11/);
    const missing = join(dir, 'nothing-here.sqlite');
    const none = await run([], { DATABASE_URL: `sqlite://${missing}` });
    expect(none.code).toBe(1);
    expect(none.err).toBe(`usage: there is no database at ${missing} (DATABASE_URL)\n`);
    expect(existsSync(missing)).toBe(false);
  });
  it('--csv: no cell can start a formula in a spreadsheet, and cells that need quotes are quoted', async () => {
    // Not ids Discord would send, but whatever a store holds must not become a formula.
    const { store, url } = await freshStore();
    const ledger = createLedger(store, prices, logger);
    const guild = record('=SUM(1,2)', 'u', '2026-11-03T10:00:00Z', 'chat');
    const dm = record(null, '-2+3', '2026-11-04T10:00:00Z', 'image');
    await Promise.all([guild, dm].map((entry) => ledger.charge(entry)));
    const csv = await run(['--month', '2026-11', '--csv'], { DATABASE_URL: url });
    expect(csv.code).toBe(0);
    const rows = parseCsv(csv.out);
    expect(rows).toEqual([
      ['kind', 'id', 'requests', 'cost_micros', 'cost'],
      ['guild', "'=SUM(1,2)", '1', String(ledger.costOf(guild)), expect.any(String)],
      ['dm', "'-2+3", '1', String(ledger.costOf(dm)), expect.any(String)],
      ['total', '', '2', String(ledger.costOf(guild) + ledger.costOf(dm)), expect.any(String)],
    ]);
    for (const cell of rows.flat())
      if (!/^-?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(FORMULA_START);
  });

  it('keeps the store’s password out of stderr when the server quotes it back in its refusal', async () => {
    // A Redis-speaking server that refuses every command quoting it, as Redis does an unknown one
    // ("ERR unknown command 'AUTH', with args beginning with: …"): the AUTH it refuses holds the password.
    const server = createServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        const [command = '', ...args] = chunk
          .toString('utf8')
          .split('\r\n')
          .filter((line) => line !== '' && !/^[*$]/.test(line));
        socket.end(
          `-ERR unknown command '${command}', with args beginning with: ${args.map((arg) => `'${arg}'`).join(' ')}\r\n`,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const password = 'store-password-that-must-never-print';
    try {
      for (const url of [`redis://bot:${password}@127.0.0.1:${port}`, `redis://:pw@127.0.0.1:${port}`]) {
        const refused = await run([], { DATABASE_URL: url });
        expect(refused.code).toBe(1);
        expect(refused.err).toMatch(
          new RegExp(
            `^usage: DATABASE_URL cannot be opened \\(redis://127\\.0\\.0\\.1:${port}\\): ERR unknown command 'AUTH'`,
          ),
        );
        expect(refused.err).toContain("'[redacted]'");
        expect(refused.err).not.toContain(password);
        expect(refused.err).not.toContain("'pw'");
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
