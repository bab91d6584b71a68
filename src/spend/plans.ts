/**
 * The operator's plan file (`PLANS_FILE`, JSON): a free monthly allowance per server and, per
 * Discord SKU id, what that SKU grants. Operators and tests rely on this shape (more optional
 * fields are fine and ignored):
 *
 *   {"freeMonthlyUsd": 0.5, "skus": {"<sku id>": {"kind": "server", "monthlyUsd": 20},
 *    "<sku id>": {"kind": "member", "dailyUsd": 2}, "<sku id>": {"kind": "credit", "usd": 10}}}
 *
 * - `server`: a server subscription, a monthly allowance for the server;
 * - `member`: a member subscription, a personal daily allowance (any server and DMs);
 * - `credit`: a one-time credit pack (a consumable) adding a fixed amount to the server's balance.
 *
 * Amounts are USD decimals in the file and integer micro-units everywhere after loading, converted
 * exactly as the price list's prices are (`toMicros`).
 */

import { readJsonFile } from '../lib/jsonFile.js';
import { isRecord } from '../lib/objects.js';
import { type PriceList, toMicros } from './prices.js';

export const PLANS_CURRENCY = 'USD';

export const PLAN_KINDS = ['server', 'member', 'credit'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export type PlanSku =
  | { readonly kind: 'server'; readonly monthlyMicros: number }
  | { readonly kind: 'member'; readonly dailyMicros: number }
  | { readonly kind: 'credit'; readonly micros: number };

export interface Plans {
  /** The allowance every server has each month without a subscription (may be 0). */
  readonly freeMonthlyMicros: number;
  /** What each SKU grants, by Discord SKU id. */
  readonly skus: ReadonlyMap<string, PlanSku>;
}

export type PlansResult = { ok: true; plans: Plans } | { ok: false; problems: string[] };

/** A Discord snowflake as SKU ids are: 17 to 20 digits. */
const SKU_ID = /^\d{17,20}$/;

/** The field of each kind holding its amount, and an example for the problem line. */
const AMOUNT_FIELDS = {
  server: { field: 'monthlyUsd', example: '20' },
  member: { field: 'dailyUsd', example: '2' },
  credit: { field: 'usd', example: '10' },
} as const satisfies Record<PlanKind, { field: string; example: string }>;

function isPlanKind(value: unknown): value is PlanKind {
  return typeof value === 'string' && (PLAN_KINDS as readonly string[]).includes(value);
}

/** A positive USD amount in micro-units; undefined unless > 0, finite, with ≤ 6 decimals. */
function positiveMicros(value: unknown): number | undefined {
  const micros = toMicros(value);
  return micros !== undefined && micros > 0 ? micros : undefined;
}

function parseSku(id: string, entry: unknown, problems: string[]): PlanSku | undefined {
  const at = `skus.${id}`;
  if (!SKU_ID.test(id)) {
    problems.push(`${at} is not a Discord SKU id: use the 17 to 20 digit id from the Developer Portal`);
  }
  if (!isRecord(entry)) {
    problems.push(
      `${at} must be an object with a kind and an amount, e.g. {"kind": "server", "monthlyUsd": 20}`,
    );
    return undefined;
  }
  const kind = entry.kind;
  if (!isPlanKind(kind)) {
    problems.push(`${at}.kind must be one of ${PLAN_KINDS.map((k) => `"${k}"`).join(', ')}`);
    return undefined;
  }
  const { field, example } = AMOUNT_FIELDS[kind];
  const micros = positiveMicros(entry[field]);
  if (micros === undefined) {
    problems.push(
      `${at}.${field} must be a positive amount in USD, e.g. ${example} (at most 6 decimals, for a "${kind}" SKU)`,
    );
    return undefined;
  }
  if (!SKU_ID.test(id)) return undefined;
  if (kind === 'server') return { kind, monthlyMicros: micros };
  if (kind === 'member') return { kind, dailyMicros: micros };
  return { kind, micros };
}

/** Validates a parsed plan file; every problem is one line naming its field. */
export function parsePlans(json: unknown): PlansResult {
  if (!isRecord(json)) return { ok: false, problems: ['the plan file must be a JSON object'] };
  const problems: string[] = [];
  const freeMonthlyMicros = toMicros(json.freeMonthlyUsd);
  if (freeMonthlyMicros === undefined) {
    problems.push('freeMonthlyUsd must be an amount in USD, 0 or more, e.g. 0.5 (at most 6 decimals)');
  }
  const skus = new Map<string, PlanSku>();
  if (!isRecord(json.skus)) {
    problems.push(
      'skus must be an object of SKU ids, e.g. {"123456789012345678": {"kind": "credit", "usd": 10}}',
    );
  } else {
    for (const [id, entry] of Object.entries(json.skus)) {
      const sku = parseSku(id, entry, problems);
      if (sku) skus.set(id, sku);
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, plans: { freeMonthlyMicros: freeMonthlyMicros as number, skus } };
}

/** Reads and validates the plan file; a missing or unreadable file and bad JSON are one problem each. */
export function loadPlans(path: string): PlansResult {
  const read = readJsonFile(path);
  return read.ok ? parsePlans(read.json) : { ok: false, problems: [read.problem] };
}

/** Plans are in USD, so they apply only with a USD price list: a problem line otherwise. */
export function plansCurrencyProblem(priceList: Pick<PriceList, 'currency'>): string | undefined {
  if (priceList.currency === PLANS_CURRENCY) return undefined;
  return `the plan file's amounts are in ${PLANS_CURRENCY} but the price list's currency is ${priceList.currency}: use a price list in ${PLANS_CURRENCY} or remove PLANS_FILE`;
}
