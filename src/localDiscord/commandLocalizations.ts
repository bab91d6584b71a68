/**
 * Localized command names and descriptions in the local Discord, by Discord's rules: each map's
 * keys are Discord locales (discord.js's Locale), a slash command's or option's localized name
 * follows the name rule (lower case letters, digits, `-`, `_`, 1-32), a message or user command's
 * is 1-32 characters as shown, descriptions and choice names are 1-100 characters. Discord lists
 * the maps only to a GET with `with_localizations=true`; otherwise it gives each text in the
 * requester's locale (`name_localized`), which a bot token has none of: nothing extra.
 */
import { Locale } from 'discord.js';

type Json = Record<string, unknown>;
type Kind = 'slash name' | 'menu name' | 'text';

const LOCALES: ReadonlySet<string> = new Set(Object.values(Locale));
const SLASH_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const FIELDS = ['name_localizations', 'description_localizations'] as const;

function textProblem(text: string, kind: Kind): string | undefined {
  if (kind === 'slash name')
    return SLASH_NAME.test(text) && text === text.toLowerCase()
      ? undefined
      : 'a localized name is lower case letters, digits, - and _ (1-32)';
  if (kind === 'menu name')
    return text.length >= 1 && text.length <= 32 && text.trim() === text
      ? undefined
      : 'a localized context menu name is 1-32 characters';
  return text.length >= 1 && text.length <= 100 ? undefined : 'a localized text is 1-100 characters';
}

function mapProblem(map: unknown, kind: Kind, where: string): string | undefined {
  if (map === undefined || map === null) return undefined;
  if (typeof map !== 'object' || Array.isArray(map)) return `${where}: a localization map is an object`;
  for (const [locale, text] of Object.entries(map as Json)) {
    if (!LOCALES.has(locale)) return `${where}: ${locale} is not a Discord locale`;
    const problem = typeof text === 'string' ? textProblem(text, kind) : 'a localized text is a string';
    if (problem) return `${where}.${locale}: ${problem}`;
  }
  return undefined;
}

const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : []);

function optionProblem(option: Json, where: string): string | undefined {
  const own =
    mapProblem(option.name_localizations, 'slash name', `${where}.name_localizations`) ??
    mapProblem(option.description_localizations, 'text', `${where}.description_localizations`);
  if (own) return own;
  for (const [index, choice] of list(option.choices).entries()) {
    const problem = mapProblem(
      choice.name_localizations,
      'text',
      `${where}.choices.${index}.name_localizations`,
    );
    if (problem) return problem;
  }
  for (const [index, child] of list(option.options).entries()) {
    const problem = optionProblem(child, `${where}.options.${index}`);
    if (problem) return problem;
  }
  return undefined;
}

/** Why Discord refuses this command's localizations, or undefined. */
export function localizationProblem(command: Json): string | undefined {
  const type = command.type ?? 1;
  if (type === 1) return optionProblem(command, 'command');
  const described = command.description_localizations;
  if (described && typeof described === 'object' && Object.keys(described).length > 0)
    return 'a context menu command has no description';
  return mapProblem(command.name_localizations, 'menu name', 'command.name_localizations');
}

/** The command as a GET without `with_localizations` lists it: no maps, at any level. */
export function withoutLocalizations(command: Json): Json {
  const stripped: Json = { ...command };
  for (const field of FIELDS) delete stripped[field];
  if (Array.isArray(command.choices)) stripped.choices = list(command.choices).map(withoutLocalizations);
  if (Array.isArray(command.options)) stripped.options = list(command.options).map(withoutLocalizations);
  return stripped;
}
