/**
 * Who reads what the bot writes, and so in which language: the member alone (an ephemeral
 * reply, a DM) in their own locale; everyone in a channel (notes under a reply, alerts, thread
 * names the bot chooses) in the server's preferred locale. In a DM the server's voice is the
 * member's.
 */
import type { I18n, Translator } from './translator.js';

export interface Voices {
  /** For the member alone. */
  readonly member: Translator;
  /** For everyone in the channel. */
  readonly server: Translator;
}

/** An interaction carries both locales (`locale`, and `guild_locale` in a server). */
export function interactionVoices(
  i18n: I18n,
  interaction: { readonly locale: string; readonly guildLocale: string | null },
): Voices {
  const member = i18n.translator(interaction.locale);
  return { member, server: interaction.guildLocale ? i18n.translator(interaction.guildLocale) : member };
}

/**
 * A message carries no locale: the member's as their last interaction told it (I18n.remember),
 * else the server's; the server's is its preferred locale.
 */
export function messageVoices(
  i18n: I18n,
  message: { readonly authorId: string; readonly serverLocale: string | null },
): Voices {
  const server = i18n.translator(message.serverLocale ?? i18n.localeOf(message.authorId));
  const own = i18n.localeOf(message.authorId);
  return { member: own ? i18n.translator(own) : server, server };
}
