// The sidebar's channels (text channels with their threads, the DM, and where the bot works only
// as installed to the person's account), the open channel's header, and message links' jumps.

import { jumpToPresent } from './follow.js';
import { renderMessages } from './messages.js';
import { $, channelLabel, escapeHtml, installedOnly, showError, state } from './state.js';

export function renderChannels() {
  const box = $('channels');
  const button = (channel) =>
    `<button type="button" class="channel ${channel.kind}${channel.id === state.channelId ? ' active' : ''}" data-channel-id="${channel.id}">${escapeHtml(channelLabel(channel))}</button>`;
  const texts = state.channels.filter((channel) => channel.kind === 'text');
  const threadsOf = (id) =>
    state.channels.filter((channel) => channel.kind === 'thread' && channel.parentId === id);
  const dms = state.channels.filter((channel) => channel.kind === 'dm');
  const installed = state.channels.filter(installedOnly);
  box.innerHTML = `<div class="channel-group">Text channels</div>${texts
    .map((channel) => button(channel) + threadsOf(channel.id).map(button).join(''))
    .join('')}<div class="channel-group">Direct messages</div>${dms.map(button).join('')}${
    installed.length > 0
      ? `<div class="channel-group">Installed to your account</div>${installed.map(button).join('')}`
      : ''
  }`;
  for (const element of box.querySelectorAll('[data-channel-id]')) {
    element.addEventListener('click', () => openChannel(element.dataset.channelId));
  }
  const current = state.channels.find((channel) => channel.id === state.channelId);
  $('channel-title').textContent = current ? channelLabel(current) : '';
  $('channel-hint').textContent =
    current?.kind === 'dm'
      ? 'Talk to the bot directly'
      : current && installedOnly(current)
        ? 'The bot is not here: /ask and /imagine work as an app installed to your account'
        : 'Type / for commands, or mention @bot in a message';
}

export function openChannel(id) {
  state.channelId = id;
  renderChannels();
  renderMessages();
  jumpToPresent();
  $('input').focus();
}

/** A message link: open its channel, show the message, highlighted a moment. */
function jumpTo(channelId, messageId) {
  if (state.channels.some((channel) => channel.id === channelId)) openChannel(channelId);
  const target = document.querySelector(`.message[data-message-id="${messageId}"]`);
  if (!target) return showError('That message is not here any more.');
  target.scrollIntoView({ block: 'center' });
  target.classList.add('highlight');
  setTimeout(() => target.classList.remove('highlight'), 1500);
}

document.addEventListener('click', (event) => {
  const link = event.target.closest?.('a.message-link');
  if (!link) return;
  event.preventDefault();
  jumpTo(link.dataset.channelId, link.dataset.messageId);
});
