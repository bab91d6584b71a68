/**
 * How Discord shows the commands in each shipped language: `name_localizations` and
 * `description_localizations` on commands, options, subcommands and groups, and
 * `name_localizations` on choices, for every Discord locale of the language (locales.ts). The
 * English text stays in the command definitions (commands/); each other language's words are in
 * catalogs/<language>/commands.ts, keyed by path:
 *
 * - `<command>.description`, `<command>.<option>.description`, `<command>.<sub>.<option>.description`
 *   (a group adds its level: `<command>.<group>.<sub>.<option>.description`);
 * - `<path>.choice.<choice value>`: a choice's name;
 * - `<path>.name`: a name, for message commands (named as shown) and wherever a catalog gives
 *   one. Slash command and option names stay English: every message refers to them as written
 *   (`/budget set monthly`).
 *
 * Choices that are identifiers (model names, image sizes, setting names) are shown as written in
 * every language: VERBATIM_CHOICES.
 */
import de from './catalogs/de/commands.js';
import es from './catalogs/es/commands.js';
import fr from './catalogs/fr/commands.js';
import ja from './catalogs/ja/commands.js';
import ptBR from './catalogs/pt-BR/commands.js';
import { DISCORD_LOCALES, type Language } from './locales.js';

type Json = Record<string, unknown>;
export type CommandCatalog = Readonly<Record<string, string>>;

export const COMMAND_CATALOGS: Readonly<Record<Exclude<Language, 'en'>, CommandCatalog>> = {
  de,
  fr,
  es,
  'pt-BR': ptBR,
  ja,
};

/** Options whose choices are identifiers, written the same in every language. */
export const VERBATIM_CHOICES: ReadonlySet<string> = new Set([
  'ask.model',
  'config.set.model',
  'config.clear.setting',
  'imagine.size',
]);

/** A text of the commands a catalog can localize. `required`: every catalog must give it. */
export interface CommandText {
  readonly key: string;
  readonly kind: 'name' | 'description' | 'choice';
  readonly english: string;
  readonly required: boolean;
  /** A slash command or option name: lower case, no spaces (Discord's rule). */
  readonly slashName: boolean;
}

const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : []);

function optionTexts(path: string, option: Json): CommandText[] {
  const texts: CommandText[] = [
    { key: `${path}.name`, kind: 'name', english: String(option.name), required: false, slashName: true },
    {
      key: `${path}.description`,
      kind: 'description',
      english: String(option.description),
      required: true,
      slashName: false,
    },
  ];
  if (!VERBATIM_CHOICES.has(path))
    for (const choice of list(option.choices)) {
      const key = `${path}.choice.${String(choice.value)}`;
      texts.push({ key, kind: 'choice', english: String(choice.name), required: true, slashName: false });
    }
  for (const child of list(option.options))
    texts.push(...optionTexts(`${path}.${String(child.name)}`, child));
  return texts;
}

/** Every text of a command (its registration JSON) a catalog may or must localize. */
export function commandTexts(command: Json): CommandText[] {
  const name = String(command.name);
  if ((command.type ?? 1) !== 1)
    return [{ key: `${name}.name`, kind: 'name', english: name, required: true, slashName: false }];
  return optionTexts(name, command);
}

/** The localizations of `key`: each language's text under each of its Discord locales. */
function localizations(key: string, catalogs: typeof COMMAND_CATALOGS): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  for (const [language, catalog] of Object.entries(catalogs)) {
    const text = catalog[key];
    if (text === undefined) continue;
    for (const locale of DISCORD_LOCALES[language as Language]) found[locale] = text;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

function localizeNode(path: string, node: Json, catalogs: typeof COMMAND_CATALOGS): Json {
  const names = localizations(`${path}.name`, catalogs);
  const descriptions = node.description ? localizations(`${path}.description`, catalogs) : undefined;
  const choices = Array.isArray(node.choices)
    ? (node.choices as Json[]).map((choice) => {
        const chosen = localizations(`${path}.choice.${String(choice.value)}`, catalogs);
        return chosen ? { ...choice, name_localizations: chosen } : choice;
      })
    : undefined;
  const options = Array.isArray(node.options)
    ? (node.options as Json[]).map((option) =>
        localizeNode(`${path}.${String(option.name)}`, option, catalogs),
      )
    : undefined;
  return {
    ...node,
    ...(names && { name_localizations: names }),
    ...(descriptions && { description_localizations: descriptions }),
    ...(choices && { choices }),
    ...(options && { options }),
  };
}

/** The command's registration JSON with the localizations of every shipped language. */
export function localizeCommand<T extends object>(command: T, catalogs = COMMAND_CATALOGS): T {
  const json = command as unknown as Json;
  return localizeNode(String(json.name), json, catalogs) as unknown as T;
}
