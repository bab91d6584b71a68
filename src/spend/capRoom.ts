/**
 * A cap's refusal tells a cap that is reached (spent + in flight ≥ cap) from one where only this
 * request's worst-case estimate does not fit what is left: "reached" only in the first case.
 * For the member alone with figures (and, for a server's caps, how an admin raises them); for a
 * channel without figures.
 */
import type { MessageKey, Translator } from '../i18n/translator.js';

/** Where a cap stands when a request did not fit: spend so far, reservations in flight, the cap. */
export interface CapUse {
  readonly spent: number;
  readonly pending: number;
  readonly cap: number;
}

/** Spend and reservations in flight already take the whole cap. */
export const capReached = (use: CapUse): boolean => use.spent + use.pending >= use.cap;

/** The cap's figures as a message names them; `left`: what spend and reservations leave of it. */
export function capFigures(t: Translator, use: CapUse, currency: string) {
  return {
    spent: t.money(use.spent, currency),
    cap: t.money(use.cap, currency),
    pending: t.money(use.pending, currency),
    left: t.money(Math.max(0, use.cap - use.spent - use.pending), currency),
  };
}

/** Sentences in the translator's language (Japanese sets none of its spaces between them). */
export function sentences(t: Translator, ...parts: string[]): string {
  return parts.join(t.language === 'ja' ? '' : ' ');
}

/** Keys of one cap's refusal: reached or not, for the member (with figures) or the channel. */
export interface CapKeys {
  readonly reachedFigures: MessageKey;
  readonly noRoomFigures: MessageKey;
  readonly reachedPublic: MessageKey;
  readonly noRoomPublic: MessageKey;
  /** How an admin raises this cap, added to the member's message. */
  readonly raise?: MessageKey;
}

/** The refusal's two texts for a cap under `use`. */
export function capRefusalTexts(
  keys: CapKeys,
  use: CapUse,
  currency: string,
): { message: (t: Translator) => string; publicMessage: (t: Translator) => string } {
  const reached = capReached(use);
  return {
    message: (t) => {
      const text = t.t(reached ? keys.reachedFigures : keys.noRoomFigures, capFigures(t, use, currency));
      return keys.raise ? sentences(t, text, t.t(keys.raise)) : text;
    },
    publicMessage: (t) => t.t(reached ? keys.reachedPublic : keys.noRoomPublic),
  };
}
