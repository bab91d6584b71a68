import { describe, expect, it } from 'vitest';
import { commands } from '../../../commands/index.js';
import { commandsMatch } from '../../../src/discord/commandSync.js';

describe('command sync', () => {
  const local = commands.map((command) => command.data as unknown as Record<string, unknown>);

  it('matches what Discord returns for the same commands (with its defaults and ids)', () => {
    const registered = local.map((command) => ({
      ...command,
      id: '123',
      application_id: '1',
      version: '9',
      default_member_permissions: command.default_member_permissions ?? null,
      nsfw: false,
      integration_types: [0],
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
});
