/**
 * Registers the slash commands at start with one bulk overwrite, skipped when Discord already
 * has exactly this set (a PUT on every restart would count against the daily command-create
 * limit and briefly reset command permissions in clients).
 */
import { type REST, Routes } from 'discord.js';
import type { Logger } from '../lib/logger.js';

type Json = Record<string, unknown>;

function normalizeOption(option: Json): Json {
  const choices = Array.isArray(option.choices) ? (option.choices as Json[]) : [];
  const options = Array.isArray(option.options) ? (option.options as Json[]) : [];
  return {
    type: option.type,
    name: option.name,
    description: option.description,
    required: option.required ?? false,
    autocomplete: option.autocomplete ?? false,
    choices: choices.map((choice) => ({ name: choice.name, value: choice.value })),
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
    // Message commands are sent without one; Discord lists them with "".
    description: command.description ?? '',
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
  const registered = (await options.rest.get(route)) as Json[];
  const scope = options.guildId ? `guild ${options.guildId}` : 'global';
  if (commandsMatch(options.commands, registered)) {
    options.logger.info({ scope, count: registered.length }, 'slash commands already registered');
    return 'unchanged';
  }
  await options.rest.put(route, { body: options.commands });
  options.logger.info({ scope, count: options.commands.length }, 'slash commands registered');
  return 'updated';
}
