/**
 * Locales in the local Discord: each person's (the `locale` their interactions carry) and each
 * server's preferred locale (`guild_locale` on interactions in it, `preferred_locale` on the
 * guild). Both default to en-US, as a new account and a new server have it. Set with
 * locales.ts (a server's change is announced by GUILD_UPDATE).
 */
import type { DiscordState } from './state.js';

export const DEFAULT_LOCALE = 'en-US';

const people = new WeakMap<DiscordState, Map<string, string>>();
const servers = new WeakMap<DiscordState, Map<string, string>>();
export const mapOf = (kind: 'people' | 'servers', discord: DiscordState) => {
  const maps = kind === 'people' ? people : servers;
  let found = maps.get(discord);
  if (!found) {
    found = new Map();
    maps.set(discord, found);
  }
  return found;
};

export function userLocale(discord: DiscordState, userId: string): string {
  return mapOf('people', discord).get(userId) ?? DEFAULT_LOCALE;
}

export function guildLocale(discord: DiscordState, guildId: string): string {
  return mapOf('servers', discord).get(guildId) ?? DEFAULT_LOCALE;
}
