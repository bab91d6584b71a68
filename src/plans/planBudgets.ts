/**
 * The budgets with paid plans on top: a request is reserved under every cap first (the server's,
 * its members', role rules, the operator's: budgets.ts), then on what pays for it under the plan
 * (planGate.ts). Refused by the plan, the caps' reservation is released at once; granted, both are
 * released together, and the reservation says how the plan covers it, for the ledger entry.
 */
import type { Budgets } from '../spend/budgets.js';
import type { PlanGate } from './planGate.js';

export function withPlans(budgets: Budgets, gate: PlanGate): Budgets {
  return {
    ...budgets,
    async reserve(guildId, userId, amountMicros, now, userInstall = false, member, paidByServerKey = false) {
      const capped = await budgets.reserve(
        guildId,
        userId,
        amountMicros,
        now,
        userInstall,
        member,
        paidByServerKey,
      );
      if (!capped.ok) return capped;
      let planned: Awaited<ReturnType<PlanGate['reserve']>>;
      try {
        planned = await gate.reserve({ guildId, userId, amountMicros, now, userInstall, paidByServerKey });
      } catch (error) {
        capped.release();
        throw error;
      }
      if (!planned.ok) {
        capped.release();
        return planned;
      }
      return {
        ok: true,
        ...(planned.plan && { plan: planned.plan }),
        release: () => {
          planned.release();
          capped.release();
        },
      };
    },
  };
}
