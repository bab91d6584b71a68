/**
 * Discord's premium button (style 6, PREMIUM): it opens the app's store page for one SKU, and
 * carries only `sku_id` (no label, emoji, custom id or URL: Discord draws it from the SKU). A
 * refusal for a spent plan allowance offers the SKUs the reader can act on (planGate.ts), only in
 * a private reply: to an admin, the server's subscriptions and credit packs; to a member, the
 * member subscriptions. Never in public.
 */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import type { MessageComponents } from './buttons.js';

/** The SKUs a refusal may offer, by who reads it. */
export interface PremiumOffer {
  /** For someone who may manage the server: server subscriptions, then credit packs. */
  readonly admin: readonly string[];
  /** For the member: member subscriptions. */
  readonly member: readonly string[];
}

/** Who reads a private refusal. */
export type PremiumReader = 'admin' | 'member';

/** Discord allows five buttons in a row. */
const MAX_BUTTONS = 5;

/** A row of premium buttons for what the reader can buy; none when there is nothing to offer. */
export function premiumRows(offer: PremiumOffer | undefined, reader: PremiumReader): MessageComponents {
  const skus = offer
    ? [...new Set(reader === 'admin' ? [...offer.admin, ...offer.member] : offer.member)]
    : [];
  if (skus.length === 0) return [];
  const row: APIActionRowComponent<APIComponentInMessageActionRow> = {
    type: ComponentType.ActionRow,
    components: skus.slice(0, MAX_BUTTONS).map((skuId) => ({
      type: ComponentType.Button,
      style: ButtonStyle.Premium,
      sku_id: skuId,
    })),
  };
  return [row];
}
