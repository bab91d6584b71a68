// The open channel's messages as Discord draws them: author, "used /command", the text
// (markdown.js), images, buttons, "only you can see this", and the Apps menu (messageMenu.js).
// A message the event stream pushes again is redrawn in place, as Discord shows an edit.

import { markdown } from './markdown.js';
import { hasMessageMenu, openMessageMenu } from './messageMenu.js';
import { $, escapeHtml, me, nameOf, post, state } from './state.js';

function visible(message) {
  // A thread opens with the message it was started from (the thread takes that message's id).
  const here = message.channelId === state.channelId || message.id === state.channelId;
  if (message.deleted || !here) return false;
  return !message.ephemeral || message.forUserId === me()?.id;
}

function messageElement(message) {
  const item = document.createElement('li');
  item.className = `message${message.bot ? ' from-bot' : ''}${message.ephemeral ? ' ephemeral' : ''}`;
  item.dataset.messageId = message.id;
  const used = message.usedCommand
    ? `<div class="used">${escapeHtml(nameOf(message.forUserId))} used <strong>${escapeHtml(message.usedCommand)}</strong></div>`
    : '';
  const body = message.thinking
    ? '<div class="content thinking">Service Bot is thinking…</div>'
    : `<div class="content">${markdown(message.content)}</div>`;
  const images = message.attachments
    .map((file) => (file.image ? `<img src="${file.url}" alt="${escapeHtml(file.filename)}" />` : ''))
    .join('');
  const buttons = (message.components ?? [])
    .flatMap((row) => row.components ?? [])
    .filter((button) => button.type === 2)
    .map(
      (button) =>
        `<button type="button" class="style-${button.style}" data-custom-id="${escapeHtml(button.custom_id ?? '')}"${button.disabled ? ' disabled' : ''}>${escapeHtml(button.label ?? '')}</button>`,
    )
    .join('');
  item.innerHTML = `${used}<div class="avatar">${escapeHtml(message.author.slice(0, 1))}</div>
    <div><span class="author">${escapeHtml(message.author)}</span>${message.bot ? '<span class="bot-tag">BOT</span>' : ''}</div>
    ${body}
    ${images ? `<div class="attachments">${images}</div>` : ''}
    ${buttons ? `<div class="buttons">${buttons}</div>` : ''}
    ${message.ephemeral ? '<div class="ephemeral-note">👁 Only you can see this</div>' : ''}
    ${hasMessageMenu(message) ? '<button type="button" class="message-menu-button" title="More (Apps)" aria-label="More">⋯</button>' : ''}`;
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
  return item;
}

export function renderMessages() {
  // Staying at the bottom while the reader is there: follow.js.
  $('messages').replaceChildren(
    ...[...state.messages.values()]
      .filter(visible)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map(messageElement),
  );
}

export function upsertMessage(message) {
  state.messages.set(message.id, message);
  const list = $('messages');
  const existing = list.querySelector(`[data-message-id="${message.id}"]`);
  if (!visible(message)) return existing?.remove();
  if (!existing) return renderMessages();
  // Edited in place, as Discord shows a message being edited.
  existing.replaceWith(messageElement(message));
}
