/** `/config show` (and the answer to every change): the settings in effect, each with its source. */
import type { BotContext } from '../../src/context.js';
import { operatorDefaults, resolveChatSettings, type SettingSource } from '../../src/settings/resolve.js';

const SOURCE_LABEL: Record<SettingSource, string> = {
  option: 'command option',
  channel: 'channel',
  guild: 'server',
  default: 'bot default',
};

export async function describeConfig(
  context: BotContext,
  guildId: string,
  channelId: string,
  parentId: string | null,
): Promise<string> {
  const guild = await context.settings.guild(guildId);
  const channel = await context.settings.effectiveChannel(channelId, parentId);
  const { config } = context;
  const resolved = resolveChatSettings(
    operatorDefaults(config),
    { ...guild, allowedModels: null },
    channel,
    {},
  );
  if (!resolved.ok) return resolved.error;
  const { settings } = resolved;
  const from = (source: SettingSource) => ` (${SOURCE_LABEL[source]})`;
  const onOff = (value: boolean, on: string, off: string) => (value ? on : off);
  return [
    `**In <#${channelId}>** (a command option beats the channel, which beats the server, which beats the bot default):`,
    `• Model: ${settings.model}${from(settings.sources.model)}`,
    `• Temperature: ${settings.temperature ?? 'the service’s default'}${from(settings.sources.temperature)}`,
    `• Max tokens per reply: ${settings.maxTokens}${from(settings.sources.maxTokens)}`,
    `• History budget: ${settings.historyTokens.toLocaleString('en-US')} tokens${from(settings.sources.historyTokens)}`,
    `• System prompt: ${settings.systemPrompt ? `set, ${settings.systemPrompt.length} characters (/system show)` : 'none'}`,
    '**Server-wide:**',
    `• Allowed models: ${guild.allowedModels === null ? 'all' : guild.allowedModels.join(', ') || 'none'}`,
    `• Channels: ${guild.allowedChannels === null ? 'everywhere the bot can see' : guild.allowedChannels.map((id) => `<#${id}>`).join(', ') || 'none'}`,
    `• Answers mentions and replies: ${onOff(guild.answerMentions, 'yes', 'no')}`,
    `• Under replies: cost ${onOff(guild.showCost, 'shown', 'hidden')}, context ${onOff(guild.showContext, 'shown', 'hidden')}`,
    `• Fallback to a cheaper model when a member's cap refuses: ${onOff(guild.fallback, 'on', 'off')}`,
    `• Rate limit: ${guild.requestsPerMinute ?? config.rateLimitPerMinute} requests per member per minute${guild.requestsPerMinute === null ? ' (bot default)' : ''}`,
  ].join('\n');
}
