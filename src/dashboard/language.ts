/**
 * The dashboard's own words in the viewer's language: `pickLanguage` reads the request's
 * Accept-Language (RFC 9110 §12.5.4: language ranges with q-values) and picks the most wanted of
 * the six languages the bot speaks (i18n/locales.ts), else English. The words are the
 * `dashboard` namespace of the bot's catalogs (i18n/catalogs/<language>/dashboard.ts), numbers,
 * money and days written by that language's Intl formats (i18n/format.ts).
 */
import type en from '../i18n/catalogs/en/dashboard.js';
import { DISCORD_LOCALES, LANGUAGES, type Language } from '../i18n/locales.js';
import { createI18n, type I18n, type MessageValues, type Translator } from '../i18n/translator.js';
import { esc } from './html.js';

type PluralSuffix = `_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`;
/** A key of the dashboard namespace (plural forms under their base key). */
export type WordKey = keyof typeof en extends infer K
  ? K extends `${infer Base}${PluralSuffix}`
    ? Base
    : K & string
  : never;

/** Read at most this much of a header, and this many ranges of it. */
const MAX_HEADER = 1024;
const MAX_RANGES = 50;
const RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
const QVALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/** The shipped language a language range names: its own tag, or its primary language's. */
function languageFor(range: string): Language | undefined {
  const lower = range.toLowerCase();
  const exact = LANGUAGES.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  return LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === primary);
}

/**
 * The language to answer in for an Accept-Language header: the ranges by q-value (highest
 * first; equal ones in the order written), each naming a shipped language by its tag (`pt-BR`)
 * or its primary language (`de-CH` → de, `pt` → pt-BR, `es-419` → es). A range with q=0 rules
 * its language out; `*` or nothing shipped: English. Malformed ranges are skipped.
 */
export function pickLanguage(header: string | string[] | undefined): Language {
  const text = (Array.isArray(header) ? header.join(',') : (header ?? '')).slice(0, MAX_HEADER);
  const ranges: { range: string; q: number; at: number }[] = [];
  for (const [at, part] of text.split(',').slice(0, MAX_RANGES).entries()) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!RANGE.test(range)) continue;
    let q = 1;
    let valid = true;
    for (const param of params.map((piece) => piece.replace(/\s+/g, ''))) {
      const found = QVALUE.exec(param);
      if (found) q = Number(found[1]);
      else if (/^q=/i.test(param)) valid = false;
    }
    if (valid) ranges.push({ range, q, at });
  }
  const refused = new Set(
    ranges.filter((entry) => entry.q === 0 && entry.range !== '*').map((entry) => languageFor(entry.range)),
  );
  const wanted = ranges.filter((entry) => entry.q > 0).sort((a, b) => b.q - a.q || a.at - b.at);
  for (const { range } of wanted) {
    if (range === '*') return LANGUAGES.find((language) => !refused.has(language)) ?? 'en';
    const language = languageFor(range);
    if (language && !refused.has(language)) return language;
  }
  return 'en';
}

/** The dashboard's words in one language. */
export interface Words {
  readonly language: Language;
  /** Money, numbers and days as the language writes them. */
  readonly formats: Translator;
  /** A message as text (escape it to put it in a page). */
  t(key: WordKey, values?: MessageValues): string;
  /** A message as HTML: its text escaped, each of `parts` (HTML already) put in at its placeholder. */
  html(key: WordKey, parts: Readonly<Record<string, string>>, values?: MessageValues): string;
}

let shared: I18n | undefined;
const made = new Map<Language, Words>();

/** The words of `language` (made once each). */
export function wordsIn(language: Language): Words {
  let words = made.get(language);
  if (words) return words;
  shared ??= createI18n();
  const translator = shared.translator(DISCORD_LOCALES[language][0]);
  const t = (key: WordKey, values?: MessageValues) => translator.t(`dashboard.${key}` as never, values);
  words = {
    language,
    formats: translator,
    t,
    html(key, parts, values) {
      // Each part goes in as a marker no message holds, kept through escaping, then replaced.
      const markers = Object.fromEntries(Object.keys(parts).map((name) => [name, `\uE000${name}\uE000`]));
      return esc(t(key, { ...values, ...markers })).replace(
        /\uE000(\w+)\uE000/g,
        (_, name: string) => parts[name] ?? '',
      );
    },
  };
  made.set(language, words);
  return words;
}

/** The words for a request's Accept-Language. */
export const wordsFor = (request: {
  readonly headers: { 'accept-language'?: string | string[] | undefined };
}): Words => wordsIn(pickLanguage(request.headers['accept-language']));
