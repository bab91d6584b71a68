/**
 * The commands as Discord shows them in each shipped language: the bot registers localizations
 * for every command, option, subcommand and choice (identifier choices aside), the local Discord
 * lists them only when asked, refuses what Discord refuses, and a restart registers nothing anew.
 */
import { describe, expect, it } from 'vitest';
import { VERBATIM_CHOICES } from '../../src/i18n/commandLocalizations.js';
import { useHarness } from '../helpers/e2e.js';

type Json = Record<string, unknown>;
const LOCALES = ['de', 'fr', 'es-ES', 'es-419', 'pt-BR', 'ja'];
const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : []);

/** Every place a localization is missing (a locale absent from a map), by path. */
function untranslated(command: Json): string[] {
  const lacking = (map: unknown, where: string) =>
    LOCALES.filter((locale) => typeof (map as Json | undefined)?.[locale] !== 'string').map(
      (locale) => `${where} ${locale}`,
    );
  if (command.type === 3) return lacking(command.name_localizations, `${String(command.name)}.name`);
  const walk = (node: Json, path: string): string[] => [
    ...lacking(node.description_localizations, `${path}.description`),
    ...(VERBATIM_CHOICES.has(path)
      ? []
      : list(node.choices).flatMap((choice) =>
          lacking(choice.name_localizations, `${path}.choice.${String(choice.value)}`),
        )),
    ...list(node.options).flatMap((option) => walk(option, `${path}.${String(option.name)}`)),
  ];
  return walk(command, String(command.name));
}

describe('command localizations', () => {
  const { h } = useHarness();
  const commandsUrl = (query = '') =>
    `${h.discord.apiUrl}/v10/applications/${h.discord.applicationId}/commands${query}`;
  const get = async (query = '') =>
    (await (
      await fetch(commandsUrl(query), { headers: { authorization: `Bot ${h.discord.botToken}` } })
    ).json()) as Json[];

  it('registers every command, option, subcommand and choice in every shipped language, once', async () => {
    const registered = h.discord.commands.get('global') ?? [];
    expect(registered.map((command) => command.name)).toEqual(
      expect.arrayContaining(['ask', 'budget', 'config', 'usage', 'Ask about this message']),
    );
    expect(registered.flatMap((command) => untranslated(command as Json))).toEqual([]);
    const budget = registered.find((command) => command.name === 'budget') as Json;
    expect((budget.description_localizations as Json).de).toBe('Ausgabenlimits dieses Servers für den Bot');
    expect(h.discord.commandWrites).toHaveLength(1);
    await h.restart();
    expect(h.discord.commandWrites).toHaveLength(1);
  });

  it('lists the localizations only to a GET with with_localizations=true', async () => {
    const plain = await get();
    expect(JSON.stringify(plain)).not.toContain('_localiz');
    const localized = await get('?with_localizations=true');
    expect(localized.flatMap(untranslated)).toEqual([]);
    expect(localized.map((command) => command.name)).toEqual(plain.map((command) => command.name));
  });

  it('refuses what Discord refuses: an unknown locale, a name against the rules, a text too long', async () => {
    const guildCommands = `${h.discord.apiUrl}/v10/applications/${h.discord.applicationId}/guilds/${h.discord.guildId}/commands`;
    const put = (command: Json) =>
      fetch(guildCommands, {
        method: 'PUT',
        headers: { authorization: `Bot ${h.discord.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify([{ name: 'ping', description: 'Ping', type: 1, ...command }]),
      });
    const option = (extra: Json) => ({ options: [{ type: 3, name: 'what', description: 'What', ...extra }] });
    for (const wrong of [
      { description_localizations: { xx: 'Ping' } },
      { name_localizations: { de: 'Großes Ping' } },
      { description_localizations: { fr: 'x'.repeat(101) } },
      option({ choices: [{ name: 'a', value: 'a', name_localizations: { ja: '' } }] }),
      option({ name_localizations: { 'pt-BR': 'O Quê' } }),
      { type: 3, description: '', name: 'Menu', name_localizations: { de: 'x'.repeat(33) } },
    ]) {
      const response = await put(wrong);
      expect(response.status, JSON.stringify(wrong)).toBe(400);
      expect(((await response.json()) as Json).code).toBe(50035);
    }
    const fine = await put({
      name_localizations: { de: 'anpingen' },
      description_localizations: { 'es-419': 'Hola' },
    });
    expect(fine.status).toBe(200);
    expect(h.discord.commands.get(h.discord.guildId)?.[0]).toMatchObject({
      name_localizations: { de: 'anpingen' },
      description_localizations: { 'es-419': 'Hola' },
    });
  });
});
