/**
 * What tests and the playground do with the local Discord's premium apps (`discord.monetization`):
 * declare the app's SKUs, have Discord grant, end and remove entitlements (each announced on the
 * gateway, shard 0, as Discord does: entitlements.ts), and read what the bot did (its consumes).
 */
import {
  announce,
  byId,
  type ConsumeRecord,
  ENTITLEMENT_TYPES,
  entitlementJson,
  isActive,
  type LocalEntitlement,
  type LocalSku,
  monetizationOf,
  SKU_FLAGS,
  SKU_TYPES,
} from './entitlements.js';
import { snowflake } from './model.js';
import type { DiscordState } from './state.js';

export interface AddSkuInput {
  /** Default: a fresh snowflake. */
  readonly id?: string;
  /** 2 durable, 3 consumable, 5 subscription (SKU_TYPES). */
  readonly type: number;
  readonly name: string;
  /** Default: the name in lower case, runs of other characters as `-`. */
  readonly slug?: string;
  /** SKU_FLAGS; default: available, plus the server subscription flag for a subscription. */
  readonly flags?: number;
}

export interface GrantInput {
  readonly skuId: string;
  /** The user it belongs to (for a server's: who bought it, optional). */
  readonly userId?: string;
  /** The server it belongs to: then it counts for everyone there. */
  readonly guildId?: string;
  /** Default: 8 APPLICATION_SUBSCRIPTION for a subscription SKU, 1 PURCHASE otherwise. */
  readonly type?: number;
  /** Default: now. */
  readonly startsAt?: Date;
  readonly endsAt?: Date;
  /** false: no ENTITLEMENT_CREATE (an event Discord never delivered); default true. */
  readonly announce?: boolean;
}

export class LocalMonetization {
  constructor(private readonly discord: DiscordState) {}

  /**
   * Declares one of the app's SKUs (listed by GET /applications/{app}/skus). For a subscription
   * (5), Discord's system-made subscription group (6, same name, slug and flags, another id) is
   * listed before it, as Discord does.
   */
  addSku(input: AddSkuInput): LocalSku {
    const skus = monetizationOf(this.discord).skus;
    const subscription = input.type === SKU_TYPES.subscription;
    const sku: LocalSku = {
      id: input.id ?? snowflake(),
      type: input.type,
      name: input.name,
      slug: input.slug ?? input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      flags: input.flags ?? SKU_FLAGS.available | (subscription ? SKU_FLAGS.guildSubscription : 0),
    };
    if (skus.has(sku.id)) throw new RangeError(`local Discord: SKU ${sku.id} exists already`);
    if (subscription) {
      const group = { ...sku, id: snowflake(), type: SKU_TYPES.subscriptionGroup };
      skus.set(group.id, group);
    }
    skus.set(sku.id, sku);
    return sku;
  }

  /** The SKUs declared, as GET …/skus lists them. */
  skus(): LocalSku[] {
    return [...monetizationOf(this.discord).skus.values()];
  }

  /** A purchase or subscription: kept and announced with ENTITLEMENT_CREATE. */
  grantEntitlement(input: GrantInput): LocalEntitlement {
    const sku = monetizationOf(this.discord).skus.get(input.skuId);
    if (!sku) throw new RangeError(`local Discord: no SKU ${input.skuId} (addSku first)`);
    if (input.userId === undefined && input.guildId === undefined) {
      throw new RangeError('local Discord: an entitlement needs a userId or a guildId');
    }
    if (sku.flags & SKU_FLAGS.guildSubscription && input.guildId === undefined) {
      throw new RangeError(`local Discord: SKU ${sku.id} is a server subscription: give a guildId`);
    }
    const entitlement: LocalEntitlement = {
      id: snowflake(),
      skuId: sku.id,
      userId: input.userId,
      guildId: input.guildId,
      type:
        input.type ??
        (sku.type === SKU_TYPES.subscription
          ? ENTITLEMENT_TYPES.applicationSubscription
          : ENTITLEMENT_TYPES.purchase),
      deleted: false,
      consumed: false,
      startsAt: (input.startsAt ?? new Date()).toISOString(),
      endsAt: input.endsAt ? input.endsAt.toISOString() : null,
      test: false,
    };
    monetizationOf(this.discord).entitlements.set(entitlement.id, entitlement);
    if (input.announce !== false) announce(this.discord, 'ENTITLEMENT_CREATE', entitlement);
    return entitlement;
  }

  /** A subscription ends (or will) at `at`: ends_at set, announced with ENTITLEMENT_UPDATE. */
  endEntitlement(id: string, at: Date = new Date()): LocalEntitlement {
    const entitlement = this.entitlement(id);
    entitlement.endsAt = at.toISOString();
    announce(this.discord, 'ENTITLEMENT_UPDATE', entitlement);
    return entitlement;
  }

  /** Discord removes an entitlement (a refund): deleted, announced with ENTITLEMENT_DELETE. */
  deleteEntitlement(id: string): LocalEntitlement {
    const entitlement = this.entitlement(id);
    entitlement.deleted = true;
    announce(this.discord, 'ENTITLEMENT_DELETE', entitlement);
    return entitlement;
  }

  /** An entitlement by id (deleted ones too); throws for an unknown id. */
  entitlement(id: string): LocalEntitlement {
    const found = monetizationOf(this.discord).entitlements.get(id);
    if (!found) throw new RangeError(`local Discord: no entitlement ${id}`);
    return found;
  }

  /**
   * Entitlements, oldest first, deleted ones included: all, or a user's (`userId`) and a server's
   * (`guildId`); `active: true` keeps only the active ones (as interactions carry them).
   */
  entitlementsOf(filter: { userId?: string; guildId?: string; active?: boolean } = {}): LocalEntitlement[] {
    return [...monetizationOf(this.discord).entitlements.values()]
      .filter((entitlement) => filter.userId === undefined || entitlement.userId === filter.userId)
      .filter((entitlement) => filter.guildId === undefined || entitlement.guildId === filter.guildId)
      .filter((entitlement) => filter.active !== true || isActive(entitlement))
      .sort(byId);
  }

  /** An entitlement as the API sends it. */
  json(entitlement: LocalEntitlement): Record<string, unknown> {
    return entitlementJson(this.discord, entitlement);
  }

  /** Every consume request that named a known entitlement, in order (refused and no-op ones too). */
  get consumes(): readonly ConsumeRecord[] {
    return monetizationOf(this.discord).consumes;
  }

  /** How many consume requests for this entitlement were answered 204 (a repeat is a no-op 204). */
  consumeCount(id: string): number {
    return this.consumes.filter((record) => record.entitlementId === id && record.status === 204).length;
  }
}
