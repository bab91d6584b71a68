// The open channel's messages as Discord draws them: grouped by author (a group's first message
// with the author and the time, the rest under it), "used /command" and "replying to" lines, the
// text (markdown.js, with the pure rules of groups, times and "(edited)"), images that open full
// size, buttons (premium ones: premium.js), "only you can see this" with Dismiss, and the Apps
// menu (messageMenu.js).
// A Components V2 message (pageView.ts: `v2`) is drawn from its components instead of its
// `content` and attachment list: a container as a card (its accent bar on the left), text
// displays as markdown, sections with their button or thumbnail on the right, galleries, files,
// separators and button rows (cardHtml).
// A message the event stream pushes again is redrawn in place, as Discord shows an edit.
// Its own words and times are in the page's language (pageText.js); app.js draws the list again
// when that changes.

import { cardHtml } from './cards.js';
import { markdown, messageTime, replyPreview, showsEdited, startsGroup } from './markdown.js';
import { hasMessageMenu, openImage, openMessageMenu } from './messageMenu.js';
import { onPageLanguage, pageLanguage, t } from './pageText.js';
import { bindPremium, boughtLines, premiumButton } from './premium.js';
import { $, escapeHtml, me, nameOf, post, state } from './state.js';

/** Private replies the reader dismissed (Discord's "Dismiss message"), hidden for this page load. */
const dismissed = new Set();

function visible(message) {
  // A thread opens with the message it was started from (the thread takes that message's id).
  const here = message.channelId === state.channelId || message.id === state.channelId;
  if (message.deleted || !here || dismissed.has(message.id)) return false;
  return !message.ephemeral || message.forUserId === me()?.id;
}

/** The open channel's messages, oldest first. */
const shown = () => [...state.messages.values()].filter(visible).sort((a, b) => a.createdAt - b.createdAt);

function timeElement(message, className, text) {
  const time = messageTime(message.times.sent, Date.now(), { locale: pageLanguage() });
  return `<time class="${className}" datetime="${time.iso}" title="${escapeHtml(time.full)}">${escapeHtml(text(time))}</time>`;
}

/** "↱ @Alex first words…" over a reply; a button that shows the original. */
function replyLine(message) {
  if (!message.replyTo) return '';
  const original = state.messages.get(message.replyTo);
  const words =
    !original || original.deleted
      ? t('message.replyDeleted')
      : replyPreview(original.content, nameOf) ||
        (original.attachments.length ? t('message.replyAttachment') : '…');
  const who =
    original && !original.deleted ? `<span class="reply-author">@${escapeHtml(original.author)}</span> ` : '';
  return `<button type="button" class="reply-to" data-reply-to="${escapeHtml(message.replyTo)}" aria-label="${escapeHtml(t('message.replyLabel', { name: original?.author ?? t('message.deletedMessage'), words }))}">${who}<span class="reply-words">${escapeHtml(words)}</span></button>`;
}

function header(message, first) {
  if (!first) return timeElement(message, 'gutter-time', (time) => time.clock);
  return `<div class="avatar" aria-hidden="true">${escapeHtml(message.author.slice(0, 1))}</div>
    <div class="header"><span class="author">${escapeHtml(message.author)}</span>${message.bot ? '<span class="bot-tag">BOT</span>' : ''}${timeElement(message, 'timestamp', (time) => time.label)}</div>`;
}

/** A button as a classic message's row draws it (premium ones: premium.js). */
function buttonHtml(button) {
  return button.style === 6
    ? premiumButton(button)
    : `<button type="button" class="style-${button.style}" data-custom-id="${escapeHtml(button.custom_id ?? '')}"${button.disabled ? ' disabled' : ''}>${escapeHtml(button.label ?? '')}</button>`;
}

function messageElement(message, first) {
  const item = document.createElement('li');
  item.className = `message${message.bot ? ' from-bot' : ''}${message.ephemeral ? ' ephemeral' : ''}${first ? '' : ' grouped'}`;
  item.dataset.messageId = message.id;
  const used = message.usedCommand
    ? `<div class="used">${t('message.used', { name: escapeHtml(nameOf(message.forUserId)), command: `<strong>${escapeHtml(message.usedCommand)}</strong>` })}</div>`
    : '';
  const edited = showsEdited(message)
    ? ` <span class="edited" title="${escapeHtml(messageTime(message.times.edited, Date.now(), { locale: pageLanguage() }).full)}">${escapeHtml(t('message.edited'))}</span>`
    : '';
  // A V2 message is its components only: its uploads show where a component names them.
  const card = message.v2 ? cardHtml(message, edited) : undefined;
  const body = message.thinking
    ? `<div class="content thinking">${escapeHtml(t('message.thinking', { bot: message.author }))}</div>`
    : card
      ? `<div class="content components">${card.html}</div>`
      : `<div class="content">${markdown(message.content)}${edited}</div>`;
  const images = card
    ? ''
    : message.attachments
        .map((file, index) =>
          file.image
            ? `<button type="button" class="image" data-index="${index}" aria-label="${escapeHtml(t('message.openImage', { name: file.filename }))}"><img src="${file.url}" alt="${escapeHtml(file.filename)}" /></button>`
            : '',
        )
        .join('');
  const buttons = card
    ? ''
    : (message.components ?? [])
        .flatMap((row) => row.components ?? [])
        .filter((button) => button.type === 2)
        .map(buttonHtml)
        .join('');
  item.innerHTML = `${replyLine(message)}${used}${header(message, first)}
    ${body}
    ${images ? `<div class="attachments">${images}</div>` : ''}
    ${buttons ? `<div class="buttons">${buttons}</div>` : ''}${boughtLines(message)}
    ${message.ephemeral ? `<div class="ephemeral-note">👁 ${escapeHtml(t('message.onlyYou'))} · <button type="button" class="dismiss">${escapeHtml(t('message.dismiss'))}</button></div>` : ''}
    ${hasMessageMenu(message) ? `<button type="button" class="message-menu-button" title="${escapeHtml(t('message.moreTitle'))}" aria-label="${escapeHtml(t('message.more'))}">⋯</button>` : ''}`;
  if (hasMessageMenu(message)) {
    item.querySelector('.message-menu-button').addEventListener('click', (event) => {
      const box = event.currentTarget.getBoundingClientRect();
      openMessageMenu(message, box.right, box.bottom);
    });
    item.addEventListener('contextmenu', (event) => {
      event.preventDefault();
      openMessageMenu(message, event.clientX, event.clientY);
    });
  }
  for (const button of item.querySelectorAll('button[data-custom-id]')) {
    button.addEventListener('click', () =>
      post('/api/click', { messageId: message.id, customId: button.dataset.customId }),
    );
  }
  bindPremium(item, message, upsertMessage);
  for (const card of item.querySelectorAll('.card[data-accent]')) {
    card.style.borderLeftColor = card.dataset.accent;
  }
  // A classic message's images are its attachments by index; a V2 message's, its components'.
  const pictures = card ? card.pictures : message.attachments;
  for (const button of item.querySelectorAll('button.image[data-index]')) {
    const file = pictures[Number(button.dataset.index)];
    // Back to the image once closed: its button as drawn then (the list may have been redrawn).
    const refocus = () =>
      $('messages')
        .querySelector(`[data-message-id="${message.id}"] button.image[data-index="${button.dataset.index}"]`)
        ?.focus({ preventScroll: true });
    button.addEventListener('click', () => {
      // A spoiler is revealed by the first click (as Discord's), opened by the next.
      if (button.classList.contains('spoiler')) return button.classList.remove('spoiler');
      openImage(file.url, file.filename, refocus);
    });
  }
  item.querySelector('.reply-to')?.addEventListener('click', () => showOriginal(message.replyTo));
  item.querySelector('.dismiss')?.addEventListener('click', () => {
    dismissed.add(message.id);
    renderMessages();
  });
  return item;
}

/** The message a reply answers, in view and highlighted a moment (as a message link shows it). */
function showOriginal(id) {
  const target = $('messages').querySelector(`.message[data-message-id="${id}"]`);
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  target.classList.add('highlight');
  setTimeout(() => target.classList.remove('highlight'), 1500);
}

export function renderMessages() {
  // Staying at the bottom while the reader is there: follow.js.
  const messages = shown();
  $('messages').replaceChildren(
    ...messages.map((message, index) => messageElement(message, startsGroup(messages[index - 1], message))),
  );
}

export function upsertMessage(message) {
  state.messages.set(message.id, message);
  const list = $('messages');
  const existing = list.querySelector(`[data-message-id="${message.id}"]`);
  if (!visible(message)) return existing && renderMessages();
  if (!existing) return renderMessages();
  const messages = shown();
  // A reply quotes its original's first words: those replies are drawn again with it.
  if (messages.some((candidate) => candidate.replyTo === message.id)) return renderMessages();
  // Edited in place, as Discord shows a message being edited (its group as before).
  const index = messages.findIndex((candidate) => candidate.id === message.id);
  existing.replaceWith(messageElement(message, startsGroup(messages[index - 1], message)));
}

// A refusal line above the composer (state.js: showError) is cleared when the page's language
// changes rather than redrawn: its text may be the server's own words (an API error), which the
// page cannot translate, and a refusal of what was typed before the switch is stale anyway; the
// list itself is drawn again by app.js's `onPageLanguage`.
onPageLanguage(() => document.querySelector('#composer .error-line')?.remove());
