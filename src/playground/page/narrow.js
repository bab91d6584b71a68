// The narrow layout (a phone, or a window under 700 px: style.css), as Discord's mobile client: the
// channel list is hidden behind a ☰ button in the channel header and slides in over the channel;
// choosing a channel, ×, Escape or a tap beside it closes it again.

import { $ } from './state.js';

const isOpen = () => document.body.dataset.channels === 'open';

function setOpen(open) {
  if (open) document.body.dataset.channels = 'open';
  else delete document.body.dataset.channels;
  $('toggle-channels').setAttribute('aria-expanded', String(open));
}

export function setUpNarrow() {
  $('toggle-channels').addEventListener('click', () => setOpen(!isOpen()));
  $('close-channels').addEventListener('click', () => setOpen(false));
  // A channel chosen (its own handler opened it first): back to the channel.
  $('channels').addEventListener('click', (event) => {
    if (event.target.closest?.('[data-channel-id]')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) setOpen(false);
  });
  document.querySelector('main').addEventListener('click', (event) => {
    if (isOpen() && !event.target.closest?.('#toggle-channels')) setOpen(false);
  });
}
