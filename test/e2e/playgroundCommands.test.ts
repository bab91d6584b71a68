/**
 * Every slash command the bot registers can be typed in the playground's composer: for each
 * registered command, subcommand group and subcommand (read from the local Discord, so a new one
 * is covered without touching this test), the text a person types (with its required options, and
 * any role or channel option) is parsed by the page's own composer module (page/commands.js, run
 * here in Node against the page's /api/state), sent as the page sends it, and reaches the bot as
 * that interaction: the right name, group, subcommand and options, and the bot answers it.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Playground, startPlayground } from '../../src/playground/playground.js';
import { openPage, type PageSession } from '../helpers/playgroundPage.js';

interface Option {
  type: number;
  name: string;
  required?: boolean;
  min_value?: number;
  choices?: { value: string | number }[];
  options?: Option[];
}
interface Definition {
  name: string;
  type?: number;
  options?: Option[];
}
/** One command path: `/name [group] [sub]` and the options it takes. */
interface Path {
  name: string;
  group?: string;
  sub?: string;
  options: Option[];
}
interface DataOption {
  name: string;
  type: number;
  value?: unknown;
  options?: DataOption[];
}

/** Every leaf of a command: itself, each subcommand, each subcommand of each group. */
function paths(command: Definition): Path[] {
  const options = command.options ?? [];
  if (!options.some((option) => option.type === 1 || option.type === 2)) {
    return [{ name: command.name, options }];
  }
  return options.flatMap((option) =>
    option.type === 2
      ? (option.options ?? []).map((sub) => ({
          name: command.name,
          group: option.name,
          sub: sub.name,
          options: sub.options ?? [],
        }))
      : [{ name: command.name, sub: option.name, options: option.options ?? [] }],
  );
}

/** A value as a person types it, by option type. */
function typed(option: Option): string {
  if (option.choices?.[0]) return String(option.choices[0].value);
  const values: Record<number, string> = {
    3: 'hello there',
    4: String(option.min_value ?? 1),
    5: 'true',
    7: '#general',
    8: '@Supporter',
    10: String(option.min_value ?? 1),
  };
  const value = values[option.type];
  if (value === undefined) throw new Error(`no typed value for option type ${option.type} (${option.name})`);
  return value;
}

describe('the playground composer reaches the bot with every registered command', () => {
  let playground: Playground;
  let page: PageSession;
  // The page's composer module (plain JavaScript, no types), and the state it reads.
  let composer: { parseCommand(text: string): Record<string, unknown> };
  let pageState: Record<string, unknown>;

  beforeAll(async () => {
    playground = await startPlayground({ onBotOutput: () => {} });
    page = await openPage(playground.url);
    const dir = join(process.cwd(), 'src', 'playground', 'page');
    composer = await import(pathToFileURL(join(dir, 'commands.js')).href);
    pageState = (await import(pathToFileURL(join(dir, 'state.js')).href)).state;
  }, 90_000);

  afterAll(async () => {
    await playground?.close();
  });

  it('types, sends and delivers each command path (name, group, subcommand, options)', async () => {
    const discord = playground.discord;
    await discord.waitFor(() => discord.commands.size > 0 || undefined, 20_000, 'registered commands');
    const initial = JSON.parse((await page.get('/api/state')).text) as {
      channels: { id: string; name: string }[];
      commands: Definition[];
      roles: { id: string; name: string }[];
    };
    const channelId = initial.channels.find((channel) => channel.name === 'ask-the-bot')?.id as string;
    Object.assign(pageState, {
      ...initial,
      commands: initial.commands.filter((command) => (command.type ?? 1) === 1),
      person: 'admin',
      channelId,
    });
    const registered = [...discord.commands.values()]
      .flat()
      .filter((command) => ((command as { type?: number }).type ?? 1) === 1) as unknown as Definition[];
    const all = registered.flatMap(paths);
    expect(all.map((path) => [path.name, path.group, path.sub].filter(Boolean).join(' '))).toContain(
      'budget role set',
    );
    for (const path of all) {
      const words = [`/${path.name}`, path.group, path.sub].filter(Boolean).join(' ');
      // Required options, and role and channel options (typed as a name, sent as an id).
      const given = path.options.filter(
        (option) => option.required || option.type === 7 || option.type === 8,
      );
      const text = [words, ...given.map((option) => `${option.name}:${typed(option)}`)].join(' ');
      const parsed = composer.parseCommand(text);
      expect(parsed.error, text).toBeUndefined();
      const answer = await page.post('/api/command', { ...parsed, user: 'admin', channelId });
      expect(answer.status, `${text}: ${answer.text}`).toBe(200);
      const { interactionId } = JSON.parse(answer.text) as { interactionId: string };
      const interaction = [...discord.interactions.values()].find(
        (candidate) => candidate.id === interactionId,
      );
      const data = interaction?.data as { name: string; options?: DataOption[] };
      expect(data.name, text).toBe(path.name);
      let leaf = data.options ?? [];
      if (path.group) {
        expect(leaf[0], text).toMatchObject({ type: 2, name: path.group });
        leaf = leaf[0]?.options ?? [];
      }
      if (path.sub) {
        expect(leaf[0], text).toMatchObject({ type: 1, name: path.sub });
        leaf = leaf[0]?.options ?? [];
      }
      expect(leaf.map((option) => [option.name, option.type]).sort(), text).toEqual(
        given.map((option) => [option.name, option.type]).sort(),
      );
      const role = leaf.find((option) => option.type === 8);
      if (role) expect(role.value, text).toBe(initial.roles.find((r) => r.name === 'Supporter')?.id);
      // The bot took it: a reply, a deferral or a form.
      await discord.waitFor(
        () => ((interaction?.callbacks.length ?? 0) > 0 ? true : undefined),
        20_000,
        `the bot answering ${text}`,
      );
    }
  }, 180_000);
});
