// The playground's page: a Discord channel view of the local Discord, kept live by the server's
// event stream, and a composer that sends slash commands (with completion from the commands the
// bot registered), messages and button clicks as the person chosen in "Typing as"; the forms
// (modals) the bot opens show as dialogs to the person who ran the command.
// The server answers only a page opened from the address `npm run playground` printed (its key
// is then this page's HttpOnly cookie, sent with every request here: see pageAccess.ts).
// Here: the start (the state, "Typing as", the event stream). The parts, each an ES module:
// state.js (what the page knows, the API call), messages.js (with markdown.js and the Apps menu,
// messageMenu.js), channels.js, modal.js (forms), composer.js (with commands.js: parsing and
// completion, and optionChecks.js: what Discord's client checks before sending), languages.js (the
// language switches), pageText.js (the page's own text in the typing person's language), follow.js
// (staying at the newest message), remember.js (the person and channel a reload keeps), narrow.js
// (the channel list behind ☰ on a narrow screen), premium.js (premium buttons: a test purchase).

import { openChannel, renderChannels, showPersonChannels } from './channels.js';
import { setUpComposer, showSuggestions } from './composer.js';
import { setUpFollowing } from './follow.js';
import { setUpIntent } from './intent.js';
import { setUpLanguages, showPersonLanguage } from './languages.js';
import { renderMessages, upsertMessage } from './messages.js';
import { renderModal } from './modal.js';
import { setUpNarrow } from './narrow.js';
import { applyPageText, onPageLanguage, t } from './pageText.js';
import { pickChannel, pickPerson, remember, remembered } from './remember.js';
import { $, escapeHtml, post, state } from './state.js';

/** Without the key (the page opened without the printed address) there is nothing to show. */
function showLocked(reason) {
  const line = document.createElement('li');
  line.className = 'error-line';
  line.textContent = t('page.locked', { reason });
  $('messages').replaceChildren(line);
  $('input').disabled = true;
  document.body.dataset.locked = 'true';
}

/** The bot's dashboard: "Log in with Discord" there logs in as Sam, the admin. */
function linkDashboard(url) {
  const link = Object.assign(document.createElement('a'), {
    id: 'open-dashboard',
    href: url,
    target: '_blank',
    rel: 'noopener',
    textContent: t('sidebar.dashboard'),
  });
  link.dataset.text = 'sidebar.dashboard';
  $('typing-as').append(link);
}

function setUpPeople() {
  $('person').innerHTML = state.people
    .map((p) => `<option value="${p.key}">${escapeHtml(p.label)}</option>`)
    .join('');
  $('person').value = state.person;
  $('person').addEventListener('change', () => {
    state.person = $('person').value;
    showPersonChannels();
    remember(state);
    showPersonLanguage(state);
    showSuggestions();
    renderMessages();
    renderModal();
  });
}

/** Each change the server pushes: a message (new or edited), the channels, the open forms. */
function listen() {
  const events = new EventSource('/api/events');
  events.addEventListener('message', (event) => upsertMessage(JSON.parse(event.data)));
  events.addEventListener('channels', (event) => {
    state.channels = JSON.parse(event.data);
    renderChannels();
  });
  events.addEventListener('modals', (event) => {
    state.modals = JSON.parse(event.data);
    renderModal();
  });
}

async function start() {
  const response = await fetch('/api/state');
  const initial = await response.json().catch(() => ({}));
  if (!response.ok) return showLocked(initial.error ?? t('page.refused', { status: response.status }));
  Object.assign(state, {
    botId: initial.botId,
    channels: initial.channels,
    people: initial.people,
    roles: initial.roles ?? [],
    // Slash commands complete in the composer; message commands are in each message's menu.
    commands: initial.commands.filter((command) => (command.type ?? 1) === 1),
    messageCommands: initial.commands.filter((command) => command.type === 3),
    skus: initial.skus ?? [],
    locales: initial.locales ?? [],
    personLocales: initial.personLocales ?? {},
    serverLocale: initial.serverLocale ?? 'en-US',
  });
  for (const message of initial.messages) state.messages.set(message.id, message);
  state.modals = initial.modals ?? [];
  $('server-name').textContent = initial.guildName;
  if (initial.dashboardUrl) linkDashboard(initial.dashboardUrl);
  // The person and channel of the last visit (remember.js), and the page's text in their language.
  const saved = remembered();
  state.person = pickPerson(state.people, saved, state.person);
  onPageLanguage(() => {
    applyPageText(document);
    renderChannels();
    renderMessages();
    showSuggestions();
  });
  setUpPeople();
  setUpLanguages(state, post, showSuggestions);
  applyPageText(document);
  setUpNarrow();
  setUpComposer();
  setUpFollowing();
  listen();
  setUpIntent();
  openChannel(pickChannel(state.channels, saved));
  // Kept for a reload: the channel once opened (its own handlers run first) and when leaving.
  $('channels').addEventListener('click', () => remember(state));
  window.addEventListener('pagehide', () => remember(state));
  renderModal();
  document.body.dataset.ready = 'true';
}

start();
