/**
 * A member's own caps in a server (budgets.ts): the daily cap per member (the server's, or their
 * roles' rule: roleRules.ts), and their roles' monthly cap per member. Spend today or this month
 * plus their reservations in flight plus this one may not exceed either.
 */
import type { Translator } from '../i18n/translator.js';
import type { MemberCaps } from '../settings/memberCaps.js';
import { type CapKeys, capRefusalTexts } from './capRoom.js';
import type { Ledger } from './ledger.js';

/** A member's caps from their roles' rule (roleRules.ts MemberRule); null: no cap. */
/** A refusal's words: for the member alone (with figures), or for the channel (without). */
export type RefusalText = (t: Translator) => string;

export interface MemberCapRefusal {
  readonly message: RefusalText;
  readonly publicMessage: RefusalText;
  readonly memberLimit: 'daily' | 'monthly';
}

/** The daily cap per member: the server's (/budget set), or a role rule's (/budget role set). */
const MEMBER_DAILY: CapKeys = {
  reachedFigures: 'spend.memberDailyCapFigures',
  noRoomFigures: 'spend.memberDailyNoRoomFigures',
  reachedPublic: 'spend.memberDailyCapReached',
  noRoomPublic: 'spend.memberDailyNoRoom',
  raise: 'spend.raiseMemberDaily',
};

/** The monthly cap per member: only a role rule's. */
const MEMBER_MONTHLY: CapKeys = {
  reachedFigures: 'spend.memberMonthlyCapFigures',
  noRoomFigures: 'spend.memberMonthlyNoRoomFigures',
  reachedPublic: 'spend.memberMonthlyCapReached',
  noRoomPublic: 'spend.memberMonthlyNoRoom',
  raise: 'spend.raiseMemberMonthly',
};

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
  if (caps.dailyCapMicros !== null) {
    const spent = await ledger.userDaySpendMicros(guildId, userId, now);
    const use = { spent, pending, cap: caps.dailyCapMicros };
    if (spent + pending + amountMicros > use.cap) {
      return { ...capRefusalTexts(MEMBER_DAILY, use, currency), memberLimit: 'daily' };
    }
  }
  if (caps.monthlyCapMicros !== null) {
    const spent = await ledger.userDaySpendMicros(guildId, userId, now, true);
    const use = { spent, pending, cap: caps.monthlyCapMicros };
    if (spent + pending + amountMicros > use.cap) {
      return { ...capRefusalTexts(MEMBER_MONTHLY, use, currency), memberLimit: 'monthly' };
    }
  }
  return undefined;
}
