/**
 * Guild and channel settings in keyv, cached in memory (this process is the only writer of its
 * guilds' keys; see keyedQueue.ts). Values are validated on read, so a hand-edited or older
 * value falls back to defaults field by field instead of breaking requests.
 */
import { z } from 'zod';
import { CHAT_MODELS } from '../models.js';
import type { Store } from '../store.js';
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
});

const channelSchema = z.object({ ...overrides, systemPrompt: z.string().optional().catch(undefined) });

/** Removes keys whose value is undefined, so "unset" is stored as absent. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

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

const guildKey = (id: string) => `settings:guild:${id}`;
const channelKey = (id: string) => `settings:channel:${id}`;

export function createSettings(store: Store): Settings {
  const guilds = new Map<string, GuildConfig>();
  const channels = new Map<string, ChannelConfig>();

  async function guild(guildId: string): Promise<GuildConfig> {
    const cached = guilds.get(guildId);
    if (cached) return cached;
    const raw: unknown = await store.get(guildKey(guildId));
    const parsed = guildSchema.safeParse(raw ?? {});
    const value = compact(parsed.success ? parsed.data : DEFAULT_GUILD_CONFIG) as GuildConfig;
    guilds.set(guildId, value);
    return value;
  }

  async function channel(channelId: string): Promise<ChannelConfig> {
    const cached = channels.get(channelId);
    if (cached) return cached;
    const raw: unknown = await store.get(channelKey(channelId));
    const parsed = channelSchema.safeParse(raw ?? {});
    const value = compact(parsed.success ? parsed.data : {}) as ChannelConfig;
    channels.set(channelId, value);
    return value;
  }

  return {
    guild,
    channel,
    async effectiveChannel(channelId, parentId) {
      const own = await channel(channelId);
      return mergeChannelConfigs(parentId ? await channel(parentId) : undefined, own);
    },
    async updateGuild(guildId, patch) {
      const next = compact({ ...(await guild(guildId)), ...patch }) as GuildConfig;
      const value = { ...DEFAULT_GUILD_CONFIG, ...next };
      // The cache first, so a concurrent update builds on this one (writes reach SQLite in order).
      guilds.set(guildId, value);
      await store.set(guildKey(guildId), value);
      return value;
    },
    async updateChannel(channelId, patch) {
      const next = compact({ ...(await channel(channelId)), ...patch }) as ChannelConfig;
      channels.set(channelId, next);
      if (Object.keys(next).length === 0) await store.delete(channelKey(channelId));
      else await store.set(channelKey(channelId), next);
      return next;
    },
  };
}
