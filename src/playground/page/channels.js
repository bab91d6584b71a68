// The sidebar's channels (text channels with their threads, the DM of the person typing, and
// where the bot works only as installed to the person's account), the open channel's header, and
// message links' jumps. As in Discord, each person sees only their own DM with the bot: switching
// "Typing as" lists the other person's, and leaves a DM that is not theirs for their own.

import { jumpToPresent } from './follow.js';
import { renderMessages } from './messages.js';
import { t } from './pageText.js';
import { $, channelLabel, escapeHtml, installedOnly, me, showError, state } from './state.js';

/** Whether the person typing sees the channel: any but another person's DM. */
const mine = (channel) => channel.kind !== 'dm' || !channel.personId || channel.personId === me()?.id;

export function renderChannels() {
  const box = $('channels');
  const button = (channel) =>
    `<button type="button" class="channel ${channel.kind}${channel.id === state.channelId ? ' active' : ''}" data-channel-id="${channel.id}">${escapeHtml(channelLabel(channel))}</button>`;
  const texts = state.channels.filter((channel) => channel.kind === 'text');
  const threadsOf = (id) =>
    state.channels.filter((channel) => channel.kind === 'thread' && channel.parentId === id);
  const dms = state.channels.filter((channel) => channel.kind === 'dm' && mine(channel));
  const installed = state.channels.filter(installedOnly);
  box.innerHTML = `<div class="channel-group">${t('channels.text')}</div>${texts
    .map((channel) => button(channel) + threadsOf(channel.id).map(button).join(''))
    .join('')}<div class="channel-group">${t('channels.dms')}</div>${dms.map(button).join('')}${
    installed.length > 0
      ? `<div class="channel-group">${t('channels.installed')}</div>${installed.map(button).join('')}`
      : ''
  }`;
  for (const element of box.querySelectorAll('[data-channel-id]')) {
    element.addEventListener('click', () => openChannel(element.dataset.channelId));
  }
  const current = state.channels.find((channel) => channel.id === state.channelId);
  $('channel-title').textContent = current ? channelLabel(current) : '';
  $('channel-hint').textContent =
    current?.kind === 'dm'
      ? t('hint.dm')
      : current && installedOnly(current)
        ? t('hint.installed')
        : t('hint.text');
}

export function openChannel(id) {
  const channel = state.channels.find((candidate) => candidate.id === id);
  // Never another person's DM: the person's own instead.
  state.channelId =
    channel && !mine(channel)
      ? (state.channels.find((candidate) => candidate.kind === 'dm' && mine(candidate))?.id ?? '')
      : id;
  renderChannels();
  renderMessages();
  jumpToPresent();
  $('input').focus();
}

/** After "Typing as" changed: their channels, and their own DM if another's was open. */
export function showPersonChannels() {
  const current = state.channels.find((channel) => channel.id === state.channelId);
  if (current && !mine(current)) openChannel(current.id);
  else renderChannels();
}

/** A message link: open its channel, show the message, highlighted a moment. */
function jumpTo(channelId, messageId) {
  if (state.channels.some((channel) => channel.id === channelId)) openChannel(channelId);
  const target = document.querySelector(`.message[data-message-id="${messageId}"]`);
  if (!target) return showError(t('jump.gone'));
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
