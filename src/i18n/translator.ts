/**
 * What the bot says, in a member's or a server's language: i18next (well-kept, no dependencies,
 * plural forms by Intl.PluralRules, English as the fallback of every missing key) over the
 * catalogs in catalogs/<language>/, and Intl for numbers, money, days and waits (format.ts).
 * One instance per bot (createI18n), no global one; a translator per locale, made once.
 */
import i18next, { type i18n as I18nextInstance } from 'i18next';
import { countedLimits, createRecent } from '../lib/recent.js';
import de from './catalogs/de/index.js';
import en from './catalogs/en/index.js';
import es from './catalogs/es/index.js';
import fr from './catalogs/fr/index.js';
import ja from './catalogs/ja/index.js';
import ptBR from './catalogs/pt-BR/index.js';
import { createFormats, type Formats } from './format.js';
import { formatLocaleOf, type Language, languageOf } from './locales.js';

type PluralSuffix = `_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`;
type Unplural<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;
type English = typeof en;
/** Every message's key, `namespace.key` (plural forms under their base key). */
export type MessageKey = {
  [N in keyof English & string]: `${N}.${Unplural<keyof English[N] & string>}`;
}[keyof English & string];

/** A catalog: namespaces of flat keys (a language's plural forms are its own, Intl's). */
export type Catalog = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const CATALOGS = { en, de, fr, es, 'pt-BR': ptBR, ja } as const satisfies Readonly<
  Record<Language, Catalog>
>;

/** Values put into a message: text as is, numbers as the locale writes them; `count` picks the plural form. */
export type MessageValues = Readonly<Record<string, string | number>>;

export interface Translator extends Formats {
  readonly language: Language;
  /** The Discord locale asked for (or the default). */
  readonly locale: string;
  t(key: MessageKey, values?: MessageValues): string;
}

export interface I18n {
  /** The translator for a Discord locale (null/undefined: the default). */
  translator(locale: string | null | undefined): Translator;
  /**
   * Notes a member's locale (each interaction carries it) for what they write without one: a
   * message carries no locale. Kept for the last MEMBER_LOCALES_KEPT members, in memory.
   */
  remember(userId: string, locale: string): void;
  /** The locale a member's last interaction carried, if still kept. */
  localeOf(userId: string): string | undefined;
}

export const MEMBER_LOCALES_KEPT = 10_000;

function createInstance(catalogs: Readonly<Record<Language, Catalog>>): I18nextInstance {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(
      Object.entries(catalogs).map(([language, catalog]) => [language, { translation: catalog }]),
    ),
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...Object.keys(catalogs)],
    // Loaded from memory at once: no backend, so init is synchronous.
    initAsync: false,
    // Discord is not HTML: values go in as written (mentions never ping: allowedMentions).
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
  });
  return instance;
}

/** `catalogs`: the shipped ones (tests give others, e.g. one lacking a key). */
export function createI18n(catalogs: Readonly<Record<Language, Catalog>> = CATALOGS): I18n {
  const instance = createInstance(catalogs);
  const made = new Map<string, Translator>();
  const memberLocales = createRecent<string>(countedLimits(MEMBER_LOCALES_KEPT));
  return {
    remember: (userId, locale) => memberLocales.set(userId, locale, 1),
    localeOf: (userId) => memberLocales.get(userId),
    translator(locale) {
      const key = locale ?? '';
      let found = made.get(key);
      if (!found) {
        const language = languageOf(locale);
        const formats = createFormats(formatLocaleOf(locale));
        const fixed = instance.getFixedT(language);
        found = {
          ...formats,
          language,
          locale: locale ?? 'en-US',
          t: (messageKey, values) => {
            // Numbers in a message are written the locale's way; `count` stays a number for plurals.
            const written =
              values &&
              Object.fromEntries(
                Object.entries(values).map(([name, value]) => [
                  name,
                  typeof value === 'number' && name !== 'count' ? formats.number(value) : value,
                ]),
              );
            return fixed(messageKey, written as Record<string, unknown>) as string;
          },
        };
        // Bounded: Discord has about 30 locales, and anything else is keyed as given, once.
        if (made.size < 100) made.set(key, found);
      }
      return found;
    },
  };
}
