/** The local Discord's command registration: what Discord accepts of slash and message commands. */
import { describe, expect, it } from 'vitest';
import { commandProblem } from '../../../src/localDiscord/commandRoutes.js';

describe('commandProblem', () => {
  it.each([
    [{ name: 'ask', description: 'Ask' }, undefined],
    [{ name: 'Ask', description: 'Ask' }, 'a slash command name is lower case letters, digits, - and _'],
    [{ name: 'ask me', description: 'Ask' }, 'a slash command name is lower case letters, digits, - and _'],
    [{ name: 'ask' }, 'a slash command needs a description of 1-100 characters'],
    [{ name: 'Ask about this message', type: 3 }, undefined],
    [{ name: 'Ask about this message', type: 3, description: '' }, undefined],
    [
      { name: 'Ask about this message', type: 3, description: 'x' },
      'a context menu command has no description',
    ],
    [{ name: 'x'.repeat(33), type: 3 }, 'name must be 1-32 characters'],
    [{ name: ' padded', type: 3 }, 'a context menu name must not start or end with a space'],
    [{ name: 'Menu', type: 3, options: [{ type: 3, name: 'x' }] }, 'a context menu command has no options'],
    [{ name: 'Who', type: 2 }, undefined],
    [{ name: 'x', type: 9 }, 'unknown command type 9'],
  ])('%j: %s', (command, problem) => {
    expect(commandProblem(command)).toBe(problem);
  });
});
