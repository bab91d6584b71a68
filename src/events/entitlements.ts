/**
 * ENTITLEMENT_CREATE, _UPDATE and _DELETE (Discord sends them on shard 0): a purchase, a
 * subscription renewed or ended, a refund or a removal, handed to the paid plans
 * (plans/paidPlans.ts), which keep what they price and credit packs once.
 */
import { type Entitlement, Events } from 'discord.js';
import { factsOf } from '../discord/entitlementPort.js';
import type { PaidPlans } from '../plans/paidPlans.js';
import type { Event } from './event.js';

export interface EntitlementEventDeps {
  readonly paidPlans: Pick<PaidPlans, 'entitlementChanged'>;
}

export function createEntitlementEvents(deps: EntitlementEventDeps) {
  const changed = (entitlement: Entitlement, deleted = entitlement.deleted) => {
    deps.paidPlans.entitlementChanged({ ...factsOf(entitlement), deleted });
  };
  return [
    {
      name: Events.EntitlementCreate,
      execute: (entitlement) => changed(entitlement),
    } satisfies Event<Events.EntitlementCreate>,
    {
      name: Events.EntitlementUpdate,
      execute: (_old, entitlement) => changed(entitlement),
    } satisfies Event<Events.EntitlementUpdate>,
    {
      name: Events.EntitlementDelete,
      // A refund or removal: gone whatever the payload's flag says.
      execute: (entitlement) => changed(entitlement, true),
    } satisfies Event<Events.EntitlementDelete>,
  ];
}
