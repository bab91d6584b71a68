/**
 * A guild as Discord's REST API shows it to a bot: GET /guilds/{guild.id} (operation get_guild of
 * discord/discord-api-spec, specs/openapi.json), with every field its GuildWithCountsResponse
 * requires, from the local model: the guild's roles (roles.ts), no emoji, stickers or features, a
 * new server's defaults elsewhere; `approximate_*_count` with `with_counts=true`. GUILD_CREATE
 * (world.ts) sends the same fields plus the gateway's own.
 */

import { guildLocale } from './localeState.js';
import type { LocalGuild } from './model.js';
import { fixedIds, guildRolesJson } from './roles.js';
import type { DiscordState } from './state.js';

/** The name of the guild at `index` (the first: "Local server"), as the OAuth2 guild list shows it too. */
export function localGuildName(index: number): string {
  return index === 0 ? 'Local server' : `Local server ${index + 1}`;
}

export function guildResource(
  discord: DiscordState,
  guild: LocalGuild,
  withCounts = false,
): Record<string, unknown> {
  const memberCount = 2 + (guild.members ?? []).length; // its owner, the bot, the members listed
  return {
    id: guild.id,
    name: localGuildName(discord.guilds.indexOf(guild)),
    icon: null,
    description: null,
    home_header: null,
    splash: null,
    discovery_splash: null,
    features: [],
    banner: null,
    owner_id: fixedIds(guild).owner,
    application_id: null,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    system_channel_id: null,
    system_channel_flags: 0,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 0,
    roles: guildRolesJson(discord, guild),
    default_message_notifications: 0,
    mfa_level: 0,
    explicit_content_filter: 0,
    max_presences: null,
    max_members: 500_000,
    max_stage_video_channel_users: 50,
    max_video_channel_users: 25,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: guildLocale(discord, guild.id),
    rules_channel_id: null,
    safety_alerts_channel_id: null,
    public_updates_channel_id: null,
    premium_progress_bar_enabled: false,
    premium_progress_bar_enabled_user_updated_at: null,
    nsfw: false,
    nsfw_level: 0,
    emojis: [],
    stickers: [],
    incidents_data: null,
    ...(withCounts && { approximate_member_count: memberCount, approximate_presence_count: memberCount }),
  };
}
