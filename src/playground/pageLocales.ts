/**
 * The playground's language switches: the language of the person typing (their Discord client
 * language: the `locale` of their next interactions) and the server's preferred locale (its
 * interactions' `guild_locale`, announced to the bot by GUILD_UPDATE). Only the bot's shipped
 * languages are offered, each as one Discord locale.
 */
import type { LocalDiscord } from '../localDiscord/localDiscord.js';
import { guildLocale, userLocale } from '../localDiscord/localeState.js';
import { setGuildLocale, setUserLocale } from '../localDiscord/locales.js';
import type { PlaygroundPerson } from './pageView.js';

export const PLAYGROUND_LOCALES = [
  { locale: 'en-US', label: 'English' },
  { locale: 'de', label: 'Deutsch' },
  { locale: 'fr', label: 'Français' },
  { locale: 'es-ES', label: 'Español' },
  { locale: 'pt-BR', label: 'Português (Brasil)' },
  { locale: 'ja', label: '日本語' },
] as const;

const offered: ReadonlySet<string> = new Set(PLAYGROUND_LOCALES.map((entry) => entry.locale));

/** What the page needs to show the switches: the choices, each person's locale, the server's. */
export function localesView(discord: LocalDiscord, people: readonly PlaygroundPerson[]) {
  return {
    locales: PLAYGROUND_LOCALES,
    personLocales: Object.fromEntries(
      people.map((person) => [person.key, userLocale(discord, person.user.id)]),
    ),
    serverLocale: guildLocale(discord, discord.guildId),
  };
}

/**
 * POST /api/locale: `{ user, locale }` sets that person's language, `{ server: true, locale }`
 * the server's. Anything but an offered locale is refused.
 */
export function changeLocale(
  discord: LocalDiscord,
  person: PlaygroundPerson,
  body: Readonly<Record<string, unknown>>,
): { locale: string; server: boolean } {
  const locale = body.locale;
  if (typeof locale !== 'string' || !offered.has(locale)) throw new Error('no such language');
  if (body.server === true) setGuildLocale(discord, discord.guildId, locale);
  else setUserLocale(discord, person.user.id, locale);
  return { locale, server: body.server === true };
}
