/**
 * Paid plans at the door: before the service is called, a request in a server is reserved on what
 * pays for it, in a fixed order (planAllowance.ts): the asking member's own subscription (its
 * daily allowance, when the whole worst case fits), else the server's month allowance, then its
 * purchased credit; past that it is refused, with the SKUs that would let it through
 * (premium buttons, reply/premium.ts). Operator-paid requests only: a server's own key pays for
 * itself, and DMs and user installs are billed to the member under the operator's daily cap (which
 * a member subscription raises by its daily allowance: budgets' `dmCapRaise`).
 *
 * Reservations in flight are counted (per server, and per member for the member path), so a burst
 * cannot draw past the allowance and credit by more than the estimates exceed the real costs. A
 * member's allowance counts what it paid that day in every server they asked in, across
 * processes, as the operator's daily cap per member is counted (memberDay.ts, its own records).
 */
import type { Translator } from '../i18n/translator.js';
import { createKeyedQueue } from '../lib/keyedQueue.js';
import type { RetentionRule } from '../ops/retention.js';
import type { PremiumOffer } from '../reply/premium.js';
import { capReached, sentences } from '../spend/capRoom.js';
import type { RefusalText } from '../spend/memberCaps.js';
import { createMemberDaySpend, MEMBER_DAY_TTL_MS, type MemberDayOptions } from '../spend/memberDay.js';
import { drawOrder, memberDailyAllowance } from '../spend/planAllowance.js';
import type { Plans } from '../spend/plans.js';
import { type PlanCharge, usageScope } from '../spend/records.js';
import type { EntitlementCache } from './entitlementCache.js';
import type { PlanStatus } from './planAccount.js';

export interface PlanRequest {
  readonly guildId: string | null;
  readonly userId: string;
  readonly amountMicros: number;
  readonly now: number;
  readonly userInstall: boolean;
  readonly paidByServerKey: boolean;
}

export type PlanReservation =
  | { readonly ok: true; readonly plan?: PlanCharge; release(): void }
  | {
      readonly ok: false;
      readonly message: RefusalText;
      readonly publicMessage: RefusalText;
      readonly offer: PremiumOffer;
    };

export interface PlanGate {
  reserve(request: PlanRequest): Promise<PlanReservation>;
}

export interface PlanGateDeps {
  readonly plans: Plans;
  readonly currency: string;
  readonly entitlements: Pick<EntitlementCache, 'memberSkus'>;
  readonly status: (guildId: string, now: number) => Promise<PlanStatus>;
  /** Where members' spend today over every place they ask is read (memberDay.ts; the plans' own records). */
  readonly memberDay: Omit<MemberDayOptions, 'pendingOf' | 'prefix'>;
  readonly logger: { warn(fields: object, message: string): void };
}

/** The plans' own member-day records (memberDay.ts): a member's spend today where they asked. */
export const PLAN_MEMBER_DAY_PREFIX = 'plan-member-day:';

export const planMemberDayRetention: readonly RetentionRule[] = [
  {
    what: "subscribed members' day spend per shard",
    prefix: PLAN_MEMBER_DAY_PREFIX,
    lifetime: { ms: MEMBER_DAY_TTL_MS, fromValueTime: false },
    why: "a member subscription's daily allowance reads only today (and yesterday, just after midnight UTC)",
  },
];

/** The SKUs of a kind, in the plan file's order. */
const skusOf = (plans: Plans, kind: 'server' | 'member' | 'credit') =>
  [...plans.skus].filter(([, sku]) => sku.kind === kind).map(([id]) => id);

export function createPlanGate(deps: PlanGateDeps): PlanGate {
  const queue = createKeyedQueue();
  const inFlight = new Map<string, number>();
  const add = (key: string, micros: number) => {
    const next = (inFlight.get(key) ?? 0) + micros;
    if (next === 0) inFlight.delete(key);
    else inFlight.set(key, next);
  };
  const offer: PremiumOffer = {
    admin: [...skusOf(deps.plans, 'server'), ...skusOf(deps.plans, 'credit')],
    member: skusOf(deps.plans, 'member'),
  };
  const free = { ok: true as const, release: () => undefined };
  const memberDay = createMemberDaySpend({
    ...deps.memberDay,
    prefix: PLAN_MEMBER_DAY_PREFIX,
    pendingOf: (scope, userId) => inFlight.get(`${scope}:${userId}`) ?? 0,
  });

  function held(key: string, micros: number, plan: PlanCharge, after?: () => void): PlanReservation {
    add(key, micros);
    let released = false;
    return {
      ok: true,
      plan,
      release: () => {
        if (released) return;
        released = true;
        add(key, -micros);
        after?.();
      },
    };
  }

  /** The member's own subscription, when the whole worst case fits what is left of it today. */
  async function memberPath(request: PlanRequest, scope: string): Promise<PlanReservation | undefined> {
    const daily = memberDailyAllowance(deps.plans, deps.entitlements.memberSkus(request.userId));
    if (daily === 0) return undefined;
    const { userId, now } = request;
    return queue.run(`plan:member-${userId}`, async () => {
      const use = await memberDay.used(userId, scope, now);
      if (use.spentMicros + use.pendingMicros + request.amountMicros > daily) return undefined;
      const publish = () =>
        memberDay
          .publish(userId, scope, now)
          .catch((error: unknown) =>
            deps.logger.warn(
              { err: error, userId },
              "plans: could not write a member's day spend; written again with their next request",
            ),
          );
      const reservation = held(`${scope}:${userId}`, request.amountMicros, { payer: 'member' }, () => {
        void queue.run(`plan:member-${userId}`, publish);
      });
      await publish();
      return reservation;
    });
  }

  function refusal(status: PlanStatus, pending: number, shortMicros: number): PlanReservation {
    const use = { spent: status.allowanceUsedMicros, pending, cap: status.allowanceMicros };
    const spent = capReached(use) && status.creditBalanceMicros <= 0;
    const left = Math.max(0, status.allowanceMicros - status.allowanceUsedMicros - pending);
    const figures = (t: Translator) => ({
      spent: t.money(status.allowanceUsedMicros, deps.currency),
      allowance: t.money(status.allowanceMicros, deps.currency),
      left: t.money(left + Math.max(0, status.creditBalanceMicros), deps.currency),
      credit: t.money(status.creditBalanceMicros, deps.currency),
      short: t.money(shortMicros, deps.currency),
    });
    return {
      ok: false,
      message: (t) =>
        sentences(
          t,
          t.t(spent ? 'spend.planSpentFigures' : 'spend.planNoRoomFigures', figures(t)),
          t.t('spend.planAddMore'),
        ),
      publicMessage: (t) => t.t(spent ? 'spend.planSpent' : 'spend.planNoRoom'),
      offer,
    };
  }

  return {
    async reserve(request) {
      const { guildId } = request;
      if (guildId === null || request.userInstall || request.paidByServerKey) return free;
      const scope = usageScope({ guildId, userId: request.userId });
      const member = await memberPath(request, scope);
      if (member) return member;
      return queue.run(`plan:${guildId}`, async () => {
        const status = await deps.status(guildId, request.now);
        const pending = inFlight.get(guildId) ?? 0;
        const draw = drawOrder({
          allowanceMicros: status.allowanceMicros,
          spentThisMonthMicros: status.allowanceUsedMicros,
          creditBalanceMicros: status.creditBalanceMicros,
          inFlightMicros: pending,
          requestMicros: request.amountMicros,
        });
        if (!draw.ok) return refusal(status, pending, draw.shortMicros);
        return held(guildId, request.amountMicros, {
          payer: 'server',
          allowanceMicros: status.allowanceMicros,
        });
      });
    },
  };
}
