/**
 * Changing locales in the local Discord (localeState.ts keeps them): a person's client language,
 * and a server's preferred locale, which Discord announces with GUILD_UPDATE to its shard.
 */
import { route } from './gateway.js';
import { guildResource } from './guildJson.js';
import { mapOf } from './localeState.js';
import type { DiscordState } from './state.js';

/** The client language a person uses from now on (their interactions' `locale`). */
export function setUserLocale(discord: DiscordState, userId: string, locale: string): void {
  mapOf('people', discord).set(userId, locale);
  discord.emit('change');
}

/** A server's preferred locale (Server Settings → Community → Overview), announced by GUILD_UPDATE. */
export function setGuildLocale(discord: DiscordState, guildId: string, locale: string): void {
  const guild = discord.guilds.find((candidate) => candidate.id === guildId);
  if (!guild) throw new Error(`no local guild ${guildId}`);
  mapOf('servers', discord).set(guildId, locale);
  route(discord, 'GUILD_UPDATE', guildResource(discord, guild), guildId);
  discord.emit('change');
}
