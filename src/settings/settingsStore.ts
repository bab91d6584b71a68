/**
 * Guild and channel settings in keyv, cached in memory (this process is the only writer of its
 * guilds' keys; see keyedQueue.ts). Values are validated on read, so a hand-edited or older
 * value falls back to defaults field by field instead of breaking requests.
 */
import { z } from 'zod';
import { createKeyedQueue } from '../lib/keyedQueue.js';
import { definedFields } from '../lib/objects.js';
import { countedLimits, createRecent } from '../lib/recent.js';
import type { Store } from '../lib/store.js';
import { CHAT_MODELS } from '../service/models.js';
import {
  type ChannelConfig,
  DEFAULT_GUILD_CONFIG,
  type GuildConfig,
  mergeChannelConfigs,
} from './resolve.js';

const overrides = {
  model: z.enum(CHAT_MODELS).optional().catch(undefined),
  temperature: z.number().min(0).max(2).optional().catch(undefined),
  maxTokens: z.number().int().positive().optional().catch(undefined),
  historyTokens: z.number().int().positive().optional().catch(undefined),
};

const guildSchema = z.object({
  ...overrides,
  allowedModels: z.array(z.enum(CHAT_MODELS)).nullable().catch(null),
  showCost: z.boolean().catch(true),
  showContext: z.boolean().catch(true),
  answerMentions: z.boolean().catch(true),
  allowedChannels: z.array(z.string()).nullable().catch(null),
  requestsPerMinute: z.number().int().positive().nullable().catch(null),
  fallback: z.boolean().catch(false),
  answerInLanguage: z.boolean().catch(false),
  classicLayout: z.boolean().catch(false),
});

const channelSchema = z.object({ ...overrides, systemPrompt: z.string().optional().catch(undefined) });

export type GuildConfigPatch = { -readonly [K in keyof GuildConfig]?: GuildConfig[K] | undefined };
export type ChannelConfigPatch = { -readonly [K in keyof ChannelConfig]?: ChannelConfig[K] | undefined };

export interface Settings {
  guild(guildId: string): Promise<GuildConfig>;
  /** A channel's own settings. */
  channel(channelId: string): Promise<ChannelConfig>;
  /** The settings that apply in a channel: a thread's own over its parent's. */
  effectiveChannel(channelId: string, parentId: string | null): Promise<ChannelConfig>;
  /** Applies `patch`; a field set to undefined returns to the next level's value. */
  updateGuild(guildId: string, patch: GuildConfigPatch): Promise<GuildConfig>;
  updateChannel(channelId: string, patch: ChannelConfigPatch): Promise<ChannelConfig>;
}

/** Servers' and channels' settings held in memory, each. */
export const SETTINGS_CACHED = 10_000;

const guildKey = (id: string) => `settings:guild:${id}`;
const channelKey = (id: string) => `settings:channel:${id}`;

/**
 * Before /config, whether replies show their cost was kept with the budget settings
 * (`/budget costs`); a server that never used /config keeps that choice.
 */
async function legacyGuildSettings(store: Store, guildId: string): Promise<object | undefined> {
  const legacy = (await store.get(`guild-settings:${guildId}`)) as { showCost?: unknown } | undefined;
  return typeof legacy?.showCost === 'boolean' ? { showCost: legacy.showCost } : undefined;
}

/** A server's settings as stored (no cache): for the dashboard, reading another process's. */
export async function readGuildConfig(store: Store, guildId: string): Promise<GuildConfig> {
  const raw: unknown = (await store.get(guildKey(guildId))) ?? (await legacyGuildSettings(store, guildId));
  const parsed = guildSchema.safeParse(raw ?? {});
  return definedFields(parsed.success ? parsed.data : DEFAULT_GUILD_CONFIG) as GuildConfig;
}

export function createSettings(store: Store): Settings {
  // Bounded: a server or channel read again after it left the cache costs one store read.
  const guilds = createRecent<GuildConfig>(countedLimits(SETTINGS_CACHED));
  // Updates of one key run one after another (read-modify-write; keyv has no atomic update).
  const queue = createKeyedQueue();
  const channels = createRecent<ChannelConfig>(countedLimits(SETTINGS_CACHED));

  async function guild(guildId: string): Promise<GuildConfig> {
    const cached = guilds.get(guildId);
    if (cached) return cached;
    const value = await readGuildConfig(store, guildId);
    // An update that finished while this read waited is newer: keep it.
    const updated = guilds.get(guildId);
    if (updated) return updated;
    guilds.set(guildId, value, 1);
    return value;
  }

  async function channel(channelId: string): Promise<ChannelConfig> {
    const cached = channels.get(channelId);
    if (cached) return cached;
    const raw: unknown = await store.get(channelKey(channelId));
    const parsed = channelSchema.safeParse(raw ?? {});
    const value = definedFields(parsed.success ? parsed.data : {}) as ChannelConfig;
    const updated = channels.get(channelId);
    if (updated) return updated;
    channels.set(channelId, value, 1);
    return value;
  }

  return {
    guild,
    channel,
    async effectiveChannel(channelId, parentId) {
      const own = await channel(channelId);
      return mergeChannelConfigs(parentId ? await channel(parentId) : undefined, own);
    },
    updateGuild(guildId, patch) {
      return queue.run(guildKey(guildId), async () => {
        const next = definedFields({ ...(await guild(guildId)), ...patch }) as GuildConfig;
        const value = { ...DEFAULT_GUILD_CONFIG, ...next };
        await store.set(guildKey(guildId), value);
        guilds.set(guildId, value, 1);
        return value;
      });
    },
    updateChannel(channelId, patch) {
      return queue.run(channelKey(channelId), async () => {
        const next = definedFields({ ...(await channel(channelId)), ...patch }) as ChannelConfig;
        if (Object.keys(next).length === 0) await store.delete(channelKey(channelId));
        else await store.set(channelKey(channelId), next);
        channels.set(channelId, next, 1);
        return next;
      });
    },
  };
}
