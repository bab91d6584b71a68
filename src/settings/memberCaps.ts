/**
 * A member's own caps, from the rule of their roles (spend/roleRules.ts, access/roleGate.ts):
 * resolved with the request's settings, enforced by the budgets (spend/memberCaps.ts).
 */
export interface MemberCaps {
  readonly dailyCapMicros: number | null;
  readonly monthlyCapMicros: number | null;
  /** The member's roles that bear the rule: recorded on the ledger entry (/usage by role). */
  readonly roleIds?: readonly string[];
}
