import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messageButtons } from '../../src/localDiscord/componentRules.js';
import type { LocalInteraction, LocalMessage, LocalUser } from '../../src/localDiscord/localDiscord.js';
import type { LedgerEntry } from '../../src/spend/aggregate.js';
import { utcDay } from '../../src/spend/records.js';
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

const plansFile = writePlanFile({
  freeMonthlyUsd: 0.04,
  serverMonthlyUsd: 0.1,
  memberDailyUsd: 0.05,
  creditUsd: 0.08,
});

const { h } = useHarness({ env: { PLANS_FILE: plansFile }, discord: { channelCount: 6 } });
let member: LocalUser;
let admin: LocalUser;
beforeAll(() => {
  member = h.discord.user('mia', 'Mia');
  admin = h.discord.user('ada', 'Ada');
  declareSkus(h.discord);
});

const imagine = (user: LocalUser, asAdmin = false) => imagineAs(h.discord, user, asAdmin);

/** The request's end: its messages once the bot is done with it. */
async function ended(interaction: LocalInteraction): Promise<LocalMessage[]> {
  await h.discord.waitFor(
    () => h.discord.replyMessages(interaction).length > 0 || undefined,
    10_000,
    'a reply',
  );
  await settled(h, interaction.id);
  return h.discord.replyMessages(interaction);
}

const served = async (interaction: LocalInteraction) => {
  const messages = await ended(interaction);
  expect(messages[0]?.content).toContain('service-image-v1');
};

/** The private refusal's text and the SKUs of its premium buttons (style 6). */
async function refused(interaction: LocalInteraction): Promise<{ text: string; skus: string[] }> {
  const messages = await ended(interaction);
  const last = messages.at(-1);
  expect((last?.flags ?? 0) & 64).toBe(64);
  const buttons = [messageButtons(last?.components ?? [])].flatMap((found) => found);
  expect(buttons.every((button) => button.style === 6 && button.label === undefined)).toBe(true);
  return { text: last?.content ?? '', skus: buttons.map((button) => String(button.sku_id)) };
}

const entries = (): Promise<LedgerEntry[]> =>
  h.running.bot.capabilities.spend.ledger.entries(h.discord.guildId, utcDay(Date.now()), utcDay(Date.now()));
const status = async () => {
  const found = await h.running.bot.capabilities.paidPlans.status(h.discord.guildId, Date.now());
  if (!found) throw new Error('no plans');
  return found;
};

describe('paid plans', () => {
  it('the free allowance, once spent, refuses before the service: privately with premium buttons for the reader, in public without', async () => {
    await served(imagine(member));
    expect((await status()).allowanceUsedMicros).toBe(IMAGE);
    const calls = h.service.imageRequests().length;

    const toMember = await refused(imagine(member));
    expect(toMember.text).toContain(english.t('spend.planAddMore'));
    expect(toMember.skus).toEqual([MEMBER_SKU]);
    const toAdmin = await refused(imagine(admin, true));
    expect(toAdmin.skus).toEqual([SERVER_SKU, CREDIT_SKU, MEMBER_SKU]);

    const mention = h.discord.sendMessage({
      channelId: h.discord.channelIds[1] as string,
      user: admin,
      content: `<@${h.discord.botUser.id}> a short poem?`,
    });
    await settled(h, mention.id);
    const [publicReply] = h.discord.replyTo(mention);
    expect(publicReply?.content).toBe(`⛔ ${english.t('spend.planSpent')}`);
    expect(messageButtons(publicReply?.components ?? [])).toEqual([]);
    expect(h.service.imageRequests().length).toBe(calls);
    expect(h.service.chatRequests().length).toBe(0);
  });

  it("a server subscription counts from the interaction's entitlements alone, and once ended the next request is back on the free allowance", async () => {
    const bought = h.discord.monetization.grantEntitlement({
      skuId: SERVER_SKU,
      guildId: h.discord.guildId,
      userId: admin.id,
      announce: false,
    });
    const requestsBefore = h.discord.requestLog.length;
    await served(imagine(member));
    const entitlementCalls = h.discord.requestLog
      .slice(requestsBefore)
      .filter((request) => request.route.includes('/entitlements'));
    expect(entitlementCalls).toEqual([]);
    expect((await status()).allowanceMicros).toBe(40_000 + 100_000);

    h.discord.monetization.endEntitlement(bought.id, new Date(Date.now() - 1));
    const back = await refused(imagine(member));
    const figures = { spent: english.money(2 * IMAGE, 'USD'), allowance: english.money(IMAGE, 'USD') };
    expect(back.text).toBe(
      `⛔ ${english.t('spend.planSpentFigures', figures)} ${english.t('spend.planAddMore')}`,
    );
    expect((await status()).allowanceMicros).toBe(40_000);
  });

  it("a member subscription pays for its member's own requests, up to its daily allowance", async () => {
    h.discord.monetization.grantEntitlement({ skuId: MEMBER_SKU, userId: member.id });
    await served(imagine(member));
    const last = (await entries()).at(-1);
    expect(last?.planDraw).toEqual({ memberMicros: IMAGE });
    // The server's allowance did not pay for it.
    expect((await status()).allowanceUsedMicros).toBe(2 * IMAGE);
    // 0.04 of its 0.05 a day is used: the next image does not fit, and the server's allowance is spent.
    expect((await refused(imagine(member))).skus).toEqual([MEMBER_SKU]);
  });

  it('a credit pack is credited once and consumed once, then drawn on after the allowance', async () => {
    const pack = h.discord.monetization.grantEntitlement({ skuId: CREDIT_SKU, guildId: h.discord.guildId });
    const { credits } = h.running.bot.capabilities.paidPlans;
    const record = await vi.waitFor(
      async () => {
        const read = await credits.read(h.discord.guildId);
        expect(read.packs[0]?.consumedAt).toBeDefined();
        return read;
      },
      { timeout: 10_000, interval: 5 },
    );
    expect(record.packs.map((p) => [p.entitlementId, p.micros])).toEqual([[pack.id, 80_000]]);
    expect(h.discord.monetization.consumeCount(pack.id)).toBe(1);
    expect((await status()).creditBalanceMicros).toBe(80_000);

    await served(imagine(admin, true));
    expect((await entries()).at(-1)?.planDraw).toEqual({ creditMicros: IMAGE });
    await served(imagine(admin, true));
    expect((await status()).creditBalanceMicros).toBe(0);
    expect((await refused(imagine(admin, true))).skus).toContain(CREDIT_SKU);
    expect(h.discord.monetization.consumeCount(pack.id)).toBe(1);
    expect((await credits.read(h.discord.guildId)).packs).toHaveLength(1);
  });
});
