// Following the latest message, as Discord does: while the reader is at the bottom of the list
// (within a few px) it stays there as messages arrive and grow (a streamed reply, an image that
// loads); scrolled up, the list stays put and "New messages · Jump to present" shows, which goes
// back to the bottom and hides. Opening a channel or sending something goes to the bottom too.

import { $ } from './state.js';

/** How close to the bottom still counts as at the bottom (rounding of fractional pixels). */
const NEAR_PX = 4;
let following = true;

const list = () => $('messages');
const gap = () => list().scrollHeight - list().scrollTop - list().clientHeight;

/** The list's end in view; followed again from now on. */
export function jumpToPresent() {
  following = true;
  $('jump').hidden = true;
  list().scrollTop = list().scrollHeight;
}

/** After the list changed: at the bottom if followed, else the jump button when there is more below. */
function keepUp() {
  if (following) {
    list().scrollTop = list().scrollHeight;
    return;
  }
  if (gap() > NEAR_PX) $('jump').hidden = false;
}

export function setUpFollowing() {
  // Only the reader's scrolling changes whether the list is followed (growth fires no scroll).
  list().addEventListener('scroll', () => {
    following = gap() <= NEAR_PX;
    $('jump').hidden = following;
  });
  $('jump').addEventListener('click', jumpToPresent);
  // Messages added, redrawn or edited in place; images grow their message once loaded.
  new MutationObserver(keepUp).observe(list(), { childList: true, subtree: true, characterData: true });
  list().addEventListener('load', keepUp, true);
}
