/**
 * The languages the bot speaks, and which of Discord's locales each answers for. Discord tells a
 * bot each member's locale (`interaction.locale`) and each server's (`guild_locale`, its
 * preferred locale); a locale whose language is not shipped gets English.
 */
import { Locale } from 'discord.js';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Discord's locales each language is registered for (command localizations) and spoken in. */
export const DISCORD_LOCALES: Readonly<Record<Language, readonly Locale[]>> = {
  en: [Locale.EnglishUS, Locale.EnglishGB],
  de: [Locale.German],
  fr: [Locale.French],
  es: [Locale.SpanishES, Locale.SpanishLATAM],
  'pt-BR': [Locale.PortugueseBR],
  ja: [Locale.Japanese],
};

/** Where nothing tells the locale (a message in a DM, before any command from that member). */
export const DEFAULT_LOCALE = Locale.EnglishUS;

/** The language spoken for a Discord locale: its own when shipped, else English. */
export function languageOf(locale: string | null | undefined): Language {
  if (!locale) return 'en';
  for (const language of LANGUAGES)
    if ((DISCORD_LOCALES[language] as readonly string[]).includes(locale)) return language;
  return 'en';
}

/**
 * The locale numbers, money and dates are written for: the member's own (en-GB writes dates its
 * way) when its language is shipped, else American English, to match the English words.
 */
export function formatLocaleOf(locale: string | null | undefined): string {
  return locale && languageOf(locale) !== 'en'
    ? locale
    : locale === Locale.EnglishGB
      ? locale
      : DEFAULT_LOCALE;
}
