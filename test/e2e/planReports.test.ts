import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  type LocalInteraction,
  type LocalUser,
} from '../../src/localDiscord/localDiscord.js';
import type { CreditPack } from '../../src/plans/creditBook.js';
import type { LedgerEntry } from '../../src/spend/aggregate.js';
import { CSV_COLUMNS } from '../../src/spend/csv.js';
import { utcDay } from '../../src/spend/records.js';
import { isTally, monthOf, tallyKey } from '../../src/spend/tally.js';
import { parseCsv } from '../helpers/csv.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { settled } from '../helpers/harness.js';
import {
  CREDIT_SKU,
  declareSkus,
  IMAGE,
  imagineAs,
  MEMBER_SKU,
  SERVER_SKU,
  writePlanFile,
} from '../helpers/plans.js';
import { runUsageCli } from '../helpers/usageCli.js';

const PACK = 80_000;
const plansFile = writePlanFile({
  freeMonthlyUsd: 0.04,
  serverMonthlyUsd: 20,
  memberDailyUsd: 0.05,
  creditUsd: 0.08,
});

const { h, ephemeralText } = useHarness({
  env: () => ({ PLANS_FILE: plansFile }),
  discord: { channelCount: 6 },
});
let member: LocalUser;
let admin: LocalUser;
beforeAll(() => {
  member = h.discord.user('mia', 'Mia');
  admin = h.discord.user('ada', 'Ada');
  declareSkus(h.discord);
});

const today = () => utcDay(Date.now());
const guildId = () => h.discord.guildId;
const entries = (): Promise<LedgerEntry[]> =>
  h.running.bot.capabilities.spend.ledger.entries(guildId(), today(), today());
const credits = () => h.running.bot.capabilities.paidPlans.credits.read(guildId());

async function served(user: LocalUser, asAdmin = false): Promise<void> {
  const interaction = imagineAs(h.discord, user, asAdmin);
  const [message] = await h.discord.waitFor(
    () => h.discord.replyMessages(interaction).length > 0 && h.discord.replyMessages(interaction),
    10_000,
    'the /imagine reply',
  );
  await settled(h, interaction.id);
  expect(message?.content).toContain('service-image-v1');
}

/** The pack once the bot holds it as `done` says (credited and consumed, or refunded); polled state. */
const packWhen = (entitlementId: string, done: (pack: CreditPack) => boolean) =>
  vi.waitFor(
    async () => {
      const pack = (await credits()).packs.find((known) => known.entitlementId === entitlementId);
      if (!pack || !done(pack)) throw new Error(`pack ${entitlementId} not there yet`);
      return pack;
    },
    { timeout: 10_000, interval: 5 },
  );

const usage = (subcommand: 'show' | 'export'): LocalInteraction =>
  h.discord.sendCommand({
    name: 'usage',
    subcommand,
    options: { period: 'today' },
    user: admin,
    permissions: ADMIN_PERMISSIONS,
  });

const usageReport = () =>
  runUsageCli([], { DATABASE_URL: `sqlite://${h.databasePath}`, PLANS_FILE: plansFile });

let kept: CreditPack;
let refunded: CreditPack;

describe('plan reports', () => {
  it('spend paid by the free allowance, a credit pack and a member subscription; a second pack refunded', async () => {
    await served(member);
    const bought = h.discord.monetization.grantEntitlement({
      skuId: CREDIT_SKU,
      guildId: guildId(),
      userId: admin.id,
    });
    kept = await packWhen(bought.id, (pack) => pack.consumedAt !== undefined);
    await served(admin, true);
    h.discord.monetization.grantEntitlement({ skuId: MEMBER_SKU, userId: member.id });
    await served(member);
    const second = h.discord.monetization.grantEntitlement({ skuId: CREDIT_SKU, guildId: guildId() });
    await packWhen(second.id, (pack) => pack.consumedAt !== undefined);
    h.discord.monetization.deleteEntitlement(second.id);
    refunded = await packWhen(second.id, (pack) => pack.refundedAt !== undefined);

    expect((await entries()).map((entry) => entry.planDraw)).toEqual([
      undefined,
      { creditMicros: IMAGE },
      { memberMicros: IMAGE },
    ]);
    const status = await h.running.bot.capabilities.paidPlans.status(guildId(), Date.now());
    expect(status).toMatchObject({
      serverSkus: [],
      allowanceMicros: IMAGE,
      allowanceUsedMicros: IMAGE,
      creditBalanceMicros: PACK - IMAGE,
    });
  });

  it('/usage show: the plan, the allowance left, the credit balance, the packs not refunded', async () => {
    const text = await ephemeralText(usage('show'));
    const lines = text.split('\n');
    const money = (micros: number) => english.money(micros, 'USD');
    const plan = english.t('spend.planLine', {
      plan: english.t('spend.planFree'),
      left: money(0),
      allowance: money(IMAGE),
      credit: money(PACK - IMAGE),
    });
    const packs = english.t('spend.planCredits', { count: 1, money: money(PACK), day: english.day(today()) });
    expect(lines.slice(1, 3)).toEqual([plan, packs]);
    expect(plan).toBe(
      "Plan: free allowance; USD\u00a00.00 of this month's USD\u00a00.04 allowance left; credit balance USD\u00a00.04.",
    );
  });

  it('the CSV: what plan paid each entry, and the packs bought and refunded as rows that sum right', async () => {
    const interaction = usage('export');
    await settled(h, interaction.id, 20_000);
    const [message] = h.discord.replyMessages(interaction);
    expect(message?.content).toMatch(/^3 billed requests · USD\u00a00\.12 · /);
    const [header, ...rows] = parseCsv((message?.attachments[0]?.data ?? Buffer.alloc(0)).toString('utf8'));
    expect(header).toEqual([...CSV_COLUMNS]);
    const cell = (row: string[], name: (typeof CSV_COLUMNS)[number]) => row[CSV_COLUMNS.indexOf(name)];
    const ids = (await entries()).map((entry) => entry.id);
    expect(rows.map((row) => [cell(row, 'kind'), cell(row, 'id')])).toEqual([
      ['image', ids[0]],
      ['credit', kept.entitlementId],
      ['image', ids[1]],
      ['image', ids[2]],
      ['credit', refunded.entitlementId],
      ['credit_refund', refunded.entitlementId],
    ]);
    expect(
      rows.map((row) => [cell(row, 'from_member_plan'), cell(row, 'from_credit'), cell(row, 'credit')]),
    ).toEqual([
      ['', '', ''],
      ['', '', '0.080000'],
      ['', '0.040000', ''],
      ['0.040000', '', ''],
      ['', '', '0.080000'],
      ['', '', '-0.080000'],
    ]);
    const credit = rows.filter((row) => cell(row, 'kind')?.startsWith('credit'));
    expect(credit.map((row) => [cell(row, 'sku'), cell(row, 'cost'), cell(row, 'paid_by')])).toEqual([
      [CREDIT_SKU, '', ''],
      [CREDIT_SKU, '', ''],
      [CREDIT_SKU, '', ''],
    ]);
    expect(cell(credit[0] ?? [], 'user')).toBe(admin.id);
    const sum = (name: (typeof CSV_COLUMNS)[number]) =>
      Math.round(rows.reduce((total, row) => total + Number(cell(row, name) || 0), 0) * 1e6);
    expect(sum('cost')).toBe(3 * IMAGE);
    expect(sum('credit') - sum('from_credit')).toBe(PACK - IMAGE);
    // Operator-paid and server-key-paid stay apart: every billed row says who paid.
    expect(rows.filter((row) => cell(row, 'kind') === 'image').map((row) => cell(row, 'paid_by'))).toEqual([
      'operator',
      'operator',
      'operator',
    ]);
  });

  it('npm run usage: the plan file’s SKUs, the server’s packs, what plans paid this month', async () => {
    // What plans paid is read from the stored month totals: wait for the bot to have written them.
    const month = monthOf(today());
    await vi.waitFor(
      async () => {
        const tally: unknown = await h.running.store.get(tallyKey(guildId()));
        const plan = isTally(tally) ? tally.months[month]?.plan : undefined;
        expect(plan).toEqual({ memberMicros: IMAGE, creditMicros: IMAGE });
      },
      { timeout: 10_000, interval: 20 },
    );
    const { code, out, err } = await usageReport();
    expect(err).toBe('');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines).toContain(`Plans (${plansFile}): free allowance USD 0.04 a month per server`);
    expect(lines).toContain(`  sku ${SERVER_SKU}  server  USD 20.00 a month`);
    expect(lines).toContain(`  sku ${MEMBER_SKU}  member  USD 0.05 a day`);
    expect(lines).toContain(`  sku ${CREDIT_SKU}  credit  USD 0.08 a pack`);
    expect(lines).toContain(
      `  server ${guildId()}  2 packs, credited USD 0.16, refunded USD 0.08, 0 not consumed yet`,
    );
    expect(lines).toContain(`Paid by plans in ${month} (stored month totals)`);
    expect(lines).toContain(`  server ${guildId()}  member subscriptions USD 0.04, credit USD 0.04`);
    expect(out).toMatch(/^total +3 {2}USD 0\.12$/m);
  });
});
