import { describe, expect, it } from 'vitest';
import { commands } from '../../../commands/index.js';
import { commandsMatch } from '../../../src/discord/commandSync.js';
import { type InstallPolicy, registrationJson } from '../../../src/discord/installPolicy.js';

const registration = (policy: InstallPolicy) =>
  commands.map((command) => registrationJson(command.data, policy) as unknown as Record<string, unknown>);

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
});
