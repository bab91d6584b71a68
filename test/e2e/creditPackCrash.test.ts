/**
 * A credit pack is credited once and consumed once however the process dies (issue 31): the bot
 * as its own process (as `npm start` runs it), killed with SIGKILL at each step of a purchase,
 * then started again on the same database:
 * - before anything (the pack bought while the process is gone);
 * - after crediting, before consuming (the consume refused, then the kill);
 * - after Discord consumed it, before the bot noted so (the consume done, its answer lost).
 * Each time the next start finishes the purchase: one pack in the credit book, consumed, and one
 * consume at Discord.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/lib/store.js';
import { type LocalDiscord, startLocalDiscord } from '../../src/localDiscord/localDiscord.js';
import { type FakeService, startFakeService } from '../../src/localService/fakeService.js';
import { type BotProcess, startBotProcess } from '../../src/localService/harness/botProcess.js';
import { type CreditRecord, createCreditBook } from '../../src/plans/creditBook.js';

const TOKEN = 'MTExMTExMTExMTExMTExMTEx.credit-pack-token.d1st1nct1v3-t0k3n';
const CREDIT_SKU = '1400000000000000001';

let discord: LocalDiscord;
let service: FakeService;
let dir: string;
const bots: BotProcess[] = [];
beforeAll(async () => {
  discord = await startLocalDiscord({ channelCount: 2, token: TOKEN });
  service = await startFakeService();
  dir = mkdtempSync(join(tmpdir(), 'credit-pack-crash-'));
  writeFileSync(
    join(dir, 'plans.json'),
    JSON.stringify({ freeMonthlyUsd: 0, skus: { [CREDIT_SKU]: { kind: 'credit', usd: 5 } } }),
  );
  discord.monetization.addSku({ id: CREDIT_SKU, type: 3, name: 'Credit 5' });
});
afterAll(async () => {
  for (const bot of bots) await bot.stop();
  await discord?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function startBot(): Promise<BotProcess> {
  const bot = startBotProcess(discord, service, {
    fromSource: true,
    databaseDir: dir,
    env: { DISCORD_TOKEN: TOKEN, PLANS_FILE: join(dir, 'plans.json'), LOG_LEVEL: 'info' },
  });
  bots.push(bot);
  await bot.ready();
  return bot;
}

async function kill(bot: BotProcess): Promise<void> {
  bot.child.kill('SIGKILL');
  expect(await bot.exited).toBeNull();
}

/** The credit book as stored, read once the bot is stopped. */
async function stored(): Promise<CreditRecord> {
  const store = await openStore(`sqlite://${join(dir, 'bot.sqlite')}`);
  try {
    return await createCreditBook(store).read(discord.guildId);
  } finally {
    await store.disconnect();
  }
}

const consumeRequests = (id: string) => discord.monetization.consumes.filter((c) => c.entitlementId === id);

/** Starts the bot again, waits until it has consumed and noted the pack, stops it; returns the book. */
async function finishedAfterRestart(id: string): Promise<CreditRecord> {
  const bot = await startBot();
  await expect
    .poll(() => bot.output(), { timeout: 20_000 })
    .toMatch(new RegExp(`"entitlementId":"${id}"[^\\n]*credit pack consumed at Discord`));
  await bot.stop();
  return stored();
}

const packIds = (record: CreditRecord) => record.packs.map((pack) => pack.entitlementId);

describe('a credit pack under SIGKILL', () => {
  it('bought while the process is gone: credited and consumed at the next start', async () => {
    await kill(await startBot());
    const pack = discord.monetization.grantEntitlement({ skuId: CREDIT_SKU, guildId: discord.guildId });
    const record = await finishedAfterRestart(pack.id);
    expect(packIds(record)).toEqual([pack.id]);
    expect(record.packs[0]).toMatchObject({ micros: 5_000_000, skuId: CREDIT_SKU });
    expect(record.packs[0]?.consumedAt).toBeDefined();
    expect(discord.monetization.consumeCount(pack.id)).toBe(1);
  });

  it('killed after crediting and before consuming: consumed once at the next start, credited once', async () => {
    const bot = await startBot();
    // Discord refuses the consume once (not retried): the pack stays credited and unconsumed.
    discord.failNext((method, path) => method === 'POST' && path.includes('/consume'), 400, {
      message: 'Invalid request',
      code: 50035,
    });
    const pack = discord.monetization.grantEntitlement({ skuId: CREDIT_SKU, guildId: discord.guildId });
    await expect
      .poll(() => bot.output(), { timeout: 20_000 })
      .toMatch(new RegExp(`"entitlementId":"${pack.id}"[^\\n]*credit pack: not finished`));
    expect(discord.monetization.entitlement(pack.id).consumed).toBe(false);
    await kill(bot);
    const between = await stored();
    expect(packIds(between)).toContain(pack.id);
    expect(between.packs.find((p) => p.entitlementId === pack.id)?.consumedAt).toBeUndefined();

    const record = await finishedAfterRestart(pack.id);
    expect(packIds(record).filter((id) => id === pack.id)).toHaveLength(1);
    expect(discord.monetization.consumeCount(pack.id)).toBe(1);
  });

  it('killed after Discord consumed and before the bot noted it: noted at the next start without a second consume', async () => {
    const bot = await startBot();
    discord.failNext(
      (method, path) => method === 'POST' && path.includes('/consume'),
      400,
      { message: 'Invalid request', code: 50035 },
      { afterApplying: true },
    );
    const pack = discord.monetization.grantEntitlement({ skuId: CREDIT_SKU, guildId: discord.guildId });
    await expect
      .poll(() => bot.output(), { timeout: 20_000 })
      .toMatch(new RegExp(`"entitlementId":"${pack.id}"[^\\n]*credit pack: not finished`));
    expect(discord.monetization.entitlement(pack.id).consumed).toBe(true);
    await kill(bot);
    expect((await stored()).packs.find((p) => p.entitlementId === pack.id)?.consumedAt).toBeUndefined();

    const record = await finishedAfterRestart(pack.id);
    expect(packIds(record).filter((id) => id === pack.id)).toHaveLength(1);
    expect(consumeRequests(pack.id)).toHaveLength(1);
    // Three packs of 5 credited, each once.
    expect(record.packs.map((p) => p.micros)).toEqual([5_000_000, 5_000_000, 5_000_000]);
  });
});
