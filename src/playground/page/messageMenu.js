// What opens over a message: the message menu (Apps), where a "⋯" button on a hovered message,
// or a right-click, opens a small menu of the message commands the bot registered (choosing one
// runs it on that message); and an image (or the /usage chart) full size, as Discord shows it.
// Their words are in the page's language (pageText.js), as when opened: a language change comes
// from the sidebar, and the menu closes on that click, the image's modal dialog keeps it out of reach.

import { inLanguage } from './languages.js';
import { t } from './pageText.js';
import { $, escapeHtml, offeredHere, post, state } from './state.js';

/** As in Discord: any message but a private reply or one still loading has the Apps menu. */
export function hasMessageMenu(message) {
  return state.messageCommands.some(offeredHere) && !message.ephemeral && !message.thinking;
}

function closeMessageMenu() {
  $('message-menu')?.remove();
}

/** A small menu at (x, y): "Apps" and the message commands; choosing one runs it on `message`. */
export function openMessageMenu(message, x, y) {
  closeMessageMenu();
  const menu = document.createElement('div');
  menu.id = 'message-menu';
  menu.className = 'message-menu';
  menu.setAttribute('role', 'menu');
  menu.innerHTML = `<div class="menu-heading">${escapeHtml(t('menu.apps'))}</div>${state.messageCommands
    .filter(offeredHere)
    .map(
      (command) =>
        `<button type="button" role="menuitem" data-command="${escapeHtml(command.name)}">${escapeHtml(inLanguage(state, command.name_localizations, command.name))}</button>`,
    )
    .join('')}`;
  menu.style.left = `${Math.max(0, Math.min(x, window.innerWidth - 240))}px`;
  menu.style.top = `${Math.max(0, Math.min(y, window.innerHeight - 120))}px`;
  for (const item of menu.querySelectorAll('button[data-command]')) {
    item.addEventListener('click', () => {
      closeMessageMenu();
      post('/api/message-command', { messageId: message.id, name: item.dataset.command });
    });
  }
  document.body.append(menu);
  menu.querySelector('button')?.focus();
}

document.addEventListener('mousedown', (event) => {
  if (!event.target.closest?.('#message-menu, .message-menu-button')) closeMessageMenu();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') closeMessageMenu();
});

/**
 * An image full size over the page (Discord's): at its natural size, scaled down to fit the
 * window; closed by Escape, a click beside it or the close button, then `refocus()` (the image's
 * button, as drawn now). A modal dialog keeps the focus inside while open.
 */
export function openImage(url, name, refocus) {
  const box = document.createElement('dialog');
  box.id = 'lightbox';
  box.setAttribute('aria-label', name);
  box.innerHTML = `<img alt="${escapeHtml(name)}" />
    <div class="lightbox-bar">
      <a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(t('image.original'))}</a>
      <button type="button" class="lightbox-close" aria-label="${escapeHtml(t('image.close'))}">✕</button>
    </div>`;
  box.querySelector('img').src = url;
  box.addEventListener('click', (event) => {
    if (event.target === box) box.close();
  });
  box.querySelector('.lightbox-close').addEventListener('click', () => box.close());
  box.addEventListener('close', () => {
    box.remove();
    refocus?.();
  });
  document.body.append(box);
  box.showModal();
  box.querySelector('.lightbox-close').focus();
}
