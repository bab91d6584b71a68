/**
 * The spend capability: the ledger (every billed request, priced), the budgets and caps that
 * reserve before a request and refuse past them, the rules per role, and the price list. Built
 * once by the composition root; the process whose shards receive a guild's events writes its spend.
 */
import type { Logger } from '../lib/logger.js';
import type { Store } from '../lib/store.js';
import { type Budgets, createBudgets, type OperatorCaps } from './budgets.js';
import { createLedger, type Ledger, type LedgerOptions } from './ledger.js';
import type { PriceList } from './prices.js';
import { createRoleRules, type RoleRules } from './roleRules.js';

export interface SpendDeps {
  readonly store: Store;
  readonly prices: PriceList;
  readonly logger: Logger;
  /** The operator's caps (OPERATOR_MONTHLY_CAP and the DM caps). */
  readonly operator: OperatorCaps;
  /** Where this process's unwritten charges are spilled, its shards, how long entries are kept. */
  readonly ledger: Pick<LedgerOptions, 'spillPath' | 'shards' | 'entryRetentionDays'>;
}

export interface Spend {
  readonly ledger: Ledger;
  readonly budgets: Budgets;
  readonly roleRules: RoleRules;
  readonly prices: PriceList;
}

export function createSpend(deps: SpendDeps): Spend {
  const { store, prices, logger } = deps;
  const ledger = createLedger(store, prices, logger, deps.ledger);
  const budgets = createBudgets(store, ledger, prices.currency, deps.operator, {
    ...(deps.ledger.shards && { shards: deps.ledger.shards }),
    logger,
  });
  return { ledger, budgets, roleRules: createRoleRules(store), prices };
}
