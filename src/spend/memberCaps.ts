/**
 * A member's own caps in a server (budgets.ts): the daily cap per member (the server's, or their
 * roles' rule: roleRules.ts), and their roles' monthly cap per member. Spend today or this month
 * plus their reservations in flight plus this one may not exceed either.
 */
import { formatMoney } from './cost.js';
import type { Ledger } from './ledger.js';

/** A member's caps from their roles' rule (roleRules.ts MemberRule); null: no cap. */
export interface MemberCaps {
  readonly dailyCapMicros: number | null;
  readonly monthlyCapMicros: number | null;
  /** The member's roles that bear the rule: recorded on the ledger entry (/usage by role). */
  readonly roleIds?: readonly string[];
}

export const MEMBER_DAILY_CAP_REACHED =
  'You have reached your daily spending limit on this server. It resets at 00:00 UTC.';
export const MEMBER_MONTHLY_CAP_REACHED =
  'You have reached your monthly spending limit on this server. It resets on the 1st of next month (UTC).';

export interface MemberCapRefusal {
  readonly message: string;
  readonly publicMessage: string;
  readonly memberLimit: 'daily' | 'monthly';
}

export async function memberCapRefusal(
  ledger: Ledger,
  guildId: string,
  userId: string,
  caps: MemberCaps,
  pending: number,
  amountMicros: number,
  now: number,
  currency: string,
): Promise<MemberCapRefusal | undefined> {
  const money = (micros: number) => formatMoney(micros, currency);
  if (caps.dailyCapMicros !== null) {
    const spent = await ledger.userDaySpendMicros(guildId, userId, now);
    if (spent + pending + amountMicros > caps.dailyCapMicros) {
      return {
        message: `You have reached your daily spending limit on this server (${money(spent)} of ${money(caps.dailyCapMicros)} today). It resets at 00:00 UTC.`,
        publicMessage: MEMBER_DAILY_CAP_REACHED,
        memberLimit: 'daily',
      };
    }
  }
  if (caps.monthlyCapMicros !== null) {
    const spent = await ledger.userDaySpendMicros(guildId, userId, now, true);
    if (spent + pending + amountMicros > caps.monthlyCapMicros) {
      return {
        message: `You have reached your monthly spending limit on this server (${money(spent)} of ${money(caps.monthlyCapMicros)} this month). It resets on the 1st of next month (UTC).`,
        publicMessage: MEMBER_MONTHLY_CAP_REACHED,
        memberLimit: 'monthly',
      };
    }
  }
  return undefined;
}
