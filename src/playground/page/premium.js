// Discord's premium buttons (style 6) as its client draws them: the bot sends only a `sku_id`, and
// the button shows that SKU's name and price (the app's SKUs: /api/state `skus`). A click "buys" it
// as a test purchase (POST /api/buy: the playground's local Discord grants the SKU, to the server
// for a server subscription or a credit pack, to the person for a member subscription), and the
// message says what was bought, with a button to end it (POST /api/end-purchase: a subscription
// ends now, a credit pack not yet credited is refunded). Nothing is paid.

import { pageLanguage, t } from './pageText.js';
import { escapeHtml, post, state } from './state.js';

/** What this page load bought from each message: message id → SKU names and whose. */
const bought = new Map();

const skuOf = (id) => (state.skus ?? []).find((sku) => sku.id === id);

/** "$4.99/month", "$9.99", in the page's language; '' without a known price. */
export function priceLabel(sku) {
  if (!sku || typeof sku.priceUsd !== 'number') return '';
  const price = new Intl.NumberFormat(pageLanguage(), { style: 'currency', currency: 'USD' }).format(
    sku.priceUsd,
  );
  return sku.per === 'month' ? t('premium.perMonth', { price }) : price;
}

/** A premium button: a shop mark, the SKU's name and its price. */
export function premiumButton(button) {
  const sku = skuOf(button.sku_id);
  const name = sku?.name ?? t('premium.unknown');
  const price = priceLabel(sku);
  return `<button type="button" class="style-6 premium" data-sku-id="${escapeHtml(String(button.sku_id ?? ''))}" aria-label="${escapeHtml(t('premium.buyLabel', { name, price }))}"><span class="premium-mark" aria-hidden="true">🛒</span><span class="sku-name">${escapeHtml(name)}</span>${price ? `<span class="sku-price">${escapeHtml(price)}</span>` : ''}</button>`;
}

/** The lines under a message saying what was bought from it (and ended), each with End. */
export function boughtLines(message) {
  return (bought.get(message.id) ?? [])
    .map((purchase) =>
      purchase.ended
        ? `<div class="premium-bought ended" role="status">${escapeHtml(t('premium.ended', { name: purchase.name }))}</div>`
        : `<div class="premium-bought" role="status"><span class="bought-text">✓ ${escapeHtml(t(purchase.forServer ? 'premium.boughtServer' : 'premium.boughtMember', { name: purchase.name }))}</span> <button type="button" class="end-purchase" data-entitlement-id="${escapeHtml(purchase.entitlementId)}">${escapeHtml(t('premium.end'))}</button></div>`,
    )
    .join('');
}

/** Each premium button of a drawn message buys its SKU; `redraw(message)` shows the purchase. */
export function bindPremium(item, message, redraw) {
  for (const button of item.querySelectorAll('button[data-sku-id]')) {
    button.addEventListener('click', async () => {
      button.disabled = true;
      const answer = await post('/api/buy', { messageId: message.id, skuId: button.dataset.skuId });
      button.disabled = false;
      if (!answer) return;
      bought.set(message.id, [...(bought.get(message.id) ?? []), answer]);
      redraw(state.messages.get(message.id) ?? message);
    });
  }
  for (const button of item.querySelectorAll('button[data-entitlement-id]')) {
    button.addEventListener('click', async () => {
      const answer = await post('/api/end-purchase', { entitlementId: button.dataset.entitlementId });
      if (!answer) return;
      const purchases = bought.get(message.id) ?? [];
      bought.set(
        message.id,
        purchases.map((purchase) =>
          purchase.entitlementId === answer.entitlementId ? { ...purchase, ended: true } : purchase,
        ),
      );
      redraw(state.messages.get(message.id) ?? message);
    });
  }
}
