import type { ChatInputCommandInteraction } from 'discord.js';
import type { Translator } from '../../src/i18n/translator.js';
import type { GuildConfig } from '../../src/settings/resolve.js';

/** What a /config subcommand that changes settings receives. */
export interface ConfigChange {
  readonly interaction: ChatInputCommandInteraction;
  readonly guildId: string;
  /** The subcommand's raw option values (validated by the subcommand). */
  readonly raw: Readonly<Record<string, unknown>>;
  /** The channel given as an option, if any. */
  readonly channelId: string | undefined;
  readonly guild: GuildConfig;
  /** The admin's voice (every /config reply is theirs alone). */
  readonly t: Translator;
}

/**
 * Applies a change with the services `Deps` lists (only what that subcommand reads); resolves to
 * a refusal to show, or undefined when saved.
 */
export type ConfigChangeHandler<Deps> = (deps: Deps, change: ConfigChange) => Promise<string | undefined>;
