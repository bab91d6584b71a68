/**
 * The pure math of paid plans: how big a server's monthly and a member's daily allowance are, given
 * the active entitlements' SKU ids, and how a request draws on them. Spend draws in a fixed order:
 * the month's plan allowance, then purchased credit, then nothing (the request is refused before
 * the service is called). All amounts are non-negative integer micro-units.
 */
import type { Plans } from './plans.js';

/** The distinct SKU ids: the same SKU seen twice (the interaction's and the cache's) counts once. */
function distinct(activeSkuIds: readonly string[]): Set<string> {
  return new Set(activeSkuIds);
}

/**
 * A server's allowance this month: the free allowance plus every active server-subscription SKU's
 * monthly amount. Two different server subscriptions add up: the admins paid for each, so each
 * grants what the plan file says; taking the largest would make an overlapping paid subscription
 * (an add-on, or the old tier still running to its period end after an upgrade) worth nothing,
 * and adding up lets the operator sell add-on SKUs. The same SKU id listed twice counts once.
 * Member and credit SKUs, and SKU ids the plan file does not know, add nothing here.
 */
export function serverMonthlyAllowance(plans: Plans, activeSkuIds: readonly string[]): number {
  let micros = plans.freeMonthlyMicros;
  for (const id of distinct(activeSkuIds)) {
    const sku = plans.skus.get(id);
    if (sku?.kind === 'server') micros += sku.monthlyMicros;
  }
  return micros;
}

/**
 * A member's personal allowance today: the sum of their active member-subscription SKUs' daily
 * amounts (adding up for the same reason as server subscriptions), 0 when they have none.
 */
export function memberDailyAllowance(plans: Plans, activeSkuIds: readonly string[]): number {
  let micros = 0;
  for (const id of distinct(activeSkuIds)) {
    const sku = plans.skus.get(id);
    if (sku?.kind === 'member') micros += sku.dailyMicros;
  }
  return micros;
}

export interface DrawInput {
  /** The month's allowance (`serverMonthlyAllowance`). */
  readonly allowanceMicros: number;
  /** Settled spend this month (drawn from the allowance first, so beyond it from credit). */
  readonly spentThisMonthMicros: number;
  /** Purchased credit left: credited packs less refunds less settled credit draws (may be negative). */
  readonly creditBalanceMicros: number;
  /** The worst cases of requests reserved and not yet settled. */
  readonly inFlightMicros: number;
  /** This request's worst case. */
  readonly requestMicros: number;
}

export type Draw =
  | { ok: true; fromAllowance: number; fromCredit: number }
  | { ok: false; shortMicros: number };

/**
 * Reserves a request's worst case: first from the allowance left (allowance − spent − in flight,
 * at least 0), then from credit (the balance less the part of in-flight already beyond the
 * allowance, at least 0). Refused, with how much is missing, when both together do not cover it.
 */
export function drawOrder(input: DrawInput): Draw {
  const { allowanceMicros, spentThisMonthMicros, creditBalanceMicros, inFlightMicros, requestMicros } = input;
  const roomBeforeInFlight = Math.max(0, allowanceMicros - spentThisMonthMicros);
  const allowanceLeft = Math.max(0, roomBeforeInFlight - inFlightMicros);
  const inFlightBeyondAllowance = Math.max(0, inFlightMicros - roomBeforeInFlight);
  const creditLeft = Math.max(0, creditBalanceMicros - inFlightBeyondAllowance);
  const request = Math.max(0, requestMicros);
  if (allowanceLeft + creditLeft < request) {
    return { ok: false, shortMicros: request - allowanceLeft - creditLeft };
  }
  const fromAllowance = Math.min(request, allowanceLeft);
  return { ok: true, fromAllowance, fromCredit: request - fromAllowance };
}

/**
 * Settles a request at its actual cost, in the same order: from the allowance as far as it still
 * has room (allowance − settled spend this month), the rest from credit. The two parts always sum
 * to the actual cost; the credit part is what the ledger takes off the balance.
 */
export function settleDraw(input: {
  readonly allowanceMicros: number;
  readonly spentThisMonthMicros: number;
  readonly actualMicros: number;
}): { fromAllowance: number; fromCredit: number } {
  const actual = Math.max(0, input.actualMicros);
  const room = Math.max(0, input.allowanceMicros - input.spentThisMonthMicros);
  const fromAllowance = Math.min(actual, room);
  return { fromAllowance, fromCredit: actual - fromAllowance };
}
