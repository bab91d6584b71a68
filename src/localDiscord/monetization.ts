/**
 * Premium apps' REST routes in the local Discord (issue 31), state and shapes in entitlements.ts:
 *
 * - GET /applications/{app}/skus: the SKUs a test declared (in resources/sku.md of Discord's docs;
 *   not in the OpenAPI description);
 * - GET /applications/{app}/entitlements: filtered and paged (entitlements.ts says how);
 * - POST /applications/{app}/entitlements: a test entitlement (CreateEntitlementRequestData:
 *   sku_id, owner_id, owner_type 1 a server, 2 a user). Answered 200 as the spec says (the docs
 *   give no status). Its type is 4 TEST_MODE_PURCHASE and it has no starts_at nor ends_at (docs:
 *   "valid in perpetuity"); a second active one for the same owner and SKU is refused with 40074
 *   (the docs' error list; consumables excepted, test mode allows repeated purchases);
 * - GET and DELETE /applications/{app}/entitlements/{id}: DELETE only a test entitlement (40019
 *   "You can only delete sandbox entitlements." otherwise), 204, then ENTITLEMENT_DELETE;
 * - POST …/entitlements/{id}/consume: only a consumable SKU's (40018), 204 then ENTITLEMENT_UPDATE
 *   with consumed: true. A second consume is a no-op 204 without an event: Discord documents none.
 *
 * Unknown ids answer 404 with Discord's codes (10029 Unknown entitlement, 10027 Unknown SKU,
 * 10004 Unknown Guild); bad input 400 Invalid Form Body (50035) naming each field. Every message
 * the bot writes has its buttons checked first (premiumButtons.ts).
 */
import {
  announce,
  byId,
  ENTITLEMENT_TYPES,
  entitlementJson,
  hasEnded,
  type LocalEntitlement,
  monetizationOf,
  SKU_TYPES,
  skuJson,
} from './entitlements.js';
import { Problems } from './modals.js';
import { snowflake } from './model.js';
import { buttonRefusal } from './premiumButtons.js';
import type { DiscordState } from './state.js';

type Answer = { status: number; body?: unknown } | undefined;

export const UNKNOWN_ENTITLEMENT = { message: 'Unknown entitlement', code: 10029 };
export const UNKNOWN_SKU = { message: 'Unknown SKU', code: 10027 };
export const ONLY_CONSUMABLES = { message: 'Only consumable SKUs can be consumed', code: 40018 };
export const ONLY_TEST_ENTITLEMENTS = { message: 'You can only delete sandbox entitlements.', code: 40019 };
export const ALREADY_GRANTED = {
  message: 'An entitlement has already been granted for this resource',
  code: 40074,
};
const SNOWFLAKE = /^(0|[1-9][0-9]*)$/;

const invalid = (problems: Problems) => ({
  status: 400,
  body: { message: 'Invalid Form Body', code: 50035, errors: problems.errors },
});

function snowflakeField(problems: Problems, name: string, value: unknown, required = false): void {
  if (value === undefined || value === null || value === '') {
    if (required) problems.add([name], 'BASE_TYPE_REQUIRED', 'This field is required');
  } else if (!SNOWFLAKE.test(String(value)) || typeof value === 'object') {
    problems.add([name], 'NUMBER_TYPE_COERCE', `Value "${String(value)}" is not snowflake.`);
  }
}

/** Discord's boolean query strings: True/true/1 and False/false/0. */
function booleanParam(problems: Problems, query: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = query.get(name);
  if (value === null) return fallback;
  if (/^(true|1)$/i.test(value)) return true;
  if (/^(false|0)$/i.test(value)) return false;
  problems.add([name], 'BOOLEAN_TYPE_COERCE', `Value "${value}" is not a valid boolean.`);
  return fallback;
}

/** GET /applications/{app}/entitlements. */
export function listEntitlements(discord: DiscordState, query: URLSearchParams): Answer {
  const problems = new Problems();
  for (const name of ['user_id', 'guild_id', 'before', 'after']) {
    snowflakeField(problems, name, query.get(name) ?? undefined);
  }
  const skuIds = query.getAll('sku_ids').flatMap((value) => value.split(',').filter(Boolean));
  for (const id of skuIds) snowflakeField(problems, 'sku_ids', id);
  const limitText = query.get('limit');
  const limit = limitText === null ? 100 : Number(limitText);
  if (!Number.isInteger(limit)) {
    problems.add(['limit'], 'NUMBER_TYPE_COERCE', `Value "${limitText}" is not int.`);
  } else if (limit < 1 || limit > 100) {
    problems.add(['limit'], 'NUMBER_TYPE_OUT_OF_RANGE', 'Must be between 1 and 100.');
  }
  const onlyActive = booleanParam(problems, query, 'only_active', false);
  const excludeEnded = booleanParam(problems, query, 'exclude_ended', false) || onlyActive;
  const excludeDeleted = booleanParam(problems, query, 'exclude_deleted', true) || onlyActive;
  if (problems.count > 0) return invalid(problems);
  const [userId, guildId] = [query.get('user_id'), query.get('guild_id')];
  const bound = (name: string) => {
    const id = query.get(name);
    return id ? BigInt(id) : null;
  };
  const [before, after] = [bound('before'), bound('after')];
  const now = Date.now();
  const found = [...monetizationOf(discord).entitlements.values()].filter(
    (entitlement) =>
      (userId === null || entitlement.userId === userId) &&
      (guildId === null || entitlement.guildId === guildId) &&
      (skuIds.length === 0 || skuIds.includes(entitlement.skuId)) &&
      (!excludeEnded || !hasEnded(entitlement, now)) &&
      (!excludeDeleted || !entitlement.deleted) &&
      (before === null || BigInt(entitlement.id) < before) &&
      (after === null || BigInt(entitlement.id) > after),
  );
  found.sort(byId);
  // With `after`: up from it; otherwise down from `before` or the newest (see entitlements.ts).
  const page = after !== null ? found.slice(0, limit) : found.reverse().slice(0, limit);
  return { status: 200, body: page.map((entitlement) => entitlementJson(discord, entitlement)) };
}

/** POST /applications/{app}/entitlements: a test entitlement. */
function createTestEntitlement(discord: DiscordState, json: Record<string, unknown>): Answer {
  const problems = new Problems();
  snowflakeField(problems, 'sku_id', json.sku_id, true);
  snowflakeField(problems, 'owner_id', json.owner_id, true);
  if (json.owner_type !== 1 && json.owner_type !== 2) {
    problems.add(['owner_type'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.');
  }
  if (problems.count > 0) return invalid(problems);
  const state = monetizationOf(discord);
  const sku = state.skus.get(String(json.sku_id));
  if (!sku) return { status: 404, body: UNKNOWN_SKU };
  const ownerId = String(json.owner_id);
  const guild = json.owner_type === 1;
  if (guild && !discord.guilds.some((known) => known.id === ownerId)) {
    return { status: 404, body: { message: 'Unknown Guild', code: 10004 } };
  }
  const owned = (entitlement: LocalEntitlement) =>
    (guild ? entitlement.guildId : entitlement.userId) === ownerId;
  const granted = [...state.entitlements.values()].some(
    (entitlement) =>
      entitlement.skuId === sku.id && owned(entitlement) && !entitlement.deleted && !hasEnded(entitlement),
  );
  if (granted && sku.type !== SKU_TYPES.consumable) return { status: 400, body: ALREADY_GRANTED };
  const entitlement: LocalEntitlement = {
    id: snowflake(),
    skuId: sku.id,
    userId: guild ? undefined : ownerId,
    guildId: guild ? ownerId : undefined,
    type: ENTITLEMENT_TYPES.testModePurchase,
    deleted: false,
    consumed: false,
    startsAt: null,
    endsAt: null,
    test: true,
  };
  state.entitlements.set(entitlement.id, entitlement);
  announce(discord, 'ENTITLEMENT_CREATE', entitlement);
  return { status: 200, body: entitlementJson(discord, entitlement) };
}

/** POST …/entitlements/{id}/consume. */
function consume(discord: DiscordState, entitlement: LocalEntitlement): Answer {
  const state = monetizationOf(discord);
  const sku = state.skus.get(entitlement.skuId);
  const record = (status: number, consumed: boolean) =>
    state.consumes.push({ entitlementId: entitlement.id, status, consumed, at: Date.now() });
  if (sku?.type !== SKU_TYPES.consumable) {
    record(400, false);
    return { status: 400, body: ONLY_CONSUMABLES };
  }
  if (entitlement.consumed) {
    record(204, false);
    return { status: 204 };
  }
  entitlement.consumed = true;
  record(204, true);
  announce(discord, 'ENTITLEMENT_UPDATE', entitlement);
  return { status: 204 };
}

/** Answers the premium apps' routes and refuses messages with bad buttons; undefined for the rest. */
export function routeMonetization(
  discord: DiscordState,
  method: string,
  segments: readonly string[],
  json: Record<string, unknown>,
  query: URLSearchParams,
): Answer {
  const refused = buttonRefusal(discord, method, segments, json);
  if (refused) return refused;
  const resource = segments[2];
  if (segments[0] !== 'applications' || (resource !== 'skus' && resource !== 'entitlements'))
    return undefined;
  if (segments[1] !== discord.applicationId) {
    return { status: 404, body: { message: 'Unknown Application', code: 10002 } };
  }
  const state = monetizationOf(discord);
  if (resource === 'skus' && segments.length === 3 && method === 'GET') {
    return { status: 200, body: [...state.skus.values()].map((sku) => skuJson(discord, sku)) };
  }
  if (resource !== 'entitlements') return undefined;
  if (segments.length === 3) {
    if (method === 'GET') return listEntitlements(discord, query);
    if (method === 'POST') return createTestEntitlement(discord, json);
    return undefined;
  }
  const entitlement = state.entitlements.get(segments[3] as string);
  if (!entitlement || (entitlement.deleted && method !== 'GET')) {
    return { status: 404, body: UNKNOWN_ENTITLEMENT };
  }
  if (segments.length === 4 && method === 'GET') {
    return { status: 200, body: entitlementJson(discord, entitlement) };
  }
  if (segments.length === 4 && method === 'DELETE') {
    if (!entitlement.test) return { status: 400, body: ONLY_TEST_ENTITLEMENTS };
    entitlement.deleted = true;
    announce(discord, 'ENTITLEMENT_DELETE', entitlement);
    return { status: 204 };
  }
  if (segments.length === 5 && segments[4] === 'consume' && method === 'POST') {
    return consume(discord, entitlement);
  }
  return undefined;
}
