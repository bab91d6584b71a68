/**
 * Every command text is translated in every shipped language, within Discord's limits, and the
 * registration JSON carries it under each of the language's Discord locales.
 */
import { Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commandData, messageCommandData } from '../../../commands/index.js';
import { COMMAND_CATALOGS, commandTexts, localizeCommand } from '../../../src/i18n/commandLocalizations.js';
import { DISCORD_LOCALES, type Language } from '../../../src/i18n/locales.js';

type Json = Record<string, unknown>;
const all = [...commandData, ...messageCommandData].map((data) => data as unknown as Json);
const texts = all.flatMap(commandTexts);
const SLASH_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Why Discord refuses `text` for this kind of text, or undefined. */
function limitProblem(text: string, kind: string, slashName: boolean): string | undefined {
  if (kind === 'name' && slashName)
    return SLASH_NAME.test(text) && text === text.toLowerCase()
      ? undefined
      : 'a lower case name, no spaces, 1-32';
  if (kind === 'name')
    return text.length >= 1 && text.length <= 32 && text.trim() === text ? undefined : '1-32';
  return text.trim().length >= 1 && text.length <= 100 ? undefined : '1-100 characters';
}

describe.each(Object.keys(COMMAND_CATALOGS))('the %s command catalog', (language) => {
  const catalog = COMMAND_CATALOGS[language as keyof typeof COMMAND_CATALOGS];

  it('translates every description, choice and message command name the commands have', () => {
    const missing = texts
      .filter((text) => text.required && catalog[text.key] === undefined)
      .map((text) => text.key);
    expect(missing).toEqual([]);
  });

  it('has no text the commands lack', () => {
    const known = new Set(texts.map((text) => text.key));
    expect(Object.keys(catalog).filter((key) => !known.has(key))).toEqual([]);
  });

  it("keeps within Discord's limits", () => {
    const broken = texts.flatMap((text) => {
      const said = catalog[text.key];
      const problem = said === undefined ? undefined : limitProblem(said, text.kind, text.slashName);
      return problem ? [`${text.key}: ${problem}: ${said}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('gives names unique among siblings', () => {
    const named = texts.filter((text) => text.kind !== 'description');
    const byParent = new Map<string, string[]>();
    for (const text of named) {
      // Choices under their option; names under their parent (commands of a type under the root).
      const parent = `${text.kind}:${text.slashName}:${text.key.split('.').slice(0, -2).join('.')}`;
      const siblings = byParent.get(parent) ?? [];
      siblings.push(catalog[text.key] ?? text.english);
      byParent.set(parent, siblings);
    }
    for (const [parent, names] of byParent) expect(new Set(names).size, parent).toBe(names.length);
  });
});

describe('localizeCommand', () => {
  const localized = (name: string) =>
    localizeCommand(all.find((command) => command.name === name) as Json) as Json;
  const expected = (key: string) =>
    Object.fromEntries(
      Object.entries(COMMAND_CATALOGS).flatMap(([language, catalog]) =>
        DISCORD_LOCALES[language as Language].map((locale) => [locale, catalog[key]]),
      ),
    );

  it('adds each language under each of its Discord locales, and nothing for English', () => {
    const budget = localized('budget');
    expect(budget.description_localizations).toEqual(expected('budget.description'));
    const locales = Object.keys(budget.description_localizations as Json);
    expect(locales).toContain(Locale.SpanishES);
    expect(locales).toContain(Locale.SpanishLATAM);
    expect(locales).not.toContain(Locale.EnglishUS);
    expect(locales).not.toContain(Locale.EnglishGB);
    expect(budget.name_localizations).toBeUndefined();
  });

  it('localizes subcommands, groups, their options and choices', () => {
    const options = localized('budget').options as Json[];
    const clear = options.find((option) => option.name === 'clear') as Json;
    expect(clear.description_localizations).toEqual(expected('budget.clear.description'));
    const which = (clear.options as Json[])[0] as Json;
    expect(which.description_localizations).toEqual(expected('budget.clear.which.description'));
    const both = (which.choices as Json[]).find((choice) => choice.value === 'both') as Json;
    expect(both.name_localizations).toEqual(expected('budget.clear.which.choice.both'));
    const role = options.find((option) => option.name === 'role') as Json;
    const roleSet = (role.options as Json[]).find((option) => option.name === 'set') as Json;
    const daily = (roleSet.options as Json[]).find((option) => option.name === 'daily') as Json;
    expect(daily.description_localizations).toEqual(expected('budget.role.set.daily.description'));
  });

  it('names a message command in each language, and leaves the English definition as it was', () => {
    const summarize = localized('Summarize from here');
    expect(summarize.name_localizations).toEqual(expected('Summarize from here.name'));
    expect(summarize.description_localizations).toBeUndefined();
    expect(JSON.stringify(messageCommandData)).not.toContain('_localizations');
  });

  it('leaves identifier choices as written', () => {
    const model = (localized('ask').options as Json[]).find((option) => option.name === 'model') as Json;
    expect((model.choices as Json[]).every((choice) => choice.name_localizations === undefined)).toBe(true);
  });
});
