// What the page knows of the local Discord (filled from /api/state, kept live by the event
// stream: app.js), and the small lookups every part of the page uses.

import { t } from './pageText.js';

export const state = {
  botId: '',
  channels: [],
  people: [],
  commands: [],
  // The server's roles (id, name), for role options typed as `role:@Name`.
  roles: [],
  // Message commands (Apps in a message's menu), registered with type 3.
  messageCommands: [],
  // The app's SKUs (name, price) that premium buttons show (premium.js).
  skus: [],
  messages: new Map(),
  // Forms (modals) the bot opened and nobody submitted or cancelled yet.
  modals: [],
  channelId: '',
  person: 'member',
  // The shipped languages, each person's Discord locale, and the server's (pageLocales.ts).
  locales: [],
  personLocales: {},
  serverLocale: 'en-US',
};

export const $ = (id) => document.getElementById(id);

export const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** The person typing now. */
export const me = () => state.people.find((person) => person.key === state.person);

export function nameOf(id) {
  if (id === state.botId) return 'Service Bot';
  return state.people.find((person) => person.id === id)?.label.split(' ')[0] ?? t('message.someone');
}

export function channelLabel(channel) {
  if (channel.kind === 'group') return `👥 ${channel.name}`;
  return channel.kind === 'dm'
    ? `@ ${channel.name}`
    : channel.kind === 'thread'
      ? `↳ ${channel.name}`
      : `# ${channel.name}`;
}

export function channelName(id) {
  const channel = state.channels.find((candidate) => candidate.id === id);
  return channel ? channelLabel(channel) : t('channels.unknown');
}

/** Where the bot works only as an app installed to the person's account (a group DM, a server without it). */
export const installedOnly = (channel) => channel.kind === 'group' || channel.kind === 'external';

/** As Discord offers commands: where the bot is not, those installed to the person's account. */
export function offeredHere(command) {
  const current = state.channels.find((channel) => channel.id === state.channelId);
  if (!current || !installedOnly(current)) return true;
  const context = current.kind === 'group' ? 2 : 0;
  return (command.integration_types ?? []).includes(1) && (command.contexts ?? []).includes(context);
}

/** A line in red above the composer (a refused command, a failed request). */
export function showError(text) {
  let line = document.querySelector('.error-line');
  if (!line) {
    line = document.createElement('div');
    line.className = 'error-line';
    $('composer').prepend(line);
  }
  line.textContent = text;
}

/** A write to the page's API, as the person typing, in the open channel (the key cookie goes along). */
export async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, user: state.person, channelId: state.channelId }),
  });
  if (!response.ok)
    return showError((await response.json()).error ?? t('page.failed', { status: response.status }));
  return response.json();
}
