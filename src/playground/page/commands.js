// Slash commands as typed in the composer, read against the commands the bot registered: the
// text parsed into a command, its subcommand group and subcommand, and its options, and the
// suggestions for what was typed so far. Each value is checked as Discord's client checks it before
// sending (optionChecks.js); a refusal is a line in the page's language. Reads only `state` (no
// page), so Node can test it.

import { inLanguage } from './languages.js';
import { checkChannelType, checkOptionValue, missingRequired, OPTION } from './optionChecks.js';
import { t } from './pageText.js';
import { channelLabel, offeredHere, state } from './state.js';

const isBranch = (option) => option.type === OPTION.SUBCOMMAND || option.type === OPTION.SUBCOMMAND_GROUP;

/**
 * The path typed after `/name`: its group and subcommand (as registered), the options they
 * take, and the words left. `missing` lists what could come next when the path is incomplete.
 */
function walk(command, words) {
  let options = command.options ?? [];
  const path = [];
  let index = 0;
  while (options.some(isBranch)) {
    const branch = options.find((option) => isBranch(option) && option.name === words[index]);
    if (!branch) return { path, missing: options.filter(isBranch), index };
    path.push(branch);
    options = branch.options ?? [];
    index += 1;
  }
  return { path, options, index };
}

/** A role as typed: `@Name`, `Name`, or a mention `<@&id>`. */
function findRole(raw) {
  const mention = /^<@&(\d+)>$/.exec(raw);
  return (state.roles ?? []).find((role) =>
    mention ? role.id === mention[1] : `@${role.name}` === raw || role.name === raw,
  );
}

/** `/name [group] [sub] key:value key:value`; a value runs to the next known `key:`. */
export function parseCommand(text) {
  const [head = '', ...restWords] = text.slice(1).split(' ');
  const command = state.commands.find((definition) => definition.name === head);
  if (!command) return { error: t('command.none', { name: head }) };
  if (!offeredHere(command)) return { error: t('command.notHere', { name: head }) };
  const walked = walk(
    command,
    restWords.filter((word) => word !== ''),
  );
  const typed = [`/${head}`, ...walked.path.map((branch) => branch.name)].join(' ');
  if (walked.missing) {
    const list = walked.missing.map((option) => option.name).join(', ');
    return { error: t('command.needsOne', { typed, list }) };
  }
  const options = walked.options;
  let rest = restWords.join(' ');
  for (const branch of walked.path) rest = rest.trimStart().slice(branch.name.length);
  rest = rest.trimStart();
  const group = walked.path.find((branch) => branch.type === OPTION.SUBCOMMAND_GROUP);
  const sub = walked.path.find((branch) => branch.type === OPTION.SUBCOMMAND);
  const names = options.map((option) => option.name);
  const pattern = new RegExp(`(?:^|\\s)(${names.join('|') || '\\u0000'}):`, 'g');
  const marks = [...rest.matchAll(pattern)];
  const values = {};
  const channelOptions = {};
  const roleOptions = {};
  for (const [index, mark] of marks.entries()) {
    const start = mark.index + mark[0].length;
    const end = index + 1 < marks.length ? marks[index + 1].index : rest.length;
    const raw = rest.slice(start, end).trim();
    const option = options.find((candidate) => candidate.name === mark[1]);
    if (option.type === OPTION.CHANNEL) {
      const channel = state.channels.find(
        (candidate) => `#${candidate.name}` === raw || candidate.name === raw,
      );
      if (!channel) return { error: t('command.noChannel', { value: raw }) };
      const wrongType = checkChannelType(option, channel, channelLabel(channel));
      if (wrongType) return { error: wrongType };
      channelOptions[option.name] = channel.id;
    } else if (option.type === OPTION.ROLE) {
      const role = findRole(raw);
      if (!role) return { error: t('command.noRole', { value: raw }) };
      roleOptions[option.name] = role.id;
    } else {
      const checked = checkOptionValue(option, raw);
      if (checked.error) return { error: checked.error };
      values[option.name] = checked.value;
    }
  }
  const missing = missingRequired(
    options,
    marks.map((mark) => mark[1]),
  );
  if (missing) return { error: missing };
  return {
    name: command.name,
    ...(group && { subcommandGroup: group.name }),
    ...(sub && { subcommand: sub.name }),
    options: values,
    channelOptions,
    roleOptions,
    // Where attached files go (composer.js): the command's file options.
    fileOptions: options.filter((option) => option.type === OPTION.ATTACHMENT).map((option) => option.name),
  };
}

/** Suggestions for the text so far: commands, groups, subcommands, option names, choices, roles. */
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
  const walked = walk(command, words.slice(1));
  if (walked.missing) {
    // Only the word being typed may be a partial name; an unknown earlier word has no suggestions.
    if (walked.index !== words.length - 2) return [];
    const prefix = `/${[command.name, ...walked.path.map((branch) => branch.name)].join(' ')} `;
    return walked.missing
      .filter((option) => option.name.startsWith(words.at(-1)))
      .map((option) => ({
        insert: `${prefix}${option.name} `,
        what: option.name,
        why: inLanguage(state, option.description_localizations, option.description),
      }));
  }
  const options = walked.options;
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
  if (option && partial !== undefined && option.type === OPTION.ROLE) {
    return (state.roles ?? [])
      .filter((role) => `@${role.name}`.startsWith(partial) || role.name.startsWith(partial))
      .map((role) => ({ insert: `${before}${key}:@${role.name} `, what: `@${role.name}`, why: key }));
  }
  const used = new Set([...text.matchAll(/(\w+):/g)].map((match) => match[1]));
  return options
    .filter((candidate) => !used.has(candidate.name) && candidate.name.startsWith(key))
    .map((candidate) => ({
      insert: `${before}${candidate.name}:`,
      what: `${candidate.name}:`,
      why: `${candidate.required ? '' : `${t('command.optional')} `}${inLanguage(state, candidate.description_localizations, candidate.description ?? '')}`,
    }));
}
