import { DiscordAPIError } from 'discord.js';
import type { Translator } from '../i18n/translator.js';

/** Why Discord refused a write, for a note that names what it affects (in `t`'s words). */
export function discordReason(t: Translator, error: unknown): string {
  return error instanceof DiscordAPIError
    ? t.t('errors.discordSaid', { message: error.message })
    : t.t('errors.discordFailed');
}
