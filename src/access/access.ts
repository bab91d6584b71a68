/**
 * The access capability: who may ask where, and how often. It owns the fair-use counters (one
 * request in flight per member and channel, requests per minute) and answers the checks every
 * way of asking shares: the channel gate, admission, and the member's rule for /imagine.
 */
import { type AdmissionDeps, type AdmissionInput, admitRequest, channelGate } from './admission.js';
import { createFairUse, type FairUse } from './fairUse.js';
import { imagineRule, type RoleGateDeps } from './roleGate.js';

/** What access reads: the server's settings, its rules per role and budgets, three operator settings. */
export type AccessDeps = Omit<AdmissionDeps, 'fairUse'> & RoleGateDeps;

export interface Access {
  /** The fair-use counters (chat admission claims its slot there; the dashboard reads them). */
  readonly fairUse: FairUse;
  /** Whether the channel takes requests at all (a form is refused before the member writes). */
  channelGate(input: Parameters<typeof channelGate>[1]): ReturnType<typeof channelGate>;
  /** The channel gate, then a fair-use slot; the caller releases the slot when done. */
  admit(input: AdmissionInput): ReturnType<typeof admitRequest>;
  /** Whether the member's roles allow /imagine, and their caps where a rule applies. */
  imagineRule(guildId: string | null, member: unknown, userInstall: boolean): ReturnType<typeof imagineRule>;
}

export function createAccess(deps: AccessDeps, now?: () => number): Access {
  const fairUse = createFairUse(now);
  const admission = { ...deps, fairUse };
  return {
    fairUse,
    channelGate: (input) => channelGate(deps, input),
    admit: (input) => admitRequest(admission, input),
    imagineRule: (guildId, member, userInstall) => imagineRule(deps, guildId, member, userInstall),
  };
}
