/**
 * The paid-plans capability (PLANS_FILE; docs/operators.md "Paid plans"): what Discord says each
 * server and member bought (entitlementCache.ts, entitlementSync.ts), credit packs credited once
 * and consumed (creditBook.ts, creditPacks.ts), where a server stands (planAccount.ts), and the
 * gate on the budgets (planGate.ts, planBudgets.ts). Built once by the composition root; without a
 * plan file it holds nothing and changes nothing.
 */
import type { Logger } from '../lib/logger.js';
import { ownsGuild, type ShardSet } from '../lib/shards.js';
import type { Store } from '../lib/store.js';
import type { Budgets } from '../spend/budgets.js';
import type { Ledger } from '../spend/ledger.js';
import { memberDailyAllowance } from '../spend/planAllowance.js';
import type { Plans } from '../spend/plans.js';
import { type CreditBook, createCreditBook } from './creditBook.js';
import { createCreditPacks, type EntitlementPort } from './creditPacks.js';
import { createEntitlementCache, type EntitlementFacts } from './entitlementCache.js';
import { createEntitlementSync } from './entitlementSync.js';
import { type PlanStatus, planStatus } from './planAccount.js';
import { withPlans } from './planBudgets.js';
import { createPlanGate } from './planGate.js';

export interface PaidPlans {
  /** The plan file; undefined: no plans. */
  readonly plans: Plans | undefined;
  readonly credits: Pick<CreditBook, 'read'>;
  /** An interaction's entitlements: the member's and the server's active ones. */
  observeInteraction(guildId: string | null, userId: string, entitlements: readonly EntitlementFacts[]): void;
  /** ENTITLEMENT_CREATE, _UPDATE or _DELETE. */
  entitlementChanged(entitlement: EntitlementFacts): void;
  /** Where a server stands under its plan now; undefined without plans. */
  status(guildId: string, now: number): Promise<PlanStatus | undefined>;
  /** The budgets with the plan gate on top (the same budgets without plans). */
  gated(budgets: Budgets): Budgets;
  /** How much a member's subscriptions add to the operator's daily cap per member (DMs, user installs). */
  dmCapRaise(userId: string): number;
  /** Lists entitlements now and then (a process with shard 0 or not: each lists for its own servers). */
  start(): Promise<void>;
  stop(): void;
  /** Servers and members whose subscriptions are held. */
  held(): number;
}

export interface PaidPlansDeps {
  readonly plans: Plans | undefined;
  readonly store: Store;
  readonly ledger: Pick<Ledger, 'monthTotals' | 'pending' | 'userDayMemberPlanMicros'>;
  readonly discord: EntitlementPort;
  readonly shards: ShardSet;
  readonly currency: string;
  readonly syncEveryMs: number;
  readonly logger: Logger;
  readonly now: () => number;
}

export function createPaidPlans(deps: PaidPlansDeps): PaidPlans {
  const book = createCreditBook(deps.store);
  const { plans } = deps;
  if (!plans)
    return {
      plans,
      credits: book,
      observeInteraction: () => undefined,
      entitlementChanged: () => undefined,
      status: async () => undefined,
      gated: (budgets) => budgets,
      dmCapRaise: () => 0,
      start: async () => undefined,
      stop: () => undefined,
      held: () => 0,
    };
  const logger = deps.logger.child({ capability: 'plans' });
  const cache = createEntitlementCache(plans, deps.now);
  const packs = createCreditPacks({
    plans,
    book,
    discord: deps.discord,
    owns: (guildId) => ownsGuild(deps.shards, guildId),
    logger,
    now: deps.now,
  });
  const sync = createEntitlementSync({
    cache,
    packs,
    discord: deps.discord,
    everyMs: deps.syncEveryMs,
    logger,
  });
  const account = { plans, entitlements: cache, ledger: deps.ledger, credits: book };
  const gate = createPlanGate({
    plans,
    currency: deps.currency,
    entitlements: cache,
    status: (guildId, now) => planStatus(account, guildId, now),
    // A member's allowance counts what it paid today, wherever they asked (memberDay.ts).
    memberDay: {
      store: deps.store,
      ledger: {
        userDaySpendMicros: (scope, userId, now) => deps.ledger.userDayMemberPlanMicros(scope, userId, now),
      },
      shards: deps.shards,
    },
    logger,
  });
  return {
    plans,
    credits: book,
    observeInteraction(guildId, userId, entitlements) {
      cache.observeInteraction(guildId, userId, entitlements);
      // Errors are logged by the packs; the interaction goes on meanwhile.
      for (const entitlement of entitlements) void packs.seen(entitlement, guildId);
    },
    entitlementChanged(entitlement) {
      cache.apply(entitlement);
      void packs.seen(entitlement);
    },
    status: (guildId, now) => planStatus(account, guildId, now),
    gated: (budgets) => withPlans(budgets, gate),
    dmCapRaise: (userId) => memberDailyAllowance(plans, cache.memberSkus(userId)),
    start: () => sync.start(),
    stop: () => sync.stop(),
    held: () => cache.held(),
  };
}
