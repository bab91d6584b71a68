/**
 * A member's own caps in a server (budgets.ts): the daily cap per member (the server's, or their
 * roles' rule: roleRules.ts), and their roles' monthly cap per member. Spend today or this month
 * plus their reservations in flight plus this one may not exceed either.
 */
import type { Translator } from '../i18n/translator.js';
import type { Ledger } from './ledger.js';

/** A member's caps from their roles' rule (roleRules.ts MemberRule); null: no cap. */
export interface MemberCaps {
  readonly dailyCapMicros: number | null;
  readonly monthlyCapMicros: number | null;
  /** The member's roles that bear the rule: recorded on the ledger entry (/usage by role). */
  readonly roleIds?: readonly string[];
}

/** A refusal's words: for the member alone (with figures), or for the channel (without). */
export type RefusalText = (t: Translator) => string;

export interface MemberCapRefusal {
  readonly message: RefusalText;
  readonly publicMessage: RefusalText;
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
  const figures = (t: Translator, spent: number, cap: number) => ({
    spent: t.money(spent, currency),
    cap: t.money(cap, currency),
  });
  if (caps.dailyCapMicros !== null) {
    const spent = await ledger.userDaySpendMicros(guildId, userId, now);
    const cap = caps.dailyCapMicros;
    if (spent + pending + amountMicros > cap) {
      return {
        message: (t) => t.t('spend.memberDailyCapFigures', figures(t, spent, cap)),
        publicMessage: (t) => t.t('spend.memberDailyCapReached'),
        memberLimit: 'daily',
      };
    }
  }
  if (caps.monthlyCapMicros !== null) {
    const spent = await ledger.userDaySpendMicros(guildId, userId, now, true);
    const cap = caps.monthlyCapMicros;
    if (spent + pending + amountMicros > cap) {
      return {
        message: (t) => t.t('spend.memberMonthlyCapFigures', figures(t, spent, cap)),
        publicMessage: (t) => t.t('spend.memberMonthlyCapReached'),
        memberLimit: 'monthly',
      };
    }
  }
  return undefined;
}
