/**
 * The playground's paid plans (issue 31): a demo plan file for its bot (PLANS_FILE) with a small
 * free allowance, so a person meets the refusal with Discord's premium buttons after a few images,
 * the same SKUs declared at the local Discord with a name and a shown price, and the page's
 * "purchase": a click on a premium button grants that SKU as Discord would after a test purchase
 * (`discord.monetization.grantEntitlement`, announced to the bot on the gateway), to the server the
 * message is in (a server subscription, a credit pack) or to the person (a member subscription).
 * Nothing is paid: these are the local Discord's entitlements, gone when the playground stops.
 * A purchase can be ended by its buyer (POST /api/end-purchase): a subscription ends now, a credit
 * pack the bot has not credited yet is refunded (deleted).
 * `PLAYGROUND_PLANS=off` (playgroundEnv.ts), or `plans: false` to startPlayground, runs without.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { messageButtons } from '../localDiscord/componentRules.js';
import { ENTITLEMENT_TYPES, SKU_FLAGS, SKU_TYPES } from '../localDiscord/entitlements.js';
import type { LocalDiscord } from '../localDiscord/localDiscord.js';
import { PageRefusal, text } from './pageHttp.js';
import { type InteractionNotes, ownPlace, type PlaygroundPerson } from './pageView.js';

export type DemoPlanKind = 'server' | 'member' | 'credit';

export interface DemoSku {
  /** A fixed snowflake, as a Developer Portal SKU id is. */
  readonly id: string;
  readonly kind: DemoPlanKind;
  /** What Discord draws on the premium button, with the price. */
  readonly name: string;
  /** The price shown (USD): a month's for a subscription, once for a credit pack. */
  readonly priceUsd: number;
  /** What the plan file says it grants (src/spend/plans.ts). */
  readonly plan: Readonly<Record<string, unknown>>;
}

/**
 * Every server's free allowance a month: $0.10 (prices.json's placeholders: a 1024×1024 image is
 * $0.04, an /ask a small fraction of a cent), so an `/imagine … n:2` and one more image spend it.
 */
export const DEMO_FREE_MONTHLY_USD = 0.1;

/** The order the bot offers them in: the server's (subscription, credit), then the member's. */
export const DEMO_SKUS: readonly DemoSku[] = [
  {
    id: '1310000000000000001',
    kind: 'server',
    name: 'Server Plus',
    priceUsd: 4.99,
    plan: { kind: 'server', monthlyUsd: 20 },
  },
  {
    id: '1310000000000000003',
    kind: 'credit',
    name: '$10 Credit Pack',
    priceUsd: 9.99,
    plan: { kind: 'credit', usd: 10 },
  },
  {
    id: '1310000000000000002',
    kind: 'member',
    name: 'Member Plus',
    priceUsd: 1.99,
    plan: { kind: 'member', dailyUsd: 2 },
  },
];

/** The demo plan file's JSON, in PLANS_FILE's shape. */
export function demoPlansJson() {
  return {
    freeMonthlyUsd: DEMO_FREE_MONTHLY_USD,
    skus: Object.fromEntries(DEMO_SKUS.map((sku) => [sku.id, sku.plan])),
  };
}

/** Writes the demo plan file into `folder`; its path, for PLANS_FILE. */
export function writeDemoPlans(folder: string): string {
  const path = join(folder, 'plans.json');
  writeFileSync(path, `${JSON.stringify(demoPlansJson(), null, 2)}\n`);
  return path;
}

/**
 * Declares the demo SKUs at the local Discord: subscriptions (a server's, a member's: its user
 * subscription flag) and a consumable credit pack.
 */
export function declareDemoSkus(discord: LocalDiscord): void {
  for (const sku of DEMO_SKUS) {
    discord.monetization.addSku({
      id: sku.id,
      type: sku.kind === 'credit' ? SKU_TYPES.consumable : SKU_TYPES.subscription,
      name: sku.name,
      ...(sku.kind === 'member' && { flags: SKU_FLAGS.available | SKU_FLAGS.userSubscription }),
    });
  }
}

/** The app's SKUs as the page draws premium buttons: name, kind, shown price (null: none known). */
export function skusView(discord: LocalDiscord) {
  return discord.monetization
    .skus()
    .filter((sku) => sku.type !== SKU_TYPES.subscriptionGroup)
    .map((sku) => {
      const demo = DEMO_SKUS.find((candidate) => candidate.id === sku.id);
      return {
        id: sku.id,
        name: sku.name,
        kind: demo?.kind ?? null,
        priceUsd: demo?.priceUsd ?? null,
        per: sku.type === SKU_TYPES.subscription ? ('month' as const) : ('once' as const),
      };
    });
}

/** The sku ids of a message's premium buttons (style 6), in action rows. */
function premiumSkus(components: readonly unknown[]): string[] {
  return messageButtons(components)
    .filter((button) => button.type === 2 && button.style === 6 && typeof button.sku_id === 'string')
    .map((button) => button.sku_id as string);
}

/**
 * POST /api/buy `{messageId, skuId}`: a click on a premium button of a message this person sees,
 * "bought" as a test purchase: the SKU granted to the server the message is in, or for a member
 * subscription to the person. Answers what was granted.
 */
export function buyPremium(
  discord: LocalDiscord,
  person: PlaygroundPerson,
  body: Record<string, unknown>,
  notes: InteractionNotes,
) {
  const message = discord.messages.get(text(body.messageId) ?? '');
  const skuId = text(body.skuId) ?? '';
  if (!message || message.deleted || !premiumSkus(message.components ?? []).includes(skuId)) {
    throw new Error('no such message or premium button');
  }
  ownPlace(discord, person, message.channelId);
  const reader = message.interactionToken ? notes.get(message.interactionToken)?.userId : undefined;
  if ((message.flags & 64) !== 0 && reader !== undefined && reader !== person.user.id) {
    throw new PageRefusal(403, 'only the person this private reply answers sees its buttons');
  }
  const sku = discord.monetization.skus().find((candidate) => candidate.id === skuId);
  if (!sku) throw new PageRefusal(404, `the app has no SKU ${skuId}`);
  const forMember = (sku.flags & SKU_FLAGS.userSubscription) !== 0;
  const guildId = discord.channels.get(message.channelId)?.guildId ?? null;
  if (!forMember && guildId === null) {
    throw new PageRefusal(400, `${sku.name} is for a server: buy it from a server's channel`);
  }
  const entitlement = discord.monetization.grantEntitlement({
    skuId,
    userId: person.user.id,
    ...(!forMember && { guildId: guildId as string }),
  });
  return { entitlementId: entitlement.id, skuId, name: sku.name, forServer: !forMember };
}

/**
 * POST /api/end-purchase `{entitlementId}`: the buyer ends a purchase made on the page: a
 * subscription ends now (ENTITLEMENT_UPDATE), a credit pack not yet credited is refunded
 * (ENTITLEMENT_DELETE); one already credited stays (409).
 */
export function endPurchase(discord: LocalDiscord, person: PlaygroundPerson, body: Record<string, unknown>) {
  const found = discord.monetization
    .entitlementsOf({ userId: person.user.id })
    .find((entitlement) => entitlement.id === text(body.entitlementId));
  if (!found || found.deleted) throw new PageRefusal(404, 'no such purchase of yours');
  const name = discord.monetization.skus().find((sku) => sku.id === found.skuId)?.name ?? found.skuId;
  if (found.consumed) throw new PageRefusal(409, `${name} is credited to the server already`);
  if (found.type === ENTITLEMENT_TYPES.applicationSubscription) {
    discord.monetization.endEntitlement(found.id);
  } else {
    discord.monetization.deleteEntitlement(found.id);
  }
  return { entitlementId: found.id, name, ended: true };
}
