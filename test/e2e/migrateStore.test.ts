/**
 * `npm run migrate-store` as an operator runs it (the command, in its own process): a SQLite
 * store the bot filled is copied into PostgreSQL and into Redis, verified (records and ledger
 * totals), and a non-empty target is refused unless told.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createConversationStore } from '../../src/chat/conversationStore.js';
import { spillPathFor } from '../../src/lib/store.js';
import {
  chatCharge,
  imageCharge,
  NOW,
  quietLogger,
  shippedPrices,
} from '../../src/localService/harness/charges.js';
import { createLedger } from '../../src/spend/ledger.js';
import { ledgerTotals } from '../../src/spend/monthReport.js';
import { serverUrl, storeUrls } from '../helpers/storeUrls.js';

const DAY = 86_400_000;

function migrate(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/migrateStore.ts', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  return { status: result.status, out: result.stdout + result.stderr };
}

for (const kind of ['postgres', 'redis'] as const) {
  describe.skipIf(serverUrl(kind) === undefined)(`migrate-store: SQLite → ${kind}`, () => {
    const sqlite = storeUrls('sqlite');
    const target = storeUrls(kind);

    it('copies every record, keeps what has time to live, and verifies counts and ledger totals', async () => {
      const from = await sqlite.fresh();
      const source = await sqlite.open(from);
      const ledger = createLedger(source, shippedPrices, quietLogger);
      for (let i = 0; i < 40; i += 1) {
        const guild = `10000000000000000${i % 4}`;
        await ledger.charge({ ...chatCharge(i, guild), time: NOW - (i % 9) * DAY });
      }
      await ledger.charge(imageCharge(null, 'ann', 2));
      await createConversationStore(source, quietLogger).update(
        '111',
        () =>
          ({
            turns: [{ user: 'hello', assistant: 'hi' }],
          }) as never,
      );
      await source.set('imagine:req1', { prompt: 'a cat' }, 60 * 60_000);
      await source.set('imagine:gone', { prompt: 'old' }, 1);
      await ledger.close();
      const before = await ledgerTotals(source);
      await sqlite.close(source);

      const to = await target.fresh();
      const run = migrate('--from', from, '--to', to);
      expect(run.out).toMatch(/copied \d+ records in [\d.]+ s \(1 had expired\)/);
      expect(run.out).toMatch(
        /verified: \d+ records; ledger totals match in 5 scopes \(41 requests, \d+ micro-units\)/,
      );
      expect(run.status).toBe(0);

      const copied = await target.open(to);
      expect(await ledgerTotals(copied)).toEqual(before);
      expect(await copied.get('imagine:req1')).toEqual({ prompt: 'a cat' });
      expect(await copied.get('imagine:gone')).toBeUndefined();
      // The copy keeps the record's time to live, not forever.
      const raw = await copied.getRaw('imagine:req1');
      expect(raw?.expires).toBeGreaterThan(Date.now());
      expect(raw?.expires).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
      await target.close(copied);

      // A second run into the filled target is refused, and changes nothing; told, it writes.
      const filled = await target.open(to);
      await filled.set('only-in-target', 1);
      const keysBefore: string[] = [];
      for await (const keys of filled.keys('')) keysBefore.push(...keys);
      await target.close(filled);
      const again = migrate('--from', from, '--to', to);
      expect(again.status).toBe(1);
      const unchanged = await target.open(to);
      const keysAfter: string[] = [];
      for await (const keys of unchanged.keys('')) keysAfter.push(...keys);
      expect(keysAfter.sort()).toEqual(keysBefore.sort());
      await target.close(unchanged);
      expect(again.out).toMatch(
        /^migrate-store: the target \(.+\) already holds \d+ records; copy into an empty store, or add --into-non-empty to write over it\n$/,
      );
      const forced = migrate('--from', from, '--to', to, '--into-non-empty');
      expect(forced.status).toBe(0);
      expect(forced.out).toContain('ledger totals match in 5 scopes');
    });
  });
}

describe('migrate-store: arguments', () => {
  const sqlite = storeUrls('sqlite');

  it('refuses a missing SQLite source (it would copy an empty store) and a store with charges still waiting', async () => {
    const missing = migrate(
      '--from',
      'sqlite:///tmp/no-such-dir/bot.sqlite',
      '--to',
      'sqlite:///tmp/x.sqlite',
    );
    expect(missing).toEqual({
      status: 1,
      out: 'migrate-store: there is no database at /tmp/no-such-dir/bot.sqlite (--from)\n',
    });
    const from = await sqlite.fresh();
    await sqlite.close(await sqlite.open(from));
    const spill = spillPathFor(from);
    writeFileSync(spill, '[]');
    const waiting = migrate('--from', from, '--to', `${from}-copy`);
    expect(waiting.status).toBe(1);
    expect(waiting.out).toBe(
      `migrate-store: charges are waiting in ${spill}; start the bot once on the source store to record them, then stop it and migrate\n`,
    );
  });

  it('never prints a password, even of a URL it cannot parse', () => {
    const bad = migrate('--from', 'sqlite://a.sqlite', '--to', 'postgres://bot:sekret-pw@127.0.0.1:99999/db');
    expect(bad).toEqual({
      status: 1,
      out: 'migrate-store: --to must be a sqlite://, postgres:// or redis:// URL\n',
    });
  });

  it('refuses what is not a store URL, and the same store twice, with one line', () => {
    expect(migrate('--from', 'sqlite://a.sqlite').out).toContain('usage: npm run migrate-store -- --from');
    const bad = migrate('--from', 'mysql://db/x', '--to', 'sqlite://b.sqlite');
    expect(bad).toEqual({
      status: 1,
      out: 'migrate-store: --from must be a sqlite://, postgres:// or redis:// URL\n',
    });
    const same = migrate('--from', 'sqlite://b.sqlite', '--to', 'sqlite://b.sqlite');
    expect(same).toEqual({ status: 1, out: 'migrate-store: --from and --to name the same store\n' });
  });
});
