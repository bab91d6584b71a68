/**
 * Discord's entitlements as the paid plans read them (plans/creditPacks.ts `EntitlementPort`):
 * the app's list (GET /applications/{app}/entitlements, 100 a page upward from `after`, ended and
 * deleted ones left out), one entitlement, and consume (POST …/{id}/consume); and the facts of an
 * entitlement from the API's JSON or discord.js's Entitlement (interactions, gateway events).
 */
import {
  type APIEntitlement,
  DiscordAPIError,
  type Entitlement,
  type REST,
  RESTJSONErrorCodes,
  Routes,
} from 'discord.js';
import type { EntitlementPort } from '../plans/creditPacks.js';
import type { EntitlementFacts } from '../plans/entitlementCache.js';

const time = (value: string | null | undefined) => (value ? Date.parse(value) : null);

export function factsFromApi(json: APIEntitlement): EntitlementFacts {
  return {
    id: json.id,
    skuId: json.sku_id,
    userId: json.user_id ?? null,
    guildId: json.guild_id ?? null,
    deleted: json.deleted,
    consumed: json.consumed === true,
    startsAt: time(json.starts_at),
    endsAt: time(json.ends_at),
  };
}

export function factsOf(entitlement: Entitlement): EntitlementFacts {
  return {
    id: entitlement.id,
    skuId: entitlement.skuId,
    userId: entitlement.userId ?? null,
    guildId: entitlement.guildId,
    deleted: entitlement.deleted,
    consumed: entitlement.consumed,
    startsAt: entitlement.startsTimestamp,
    endsAt: entitlement.endsTimestamp,
  };
}

export function createEntitlementPort(rest: REST, applicationId: () => string): EntitlementPort {
  return {
    async list(after) {
      const query = new URLSearchParams({ limit: '100', exclude_ended: 'true', exclude_deleted: 'true' });
      if (after !== undefined) query.set('after', after);
      const page = (await rest.get(Routes.entitlements(applicationId()), { query })) as APIEntitlement[];
      return page.map(factsFromApi);
    },
    async get(id) {
      try {
        return factsFromApi((await rest.get(Routes.entitlement(applicationId(), id))) as APIEntitlement);
      } catch (error) {
        if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownEntitlement)
          return undefined;
        throw error;
      }
    },
    async consume(id) {
      await rest.post(Routes.consumeEntitlement(applicationId(), id));
    },
  };
}
