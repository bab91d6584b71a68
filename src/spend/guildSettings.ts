/**
 * A server's budget settings as stored under `guild-settings:<server>`: the monthly cap, the
 * daily cap per member, the alert channel. budgets.ts keeps them cached; the dashboard reads
 * another process's servers here.
 */
import type { Store } from '../lib/store.js';

export interface GuildSettings {
  readonly monthlyCapMicros: number | null;
  readonly dailyUserCapMicros: number | null;
  readonly alertChannelId: string | null;
}

export const DEFAULT_SETTINGS: GuildSettings = {
  monthlyCapMicros: null,
  dailyUserCapMicros: null,
  alertChannelId: null,
};

export const settingsKey = (guildId: string) => `guild-settings:${guildId}`;

/** A server's budget settings as stored (no cache): for the dashboard, reading another process's. */
export async function readGuildSettings(store: Store, guildId: string): Promise<GuildSettings> {
  const stored = (await store.get(settingsKey(guildId))) as Partial<GuildSettings> | undefined;
  return { ...DEFAULT_SETTINGS, ...stored };
}
