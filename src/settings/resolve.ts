/**
 * Which model, temperature, max_tokens and history budget a chat request uses, and whether it
 * may run at all: pure functions over the settings at each level.
 *
 * Precedence, highest first: the command option > the channel's setting (a thread's own, then
 * its parent channel's) > the guild's setting > the operator's environment default. A refusal
 * names the setting that forbade the request, so members know whom to ask.
 */

import type { MessageKey, Translator } from '../i18n/translator.js';
import type { Layout } from '../reply/layout.js';
import { CHAT_MODELS, type ChatModel } from '../service/models.js';
import type { MemberCaps } from './memberCaps.js';

/** Chat settings a guild or a channel may set; unset fields fall through to the next level. */
export interface ChatOverrides {
  readonly model?: ChatModel;
  readonly temperature?: number;
  /** Both the default and the cap of a reply's length. */
  readonly maxTokens?: number;
  /** Estimated tokens of history (system prompt and new message included) sent per request. */
  readonly historyTokens?: number;
}

export interface GuildConfig extends ChatOverrides {
  /** Models members may use; null: all four. */
  readonly allowedModels: readonly ChatModel[] | null;
  readonly showCost: boolean;
  readonly showContext: boolean;
  readonly answerMentions: boolean;
  /** Channels where the bot answers (threads follow their parent); null: everywhere it can see. */
  readonly allowedChannels: readonly string[] | null;
  /** Requests per member per minute; null: the operator's default. */
  readonly requestsPerMinute: number | null;
  /** A member's cap refusing a model: answer with the cheapest allowed one that fits (chat/fallback.ts). */
  readonly fallback: boolean;
  /** Tell the model (system prompt) to answer in the asking member's language (their Discord locale). */
  readonly answerInLanguage: boolean;
  /** Answers in Discord's classic layout (`content`) instead of V2 cards (reply/layout.ts). */
  readonly classicLayout: boolean;
}

export interface ChannelConfig extends ChatOverrides {
  readonly systemPrompt?: string;
}

export const DEFAULT_GUILD_CONFIG: GuildConfig = {
  allowedModels: null,
  showCost: true,
  showContext: true,
  answerMentions: true,
  allowedChannels: null,
  requestsPerMinute: null,
  fallback: false,
  answerInLanguage: false,
  classicLayout: false,
};

/** The operator's defaults (environment). */
export interface OperatorDefaults {
  readonly model: ChatModel;
  readonly maxOutputTokens: number;
  readonly historyMaxTokens: number;
}

export function operatorDefaults(config: {
  /** DEFAULT_MODEL, MAX_OUTPUT_TOKENS, HISTORY_MAX_TOKENS. */
  readonly defaultModel: ChatModel;
  readonly maxOutputTokens: number;
  readonly historyMaxTokens: number;
}): OperatorDefaults {
  return {
    model: config.defaultModel,
    maxOutputTokens: config.maxOutputTokens,
    historyMaxTokens: config.historyMaxTokens,
  };
}

/** What the member asked for in this request (command options). */
export interface RequestOptions {
  readonly model?: ChatModel;
  readonly temperature?: number;
  readonly maxTokens?: number;
  /** Where the options came from, for refusals (default: config.whereOption, "your command option"). */
  readonly origin?: MessageKey;
}

export type SettingSource = 'option' | 'channel' | 'guild' | 'default';

export interface ChatSettings {
  readonly model: ChatModel;
  readonly temperature: number | undefined;
  readonly maxTokens: number;
  readonly historyTokens: number;
  readonly systemPrompt: string | undefined;
  /** The parts of the line under a reply the guild shows (DMs show both). */
  readonly showCost: boolean;
  readonly showContext: boolean;
  /** The guild's `/config features answer_in_language`: the model answers in the asking member's language. */
  readonly answerInLanguage: boolean;
  /** How replies are laid out: V2 cards, or classic where the server prefers it. */
  readonly layout: Layout;
  readonly sources: {
    readonly model: SettingSource;
    readonly temperature: SettingSource;
    readonly maxTokens: SettingSource;
    readonly historyTokens: SettingSource;
  };
  /** The member's caps from their roles' rule (access/roleGate.ts); absent: the server's. */
  readonly memberCaps?: MemberCaps;
  /** With `/config features fallback`: the other models the member may use (chat/fallback.ts). */
  readonly fallbackModels?: readonly ChatModel[];
}

export type Resolved = { ok: true; settings: ChatSettings } | { ok: false; error: string };

/** A thread's settings over its parent channel's, field by field. */
export function mergeChannelConfigs(parent: ChannelConfig | undefined, own: ChannelConfig): ChannelConfig {
  return parent ? { ...parent, ...own } : own;
}

function pick<T>(
  option: T | undefined,
  channel: T | undefined,
  guild: T | undefined,
): [T | undefined, SettingSource] {
  if (option !== undefined) return [option, 'option'];
  if (channel !== undefined) return [channel, 'channel'];
  if (guild !== undefined) return [guild, 'guild'];
  return [undefined, 'default'];
}

const WHERE: Record<SettingSource, MessageKey> = {
  option: 'config.whereOption',
  channel: 'config.whereChannel',
  guild: 'config.whereGuild',
  default: 'config.whereDefault',
};

/** Names (models, channels) as the reader's language lists them ("none" for an empty list). */
export function namesOrNone(t: Translator, names: readonly string[]): string {
  return names.length > 0 ? t.list(names) : t.t('config.none');
}

/** `t`: the voice of whoever reads a refusal. */
export function resolveChatSettings(
  defaults: OperatorDefaults,
  guild: GuildConfig,
  channel: ChannelConfig,
  options: RequestOptions,
  t: Translator,
): Resolved {
  const [chosenModel, modelSource] = pick(options.model, channel.model, guild.model);
  const model = chosenModel ?? defaults.model;
  const where = (source: SettingSource) =>
    t.t(source === 'option' && options.origin ? options.origin : WHERE[source]);
  if (guild.allowedModels !== null && !guild.allowedModels.includes(model)) {
    const allowed = namesOrNone(t, guild.allowedModels);
    return {
      ok: false,
      error: t.t('config.modelNotAllowed', { model, where: where(modelSource), allowed }),
    };
  }

  const [cap, capSource] = pick(undefined, channel.maxTokens, guild.maxTokens);
  const maxCap = Math.min(cap ?? defaults.maxOutputTokens, defaults.maxOutputTokens);
  if (options.maxTokens !== undefined && options.maxTokens > maxCap) {
    const key = capSource === 'default' ? 'config.maxTokensAtMost' : 'config.maxTokensAtMostConfig';
    return { ok: false, error: t.t(key, { max: maxCap, where: where(capSource) }) };
  }
  const [temperature, temperatureSource] = pick(options.temperature, channel.temperature, guild.temperature);
  const [historyTokens, historySource] = pick(undefined, channel.historyTokens, guild.historyTokens);
  return {
    ok: true,
    settings: {
      model,
      temperature,
      maxTokens: options.maxTokens ?? maxCap,
      historyTokens: historyTokens ?? defaults.historyMaxTokens,
      systemPrompt: channel.systemPrompt,
      showCost: guild.showCost,
      showContext: guild.showContext,
      answerInLanguage: guild.answerInLanguage,
      layout: guild.classicLayout ? 'classic' : 'v2',
      sources: {
        model: modelSource,
        temperature: temperatureSource,
        maxTokens: options.maxTokens !== undefined ? 'option' : capSource,
        historyTokens: historySource,
      },
    },
  };
}

/** Whether the bot answers in `channelId` (or a thread whose parent is `parentId`). */
export function channelAllowed(guild: GuildConfig, channelId: string, parentId: string | null): boolean {
  if (guild.allowedChannels === null) return true;
  return (
    guild.allowedChannels.includes(channelId) ||
    (parentId !== null && guild.allowedChannels.includes(parentId))
  );
}

/**
 * Parses a list of model names typed by an admin ("all", or names separated by commas/spaces);
 * `t`: the admin's voice, for the refusal.
 */
export function parseModelList(text: string, t: Translator): readonly ChatModel[] | null | { error: string } {
  const words = text
    .split(/[\s,]+/)
    .map((word) => word.trim())
    .filter(Boolean);
  if (words.length === 1 && words[0]?.toLowerCase() === 'all') return null;
  const models = CHAT_MODELS.join(', ');
  if (words.length === 0) return { error: t.t('config.listModels', { models }) };
  const unknown = words.filter((word) => !(CHAT_MODELS as readonly string[]).includes(word));
  if (unknown.length > 0)
    return { error: t.t('config.unknownModels', { unknown: unknown.join(', '), models }) };
  return CHAT_MODELS.filter((model) => words.includes(model));
}
