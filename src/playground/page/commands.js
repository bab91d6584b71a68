// Slash commands as typed in the composer, read against the commands the bot registered: the
// text parsed into a command and its options, and the suggestions for what was typed so far.

import { inLanguage } from './languages.js';
import { offeredHere, state } from './state.js';

const OPTION = { SUBCOMMAND: 1, STRING: 3, INTEGER: 4, BOOLEAN: 5, CHANNEL: 7, NUMBER: 10 };

/** `/name [sub] key:value key:value`; a value runs to the next known `key:`. */
export function parseCommand(text) {
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
export function suggestionsFor(text) {
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
