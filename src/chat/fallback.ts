/**
 * The fallback (`/config features fallback:true`, off by default): when the member's own cap
 * (daily or monthly, the server's or their roles', spend/memberCaps.ts) would refuse a request,
 * the cheapest model the member may use whose worst case fits answers instead, and the line under
 * the reply says so. Caps on the whole server, DMs and the operator's are never worked around.
 */

import type { Translator } from '../i18n/translator.js';
import type { Clock } from '../lib/clock.js';
import { CHAT_MODELS, type ChatModel } from '../service/models.js';
import type { GuildConfig } from '../settings/resolve.js';
import type { Budgets, Reservation } from '../spend/budgets.js';
import { chatCostMicros } from '../spend/cost.js';
import type { PriceList } from '../spend/prices.js';
import type { MemberRule } from '../spend/roleRules.js';
import { withLine } from './notes.js';
import type { ChatTurn } from './types.js';

/** The models a member may fall back to: allowed by the server and their roles, but `model`. */
export function fallbackModelsFor(
  guild: GuildConfig,
  rule: MemberRule | undefined,
  model: ChatModel,
): ChatModel[] {
  return CHAT_MODELS.filter(
    (candidate) =>
      candidate !== model &&
      (guild.allowedModels === null || guild.allowedModels.includes(candidate)) &&
      (!rule || rule.models === null || rule.models.includes(candidate)),
  );
}

export function fallbackNote(
  t: Translator,
  model: ChatModel,
  limit: 'daily' | 'monthly',
  refused: ChatModel,
): string {
  return t.t(limit === 'daily' ? 'chat.fallbackDaily' : 'chat.fallbackMonthly', { model, refused });
}

/** The turn with how a paid plan covers it (its reservation's), for its ledger entry. */
const charged = (turn: ChatTurn, reservation: Reservation & { ok: true }): ChatTurn =>
  reservation.plan ? { ...turn, planCharge: reservation.plan } : turn;

/** What reserving a turn reads: the chat prices, the reservations, the time. */
export interface ReserveTurnDeps {
  /** The chat prices the worst case of each model is reckoned from (spend/cost.ts). */
  readonly prices: Pick<PriceList, 'chat'>;
  readonly budgets: Pick<Budgets, 'reserve'>;
  readonly clock: Clock;
}

/**
 * Reserves the turn's worst case; refused by the member's cap, with fallback models, reserves the
 * cheapest cheaper one that fits and returns the turn on that model (its note under the reply).
 */
export async function reserveTurn(
  deps: ReserveTurnDeps,
  turn: ChatTurn,
  promptTokens: number,
): Promise<{ readonly reservation: Reservation; readonly turn: ChatTurn }> {
  const { settings } = turn;
  const worst = (model: ChatModel) => chatCostMicros(deps.prices, model, promptTokens, settings.maxTokens);
  const reserve = (model: ChatModel) =>
    deps.budgets.reserve(
      turn.guildId,
      turn.userId,
      worst(model),
      deps.clock.now(),
      turn.userInstall,
      settings.memberCaps,
      turn.serviceKey !== undefined,
    );
  const reservation = await reserve(settings.model);
  if (reservation.ok) return { reservation, turn: charged(turn, reservation) };
  if (!reservation.memberLimit || !settings.fallbackModels) return { reservation, turn };
  const cheaper = settings.fallbackModels
    .filter((model) => worst(model) < worst(settings.model))
    .sort((a, b) => worst(a) - worst(b));
  for (const model of cheaper) {
    const held = await reserve(model);
    if (!held.ok) continue;
    const line = fallbackNote(turn.voices.server, model, reservation.memberLimit, settings.model);
    return {
      reservation: held,
      turn: {
        ...charged(turn, held),
        settings: { ...settings, model },
        extraNote: withLine(turn.extraNote, line),
      },
    };
  }
  return { reservation, turn };
}
