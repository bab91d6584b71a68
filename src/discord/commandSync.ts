/**
 * Registers the slash commands at start with one bulk overwrite, skipped when Discord already
 * has exactly this set (a PUT on every restart would count against the daily command-create
 * limit and briefly reset command permissions in clients). The localizations count too: a changed
 * translation registers anew.
 */
import { type REST, Routes } from 'discord.js';
import type { Logger } from '../lib/logger.js';

type Json = Record<string, unknown>;

/**
 * A localization map in a fixed key order; absent, null and {} are the same (Discord returns
 * null where none was sent).
 */
function localizations(map: unknown): Json | null {
  if (!map || typeof map !== 'object') return null;
  const entries = Object.entries(map as Json).sort(([a], [b]) => a.localeCompare(b));
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

function normalizeOption(option: Json): Json {
  const choices = Array.isArray(option.choices) ? (option.choices as Json[]) : [];
  const options = Array.isArray(option.options) ? (option.options as Json[]) : [];
  return {
    type: option.type,
    name: option.name,
    name_localizations: localizations(option.name_localizations),
    description: option.description,
    description_localizations: localizations(option.description_localizations),
    required: option.required ?? false,
    autocomplete: option.autocomplete ?? false,
    choices: choices.map((choice) => ({
      name: choice.name,
      name_localizations: localizations(choice.name_localizations),
      value: choice.value,
    })),
    channel_types: option.channel_types ?? [],
    min_value: option.min_value ?? null,
    max_value: option.max_value ?? null,
    min_length: option.min_length ?? null,
    max_length: option.max_length ?? null,
    options: options.map(normalizeOption),
  };
}

/** A list of enum values in a fixed order (null when absent). */
const numbers = (list: unknown) =>
  Array.isArray(list) ? [...list].sort((a, b) => Number(a) - Number(b)) : null;

/** The fields this bot sets, with Discord's defaults filled in, in a fixed key order. */
export function normalizeCommand(command: Json): Json {
  const options = Array.isArray(command.options) ? (command.options as Json[]) : [];
  return {
    type: command.type ?? 1,
    name: command.name,
    name_localizations: localizations(command.name_localizations),
    // Message commands are sent without one; Discord lists them with "".
    description: command.description ?? '',
    description_localizations: localizations(command.description_localizations),
    default_member_permissions: command.default_member_permissions ?? null,
    nsfw: command.nsfw ?? false,
    contexts: numbers(command.contexts),
    // Always sent (discord/installPolicy.ts): a change of USER_INSTALL registers anew.
    integration_types: numbers(command.integration_types),
    options: options.map(normalizeOption),
  };
}

/** True when `registered` (as Discord returns it) is the same set as `local`. */
export function commandsMatch(local: readonly Json[], registered: readonly Json[]): boolean {
  const canonical = (list: readonly Json[]) =>
    JSON.stringify(list.map(normalizeCommand).sort((a, b) => String(a.name).localeCompare(String(b.name))));
  return local.length === registered.length && canonical(local) === canonical(registered);
}

export async function syncCommands(options: {
  rest: REST;
  applicationId: string;
  guildId: string | undefined;
  commands: readonly Json[];
  logger: Logger;
}): Promise<'unchanged' | 'updated'> {
  const route = options.guildId
    ? Routes.applicationGuildCommands(options.applicationId, options.guildId)
    : Routes.applicationCommands(options.applicationId);
  // Discord lists the localization maps only when asked (else each in the requester's locale).
  const query = new URLSearchParams({ with_localizations: 'true' });
  const registered = (await options.rest.get(route, { query })) as Json[];
  const scope = options.guildId ? `guild ${options.guildId}` : 'global';
  if (commandsMatch(options.commands, registered)) {
    options.logger.info({ scope, count: registered.length }, 'slash commands already registered');
    return 'unchanged';
  }
  await options.rest.put(route, { body: options.commands });
  options.logger.info({ scope, count: options.commands.length }, 'slash commands registered');
  return 'updated';
}
