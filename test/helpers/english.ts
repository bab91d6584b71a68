/** The bot's English words, for tests that assert what a member reads (en-US, as the local Discord's default). */
import { createI18n } from '../../src/i18n/translator.js';

export const english = createI18n().translator('en-US');
