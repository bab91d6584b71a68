import { describe, expect, it } from 'vitest';
import { commandData } from '../../../commands/index.js';
import { commandsMatch, syncCommands } from '../../../src/discord/commandSync.js';
import { type InstallPolicy, registrationJson } from '../../../src/discord/installPolicy.js';

type Json = Record<string, unknown>;

const registration = (policy: InstallPolicy) =>
  commandData.map((data) => registrationJson(data, policy) as unknown as Record<string, unknown>);

describe('command sync', () => {
  const local = registration({ userInstall: true, guildScoped: false });

  it('matches what Discord returns for the same commands (with its defaults and ids)', () => {
    const registered = local.map((command) => ({
      ...command,
      id: '123',
      application_id: '1',
      version: '9',
      default_member_permissions: command.default_member_permissions ?? null,
      nsfw: false,
      options: ((command.options ?? []) as Record<string, unknown>[]).map((option) => {
        const { required, ...rest } = option;
        return required ? option : rest;
      }),
    }));
    expect(commandsMatch(local, registered)).toBe(true);
  });

  it('sees a changed description, option or missing command', () => {
    const changed = local.map((command) => ({ ...command, description: 'other' }));
    expect(commandsMatch(local, changed)).toBe(false);
    expect(commandsMatch(local, [])).toBe(false);
    const fewerOptions = local.map((command) => ({ ...command, options: [] }));
    expect(commandsMatch(local, fewerOptions)).toBe(false);
  });

  it('sees a change of the install policy (USER_INSTALL), so it registers anew', () => {
    const guildOnly = registration({ userInstall: false, guildScoped: false });
    expect(commandsMatch(guildOnly, local)).toBe(false);
    expect(commandsMatch(guildOnly, guildOnly)).toBe(true);
    // Only the install types differ (same contexts): still a change.
    const narrowed = local.map((command) => ({ ...command, integration_types: [0] }));
    expect(commandsMatch(local, narrowed)).toBe(false);
    // Discord may list the values in another order: the same set still matches.
    const reordered = local.map((command) => ({
      ...command,
      integration_types: [...(command.integration_types as number[])].reverse(),
    }));
    expect(commandsMatch(local, reordered)).toBe(true);
  });

  it('sees a changed translation anywhere (command, option, choice), so it registers anew', () => {
    const retranslated = (change: (json: string) => string) =>
      local.map((command) => JSON.parse(change(JSON.stringify(command))) as Json);
    expect(
      commandsMatch(
        local,
        retranslated((json) => json.replace('"beide"', '"alle beide"')),
      ),
    ).toBe(false);
    expect(
      commandsMatch(
        local,
        retranslated((json) => json.replace('"Die Rolle"', '"Rolle"')),
      ),
    ).toBe(false);
    const budget = local.find((command) => command.name === 'budget') as Json;
    const untranslated = { ...budget, description_localizations: undefined };
    expect(commandsMatch([budget], [untranslated])).toBe(false);
  });

  it('treats absent, null and empty localizations alike, and ignores the order of locales', () => {
    const plain = { name: 'ping', description: 'Ping', type: 1 };
    for (const none of [null, {}, undefined])
      expect(
        commandsMatch([plain], [{ ...plain, name_localizations: none, description_localizations: none }]),
      ).toBe(true);
    const both = { ...plain, description_localizations: { de: 'Ping!', fr: 'Ping !' } };
    expect(
      commandsMatch([both], [{ ...plain, description_localizations: { fr: 'Ping !', de: 'Ping!' } }]),
    ).toBe(true);
  });

  it('asks Discord for the localizations (with_localizations), and skips the PUT when they match', async () => {
    const gets: unknown[] = [];
    const puts: unknown[] = [];
    const rest = {
      get: async (_route: string, request: { query?: URLSearchParams }) => {
        gets.push(request?.query?.get('with_localizations'));
        return local;
      },
      put: async (_route: string, body: unknown) => puts.push(body),
    };
    const logger = { info: () => undefined } as unknown as Parameters<typeof syncCommands>[0]['logger'];
    const sync = (list: readonly Json[]) =>
      syncCommands({ rest: rest as never, applicationId: '1', guildId: undefined, commands: list, logger });
    expect(await sync(local)).toBe('unchanged');
    expect(gets).toEqual(['true']);
    expect(puts).toEqual([]);
    const changed = local.map((command) => ({ ...command, description_localizations: { de: 'Anders' } }));
    expect(await sync(changed)).toBe('updated');
    expect(puts).toHaveLength(1);
  });
});
