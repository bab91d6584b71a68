/**
 * Premium apps in the local Discord (issue 31): the application's SKUs and the entitlements of its
 * users and servers, kept per local Discord, in the shapes Discord sends them, and the gateway's
 * ENTITLEMENT_CREATE / _UPDATE / _DELETE. Routes: monetization.ts; test-facing helpers:
 * localMonetization.ts.
 *
 * From Discord's OpenAPI description (discord/discord-api-spec, specs/openapi.json):
 * EntitlementResponse (id, sku_id, application_id, user_id, guild_id nullable, deleted, starts_at
 * and ends_at nullable, type, consumed) and GET /applications/{app}/entitlements's query (user_id,
 * sku_ids, guild_id, before, after, limit 1-100, exclude_ended, exclude_deleted, only_active).
 *
 * From Discord's documentation (discord/discord-api-docs), where the spec is silent:
 * - the SKU object and its types (2 durable, 3 consumable, 5 subscription, 6 subscription group,
 *   created by Discord beside each subscription) and flags (resources/sku.md); the spec has no SKU
 *   schema;
 * - entitlement types 1-7 (the spec lists only 8 APPLICATION_SUBSCRIPTION and 10 QUEST_REWARD);
 *   `user_id` absent on a server's entitlement (the spec requires it; the docs mark it optional);
 * - the list's defaults: limit 100, ended entitlements included, deleted ones left out;
 * - gateway events without a guild_id, entitlement events among them, go to shard 0 only
 *   (events/gateway.md, Sharding);
 * - interactions carry the invoking user's entitlements and, in a server, the server's
 *   (interactions/receiving-and-responding.md, monetization/implementing-app-subscriptions.md).
 *
 * Our own choices where both are silent: listing with `after` goes up from it in id order,
 * otherwise down from `before` (or the newest), as Discord pages messages; `only_active` leaves
 * out ended and deleted entitlements; interactions leave out ended, deleted and consumed ones
 * and those not started yet; an entitlement with a guild_id counts for that server (everyone in
 * it), one without for its user everywhere.
 */
import { route } from './gateway.js';
import type { DiscordState } from './state.js';

/** SKU types (resources/sku.md). */
export const SKU_TYPES = { durable: 2, consumable: 3, subscription: 5, subscriptionGroup: 6 } as const;
/** SKU flags (resources/sku.md). */
export const SKU_FLAGS = { available: 1 << 2, guildSubscription: 1 << 7, userSubscription: 1 << 8 } as const;
/** Entitlement types (resources/entitlement.md). */
export const ENTITLEMENT_TYPES = {
  purchase: 1,
  premiumSubscription: 2,
  developerGift: 3,
  testModePurchase: 4,
  freePurchase: 5,
  userGift: 6,
  premiumPurchase: 7,
  applicationSubscription: 8,
} as const;

export interface LocalSku {
  readonly id: string;
  /** 2 durable, 3 consumable, 5 subscription, 6 subscription group. */
  readonly type: number;
  readonly name: string;
  readonly slug: string;
  readonly flags: number;
}

export interface LocalEntitlement {
  readonly id: string;
  readonly skuId: string;
  readonly userId: string | undefined;
  readonly guildId: string | undefined;
  /** ENTITLEMENT_TYPES. */
  readonly type: number;
  deleted: boolean;
  consumed: boolean;
  /** ISO 8601; null for test entitlements (valid until deleted). */
  readonly startsAt: string | null;
  endsAt: string | null;
  /** Made with POST /applications/{app}/entitlements: the only ones DELETE may remove. */
  readonly test: boolean;
}

/** A POST …/entitlements/{id}/consume that found its entitlement, and what it was answered. */
export interface ConsumeRecord {
  readonly entitlementId: string;
  readonly status: number;
  /** Whether it consumed the entitlement (false: refused, or already consumed, a no-op). */
  readonly consumed: boolean;
  readonly at: number;
}

export interface MonetizationState {
  readonly skus: Map<string, LocalSku>;
  readonly entitlements: Map<string, LocalEntitlement>;
  readonly consumes: ConsumeRecord[];
}

const states = new WeakMap<DiscordState, MonetizationState>();

export function monetizationOf(discord: DiscordState): MonetizationState {
  let state = states.get(discord);
  if (!state) {
    state = { skus: new Map(), entitlements: new Map(), consumes: [] };
    states.set(discord, state);
  }
  return state;
}

export function skuJson(discord: DiscordState, sku: LocalSku): Record<string, unknown> {
  // The fields of the docs' example beyond the documented six, as Discord sends them.
  return {
    id: sku.id,
    type: sku.type,
    dependent_sku_id: null,
    application_id: discord.applicationId,
    manifest_labels: null,
    access_type: 1,
    name: sku.name,
    features: [],
    release_date: null,
    premium: false,
    slug: sku.slug,
    flags: sku.flags,
    show_age_gate: false,
  };
}

export function entitlementJson(
  discord: DiscordState,
  entitlement: LocalEntitlement,
): Record<string, unknown> {
  return {
    id: entitlement.id,
    sku_id: entitlement.skuId,
    application_id: discord.applicationId,
    ...(entitlement.userId !== undefined && { user_id: entitlement.userId }),
    guild_id: entitlement.guildId ?? null,
    type: entitlement.type,
    deleted: entitlement.deleted,
    consumed: entitlement.consumed,
    starts_at: entitlement.startsAt,
    ends_at: entitlement.endsAt,
  };
}

/** Dispatches an entitlement event to shard 0's sessions (it has no guild_id routing). */
export function announce(
  discord: DiscordState,
  t: 'ENTITLEMENT_CREATE' | 'ENTITLEMENT_UPDATE' | 'ENTITLEMENT_DELETE',
  entitlement: LocalEntitlement,
): void {
  route(discord, t, entitlementJson(discord, entitlement), null);
  discord.emit('change');
}

export const hasEnded = (entitlement: LocalEntitlement, now = Date.now()): boolean =>
  entitlement.endsAt !== null && Date.parse(entitlement.endsAt) <= now;

/** Not deleted, started, not ended, not consumed. */
export function isActive(entitlement: LocalEntitlement, now = Date.now()): boolean {
  if (entitlement.deleted || entitlement.consumed || hasEnded(entitlement, now)) return false;
  return entitlement.startsAt === null || Date.parse(entitlement.startsAt) <= now;
}

/** By id, oldest first. */
export const byId = (a: LocalEntitlement, b: LocalEntitlement): number => {
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The `entitlements` of an interaction from `userId` in `guildId` (null: a DM): the user's own
 * active entitlements and, in a server, the server's.
 */
export function interactionEntitlements(
  discord: DiscordState,
  userId: string,
  guildId: string | null,
): Record<string, unknown>[] {
  const now = Date.now();
  return [...monetizationOf(discord).entitlements.values()]
    .filter((entitlement) => isActive(entitlement, now))
    .filter((entitlement) =>
      entitlement.guildId !== undefined ? entitlement.guildId === guildId : entitlement.userId === userId,
    )
    .sort(byId)
    .map((entitlement) => entitlementJson(discord, entitlement));
}
