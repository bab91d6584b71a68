// The composer: a slash command (completed from the commands the bot registered: commands.js)
// or a message ("@bot" becomes the bot's mention), sent as the person chosen in "Typing as", with
// the files attached with 📎 (attach.js).

import { attachedFiles, clearAttached, filesPayload, setUpAttach } from './attach.js';
import { parseCommand, suggestionsFor } from './commands.js';
import { jumpToPresent } from './follow.js';
import { checkMessage, lengthOf, MESSAGE_MAX } from './optionChecks.js';
import { t } from './pageText.js';
import { $, escapeHtml, post, showError, state } from './state.js';

let suggestions = [];

/** The suggestions for what is typed now, the first one selected (Tab takes it). */
export function showSuggestions() {
  suggestions = suggestionsFor($('input').value);
  const list = $('suggestions');
  list.hidden = suggestions.length === 0;
  list.innerHTML = suggestions
    .map(
      (s, i) =>
        `<li data-index="${i}"${i === 0 ? ' class="selected"' : ''}><span class="what">${escapeHtml(s.what)}</span><span class="why">${escapeHtml(s.why ?? '')}</span></li>`,
    )
    .join('');
  for (const item of list.querySelectorAll('li')) {
    item.addEventListener('mousedown', (event) => {
      event.preventDefault();
      accept(Number(item.dataset.index));
    });
  }
}

function accept(index) {
  const chosen = suggestions[index];
  if (!chosen) return;
  $('input').value = chosen.insert;
  showSuggestions();
}

async function submit(event) {
  event.preventDefault();
  const text = $('input').value.trim();
  const files = attachedFiles();
  if (!text && files.length === 0) return;
  document.querySelector('.error-line')?.remove();
  if (text.startsWith('/')) {
    const { fileOptions, ...parsed } = parseCommand(text);
    if (parsed.error) return showError(parsed.error);
    // The files go to the command's file option, as Discord's client puts them there.
    if (files.length > 0 && !fileOptions?.length)
      return showError(t('composer.noFileOption', { command: `/${parsed.name}` }));
    const withFiles =
      files.length > 0 ? { files: { [fileOptions[0]]: await filesPayload(files.slice(0, 1)) } } : {};
    await post('/api/command', { ...parsed, ...withFiles });
  } else {
    // As Discord's client: a message over the limit is not sent (the counter is red).
    const tooLong = checkMessage(text);
    if (tooLong) return showError(tooLong);
    const content = text.replace(/@(bot|service ?bot)\b/gi, `<@${state.botId}>`);
    await post('/api/message', { content, ...(files.length > 0 && { files: await filesPayload(files) }) });
  }
  clearAttached();
  $('input').value = '';
  showSuggestions();
  showCount();
  jumpToPresent();
}

/**
 * A plain message's length, as Discord shows it near the limit: "1850 / 2000" from 90 % of it on,
 * red when over. Commands have their own limits per option (optionChecks.js).
 */
function showCount() {
  const text = $('input').value;
  const count = lengthOf(text.trim());
  const counter = $('input-count');
  counter.hidden = text.startsWith('/') || count < MESSAGE_MAX * 0.9;
  counter.textContent = `${count} / ${MESSAGE_MAX}`;
  counter.classList.toggle('over', count > MESSAGE_MAX);
}

/** "Message #general", as Discord's composer says where it sends: the open channel's title. */
function showPlaceholder() {
  // "# general" → "#general", "@ Service Bot" → "@Service Bot", as Discord writes them there.
  const channel = $('channel-title').textContent.replace(/^([#@]) /, '$1');
  $('input').placeholder = channel ? t('composer.placeholder', { channel }) : '';
}

export function setUpComposer() {
  setUpAttach();
  // The title is redrawn with each channel opened and each language change (channels.js).
  new MutationObserver(showPlaceholder).observe($('channel-title'), {
    childList: true,
    characterData: true,
    subtree: true,
  });
  $('composer').addEventListener('submit', submit);
  $('input').addEventListener('input', () => {
    showSuggestions();
    showCount();
  });
  $('input').addEventListener('keydown', (event) => {
    if (event.key === 'Tab' && suggestions.length > 0) {
      event.preventDefault();
      accept(0);
    }
  });
}
