/**
 * What a budget refusal says: with figures where the member alone reads it, without them where the
 * whole channel does; and what a reservation is.
 */
import type { RefusalText } from './memberCaps.js';

/** Members learn that the bot is out of budget, not how much the operator spends. */
export const operatorCapReached: RefusalText = (t) => t.t('spend.operatorCapReached');

/**
 * What a refusal says where the whole channel reads it (the reply to a member's message in a
 * server): which limit was reached and when it resets, never how much anyone spent or what the
 * cap is. Those figures go only where the member alone reads them (`message`).
 */
export const serverCapReached: RefusalText = (t) => t.t('spend.serverCapReached');
export const dmCapReached: RefusalText = (t) => t.t('spend.dmCapReached');

/** The DM cap's refusal for the member, with figures. */
export function dmCapReachedFigures(spent: number, cap: number, currency: string): RefusalText {
  return (t) =>
    t.t('spend.dmCapReachedFigures', { spent: t.money(spent, currency), cap: t.money(cap, currency) });
}

/** The DM cap where a member uses the app installed to their account (see refusalFor). */
export function userInstallCapReached(
  spent: number,
  cap: number,
  currency: string,
  inServer: boolean,
): RefusalText {
  return (t) =>
    t.t(inServer ? 'spend.userInstallCapInServer' : 'spend.userInstallCapOutside', {
      spent: t.money(spent, currency),
      cap: t.money(cap, currency),
    });
}

/** Why a reservation was refused: with figures for the member alone, and without for a channel. */
export interface Refusal {
  /** For the member alone (an ephemeral message, a DM), in their voice: names the spend and the cap. */
  readonly message: RefusalText;
  /** For everyone in the channel, in the server's voice: the limit reached and when it resets, no figures. */
  readonly publicMessage: RefusalText;
  /** Refused by the member's own cap (memberCaps.ts), which a cheaper model may fit (chat/fallback.ts). */
  readonly memberLimit?: 'daily' | 'monthly';
}

export type Reservation = { readonly ok: true; release(): void } | ({ readonly ok: false } & Refusal);
