// The playground's page: a Discord channel view of the local Discord, kept live by the server's
// event stream, and a composer that sends slash commands (with completion from the commands the
// bot registered), messages and button clicks as the person chosen in "Typing as"; the forms
// (modals) the bot opens show as dialogs to the person who ran the command.
// The server answers only a page opened from the address `npm run playground` printed (its key
// is then this page's HttpOnly cookie, sent with every request here: see pageAccess.ts).
// The language switches, and registered texts in the person's language: languages.js.

import { inLanguage, setUpLanguages, showPersonLanguage } from './languages.js';

const state = {
  botId: '',
  channels: [],
  people: [],
  commands: [],
  // Message commands (Apps in a message's menu), registered with type 3.
  messageCommands: [],
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
const $ = (id) => document.getElementById(id);

// ---- Rendering ----------------------------------------------------------------------------

const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

function nameOf(id) {
  if (id === state.botId) return 'Service Bot';
  return state.people.find((person) => person.id === id)?.label.split(' ')[0] ?? 'someone';
}

function channelName(id) {
  const channel = state.channels.find((candidate) => candidate.id === id);
  return channel ? channelLabel(channel) : '#unknown';
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

/**
 * Discord's markdown, the parts the bot uses: code blocks, inline code, bold, italics, `-#`
 * subtext, `> ` quotes, backslash escapes, mentions.
 */
function markdown(text) {
  const parts = text.split(/(```[\s\S]*?(?:```|$))/);
  return parts
    .map((part) => {
      if (part.startsWith('```')) {
        const body = part.replace(/^```[^\n]*\n?/, '').replace(/\n?```$/, '');
        return `<pre><code>${escapeHtml(body)}</code></pre>`;
      }
      // The block element already breaks the line: one newline each side of a code block goes.
      return (
        escapeHtml(part.replace(/\n$/, '').replace(/^\n/, ''))
          .split('\n')
          .map((line) => (line.startsWith('-# ') ? `<span class="subtext">${line.slice(3)}</span>` : line))
          .map((line) => (line.startsWith('&gt; ') ? `<span class="quote">${line.slice(5)}</span>` : line))
          .join('\n')
          // An escaped character shows as itself and starts nothing (an entity no later rule matches).
          .replace(/\\(&gt;|[\\`*_~|#-])/g, (_, c) => (c === '&gt;' ? c : `&#${c.charCodeAt(0)};`))
          .replace(/`([^`\n]+)`/g, '<code>$1</code>')
          .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
          .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1<em>$2</em>')
          .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(nameOf(id))}</span>`)
          // A message link shows as Discord shows it: where the message is, a jump to it.
          .replace(
            /https:\/\/discord\.com\/channels\/(?:\d+|@me)\/(\d+)\/(\d+)/g,
            (_, channelId, messageId) =>
              `<a href="#" class="message-link" data-channel-id="${channelId}" data-message-id="${messageId}">${escapeHtml(channelName(channelId))} › 💬</a>`,
          )
          .replace(/<\/span>\n/g, '</span>')
      );
    })
    .join('');
}

function visible(message) {
  // A thread opens with the message it was started from (the thread takes that message's id).
  const here = message.channelId === state.channelId || message.id === state.channelId;
  if (message.deleted || !here) return false;
  const me = state.people.find((person) => person.key === state.person);
  return !message.ephemeral || message.forUserId === me?.id;
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

// ---- The message menu (Apps) -------------------------------------------------------------

/** As in Discord: any message but a private reply or one still loading has the Apps menu. */
function hasMessageMenu(message) {
  return state.messageCommands.some(offeredHere) && !message.ephemeral && !message.thinking;
}

function closeMessageMenu() {
  $('message-menu')?.remove();
}

/** A small menu at (x, y): "Apps" and the message commands; choosing one runs it on `message`. */
function openMessageMenu(message, x, y) {
  closeMessageMenu();
  const menu = document.createElement('div');
  menu.id = 'message-menu';
  menu.className = 'message-menu';
  menu.setAttribute('role', 'menu');
  menu.innerHTML = `<div class="menu-heading">Apps</div>${state.messageCommands
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

function renderMessages() {
  const list = $('messages');
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  list.replaceChildren(
    ...[...state.messages.values()]
      .filter(visible)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map(messageElement),
  );
  if (nearBottom) list.scrollTop = list.scrollHeight;
}

function upsertMessage(message) {
  state.messages.set(message.id, message);
  const list = $('messages');
  const existing = list.querySelector(`[data-message-id="${message.id}"]`);
  if (!visible(message)) return existing?.remove();
  if (!existing) return renderMessages();
  // Edited in place, as Discord shows a message being edited.
  existing.replaceWith(messageElement(message));
}

function channelLabel(channel) {
  if (channel.kind === 'group') return `👥 ${channel.name}`;
  return channel.kind === 'dm'
    ? `@ ${channel.name}`
    : channel.kind === 'thread'
      ? `↳ ${channel.name}`
      : `# ${channel.name}`;
}

/** Where the bot works only as an app installed to the person's account (a group DM, a server without it). */
const installedOnly = (channel) => channel.kind === 'group' || channel.kind === 'external';

function renderChannels() {
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

function openChannel(id) {
  state.channelId = id;
  renderChannels();
  renderMessages();
  $('input').focus();
}

// ---- Forms (modals) ------------------------------------------------------------------------

/**
 * A form the bot opened (a modal) shows as a dialog over the channel, to the person who ran the
 * command only: its title, each field with its label, a multi-line box for a paragraph field, and
 * Submit / Cancel. It is rebuilt only for another form, so what was typed is never lost.
 */
function renderModal() {
  const me = state.people.find((person) => person.key === state.person);
  const modal = state.modals.find((candidate) => candidate.forUserId === me?.id);
  const dialog = $('modal');
  if (!modal) {
    if (dialog.open) dialog.close();
    return;
  }
  // The same form again (e.g. back from typing as someone else): as it was left.
  if (dialog.dataset.interactionId === modal.interactionId) {
    if (!dialog.open) dialog.showModal();
    return;
  }
  dialog.dataset.interactionId = modal.interactionId;
  const fields = modal.fields
    .map((field, index) => {
      const id = `modal-field-${index}`;
      const limits = `${field.maxLength ? ` maxlength="${field.maxLength}"` : ''}${field.minLength ? ` minlength="${field.minLength}"` : ''}${field.required ? ' required' : ''}`;
      const value = escapeHtml(field.value ?? '');
      const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
      const input =
        field.style === 2
          ? `<textarea id="${id}" name="${escapeHtml(field.customId)}" rows="6"${limits}${placeholder}>${value}</textarea>`
          : `<input id="${id}" name="${escapeHtml(field.customId)}" value="${value}"${limits}${placeholder} />`;
      return `<label for="${id}">${escapeHtml(field.label)}${field.required ? ' <span class="required">*</span>' : ''}</label>
        ${field.description ? `<div class="field-description">${escapeHtml(field.description)}</div>` : ''}${input}`;
    })
    .join('');
  dialog.innerHTML = `<form method="dialog"><h2 id="modal-title">${escapeHtml(modal.title)}</h2>${fields}
    <div class="modal-actions"><button type="button" class="cancel">Cancel</button><button type="submit" class="submit">Submit</button></div></form>`;
  const form = dialog.querySelector('form');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(
      modal.fields.map((field) => [field.customId, form.elements[field.customId].value]),
    );
    dialog.close();
    await post('/api/modal', { interactionId: modal.interactionId, values });
  });
  dialog.querySelector('.cancel').addEventListener('click', async () => {
    dialog.close();
    await post('/api/modal', { interactionId: modal.interactionId, cancel: true });
  });
  if (!dialog.open) dialog.showModal();
  dialog.querySelector('textarea, input')?.focus();
}

// ---- The composer ---------------------------------------------------------------------------

const OPTION = { SUBCOMMAND: 1, STRING: 3, INTEGER: 4, BOOLEAN: 5, CHANNEL: 7, NUMBER: 10 };

/** As Discord offers commands: where the bot is not, those installed to the person's account. */
function offeredHere(command) {
  const current = state.channels.find((channel) => channel.id === state.channelId);
  if (!current || !installedOnly(current)) return true;
  const context = current.kind === 'group' ? 2 : 0;
  return (command.integration_types ?? []).includes(1) && (command.contexts ?? []).includes(context);
}

/** `/name [sub] key:value key:value`; a value runs to the next known `key:`. */
function parseCommand(text) {
  const [head = '', ...restWords] = text.slice(1).split(' ');
  const command = state.commands.find((definition) => definition.name === head);
  if (!command) return { error: `There is no /${head} command.` };
  if (!offeredHere(command)) return { error: `/${head} is not available here.` };
  let rest = restWords.join(' ');
  let options = command.options ?? [];
  let subcommand;
  const sub = options.find(
    (option) => option.type === OPTION.SUBCOMMAND && rest.split(' ')[0] === option.name,
  );
  if (sub) {
    subcommand = sub.name;
    options = sub.options ?? [];
    rest = rest.slice(sub.name.length).trimStart();
  } else if (options.some((option) => option.type === OPTION.SUBCOMMAND)) {
    return { error: `/${head} needs one of: ${options.map((option) => option.name).join(', ')}.` };
  }
  const names = options.map((option) => option.name);
  const pattern = new RegExp(`(?:^|\\s)(${names.join('|') || '\\u0000'}):`, 'g');
  const marks = [...rest.matchAll(pattern)];
  const values = {};
  const channelOptions = {};
  marks.forEach((mark, index) => {
    const start = mark.index + mark[0].length;
    const end = index + 1 < marks.length ? marks[index + 1].index : rest.length;
    const raw = rest.slice(start, end).trim();
    const option = options.find((candidate) => candidate.name === mark[1]);
    if (option.type === OPTION.CHANNEL) {
      const channel = state.channels.find(
        (candidate) => `#${candidate.name}` === raw || candidate.name === raw,
      );
      if (channel) channelOptions[option.name] = channel.id;
    } else if (option.type === OPTION.INTEGER) values[option.name] = Number.parseInt(raw, 10);
    else if (option.type === OPTION.NUMBER) values[option.name] = Number(raw);
    else if (option.type === OPTION.BOOLEAN) values[option.name] = raw === 'true';
    else values[option.name] = raw;
  });
  return { name: command.name, subcommand, options: values, channelOptions };
}

/** Suggestions for the text so far: commands, subcommands, option names, choices. */
function suggestionsFor(text) {
  if (!text.startsWith('/')) return [];
  const words = text.slice(1).split(' ');
  if (words.length === 1) {
    return state.commands
      .filter((command) => command.name.startsWith(words[0]) && offeredHere(command))
      .map((command) => ({
        insert: `/${command.name} `,
        what: `/${command.name}`,
        why: inLanguage(state, command.description_localizations, command.description),
      }));
  }
  const command = state.commands.find((definition) => definition.name === words[0]);
  if (!command) return [];
  let options = command.options ?? [];
  let prefix = `/${command.name} `;
  const subs = options.filter((option) => option.type === OPTION.SUBCOMMAND);
  if (subs.length > 0) {
    const sub = subs.find((option) => option.name === words[1]);
    if (!sub || words.length === 2) {
      return subs
        .filter((option) => option.name.startsWith(words[1] ?? ''))
        .map((option) => ({
          insert: `${prefix}${option.name} `,
          what: option.name,
          why: inLanguage(state, option.description_localizations, option.description),
        }));
    }
    options = sub.options ?? [];
    prefix += `${sub.name} `;
  }
  const last = words.at(-1) ?? '';
  const before = text.slice(0, text.length - last.length);
  const [key, partial] = last.split(':');
  const option = options.find((candidate) => candidate.name === key);
  if (option && partial !== undefined && option.choices) {
    return option.choices
      .filter((choice) => String(choice.value).startsWith(partial))
      .map((choice) => ({
        insert: `${before}${key}:${choice.value} `,
        what: inLanguage(state, choice.name_localizations, choice.name),
        why: `${key}`,
      }));
  }
  const used = new Set([...text.matchAll(/(\w+):/g)].map((match) => match[1]));
  return options
    .filter((candidate) => !used.has(candidate.name) && candidate.name.startsWith(key))
    .map((candidate) => ({
      insert: `${before}${candidate.name}:`,
      what: `${candidate.name}:`,
      why: `${candidate.required ? '' : '(optional) '}${inLanguage(state, candidate.description_localizations, candidate.description ?? '')}`,
    }));
}

let suggestions = [];
function showSuggestions() {
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

function showError(text) {
  let line = document.querySelector('.error-line');
  if (!line) {
    line = document.createElement('div');
    line.className = 'error-line';
    $('composer').prepend(line);
  }
  line.textContent = text;
}

async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, user: state.person, channelId: state.channelId }),
  });
  if (!response.ok) return showError((await response.json()).error ?? `failed (${response.status})`);
  return response.json();
}

async function submit(event) {
  event.preventDefault();
  const text = $('input').value.trim();
  if (!text) return;
  document.querySelector('.error-line')?.remove();
  if (text.startsWith('/')) {
    const parsed = parseCommand(text);
    if (parsed.error) return showError(parsed.error);
    await post('/api/command', parsed);
  } else {
    await post('/api/message', { content: text.replace(/@(bot|service ?bot)\b/gi, `<@${state.botId}>`) });
  }
  $('input').value = '';
  showSuggestions();
}

// ---- Start ----------------------------------------------------------------------------------

/** Without the key (the page opened without the printed address) there is nothing to show. */
function showLocked(reason) {
  const line = document.createElement('li');
  line.className = 'error-line';
  line.textContent = `${reason} (npm run playground prints http://127.0.0.1:<port>/?key=…)`;
  $('messages').replaceChildren(line);
  $('input').disabled = true;
  document.body.dataset.locked = 'true';
}

async function start() {
  const response = await fetch('/api/state');
  const initial = await response.json().catch(() => ({}));
  if (!response.ok)
    return showLocked(initial.error ?? `The playground refused this page (${response.status}).`);
  Object.assign(state, {
    botId: initial.botId,
    channels: initial.channels,
    people: initial.people,
    // Slash commands complete in the composer; message commands are in each message's menu.
    commands: initial.commands.filter((command) => (command.type ?? 1) === 1),
    messageCommands: initial.commands.filter((command) => command.type === 3),
    locales: initial.locales ?? [],
    personLocales: initial.personLocales ?? {},
    serverLocale: initial.serverLocale ?? 'en-US',
  });
  for (const message of initial.messages) state.messages.set(message.id, message);
  state.modals = initial.modals ?? [];
  $('server-name').textContent = initial.guildName;
  // The bot's dashboard: "Log in with Discord" there logs in as Sam, the admin.
  if (initial.dashboardUrl) {
    const link = Object.assign(document.createElement('a'), {
      id: 'open-dashboard',
      href: initial.dashboardUrl,
      target: '_blank',
      rel: 'noopener',
      textContent: 'Open dashboard (as Sam)',
    });
    $('typing-as').append(link);
  }
  $('person').innerHTML = state.people
    .map((p) => `<option value="${p.key}">${escapeHtml(p.label)}</option>`)
    .join('');
  $('person').addEventListener('change', () => {
    state.person = $('person').value;
    showPersonLanguage(state);
    showSuggestions();
    renderMessages();
    renderModal();
  });
  setUpLanguages(state, post, showSuggestions);
  $('composer').addEventListener('submit', submit);
  $('input').addEventListener('input', showSuggestions);
  $('input').addEventListener('keydown', (event) => {
    if (event.key === 'Tab' && suggestions.length > 0) {
      event.preventDefault();
      accept(0);
    }
  });
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
  openChannel(state.channels[1]?.id ?? state.channels[0].id);
  renderModal();
  document.body.dataset.ready = 'true';
}

start();
