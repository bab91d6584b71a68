/** `/config show` (and the answer to every change): the settings in effect, each with its source. */
import type { MessageKey, Translator } from '../../src/i18n/translator.js';
import {
  type GuildConfig,
  namesOrNone,
  operatorDefaults,
  resolveChatSettings,
  type SettingSource,
} from '../../src/settings/resolve.js';
import type { Settings } from '../../src/settings/settingsStore.js';

const SOURCE_LABEL: Record<SettingSource, MessageKey> = {
  option: 'config.sourceOption',
  channel: 'config.sourceChannel',
  guild: 'config.sourceGuild',
  default: 'config.sourceDefault',
};

/** The server-wide settings, one line each. */
function serverWide(t: Translator, guild: GuildConfig, rateLimitPerMinute: number): string[] {
  const onOff = (value: boolean) => t.t(value ? 'config.on' : 'config.off');
  const shown = (value: boolean) => t.t(value ? 'config.shown' : 'config.hidden');
  const channels = guild.allowedChannels?.map((id) => `<#${id}>`);
  return [
    t.t('config.showServerWide'),
    t.t('config.showAllowedModels', {
      models: guild.allowedModels === null ? t.t('config.allModels') : namesOrNone(t, guild.allowedModels),
    }),
    t.t('config.showChannels', {
      channels: channels === undefined ? t.t('config.everywhere') : namesOrNone(t, channels),
    }),
    t.t('config.showMentions', { state: t.t(guild.answerMentions ? 'config.yes' : 'config.no') }),
    t.t('config.showUnderReplies', { cost: shown(guild.showCost), context: shown(guild.showContext) }),
    t.t('config.showFallback', { state: onOff(guild.fallback) }),
    t.t('config.showAnswerInLanguage', { state: onOff(guild.answerInLanguage) }),
    t.t('config.showClassicLayout', { state: onOff(guild.classicLayout) }),
    guild.requestsPerMinute === null
      ? t.t('config.showRateLimitDefault', { count: rateLimitPerMinute })
      : t.t('config.showRateLimit', { count: guild.requestsPerMinute }),
  ];
}

export interface DescribeConfigDeps {
  readonly settings: Pick<Settings, 'guild' | 'effectiveChannel'>;
  /**
   * The operator's defaults (DEFAULT_MODEL, MAX_OUTPUT_TOKENS, HISTORY_MAX_TOKENS) and
   * RATE_LIMIT_PER_MINUTE, shown where a server or channel sets none.
   */
  readonly config: Parameters<typeof operatorDefaults>[0] & { readonly rateLimitPerMinute: number };
}

/** `t`: the admin's voice. */
export async function describeConfig(
  deps: DescribeConfigDeps,
  guildId: string,
  channelId: string,
  parentId: string | null,
  t: Translator,
): Promise<string> {
  const guild = await deps.settings.guild(guildId);
  const channel = await deps.settings.effectiveChannel(channelId, parentId);
  const { config } = deps;
  const resolved = resolveChatSettings(
    operatorDefaults(config),
    { ...guild, allowedModels: null },
    channel,
    {},
    t,
  );
  if (!resolved.ok) return resolved.error;
  const { settings } = resolved;
  const { sources } = settings;
  const source = (from: SettingSource) => t.t(SOURCE_LABEL[from]);
  const prompt = settings.systemPrompt;
  return [
    t.t('config.showHeader', { channel: `<#${channelId}>` }),
    t.t('config.showModel', { model: settings.model, source: source(sources.model) }),
    t.t('config.showTemperature', {
      temperature: settings.temperature ?? t.t('config.serviceDefault'),
      source: source(sources.temperature),
    }),
    t.t('config.showMaxTokens', { maxTokens: settings.maxTokens, source: source(sources.maxTokens) }),
    t.t('config.showHistory', { count: settings.historyTokens, source: source(sources.historyTokens) }),
    prompt ? t.t('config.showSystemPrompt', { count: prompt.length }) : t.t('config.showNoSystemPrompt'),
    ...serverWide(t, guild, config.rateLimitPerMinute),
  ].join('\n');
}
