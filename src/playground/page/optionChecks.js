// What Discord's client checks before it sends anything, from what the bot registered: a slash
// command's option values (required, string lengths, integer and number ranges, choices, booleans,
// attachment and channel types), a form's (modal's) text fields, and a plain message's length.
// Each check answers `null` (fine) or the line to show, in the page's language (pageText.js).
// No page access (Node unit tests import it).

import { t } from './pageText.js';

export const OPTION = {
  SUBCOMMAND: 1,
  SUBCOMMAND_GROUP: 2,
  STRING: 3,
  INTEGER: 4,
  BOOLEAN: 5,
  USER: 6,
  CHANNEL: 7,
  ROLE: 8,
  MENTIONABLE: 9,
  NUMBER: 10,
  ATTACHMENT: 11,
};

/** A plain message's limit (Discord's, without Nitro). */
export const MESSAGE_MAX = 2000;
/** A string option's limit when the bot set none, and a form field's. */
export const STRING_OPTION_MAX = 6000;
export const FIELD_MAX = 4000;

/** Characters as Discord counts them for limits: code points (an emoji is one). */
export const lengthOf = (text) => [...text].length;

/** The largest integer Discord takes (a JSON-safe integer). */
const SAFE = Number.MAX_SAFE_INTEGER;

/** A choice's value for what was typed: its value, or its name (registered or localized). */
function choiceFor(option, raw) {
  return option.choices.find(
    (choice) =>
      String(choice.value) === raw ||
      choice.name === raw ||
      Object.values(choice.name_localizations ?? {}).includes(raw),
  );
}

/**
 * An option's typed text checked and converted: `{ value }` (a string, integer, number or boolean)
 * or `{ error }`. Channels and roles are looked up by the caller (commands.js); attachments cannot
 * be typed.
 */
export function checkOptionValue(option, raw) {
  const name = option.name;
  if (option.type === OPTION.ATTACHMENT) return { error: t('option.attachment', { option: name }) };
  if (raw === '') return { error: t('option.required', { option: name }) };
  if (option.choices?.length) {
    const choice = choiceFor(option, raw);
    if (!choice) {
      const list = option.choices.map((candidate) => candidate.value).join(', ');
      return { error: t('option.notChoice', { option: name, list }) };
    }
    return { value: choice.value };
  }
  if (option.type === OPTION.BOOLEAN) {
    const lower = raw.toLowerCase();
    if (lower !== 'true' && lower !== 'false') return { error: t('option.notBoolean', { option: name }) };
    return { value: lower === 'true' };
  }
  if (option.type === OPTION.INTEGER || option.type === OPTION.NUMBER) {
    const integer = option.type === OPTION.INTEGER;
    const pattern = integer ? /^[-+]?\d+$/ : /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
    const value = Number(raw);
    if (!pattern.test(raw) || !Number.isFinite(value) || Math.abs(value) > SAFE) {
      return { error: t(integer ? 'option.notInteger' : 'option.notNumber', { option: name }) };
    }
    if (option.min_value != null && value < option.min_value) {
      return { error: t('option.tooSmall', { option: name, min: option.min_value }) };
    }
    if (option.max_value != null && value > option.max_value) {
      return { error: t('option.tooLarge', { option: name, max: option.max_value }) };
    }
    return { value };
  }
  const count = lengthOf(raw);
  const max = option.max_length ?? STRING_OPTION_MAX;
  if (option.min_length != null && count < option.min_length) {
    return { error: t('option.tooShort', { option: name, min: option.min_length, count }) };
  }
  if (count > max) return { error: t('option.tooLong', { option: name, max, count }) };
  return { value: raw };
}

/** The first required option of `options` not among the typed names, as the line to show. */
export function missingRequired(options, typedNames) {
  const missing = options.find((option) => option.required && !typedNames.includes(option.name));
  return missing ? t('option.required', { option: missing.name }) : null;
}

/** Discord's channel type for a channel of the page (channelsView's `kind`). */
const CHANNEL_TYPE = { text: 0, dm: 1, group: 3, thread: 11, external: 0 };

/** A channel option restricted to some channel types (`channel_types`): may it be this channel? */
export function checkChannelType(option, channel, label) {
  const allowed = option.channel_types;
  if (!allowed?.length || allowed.includes(CHANNEL_TYPE[channel.kind] ?? 0)) return null;
  return t('option.channelType', { option: option.name, channel: label });
}

/** A form field's count and limit, as its counter shows them ("123 / 4000"). */
export function fieldCount(field, value) {
  const count = lengthOf(value);
  const max = field.maxLength ?? FIELD_MAX;
  return { count, max, over: count > max, text: `${count} / ${max}` };
}

/** A form field's value checked as Discord does before sending: required, min and max length. */
export function checkField(field, value) {
  const { count, max } = fieldCount(field, value);
  if (count === 0) return field.required === false ? null : t('modal.required');
  if (field.minLength != null && count < field.minLength) {
    return t('modal.tooShort', { min: field.minLength, count });
  }
  if (count > max) return t('modal.tooLong', { max, count });
  return null;
}

/** A plain message's length checked: null, or the line to show. */
export function checkMessage(text) {
  const count = lengthOf(text);
  return count > MESSAGE_MAX ? t('composer.tooLong', { count, max: MESSAGE_MAX }) : null;
}
