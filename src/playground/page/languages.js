// The page's language switches: the language of the person typing (their Discord client
// language, which their next interactions carry as `locale`) and the server's preferred locale
// (`guild_locale`). What the bot registered in several languages (command descriptions, choice
// names, message command names) shows in the person's language, as Discord shows it.
// The typing person's language is also the page's own (pageText.js), as Discord's client is in its
// user's language. Each change is a JSON POST to /api/locale (pageLocales.ts), with the page's key cookie.

import { setPageLanguage } from './pageText.js';
import { $ } from './state.js';

/**
 * Fills the two selects from `state.locales` and keeps `state.personLocales` (each person's) and
 * `state.serverLocale` in step; `post` is the page's API call, `changed` re-renders what shows text.
 */
export function setUpLanguages(state, post, changed) {
  for (const id of ['person-language', 'server-language']) {
    $(id).replaceChildren(
      ...state.locales.map(({ locale, label }) =>
        Object.assign(document.createElement('option'), { value: locale, textContent: label }),
      ),
    );
  }
  $('server-language').value = state.serverLocale;
  showPersonLanguage(state);
  $('person-language').addEventListener('change', async () => {
    const answer = await post('/api/locale', { locale: $('person-language').value });
    if (answer) state.personLocales[state.person] = answer.locale;
    showPersonLanguage(state);
    changed();
  });
  $('server-language').addEventListener('change', async () => {
    const answer = await post('/api/locale', { server: true, locale: $('server-language').value });
    if (answer) state.serverLocale = answer.locale;
    $('server-language').value = state.serverLocale;
  });
}

/** The select shows the language of whoever is typing now, and the page's own text follows it. */
export function showPersonLanguage(state) {
  $('person-language').value = state.personLocales[state.person] ?? 'en-US';
  setPageLanguage(state.personLocales[state.person] ?? 'en-US');
}

/** A registered text in the typing person's language: its localization there, else as registered. */
export function inLanguage(state, localizations, text) {
  return localizations?.[state.personLocales[state.person]] ?? text;
}
