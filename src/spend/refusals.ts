/**
 * What a budget refusal says: with figures where the member alone reads it, without them where the
 * whole channel does; and what a reservation is.
 */
import type { MessageKey } from '../i18n/translator.js';
import type { PremiumOffer } from '../reply/premium.js';
import type { CapKeys } from './capRoom.js';
import type { RefusalText } from './memberCaps.js';
import type { PlanCharge } from './records.js';

/** Members learn that the bot is out of budget, not how much the operator spends. */
export const operatorCapReached: RefusalText = (t) => t.t('spend.operatorCapReached');

/** The operator's cap is not reached, but this request's estimate does not fit what is left. */
export const operatorCapNoRoom: RefusalText = (t) => t.t('spend.operatorCapNoRoom');

/**
 * The keys of the one daily cap per member over what is billed to them (memberDay.ts): in DMs, or
 * where the app works only because the member installed it (in a server, or outside servers).
 * Its refusal for a channel names the DM limit, as ever; there is no admin who could raise it.
 */
export function memberDayKeys(userInstall: boolean, inServer: boolean): CapKeys {
  const [reachedFigures, noRoomFigures]: [MessageKey, MessageKey] = !userInstall
    ? ['spend.dmCapReachedFigures', 'spend.dmCapNoRoomFigures']
    : inServer
      ? ['spend.userInstallCapInServer', 'spend.userInstallNoRoomInServer']
      : ['spend.userInstallCapOutside', 'spend.userInstallNoRoomOutside'];
  return {
    reachedFigures,
    noRoomFigures,
    reachedPublic: 'spend.dmCapReached',
    noRoomPublic: 'spend.dmCapNoRoom',
  };
}

/** Why a reservation was refused: with figures for the member alone, and without for a channel. */
export interface Refusal {
  /** For the member alone (an ephemeral message, a DM), in their voice: names the spend and the cap. */
  readonly message: RefusalText;
  /** For everyone in the channel, in the server's voice: the limit reached and when it resets, no figures. */
  readonly publicMessage: RefusalText;
  /** Refused by the member's own cap (memberCaps.ts), which a cheaper model may fit (chat/fallback.ts). */
  readonly memberLimit?: 'daily' | 'monthly';
  /** Refused for a spent plan allowance: what the reader could buy (plans/planGate.ts), shown privately. */
  readonly offer?: PremiumOffer;
}

export type Reservation =
  | {
      readonly ok: true;
      release(): void;
      /** How a paid plan covers it (plans/planGate.ts), for its ledger entry. */
      readonly plan?: PlanCharge;
    }
  | ({ readonly ok: false } & Refusal);
