// The page's own text (its labels, buttons, hints, notes and the errors it makes itself) in the
// language of the person typing, as Discord's client shows its own text in the client's language.
// What the bot sends is not translated here: the bot writes it in the person's or server's locale.
//
// Use: `t('composer.placeholder', { channel: '#general' })`. A key missing in a language falls back
// to English, a missing key shows as itself. `{name}` in a text is replaced by `vars.name`.
// Adding a text: add its key to EN below and to each language's table (pageTextDe.js, …; the unit
// test test/unit/playground/pageText.test.ts checks that every table has every key, with the same
// placeholders). Whatever draws it is redrawn on a language change (app.js: `onPageLanguage`).
// Static labels in index.html carry `data-text="key"` (textContent), `data-text-placeholder`,
// `data-text-label` (aria-label) or `data-text-title`; `applyPageText(document)` fills them.
// No page access at import time (Node unit tests import it).

import { DE } from './pageTextDe.js';
import { ES } from './pageTextEs.js';
import { FR } from './pageTextFr.js';
import { JA } from './pageTextJa.js';
import { PT } from './pageTextPt.js';

export const EN = {
  'page.title': 'Service Bot playground',
  'page.locked': '{reason} (npm run playground prints http://127.0.0.1:<port>/?key=…)',
  'page.refused': 'The playground refused this page ({status}).',
  'page.failed': 'failed ({status})',
  'sidebar.label': 'Channels',
  'sidebar.toggle': 'Channels',
  'sidebar.close': 'Close the channel list',
  'sidebar.typingAs': 'Typing as',
  'sidebar.personLanguage': 'Their language',
  'sidebar.serverLanguage': 'Server language',
  'sidebar.dashboard': 'Open dashboard (as Sam)',
  'channels.text': 'Text channels',
  'channels.dms': 'Direct messages',
  'channels.installed': 'Installed to your account',
  'channels.unknown': '#unknown',
  'hint.dm': 'Talk to the bot directly',
  'hint.installed': 'The bot is not here: /ask and /imagine work as an app installed to your account',
  'hint.text': 'Type / for commands, or mention @bot in a message',
  'jump.gone': 'That message is not here any more.',
  'jump.present': 'New messages · <strong>Jump to present</strong>',
  'composer.attach': 'Attach files',
  'composer.remove': 'Remove {name}',
  'composer.noFileOption': '{command} takes no file.',
  'composer.label': 'Message',
  'composer.placeholder': 'Message {channel}',
  'composer.tooLong': 'Your message is too long: {count} of at most {max} characters.',
  'message.used': '{name} used {command}',
  'message.thinking': '{bot} is thinking…',
  'message.onlyYou': 'Only you can see this',
  'message.dismiss': 'Dismiss message',
  'message.edited': '(edited)',
  'message.replyingTo': 'replying to {name}',
  'message.more': 'More',
  'message.moreTitle': 'More (Apps)',
  'message.someone': 'someone',
  'premium.perMonth': '{price}/month',
  'premium.unknown': 'Premium',
  'premium.buyLabel': 'Buy {name} {price}',
  'premium.boughtServer': 'Bought {name} for this server: a test purchase, nothing paid. Ask again.',
  'premium.boughtMember': 'Bought {name} for you: a test purchase, nothing paid. Ask again.',
  'premium.end': 'End it',
  'premium.ended': 'Ended {name}: the bot counts it no more.',
  'time.today': 'Today at {time}',
  'time.yesterday': 'Yesterday at {time}',
  'menu.apps': 'Apps',
  'modal.cancel': 'Cancel',
  'modal.submit': 'Submit',
  'modal.required': 'This field is required.',
  'modal.tooShort': 'Must be at least {min} characters long (now {count}).',
  'modal.tooLong': 'Must be at most {max} characters long (now {count}).',
  'command.none': 'There is no /{name} command.',
  'command.notHere': '/{name} is not available here.',
  'command.needsOne': '{typed} needs one of: {list}.',
  'command.noChannel': 'There is no channel {value} here.',
  'command.noRole': 'There is no role {value} here.',
  'command.optional': '(optional)',
  'option.required': '{option} is required.',
  'option.tooShort': '{option} must be at least {min} characters long (now {count}).',
  'option.tooLong': '{option} must be at most {max} characters long (now {count}).',
  'option.notInteger': '{option} must be a whole number.',
  'option.notNumber': '{option} must be a number.',
  'option.tooSmall': '{option} must be at least {min}.',
  'option.tooLarge': '{option} must be at most {max}.',
  'option.notChoice': '{option} must be one of: {list}.',
  'option.notBoolean': '{option} must be true or false.',
  'option.attachment': '{option} takes a file: attach it with 📎 and send the command.',
  'option.channelType': '{option} cannot be {channel}.',
  'intent.label': 'Message Content intent',
  'message.replyDeleted': 'Original message was deleted',
  'message.replyAttachment': 'Click to see attachment',
  'message.replyLabel': 'Replying to {name}: {words}',
  'message.deletedMessage': 'a deleted message',
  'message.openImage': 'Open {name} full size',
  'image.original': 'Open original',
  'image.close': 'Close',
  'intent.state.on': 'on',
  'intent.state.off': 'off',
  'intent.restarting': 'restarting…',
  'intent.restartingNote': 'The bot is restarting…',
  'intent.title': 'Restarts the bot',
  'intent.on':
    'With it, plain messages in the bot’s threads and replies to it get answers, and “Summarize from here” is offered.',
  'intent.off':
    'Without it, the bot answers only mentions, replies to it, DMs and commands; “Summarize from here” is not offered.',
};

export const TABLES = { 'en-US': EN, de: DE, 'es-ES': ES, fr: FR, ja: JA, 'pt-BR': PT };

let current = 'en-US';
const listeners = new Set();

/** The table for a Discord locale: its own, else its language's (`pt` → pt-BR), else English. */
function tableFor(locale) {
  if (TABLES[locale]) return TABLES[locale];
  const language = String(locale ?? '').split('-')[0];
  const near = Object.keys(TABLES).find((candidate) => candidate.split('-')[0] === language);
  return near ? TABLES[near] : EN;
}

/** A text in a given language (pure: for tests and for texts in someone else's language). */
export function translate(locale, key, vars = {}) {
  const text = tableFor(locale)[key] ?? EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** A text in the page's language now (the typing person's). */
export const t = (key, vars) => translate(current, key, vars);

export const pageLanguage = () => current;

/** Sets the page's language; each `onPageLanguage` callback runs when it changed. */
export function setPageLanguage(locale) {
  const next = locale || 'en-US';
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener(current);
}

/** Runs `callback(locale)` after each change of the page's language. */
export function onPageLanguage(callback) {
  listeners.add(callback);
  return () => listeners.delete(callback);
}

/** Fills the static labels under `root` (index.html's `data-text…` attributes) in the page's language. */
export function applyPageText(root) {
  for (const element of root.querySelectorAll('[data-text]')) {
    const text = t(element.dataset.text);
    if (element.dataset.textHtml === undefined) element.textContent = text;
    else element.innerHTML = text;
  }
  for (const [attribute, name] of [
    ['textPlaceholder', 'placeholder'],
    ['textLabel', 'aria-label'],
    ['textTitle', 'title'],
  ]) {
    for (const element of root.querySelectorAll(
      `[data-${attribute.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`,
    )) {
      element.setAttribute(name, t(element.dataset[attribute]));
    }
  }
  if (root.documentElement) root.documentElement.lang = current;
}
