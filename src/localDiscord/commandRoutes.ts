/**
 * Application command registration (GET and PUT /applications/{app}[/guilds/{guild}]/commands),
 * with Discord's rules for what it accepts: a slash command's name is lower case letters,
 * digits, `-` and `_` (1-32) with a description of 1-100 characters; a message or user command
 * (context menu) is named as it is shown, any case and spaces allowed (1-32), has no description
 * (Discord lists it with "") and no options; names are unique per type. A list that breaks a rule
 * is refused whole, 400 Invalid Form Body (50035), naming the entry and the rule. Localized names
 * and descriptions are kept as sent, listed only with `with_localizations=true`.
 */
import { localizationProblem, withoutLocalizations } from './commandLocalizations.js';
import { snowflake } from './model.js';
import type { DiscordState } from './state.js';
import { installProblem } from './userInstall.js';

type Json = Record<string, unknown>;

const CHAT_INPUT_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Why Discord refuses this command, or undefined. */
export function commandProblem(command: Json): string | undefined {
  // integration_types and contexts (userInstall.ts).
  const install = installProblem(command);
  if (install) return install;
  // name_localizations and description_localizations (commandLocalizations.ts).
  const localized = localizationProblem(command);
  if (localized) return localized;
  const type = command.type ?? 1;
  const name = command.name;
  if (typeof name !== 'string' || name.length < 1 || name.length > 32) return 'name must be 1-32 characters';
  if (type === 1) {
    if (!CHAT_INPUT_NAME.test(name) || name !== name.toLowerCase())
      return 'a slash command name is lower case letters, digits, - and _';
    const description = command.description;
    if (typeof description !== 'string' || description.length < 1 || description.length > 100)
      return 'a slash command needs a description of 1-100 characters';
    return undefined;
  }
  if (type === 2 || type === 3) {
    if (name.trim() !== name) return 'a context menu name must not start or end with a space';
    if (command.description !== undefined && command.description !== '')
      return 'a context menu command has no description';
    if (Array.isArray(command.options) && command.options.length > 0)
      return 'a context menu command has no options';
    return undefined;
  }
  return `unknown command type ${String(type)}`;
}

function invalid(index: number, problem: string) {
  return {
    message: 'Invalid Form Body',
    code: 50035,
    errors: { [index]: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID', message: problem }] } },
  };
}

/** Answers the command routes; undefined for any other request. */
export function routeCommands(
  discord: DiscordState,
  method: string,
  segments: readonly string[],
  json: unknown,
  query: URLSearchParams = new URLSearchParams(),
): { status: number; body: unknown } | undefined {
  if (segments[0] !== 'applications' || segments.at(-1) !== 'commands') return undefined;
  const scope = segments[2] === 'guilds' ? (segments[3] as string) : 'global';
  if (method === 'GET') {
    const registered = (discord.commands.get(scope) ?? []) as Json[];
    const all = query.get('with_localizations') === 'true';
    return { status: 200, body: all ? registered : registered.map(withoutLocalizations) };
  }
  if (method !== 'PUT') return undefined;
  const list = (Array.isArray(json) ? json : []) as Json[];
  const seen = new Set<string>();
  for (const [index, command] of list.entries()) {
    const problem = commandProblem(command);
    if (problem) return { status: 400, body: invalid(index, problem) };
    const key = `${String(command.type ?? 1)}:${String(command.name)}`;
    if (seen.has(key))
      return { status: 400, body: invalid(index, 'application command names must be unique') };
    seen.add(key);
  }
  const registered = list.map((command) => {
    const contextMenu = command.type === 2 || command.type === 3;
    return {
      id: snowflake(),
      application_id: discord.applicationId,
      version: snowflake(),
      default_member_permissions: null,
      type: 1,
      nsfw: false,
      integration_types: [0],
      ...(scope === 'global' ? {} : { guild_id: scope }),
      ...command,
      ...(contextMenu && { description: '' }),
      contexts: command.contexts ?? null,
      options: ((command.options as Json[] | undefined) ?? []).map((option) => ({
        ...option,
        ...(option.required === false && { required: undefined }),
      })),
    };
  });
  discord.commands.set(scope, registered);
  discord.commandWrites.push({ scope, at: Date.now() });
  return { status: 200, body: registered };
}
