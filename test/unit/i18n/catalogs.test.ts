/**
 * Every shipped catalog says what English says: the same namespaces and keys, the same
 * placeholders, and exactly the plural forms its language has (Intl.PluralRules); a key missing
 * in a language is said in English, never as its name.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/i18n/locales.js';
import { CATALOGS, type Catalog, createI18n } from '../../../src/i18n/translator.js';

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
/** Placeholder names: `{{name}}` and `{{name, format}}`. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort();

/** A namespace's keys as messages: plain ones, and plural ones with their forms. */
function messages(namespace: Readonly<Record<string, string>>) {
  const plain = new Map<string, string>();
  const plural = new Map<string, Map<string, string>>();
  for (const [key, text] of Object.entries(namespace)) {
    const match = PLURAL.exec(key);
    if (!match) plain.set(key, text);
    else {
      const forms = plural.get(match[1] as string) ?? new Map<string, string>();
      forms.set(match[2] as string, text);
      plural.set(match[1] as string, forms);
    }
  }
  return { plain, plural };
}

const english = CATALOGS.en;

describe.each(LANGUAGES)('the %s catalog', (language) => {
  const catalog: Catalog = CATALOGS[language];
  const englishCatalog: Catalog = english;
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.sort();

  it('has the namespaces English has, and no other', () => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(Object.keys(english))('%s: the same keys, placeholders and plural forms as English', (name) => {
    const ours = messages(catalog[name] ?? {});
    const theirs = messages(englishCatalog[name] ?? {});
    expect([...ours.plain.keys()].sort()).toEqual([...theirs.plain.keys()].sort());
    expect([...ours.plural.keys()].sort()).toEqual([...theirs.plural.keys()].sort());
    for (const [key, text] of ours.plain) {
      expect(text.trim(), `${name}.${key}`).not.toBe('');
      expect(placeholders(text), `${name}.${key}`).toEqual(placeholders(theirs.plain.get(key) as string));
    }
    for (const [key, forms] of ours.plural) {
      expect([...forms.keys()].sort(), `${name}.${key}: ${language}'s plural forms`).toEqual(categories);
      const said = [...new Set([...forms.values()].flatMap(placeholders))].sort();
      const english = [
        ...new Set([...(theirs.plural.get(key)?.values() ?? [])].flatMap(placeholders)),
      ].sort();
      expect(said, `${name}.${key}`).toEqual(english);
    }
  });
});

describe('a key a language lacks', () => {
  it('is said in English, never as its name', () => {
    const { formGone: _, ...rest } = CATALOGS.de.errors as Record<string, string>;
    const i18n = createI18n({ ...CATALOGS, de: { ...CATALOGS.de, errors: rest } });
    expect(i18n.translator('de').t('errors.formGone')).toBe(CATALOGS.en.errors.formGone);
    expect(i18n.translator('de').t('errors.characters', { count: 1200 })).toBe('1.200 Zeichen');
  });
});
